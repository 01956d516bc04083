import type { QuoteResponse } from '@relayer/protocol';

/**
 * Whether a fresh quote would send exactly what the trader reviewed: the same call, the same orders
 * with the same amounts. Anything else must be reviewed again before it is sent.
 */
export function sameQuote(reviewed: QuoteResponse, fresh: QuoteResponse): boolean {
  const trade = (quote: QuoteResponse) =>
    JSON.stringify([
      quote.exchangeCall,
      quote.fillTakerAmount,
      quote.sellAmount,
      quote.buyAmount,
      quote.complete,
      quote.orders.map((used) => [used.orderHash, used.fillTakerAmount, used.makerAmount, used.takerFee]),
    ]);
  return trade(reviewed) === trade(fresh);
}
