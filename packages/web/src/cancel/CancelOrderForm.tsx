import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { OrderFormProps } from '../shared/order/OrderFormDialog';
import { toOrderRow } from '../shared/order/toOrderRow';
import { LoadingForm } from '../shared/orderDialog/LoadingForm';
import { useWalletAction } from '../shared/walletAction/useWalletAction';
import { TokenLabel } from '../tokens/trust/TokenLabel';
import { useTokens } from '../tokens/useTokens';
import { TxConfirmActions } from '../tx/TxConfirmActions';
import { useWallet } from '../wallet/useWallet';
import { useCancelOrder } from './useCancelOrder';

export type CancelOrderFormProps = OrderFormProps;

/** The confirm step before the maker cancels the rest of an order on chain, with its network cost. */
export function CancelOrderForm({ titleId, order, onClose }: CancelOrderFormProps) {
  const { byAddress, isLoading } = useTokens();
  const wallet = useWallet();
  const cancel = useCancelOrder(order);
  const { busy, run } = useWalletAction(onClose);
  const row = toOrderRow(order, { byAddress, prices: undefined, now: Date.now(), nowSec: 0n });
  const amount = (cell: typeof row.makerAmount, side: typeof row.makerToken) => (
    <>
      {cell.remaining}
      {cell.baseUnits ? ' base units of' : ''} <TokenLabel address={side.address} token={side.token} />
    </>
  );
  const isMaker = wallet.address === order.maker;
  const sendable = isMaker && wallet.canTransact;

  if (isLoading) return <LoadingForm titleId={titleId} title="Cancel Order" onClose={onClose} />;

  return (
    <>
      <DialogTitle id={titleId}>Cancel Order</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Cancel what remains of this order: {amount(row.makerAmount, row.makerToken)} for{' '}
          {amount(row.takerAmount, row.takerToken)}? This sends a transaction from your wallet and cannot be
          undone.
        </DialogContentText>
        {!isMaker && <Alert severity="warning">Only the account that made this order can cancel it.</Alert>}
        {isMaker && !wallet.canTransact && wallet.disabledReason && (
          <Alert severity="info">{wallet.disabledReason}</Alert>
        )}
      </DialogContent>
      <TxConfirmActions
        request={sendable ? cancel.request : undefined}
        status={cancel.status}
        label="Cancel Order"
        color="warning"
        busy={busy}
        disabled={busy || !sendable}
        onClick={() => void run(cancel.cancel)}
        onClose={onClose}
      />
    </>
  );
}
