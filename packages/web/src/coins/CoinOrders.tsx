import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Address, OrderRecord } from '@relayer/protocol';
import { OrdersTable, type OrdersTableProps } from '../browse/OrdersTable';
import { useOrderBookLive } from '../browse/useOrderBookLive';
import { CancelOrderDialog } from '../cancel/CancelOrderDialog';
import { useVariant } from '../config/useVariant';
import { useDialogTarget } from '../shared/orderDialog/useDialogTarget';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { TakeOrderDialog } from '../take/TakeOrderDialog';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { TokenLabel } from '../tokens/trust/TokenLabel';
import { useTokens } from '../tokens/useTokens';
import { findCoinTokens } from './findCoinTokens';

/** The open orders that sell or buy the coin's token on this relayer, each list paged like the home book. */
export function CoinOrders({ symbol }: { symbol: string }) {
  const { tokens, isLoading, error } = useTokens();
  const { chainId } = useVariant();
  const taking = useDialogTarget<OrderRecord>();
  const cancelling = useDialogTarget<OrderRecord>();
  useOrderBookLive();
  if (isLoading) return <LoadingSpinner label="Loading tokens" />;
  if (error) return <Alert severity="error">The token list could not be loaded from the relayer.</Alert>;
  const [token] = findCoinTokens(tokens, chainId, symbol);
  if (!token) return <Alert severity="info">{symbol} is not traded on this relayer.</Alert>;
  const shown = displaySymbol(token);
  const traded = shown === symbol ? symbol : `${symbol} (as ${shown})`;
  const actions = { onTake: taking.show, onCancel: cancelling.show };
  return (
    <>
      <Typography variant="body2" component="p">
        Traded here as <TokenLabel address={token.address} token={token} show="name" />{' '}
        <Typography component="code" variant="caption">
          {token.address}
        </Typography>
      </Typography>
      <OrdersSection title={`Orders selling ${traded}`} maker={token.address} actions={actions} />
      <OrdersSection title={`Orders buying ${traded}`} taker={token.address} actions={actions} />
      <TakeOrderDialog open={taking.open} order={taking.target} onClose={taking.close} />
      <CancelOrderDialog open={cancelling.open} order={cancelling.target} onClose={cancelling.close} />
    </>
  );
}

function OrdersSection(props: {
  title: string;
  maker?: Address;
  taker?: Address;
  actions: Pick<OrdersTableProps, 'onTake' | 'onCancel'>;
}) {
  return (
    <Stack spacing={1} component="section" aria-label={props.title}>
      <Typography variant="h6" component="h2">
        {props.title}
      </Typography>
      <OrdersTable makerTokenAddress={props.maker} takerTokenAddress={props.taker} {...props.actions} />
    </Stack>
  );
}
