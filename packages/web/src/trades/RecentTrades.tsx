import type { Address } from '@relayer/protocol';
import { TradeList } from './TradeList';
import { useTrades } from './useTrades';

export interface RecentTradesProps {
  baseTokenAddress: Address;
  quoteTokenAddress: Address;
  /** Trades shown before "Older trades". */
  perPage?: number;
}

/**
 * The latest fills of one market (either direction), newest first, live: a fill appears as the relayer
 * records it. Price in quote per base, amounts in human units, each with its transaction.
 */
export function RecentTrades({ baseTokenAddress, quoteTokenAddress, perPage = 20 }: RecentTradesProps) {
  const trades = useTrades({ baseTokenAddress, quoteTokenAddress }, { perPage });
  return (
    <TradeList
      label="Recent trades"
      query={trades}
      viewpoint={{ kind: 'market', baseTokenAddress, quoteTokenAddress }}
      empty="No trades in this market yet: take an order to make the first one."
    />
  );
}
