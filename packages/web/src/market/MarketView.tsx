import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { OrderRecord, TokenRecord } from '@relayer/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import type { Address } from 'viem';
import { useRelayerApi } from '../api/useRelayerApi';
import { markFirstViewShown } from '../app/firstView';
import { preloadable } from '../app/preloadable';
import { useVariant } from '../config/useVariant';
import { describeError } from '../errors/userMessages';
import type { MakeOrderDraft } from '../make/validateMakeOrder';
import type { MarketOrderTarget } from '../market-order/MarketOrderForm';
import { OrderActionDialogs } from '../order-actions/OrderActionDialogs';
import { PlaceOrderDialogs } from '../order-actions/PlaceOrderDialogs';
import { useDialogTarget } from '../shared/orderDialog/useDialogTarget';
import { PageHeading } from '../shell/PageHeading';
import { TokenLabel, tokenLabelText } from '../tokens/trust/TokenLabel';
import { ActionButton } from '../wallet/ActionButton';
import { useWallet } from '../wallet/useWallet';
import { buildLadder } from './buildLadder';
import { priceDecimals } from './formatPrice';
import { tickerQuery } from './history/historyQueries';
import { MarketList } from './history/MarketList';
import { MarketTicker } from './history/MarketTicker';
import { useMarketHistoryLive } from './history/useMarketHistoryLive';
import { LadderTable } from './LadderTable';
import { MarketPairPicker } from './MarketPairPicker';
import { MarketSummary } from './MarketSummary';
import { MarketTrades } from './MarketTrades';
import { MARKET_MAX_PAGES, MARKET_PAGE_SIZE, marketBookQuery } from './marketBookQuery';
import { comparePrices } from './marketPrice';
import { useMarketLive } from './useMarketLive';

// Loaded when a book is there to chart, so the first view carries none of it.
const DepthChart = preloadable(async () => (await import('./DepthChart')).default);
const PriceHistory = preloadable(async () => (await import('./history/PriceHistory')).default);

export interface MarketViewProps {
  tokens: readonly TokenRecord[];
  byAddress: ReadonlyMap<string, TokenRecord>;
  base: string;
  quote: string;
}

/**
 * One market: the pair picker, the 24 h figures and candles (live over the trades channel), best bid
 * and ask with spread and mid, the depth chart, recent trades,
 * and both sides of the book in price order, live over the relayer's WebSocket. A row opens the Take
 * dialog for its order (Cancel for the connected account's own); the make buttons open the Make dialog
 * for this pair.
 */
export function MarketView({ tokens, byAddress, base, quote }: MarketViewProps) {
  const api = useRelayerApi();
  const { key, relayerUrl } = useVariant();
  const [pages, setPages] = useState(1);
  const book = useQuery({
    ...marketBookQuery(api, key, base, quote, pages),
    // A deeper book keeps the current one on screen while it loads.
    placeholderData: keepPreviousData,
  });
  useMarketLive(base, quote);
  useMarketHistoryLive(base, quote);
  const ticker = useQuery(tickerQuery(relayerUrl, key, base, quote));
  const taking = useDialogTarget<OrderRecord>();
  const cancelling = useDialogTarget<OrderRecord>();
  const wallet = useWallet();
  const making = useDialogTarget<MakeOrderDraft>();
  const trading = useDialogTarget<MarketOrderTarget>();
  const baseToken = byAddress.get(base);
  const quoteToken = byAddress.get(quote);
  const baseDecimals = baseToken?.decimals ?? 18;
  const quoteDecimals = quoteToken?.decimals ?? 18;

  const ladder = useMemo(
    () =>
      buildLadder(
        { asks: book.data?.asks ?? [], bids: book.data?.bids ?? [] },
        { base, quote, baseDecimals, quoteDecimals },
      ),
    [book.data, base, quote, baseDecimals, quoteDecimals],
  );
  // Every price on screen gets the places the smallest one needs, so the columns line up.
  const decimals = useMemo(() => {
    const prices = [ladder.bids.at(-1)?.price, ladder.asks[0]?.price].filter((price) => price !== undefined);
    const smallest = prices.sort(comparePrices)[0];
    return priceDecimals(smallest);
  }, [ladder]);
  const empty = ladder.asks.length === 0 && ladder.bids.length === 0;
  // No book at all (a failed refetch keeps the last one on screen, under the error).
  const failed = !book.data && Boolean(book.error);
  const total = book.data?.total;
  const deeper =
    total !== undefined &&
    pages < MARKET_MAX_PAGES &&
    (total.asks > pages * MARKET_PAGE_SIZE || total.bids > pages * MARKET_PAGE_SIZE);

  useEffect(() => {
    if (book.data || book.error) markFirstViewShown();
  }, [book.data, book.error]);

  const baseLabel = <TokenLabel address={base} token={baseToken} />;
  const units = {
    base: baseToken ? tokenLabelText(baseToken) : base,
    quote: quoteToken ? tokenLabelText(quoteToken) : quote,
  };
  const quoteLabel = <TokenLabel address={quote} token={quoteToken} />;
  // A bid gives the quote token for the base; an ask gives the base for the quote.
  const makeButton = (label: string, color: 'success' | 'error', give: string, get: string) => (
    <ActionButton
      variant="outlined"
      color={color}
      onClick={() => making.show({ makerTokenAddress: give as Address, takerTokenAddress: get as Address })}
    >
      {label}
    </ActionButton>
  );
  const makeButtons = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {makeButton('Make a bid', 'success', quote, base)}
      {makeButton('Make an ask', 'error', base, quote)}
    </Stack>
  );
  // Market orders take from the book at once, so they sit apart from the make buttons.
  const tradeButtons = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {(['buy', 'sell'] as const).map((side) => (
        <ActionButton
          key={side}
          variant="contained"
          color={side === 'buy' ? 'success' : 'error'}
          onClick={() => trading.show({ base: base as Address, quote: quote as Address, side })}
        >
          {side === 'buy' ? 'Buy' : 'Sell'} {units.base}
        </ActionButton>
      ))}
    </Stack>
  );

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <PageHeading
          title={`${units.base}/${units.quote} market`}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        >
          Market {baseLabel} / {quoteLabel}
        </PageHeading>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {tradeButtons}
          {makeButtons}
        </Stack>
      </Stack>
      <MarketPairPicker tokens={tokens} base={base} quote={quote} />
      <MarketTicker ticker={ticker.data} baseDecimals={baseDecimals} units={units} />
      <MarketList byAddress={byAddress} base={base} quote={quote} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
          <PriceHistory base={base} quote={quote} baseDecimals={baseDecimals} units={units} />
        </Suspense>
      </Paper>
      {book.error ? (
        <Alert severity="error">The book could not be loaded: {describeError(book.error)}</Alert>
      ) : null}
      {book.isLoading ? (
        <Skeleton variant="rounded" height={240} />
      ) : failed ? null : empty ? (
        <Alert severity="info" action={makeButtons}>
          No orders for this pair yet - make one.
        </Alert>
      ) : (
        <>
          <MarketSummary
            ladder={ladder}
            priceDecimals={decimals}
            ticker={ticker.data}
            unit={
              <>
                {quoteLabel} per {baseLabel}
              </>
            }
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 8 }}>
              <Paper variant="outlined" sx={{ p: 1 }}>
                <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
                  <DepthChart
                    ladder={ladder}
                    baseDecimals={baseDecimals}
                    priceDecimals={decimals}
                    priceUnit={`${units.quote} per ${units.base}`}
                    baseSymbol={units.base}
                  />
                </Suspense>
              </Paper>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <MarketTrades base={base as Address} quote={quote as Address} />
            </Grid>
          </Grid>
        </>
      )}
      {book.isLoading || failed ? null : (
        <Grid container spacing={2}>
          {(['bid', 'ask'] as const).map((side) => (
            <Grid key={side} size={{ xs: 12, md: 6 }}>
              <Box sx={{ overflowX: 'hidden' }}>
                <LadderTable
                  side={side}
                  rows={side === 'ask' ? ladder.asks : ladder.bids}
                  total={(side === 'ask' ? book.data?.total.asks : book.data?.total.bids) ?? 0}
                  baseDecimals={baseDecimals}
                  quoteDecimals={quoteDecimals}
                  priceDecimals={decimals}
                  baseLabel={baseLabel}
                  units={units}
                  account={wallet.address}
                  onTake={taking.show}
                  onCancel={cancelling.show}
                />
              </Box>
            </Grid>
          ))}
        </Grid>
      )}
      {deeper ? (
        <Button
          variant="outlined"
          sx={{ alignSelf: 'center' }}
          disabled={book.isFetching}
          onClick={() => setPages((current) => current + 1)}
        >
          Show the next {MARKET_PAGE_SIZE} orders of each side
        </Button>
      ) : null}
      <OrderActionDialogs taking={taking} cancelling={cancelling} />
      <PlaceOrderDialogs making={making} trading={trading} />
    </Stack>
  );
}
