import type { Address, TokenRecord } from '@relayer/protocol';
import { wireAmount } from '../format/amounts';

/** Buy the base token with the quote token, or sell the base token for it. */
export type MarketSide = 'buy' | 'sell';

/** What the trader asked for: `amount` base units of the base token, bought or sold. */
export interface MarketOrderRequest {
  side: MarketSide;
  base: TokenRecord;
  quote: TokenRecord;
  amount: bigint;
  /** Leaves the taker's own orders out of the quote and estimates gas from this account. */
  taker?: Address;
}

/**
 * The `GET /quote` parameters for a request: a buyer sells the quote token for an exact amount of the
 * base token (`buyAmount`); a seller sells an exact amount of the base token (`sellAmount`).
 */
export function marketOrderQuery({
  side,
  base,
  quote,
  amount,
  taker,
}: MarketOrderRequest): Record<string, string> {
  const tokens: Record<string, string> =
    side === 'buy'
      ? { sellToken: quote.address, buyToken: base.address, buyAmount: wireAmount(amount) }
      : { sellToken: base.address, buyToken: quote.address, sellAmount: wireAmount(amount) };
  return taker ? { ...tokens, takerAddress: taker } : tokens;
}
