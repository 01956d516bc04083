import Stack from '@mui/material/Stack';
import {
  WalletActionButtons,
  type WalletActionButtonsProps,
} from '../shared/walletAction/WalletActionButtons';
import { TxCost } from './TxCost';
import type { TxRequest } from './TxRequest';
import type { TxStatus } from './TxStatus';
import { TxStatusLine } from './TxStatusLine';
import { txBlockedReason } from './txBlockedReason';
import { useTxCost } from './useTxCost';

export interface TxConfirmActionsProps extends Omit<WalletActionButtonsProps, 'blockedReason' | 'busyLabel'> {
  /** The transaction the button sends; undefined while it cannot be sent for another reason. */
  request: TxRequest | undefined;
  status: TxStatus;
}

/**
 * The end of an on-chain action's dialog: its network cost before the confirm button (which stays off,
 * with the reason beside it, when the call would revert), then where the sent transaction stands.
 */
export function TxConfirmActions({ request, status, busy, ...buttons }: TxConfirmActionsProps) {
  const cost = useTxCost(request);
  const pending = status.phase === 'pending';
  return (
    <>
      <Stack spacing={0.5} sx={{ px: 3, pt: 1 }}>
        <TxCost cost={cost} />
        <TxStatusLine status={status} />
      </Stack>
      <WalletActionButtons
        {...buttons}
        busy={busy}
        busyLabel={pending ? 'Waiting for the block…' : undefined}
        blockedReason={busy ? undefined : txBlockedReason(cost)}
      />
    </>
  );
}
