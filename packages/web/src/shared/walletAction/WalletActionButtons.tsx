import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useId } from 'react';
import { BlockedReasonText } from './BlockedReasonText';

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
      {blockedReason && <BlockedReasonText id={reasonId} reason={blockedReason} />}
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
