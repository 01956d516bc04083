import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Address, OrderRecord } from '@relayer/protocol';
import { useState } from 'react';
import { OrderDialog } from '../shared/orderDialog/OrderDialog';
import { OrdersTable } from '../browse/OrdersTable';
import { useOrderBookLive } from '../browse/useOrderBookLive';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { useTokens } from '../tokens/useTokens';
import { findListedToken } from './findListedToken';

/** The open orders that sell or buy the coin's token on this relayer, each list paged like the home book. */
export function CoinOrders({ symbol }: { symbol: string }) {
  const { tokens, isLoading, error } = useTokens();
  // The order stays set while the dialog animates closed.
  const [taking, setTaking] = useState<{ open: boolean; order?: OrderRecord }>({ open: false });
  useOrderBookLive();
  if (isLoading) return <LoadingSpinner label="Loading tokens" />;
  if (error) return <Alert severity="error">The token list could not be loaded from the relayer.</Alert>;
  const token = findListedToken(tokens, symbol);
  if (!token) return <Alert severity="info">{symbol} is not traded on this relayer.</Alert>;
  const traded = token.symbol === symbol ? symbol : `${symbol} (as ${token.symbol})`;
  const onTake = (order: OrderRecord) => setTaking({ open: true, order });
  return (
    <>
      <OrdersSection title={`Orders selling ${traded}`} maker={token.address} onTake={onTake} />
      <OrdersSection title={`Orders buying ${traded}`} taker={token.address} onTake={onTake} />
      <OrderDialog
        open={taking.open}
        mode="take"
        order={taking.order}
        onClose={() => setTaking((current) => ({ ...current, open: false }))}
      />
    </>
  );
}

function OrdersSection(props: {
  title: string;
  maker?: Address;
  taker?: Address;
  onTake(order: OrderRecord): void;
}) {
  return (
    <Stack spacing={1} component="section" aria-label={props.title}>
      <Typography variant="h6" component="h2">
        {props.title}
      </Typography>
      <OrdersTable makerTokenAddress={props.maker} takerTokenAddress={props.taker} onTake={props.onTake} />
    </Stack>
  );
}
