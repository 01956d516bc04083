import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface WalletActionButtonsProps {
  /** The action's name on its button: "Save", "Take", "Cancel Order". */
  label: string;
  busy: boolean;
  disabled: boolean;
  onClick(): void;
  onClose(): void;
  color?: 'warning';
  /** What the button says while busy; default: that it waits for the wallet. */
  busyLabel?: string;
  /** Why the action is off (it would revert), written beside the disabled button and describing it. */
  blockedReason?: string;
}

/** A dialog's Close and its wallet action, which says it waits for the wallet while it runs. */
export function WalletActionButtons({
  label,
  busy,
  disabled,
  onClick,
  onClose,
  color,
  busyLabel = 'Waiting for the wallet…',
  blockedReason,
}: WalletActionButtonsProps) {
  const reasonId = useId();
  return (
    <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {blockedReason && (
        <Typography
          id={reasonId}
          variant="caption"
          color="error"
          data-disabled-reason
          sx={{ flex: '1 1 16rem', minWidth: 0 }}
        >
          {blockedReason}
        </Typography>
      )}
      <Button onClick={onClose}>Close</Button>
      <Button
        color={color}
        variant="contained"
        disabled={disabled || Boolean(blockedReason)}
        aria-describedby={blockedReason ? reasonId : undefined}
        onClick={onClick}
      >
        {busy ? busyLabel : label}
      </Button>
    </DialogActions>
  );
}
