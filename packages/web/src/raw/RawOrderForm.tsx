import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useNotify } from '../notifications/useNotify';
import { failureText } from '../shared/orderDialog/failureText';
import { checkRawOrder } from './checkRawOrder';

/** The raw-order form: validated on Submit (schema, then signature), then posted to the relayer. */
export function RawOrderForm({ titleId, onClose }: { titleId: string; onClose(): void }) {
  const api = useRelayerApi();
  const networkInfo = useNetworkInfo();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { key } = useVariant();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const check = checkRawOrder(text, networkInfo?.exchange);
    setErrors(check.ok ? [] : check.errors);
    if (!check.ok) return;
    setBusy(true);
    try {
      await api.postOrder(check.order);
      notify({ type: 'success', text: 'Order Added' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders(key) });
      onClose();
    } catch (err) {
      console.error('Raw order submission failed', err);
      notify({ type: 'error', text: failureText(err), noKill: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <DialogTitle id={titleId}>Submit Signed Order</DialogTitle>
      <DialogContent>
        <TextField
          label="Signed Order (JSON)"
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={8}
          fullWidth
          margin="dense"
          error={errors.length > 0}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 12 } } }}
        />
        {errors.length > 0 && (
          <Alert severity="error" sx={{ mt: 1 }}>
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          Submit
        </Button>
      </DialogActions>
    </>
  );
}
