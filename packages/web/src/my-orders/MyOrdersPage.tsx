import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Address, type OrderRecord, type OrderState, orderStateSchema } from '@relayer/protocol';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { OnceOpened } from '../app/deferred';
import { markFirstViewShown } from '../app/firstView';
import { preloadable } from '../app/preloadable';
import { FillAlertsSwitch } from '../away/FillAlertsSwitch';
import { shortenAddress } from '../format/shortenAddress';
import { useChainNow } from '../network/useChainNow';
import { LoadErrorAlert } from '../shared/feedback/LoadErrorAlert';
import { useDialogTarget } from '../shared/orderDialog/useDialogTarget';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { PageHeading } from '../shell/PageHeading';
import { TokenSelect } from '../tokens/TokenSelect';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { useTokens } from '../tokens/useTokens';
import { useWallet } from '../wallet/useWallet';
import { CancelSelectionBar } from './CancelSelectionBar';
import { MyOrderItem } from './MyOrderItem';
import { useMyOrders } from './useMyOrders';
import { useOrderSelection } from './useOrderSelection';
import { useSelectAllOpen } from './useSelectAllOpen';

const CancelOrderDialog = preloadable(
  async () => (await import('../cancel/CancelOrderDialog')).CancelOrderDialog,
);
const BatchCancelDialog = preloadable(
  async () => (await import('../cancel/BatchCancelDialog')).BatchCancelDialog,
);

const STATE_LABELS: Record<OrderState, string> = {
  open: 'Open',
  unfunded: 'Maker unfunded',
  filled: 'Filled',
  cancelled: 'Cancelled',
  expired: 'Expired',
};
const STATES: OrderState[] = ['open', 'unfunded', 'filled', 'cancelled', 'expired'];

/**
 * My orders: every order the connected account made, in every state, newest first, including the ones
 * the public book hides (unfunded: with what is missing); each cancellable on chain while anything is
 * left. Filters by state (several at once) and by pair (either direction).
 */
export function MyOrdersPage() {
  const { address, ready } = useWallet();
  // Nothing here waits for the book: the wallet, which this page is about, may load at once.
  useEffect(markFirstViewShown, []);
  const { tokens, byAddress, isLoading: tokensLoading } = useTokens();
  const nowSec = useChainNow();
  const [states, setStates] = useState<OrderState[]>([]);
  const [tokenA, setTokenA] = useState<Address | undefined>();
  const [tokenB, setTokenB] = useState<Address | undefined>();
  const pair =
    tokenA && tokenB && tokenA !== tokenB ? { baseTokenAddress: tokenA, quoteTokenAddress: tokenB } : {};
  const mine = useMyOrders({ maker: address, states, ...pair });
  const cancelling = useDialogTarget<OrderRecord>();
  const selection = useOrderSelection();
  const [batchOpen, setBatchOpen] = useState(false);
  const selectAll = useSelectAllOpen({ maker: address, pair, nowSec, onFound: selection.add });
  const pairLabel = pair.baseTokenAddress
    ? [tokenA, tokenB]
        .map((t) => {
          const token = t && byAddress.get(t);
          return token ? displaySymbol(token) : shortenAddress(t ?? '');
        })
        .join('/')
    : undefined;
  const toggle = (state: OrderState) =>
    setStates((current) =>
      current.includes(state)
        ? current.filter((s) => s !== state)
        : orderStateSchema.options.filter((s) => s === state || current.includes(s)),
    );

  if (!ready) return <LoadingSpinner label="Looking for your wallet" />;
  if (!address) {
    return (
      <Stack spacing={2}>
        <PageHeading title="My orders">My orders</PageHeading>
        <Alert severity="info">Connect your wallet to see and cancel the orders your account made.</Alert>
      </Stack>
    );
  }

  const filtered = states.length > 0 || Boolean(pair.baseTokenAddress);
  return (
    <Stack spacing={2}>
      <PageHeading title="My orders">My orders</PageHeading>
      <FillAlertsSwitch />
      <Stack direction="row" role="group" aria-label="Filter by state" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Chip
          label="All"
          color={states.length === 0 ? 'primary' : 'default'}
          onClick={() => setStates([])}
          aria-pressed={states.length === 0}
        />
        {STATES.map((state) => (
          <Chip
            key={state}
            label={STATE_LABELS[state]}
            color={states.includes(state) ? 'primary' : 'default'}
            variant={states.includes(state) ? 'filled' : 'outlined'}
            aria-pressed={states.includes(state)}
            onClick={() => toggle(state)}
          />
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {[
          { label: 'Pair: one token', value: tokenA, onChange: setTokenA },
          { label: 'Pair: other token', value: tokenB, onChange: setTokenB },
        ].map((select) => (
          <TokenSelect key={select.label} {...select} tokens={tokens} loading={tokensLoading} />
        ))}
      </Stack>
      {tokenA && tokenB && tokenA === tokenB ? (
        <Alert severity="info">Choose two different tokens to see one pair.</Alert>
      ) : null}
      <CancelSelectionBar
        count={selection.orders.length}
        pairLabel={pairLabel}
        selecting={selectAll.busy}
        onSelectAll={selectAll.run}
        onClear={selection.clear}
        onCancel={() => setBatchOpen(true)}
      />
      {selectAll.message ? <Alert severity="info">{selectAll.message}</Alert> : null}
      {mine.error ? (
        <LoadErrorAlert what="your orders" error={mine.error} onRetry={() => void mine.refetch()} />
      ) : null}
      {mine.isPending || tokensLoading ? (
        <Skeleton variant="rectangular" height={160} aria-label="Loading your orders" />
      ) : mine.orders.length === 0 ? (
        <Typography color="text.secondary">
          {filtered ? (
            'None of your orders matches these filters: choose All, or clear the pair.'
          ) : (
            <>
              You have not made any orders on this network yet.{' '}
              <Box component={RouterLink} to="/" sx={{ color: 'primary.main' }}>
                Make one from the order book
              </Box>
              .
            </>
          )}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} aria-label="My orders" sx={{ m: 0, p: 0 }}>
          {mine.orders.map((order) => (
            <MyOrderItem
              key={order.orderHash}
              order={order}
              byAddress={byAddress}
              nowSec={nowSec}
              onCancel={cancelling.show}
              selected={selection.has(order.orderHash)}
              onSelect={selection.toggle}
            />
          ))}
        </Stack>
      )}
      {mine.hasNextPage ? (
        <Box>
          <Button onClick={() => void mine.fetchNextPage()} disabled={mine.isFetchingNextPage}>
            {mine.isFetchingNextPage ? 'Loading…' : 'Older orders'}
          </Button>
        </Box>
      ) : null}
      <OnceOpened open={batchOpen}>
        <BatchCancelDialog
          open={batchOpen}
          orders={selection.orders}
          onClose={() => setBatchOpen(false)}
          onCancelled={selection.clear}
        />
      </OnceOpened>
      <OnceOpened open={cancelling.open}>
        <CancelOrderDialog open={cancelling.open} order={cancelling.target} onClose={cancelling.close} />
      </OnceOpened>
    </Stack>
  );
}
