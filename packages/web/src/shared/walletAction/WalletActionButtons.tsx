import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

export interface WalletActionButtonsProps {
  /** The action's name on its button: "Save", "Take", "Cancel Order". */
  label: string;
  busy: boolean;
  disabled: boolean;
  onClick(): void;
  onClose(): void;
  color?: 'warning';
}

/** A dialog's Close and its wallet action, which says it waits for the wallet while it runs. */
export function WalletActionButtons({
  label,
  busy,
  disabled,
  onClick,
  onClose,
  color,
}: WalletActionButtonsProps) {
  return (
    <DialogActions>
      <Button onClick={onClose}>Close</Button>
      <Button color={color} variant="contained" disabled={disabled} onClick={onClick}>
        {busy ? 'Waiting for the wallet…' : label}
      </Button>
    </DialogActions>
  );
}
