import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TokenRecord, TradeRecord } from '@relayer/protocol';
import type { ReactNode } from 'react';
import { baseUnits, formatShortAmount } from '../format/amounts';
import { shortenAddress } from '../format/shortenAddress';
import { LoadErrorAlert } from '../shared/feedback/LoadErrorAlert';
import { ZRX_DECIMALS } from '../shared/order/toOrderRow';
import { TokenAmount } from '../tokens/trust/TokenAmount';
import { TokenLabel } from '../tokens/trust/TokenLabel';
import { useTokens } from '../tokens/useTokens';
import { formatRatio } from './formatRatio';
import { TxHash } from './TxHash';
import { tradeKey } from './tradeFilter';
import type { LiveTrades } from './useTrades';

/**
 * Whose side a trade is told from: a market's (price in quote per base, amount in base), an account's
 * (what it paid and received), or neutral (the maker's and the taker's amounts).
 */
export type TradeViewpoint =
  | { kind: 'market'; baseTokenAddress: string; quoteTokenAddress: string }
  | { kind: 'account'; account: string }
  | { kind: 'order' };

export interface TradeListProps {
  label: string;
  /** The trades as `useTrades` reads them, page by page. */
  query: LiveTrades;
  viewpoint: TradeViewpoint;
  empty: ReactNode;
}

/**
 * Trades newest first, one line each (wrapping into a small card on a phone): when (block time), the
 * amounts in human units named by TokenLabel, fees when paid, and the transaction.
 */
export function TradeList(props: TradeListProps) {
  const { label, query, viewpoint, empty } = props;
  const { trades, isPending: loading, error, hasNextPage: hasMore, isFetchingNextPage: loadingMore } = query;
  const onMore = () => void query.fetchNextPage();
  const onRetry = () => void query.refetch();
  const { byAddress } = useTokens();
  if (error && trades.length === 0) {
    return <LoadErrorAlert what="the trades" error={error} onRetry={onRetry} />;
  }
  if (loading && trades.length === 0)
    return <Skeleton variant="rectangular" height={96} aria-label={`Loading ${label}`} />;
  return (
    <Stack spacing={1}>
      {trades.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {trades.map((trade) => (
            <TradeLine key={tradeKey(trade)} trade={trade} viewpoint={viewpoint} byAddress={byAddress} />
          ))}
        </Box>
      )}
      {hasMore ? (
        <Box>
          <Button size="small" onClick={onMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Older trades'}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function TradeLine({
  trade,
  viewpoint,
  byAddress,
}: {
  trade: TradeRecord;
  viewpoint: TradeViewpoint;
  byAddress: ReadonlyMap<string, TokenRecord>;
}) {
  const when = new Date(trade.timestamp * 1000);
  const amount = (value: string, address: string) => (
    <TokenAmount value={value} address={address} token={byAddress.get(address)} />
  );
  const maker = amount(trade.filledMakerTokenAmount, trade.makerTokenAddress);
  const taker = amount(trade.filledTakerTokenAmount, trade.takerTokenAddress);
  const fees = [
    baseUnits(trade.paidMakerFee) > 0n
      ? `maker fee ${formatShortAmount(trade.paidMakerFee, ZRX_DECIMALS)} ZRX`
      : '',
    baseUnits(trade.paidTakerFee) > 0n
      ? `taker fee ${formatShortAmount(trade.paidTakerFee, ZRX_DECIMALS)} ZRX`
      : '',
  ].filter(Boolean);
  return (
    <Box
      component="li"
      data-trade={trade.transactionHash}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary" title={when.toLocaleString()} sx={{ minWidth: 140 }}>
        <time dateTime={when.toISOString()}>
          {when.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' })}
        </time>
      </Typography>
      <Typography variant="body2" component="span" sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Description trade={trade} viewpoint={viewpoint} maker={maker} taker={taker} byAddress={byAddress} />
        {fees.length > 0 ? (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' '}
            ({fees.join(', ')})
          </Box>
        ) : null}
      </Typography>
      <TxHash hash={trade.transactionHash} />
    </Box>
  );
}

function Description({
  trade,
  viewpoint,
  maker,
  taker,
  byAddress,
}: {
  trade: TradeRecord;
  viewpoint: TradeViewpoint;
  maker: ReactNode;
  taker: ReactNode;
  byAddress: ReadonlyMap<string, TokenRecord>;
}) {
  if (viewpoint.kind === 'account') {
    // The maker gave the maker token and got the taker token; the taker the other way round.
    return trade.maker === viewpoint.account ? (
      <>
        You sold {maker} for {taker}
      </>
    ) : (
      <>
        You bought {maker} for {taker}
      </>
    );
  }
  if (viewpoint.kind === 'market') {
    const sellsBase = trade.makerTokenAddress === viewpoint.baseTokenAddress;
    const base = byAddress.get(viewpoint.baseTokenAddress);
    const quote = byAddress.get(viewpoint.quoteTokenAddress);
    const baseAmount = baseUnits(sellsBase ? trade.filledMakerTokenAmount : trade.filledTakerTokenAmount);
    const quoteAmount = baseUnits(sellsBase ? trade.filledTakerTokenAmount : trade.filledMakerTokenAmount);
    const price =
      base && quote ? formatRatio(quoteAmount, quote.decimals, baseAmount, base.decimals) : undefined;
    return (
      <>
        <Box component="span" sx={{ color: sellsBase ? 'success.main' : 'error.main', fontWeight: 500 }}>
          {/* The taker's side: an ask taken is a buy of the base token, a bid taken a sell. */}
          {sellsBase ? 'Buy' : 'Sell'}
        </Box>{' '}
        {sellsBase ? maker : taker} for {sellsBase ? taker : maker}
        {price ? (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' '}
            at {price} <TokenLabel address={viewpoint.quoteTokenAddress} token={quote} /> each
          </Box>
        ) : null}
      </>
    );
  }
  return (
    <>
      {maker} for {taker}
      <Box component="span" sx={{ color: 'text.secondary' }} title={trade.taker}>
        {' '}
        taken by {shortenAddress(trade.taker)}
      </Box>
    </>
  );
}
