import type { exchangeArtifact } from '@relayer/contracts';
import { orderToContractArgs, type QuoteResponse } from '@relayer/protocol';
import type { ContractFunctionArgs } from 'viem';
import { baseUnits } from '../format/amounts';

type Abi = typeof exchangeArtifact.abi;

/** A request for the Exchange, in the `{ functionName, args }` shape every Exchange write takes. */
export type MarketOrderCall =
  | { functionName: 'fillOrdersUpTo'; args: ContractFunctionArgs<Abi, 'nonpayable', 'fillOrdersUpTo'> }
  | { functionName: 'batchFillOrders'; args: ContractFunctionArgs<Abi, 'nonpayable', 'batchFillOrders'> };

/**
 * The one Exchange call a quote asks for (PROTOCOL.md §4.7): `fillOrdersUpTo` with the total, or
 * `batchFillOrders` with each order's amount. shouldThrowOnInsufficientBalanceOrAllowance is always
 * false, so an order that became unfillable since the quote is skipped (a LogError) instead of
 * reverting the whole trade.
 */
export function buildMarketOrderCall(quote: QuoteResponse): MarketOrderCall {
  const orders = quote.orders.map(({ order }) => orderToContractArgs(order));
  const addresses = orders.map((args) => args.orderAddresses);
  const values = orders.map((args) => args.orderValues);
  const v = quote.orders.map(({ order }) => order.ecSignature.v);
  const r = quote.orders.map(({ order }) => order.ecSignature.r);
  const s = quote.orders.map(({ order }) => order.ecSignature.s);
  if (quote.exchangeCall === 'fillOrdersUpTo') {
    return {
      functionName: 'fillOrdersUpTo',
      args: [addresses, values, baseUnits(quote.fillTakerAmount), false, v, r, s],
    };
  }
  const amounts = quote.orders.map((used) => baseUnits(used.fillTakerAmount));
  return { functionName: 'batchFillOrders', args: [addresses, values, amounts, false, v, r, s] };
}
