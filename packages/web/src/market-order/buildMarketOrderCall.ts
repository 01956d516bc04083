import type { exchangeArtifact } from '@relayer/contracts';
import { orderToContractArgs, type QuoteResponse } from '@relayer/protocol';
import type { ContractFunctionArgs } from 'viem';
import { baseUnits } from '../format/amounts';

type Abi = typeof exchangeArtifact.abi;

/** A market order's Exchange request, in the `{ functionName, args }` shape every Exchange write takes. */
export interface MarketOrderCall {
  functionName: 'batchFillOrders';
  args: ContractFunctionArgs<Abi, 'nonpayable', 'batchFillOrders'>;
}

/**
 * The one Exchange call of a reviewed quote: `batchFillOrders` with each order's quoted amount, whatever
 * call the quote suggests. fillOrdersUpTo would give a skipped order's share to the orders after it
 * (PROTOCOL.md §4.7), so the trade would differ from the review; the batch fills each order at most
 * what was reviewed and leaves a skipped order's share unbought. shouldThrowOnInsufficientBalanceOrAllowance
 * is false, so an order that became unfillable since the quote is skipped (a LogError) instead of
 * reverting the whole trade.
 */
export function buildMarketOrderCall(quote: QuoteResponse): MarketOrderCall {
  const orders = quote.orders.map(({ order }) => orderToContractArgs(order));
  const addresses = orders.map((args) => args.orderAddresses);
  const values = orders.map((args) => args.orderValues);
  const amounts = quote.orders.map((used) => baseUnits(used.fillTakerAmount));
  const v = quote.orders.map(({ order }) => order.ecSignature.v);
  const r = quote.orders.map(({ order }) => order.ecSignature.r);
  const s = quote.orders.map(({ order }) => order.ecSignature.s);
  return { functionName: 'batchFillOrders', args: [addresses, values, amounts, false, v, r, s] };
}
