import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderRecord } from '@relayer/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../api/ApiError';
import { queryKeys } from '../api/queryKeys';
import { markFirstViewShown } from '../app/firstView';
import { reservedReason } from '../browse/RowActions';
import { useVariant } from '../config/useVariant';
import { baseUnits, formatShortAmount } from '../format/amounts';
import { useChainNow } from '../network/useChainNow';
import { OrderActionDialogs } from '../order-actions/OrderActionDialogs';
import { LoadErrorAlert } from '../shared/feedback/LoadErrorAlert';
import { MissingFundsList } from '../shared/order/MissingFundsList';
import { ORDER_HASH_PATTERN, orderPageUrl } from '../shared/order/orderPagePath';
import { orderStatus } from '../shared/order/orderStatus';
import { ShareLink } from '../shared/order/ShareLink';
import { shortOrderHash } from '../shared/order/shortOrderHash';
import { useDialogTarget } from '../shared/orderDialog/useDialogTarget';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { PageHeading } from '../shell/PageHeading';
import { PageNotice } from '../shell/PageNotice';
import { TokenLabel } from '../tokens/trust/TokenLabel';
import { useTokens } from '../tokens/useTokens';
import { RecentTrades } from '../trades/RecentTrades';
import { TradeList } from '../trades/TradeList';
import { useTrades } from '../trades/useTrades';
import { ActionButton } from '../wallet/ActionButton';
import { useWallet } from '../wallet/useWallet';
import { OrderFacts } from './OrderFacts';
import { useOrderRecord } from './useOrderRecord';

// The QR library is a chunk of its own, loaded when the trader asks for the code.
const QrCode = lazy(() => import('./QrCode'));

/**
 * /orders/:hash: one order in any state, every field in human units, its state and why (the relayer's
 * fillability reason and what the maker lacks), Take while it can be taken (Cancel for its maker), a
 * share link with a QR code, its fills and the market's recent trades. A malformed or unknown hash says
 * so.
 */
export function OrderPage() {
  const { hash = '' } = useParams();
  const wellFormed = ORDER_HASH_PATTERN.test(hash);
  const orderHash = hash.toLowerCase();
  const record = useOrderRecord(wellFormed ? orderHash : undefined);
  const variant = useVariant();
  const tokens = useTokens();
  const settled = !wellFormed || !record.isPending;
  // The order (or why there is none) on screen is this page's first view: the wallet may load now.
  useEffect(() => {
    if (settled) markFirstViewShown();
  }, [settled]);

  if (!wellFormed) {
    return (
      <PageNotice title="Not an order link" severity="warning">
        This is not an order link: an order hash is 0x followed by 64 hexadecimal digits, and “
        {hash.slice(0, 80)}” is not one. Check the link you were sent.
      </PageNotice>
    );
  }
  // Amounts need the tokens' decimals: wait for the list rather than flash base units.
  if (record.isPending || tokens.isLoading) return <LoadingSpinner label="Loading the order" />;
  if (record.error) {
    if (record.error instanceof ApiError && record.error.status === 404) {
      return (
        <PageNotice title="Order not found" severity="warning">
          No order with this hash on {variant.name}: the relayer has never received it. It may belong to
          another network’s site, or the link may be cut short.{' '}
          <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
            {orderHash}
          </Box>
        </PageNotice>
      );
    }
    return <LoadErrorAlert what="the order" error={record.error} onRetry={() => void record.refetch()} />;
  }
  return <OrderView order={record.data} />;
}

function OrderView({ order }: { order: OrderRecord }) {
  const { byAddress } = useTokens();
  const wallet = useWallet();
  const nowSec = useChainNow();
  const queryClient = useQueryClient();
  const { key } = useVariant();
  const taking = useDialogTarget<OrderRecord>();
  const cancelling = useDialogTarget<OrderRecord>();
  const [showQr, setShowQr] = useState(false);
  const status = orderStatus(order, nowSec);
  // A fill of this order changes its amounts and state: read it again as the fill arrives.
  const fills = useTrades(
    {
      orderHash: order.orderHash,
      baseTokenAddress: order.makerTokenAddress,
      quoteTokenAddress: order.takerTokenAddress,
    },
    {
      perPage: 25,
      onTrade: () => void queryClient.invalidateQueries({ queryKey: queryKeys.order(key, order.orderHash) }),
    },
  );
  const maker = byAddress.get(order.makerTokenAddress);
  const taker = byAddress.get(order.takerTokenAddress);
  const amount = (value: string, address: string, token = byAddress.get(address)) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {token ? formatShortAmount(value, token.decimals) : `${value} base units of`}{' '}
      <TokenLabel address={address} token={token} />
    </Box>
  );
  const takeable =
    order.state === 'open' && status.cancellable && baseUnits(order.fillableTakerTokenAmount) > 0n;
  const isMaker = wallet.address === order.maker;
  const takeBlocked = !takeable
    ? `This order cannot be taken: ${status.detail.replace(/\.$/, '')}`
    : reservedReason(order, wallet.address);

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <PageHeading title={`Order ${shortOrderHash(order.orderHash)}`}>
          Order{' '}
          <Box component="code" sx={{ fontSize: '0.9em' }}>
            {shortOrderHash(order.orderHash)}
          </Box>
        </PageHeading>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 1 }}>
          <Typography component="p">
            Sells {amount(order.makerTokenAmount, order.makerTokenAddress, maker)} for{' '}
            {amount(order.takerTokenAmount, order.takerTokenAddress, taker)}
          </Typography>
          <Chip
            label={status.label}
            color={status.tone}
            variant={status.tone === 'default' ? 'outlined' : 'filled'}
            data-state={order.state}
          />
        </Stack>
        <Typography color="text.secondary" aria-label="Why">
          {status.detail}
        </Typography>
        {status.missing.length > 0 ? (
          <Typography component="div" variant="body2" color="warning.main">
            <MissingFundsList missing={status.missing} byAddress={byAddress} />
          </Typography>
        ) : null}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <ActionButton variant="contained" blockedReason={takeBlocked} onClick={() => taking.show(order)}>
          Take
        </ActionButton>
        {isMaker && status.cancellable ? (
          <ActionButton color="warning" variant="outlined" onClick={() => cancelling.show(order)}>
            Cancel
          </ActionButton>
        ) : null}
      </Stack>
      <Paper variant="outlined" component="section" aria-label="Share" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <ShareLink orderHash={order.orderHash} />
          <Box>
            <Button size="small" onClick={() => setShowQr((shown) => !shown)} aria-expanded={showQr}>
              {showQr ? 'Hide QR code' : 'Show QR code'}
            </Button>
          </Box>
          {showQr ? (
            <Suspense fallback={<LoadingSpinner label="Loading the QR code" />}>
              <QrCode text={orderPageUrl(order.orderHash)} label="QR code of the share link" />
            </Suspense>
          ) : null}
        </Stack>
      </Paper>
      <Paper variant="outlined" component="section" aria-label="Order details" sx={{ p: 2, minWidth: 0 }}>
        <OrderFacts order={order} byAddress={byAddress} nowSec={nowSec} />
      </Paper>
      <Stack component="section" spacing={1} aria-labelledby="fills-heading">
        <Typography variant="h6" component="h2" id="fills-heading">
          Fills
        </Typography>
        <TradeList
          label="Fills"
          query={fills}
          viewpoint={{ kind: 'order' }}
          empty="Nobody has filled this order yet."
        />
      </Stack>
      <Stack component="section" spacing={1} aria-labelledby="market-trades-heading">
        <Typography variant="h6" component="h2" id="market-trades-heading">
          Recent trades in this market
        </Typography>
        <RecentTrades
          baseTokenAddress={order.makerTokenAddress}
          quoteTokenAddress={order.takerTokenAddress}
        />
      </Stack>
      <OrderActionDialogs taking={taking} cancelling={cancelling} />
    </Stack>
  );
}
