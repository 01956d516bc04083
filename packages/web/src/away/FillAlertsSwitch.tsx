import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { turnFillAlertsOff, turnFillAlertsOn } from './fillAlertsSetting';
import { useFillAlerts } from './useFillAlerts';

/**
 * The opt-in to browser notifications of the maker's fills while the tab is in the background. The
 * browser's permission is asked only when the trader turns it on here.
 */
export function FillAlertsSwitch() {
  const state = useFillAlerts();
  const [asking, setAsking] = useState(false);
  if (state === 'unsupported') return null;
  const toggle = async (on: boolean) => {
    if (!on) return turnFillAlertsOff();
    setAsking(true);
    try {
      await turnFillAlertsOn();
    } finally {
      setAsking(false);
    }
  };
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={
          <Switch
            checked={state === 'on'}
            disabled={state === 'blocked' || asking}
            onChange={(_, on) => void toggle(on)}
          />
        }
        label="Notify me of fills while this tab is in the background"
      />
      {state === 'blocked' ? (
        <Typography variant="body2" color="text.secondary">
          This browser blocks notifications from this site: allow them in its site settings to be told of
          fills.
        </Typography>
      ) : null}
    </Stack>
  );
}
