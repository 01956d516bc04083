import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { OrderRecord } from '@relayer/protocol';
import { useNotify } from '../notifications/useNotify';
import { failureText } from '../shared/orderDialog/failureText';
import { LoadingForm } from '../shared/orderDialog/LoadingForm';
import { useWalletAction } from '../shared/walletAction/useWalletAction';
import { TokenAmount } from '../tokens/trust/TokenAmount';
import { useTokens } from '../tokens/useTokens';
import { TxConfirmActions } from '../tx/TxConfirmActions';
import { useWallet } from '../wallet/useWallet';
import { batchCancelSummary } from './batchCancelSummary';
import type { BatchCancelOutcome } from './decodeBatchCancel';
import { MAX_BATCH_CANCEL, useBatchCancel } from './useBatchCancel';

export interface BatchCancelFormProps {
  titleId: string;
  orders: readonly OrderRecord[];
  onClose(): void;
  /** After the transaction was mined, with what it did. */
  onCancelled?(outcome: BatchCancelOutcome): void;
}

/** The confirm step before one transaction cancels what remains of several of the maker's orders. */
export function BatchCancelForm({ titleId, orders, onClose, onCancelled }: BatchCancelFormProps) {
  const { byAddress, isLoading } = useTokens();
  const wallet = useWallet();
  const batch = useBatchCancel();
  const notify = useNotify();
  const { busy, run } = useWalletAction(onClose);
  const count = orders.length;
  const title = `Cancel ${count} ${count === 1 ? 'order' : 'orders'}`;
  const notMine = orders.some((order) => order.maker !== wallet.address);
  const tooMany = count > MAX_BATCH_CANCEL;
  const sendable = !notMine && !tooMany && count > 0 && wallet.canTransact;

  if (isLoading) return <LoadingForm titleId={titleId} title={title} onClose={onClose} />;

  const amount = (value: string, address: string) => (
    <TokenAmount value={value} address={address} token={byAddress.get(address)} />
  );
  async function confirm(): Promise<boolean> {
    try {
      const outcome = await batch.cancel(orders);
      notify({
        type: outcome.refused.length > 0 ? 'warning' : 'success',
        text: batchCancelSummary(outcome, count),
        noKill: true,
      });
      onCancelled?.(outcome);
      return true;
    } catch (err) {
      console.error('Batch cancel failed', { orders: orders.map((order) => order.orderHash) }, err);
      notify({ type: 'error', text: failureText(err, 'Cancel failed, check log for details'), noKill: true });
      return false;
    }
  }

  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Cancel what remains of these {count} {count === 1 ? 'order' : 'orders'} in one transaction? It is
          sent from your wallet and cannot be undone.
        </DialogContentText>
        <Box component="ul" aria-label="Orders to cancel" sx={{ pl: 2.5, maxHeight: 240, overflowY: 'auto' }}>
          {orders.map((order) => (
            <li key={order.orderHash} data-order={order.orderHash}>
              Sell {amount(order.remainingMakerTokenAmount, order.makerTokenAddress)} for{' '}
              {amount(order.remainingTakerTokenAmount, order.takerTokenAddress)}
            </li>
          ))}
        </Box>
        {notMine && (
          <Alert severity="warning">Only the account that made these orders can cancel them.</Alert>
        )}
        {tooMany && (
          <Alert severity="warning">
            One transaction cancels at most {MAX_BATCH_CANCEL} orders: choose fewer.
          </Alert>
        )}
        {!notMine && !wallet.canTransact && wallet.disabledReason && (
          <Alert severity="info">{wallet.disabledReason}</Alert>
        )}
      </DialogContent>
      <TxConfirmActions
        request={sendable ? batch.request(orders) : undefined}
        status={batch.status}
        label={title}
        color="warning"
        busy={busy}
        disabled={busy || !sendable}
        onClick={() => void run(confirm)}
        onClose={onClose}
      />
    </>
  );
}
