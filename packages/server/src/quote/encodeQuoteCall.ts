import { exchangeArtifact } from '@relayer/contracts';
import { type Hex, orderToContractArgs, type SignedOrder } from '@relayer/protocol';
import { encodeFunctionData } from 'viem';

export interface QuoteCall {
  exchangeCall: 'fillOrdersUpTo' | 'batchFillOrders';
  orders: readonly { order: SignedOrder; fillTakerAmount: bigint }[];
  /** fillOrdersUpTo's total (the sum of the fills). */
  fillTakerAmount: bigint;
}

/**
 * The Exchange calldata of a quote, as the web app sends it: `shouldThrowOnInsufficientBalanceOrAllowance`
 * false, so an order that became unfillable since the quote is skipped (LogError) rather than reverting
 * the others (PROTOCOL.md §4.4 step 8, §4.7).
 */
export function encodeQuoteCall({ exchangeCall, orders, fillTakerAmount }: QuoteCall): Hex {
  const args = orders.map(({ order }) => orderToContractArgs(order));
  const orderAddresses = args.map((a) => a.orderAddresses);
  const orderValues = args.map((a) => a.orderValues);
  const v = orders.map(({ order }) => order.ecSignature.v);
  const r = orders.map(({ order }) => order.ecSignature.r);
  const s = orders.map(({ order }) => order.ecSignature.s);
  if (exchangeCall === 'fillOrdersUpTo') {
    return encodeFunctionData({
      abi: exchangeArtifact.abi,
      functionName: 'fillOrdersUpTo',
      args: [orderAddresses, orderValues, fillTakerAmount, false, v, r, s],
    });
  }
  return encodeFunctionData({
    abi: exchangeArtifact.abi,
    functionName: 'batchFillOrders',
    args: [orderAddresses, orderValues, orders.map((o) => o.fillTakerAmount), false, v, r, s],
  });
}
