import type { OrderRecord, QuoteOrder, QuoteResponse } from '@relayer/protocol';
import { EXCHANGE, orderRecord } from './fixtures';

/** One order of a quote: the signed order (from `orderRecord` overrides) and the amounts used of it. */
export function quotedOrder(
  overrides: Partial<OrderRecord>,
  used: { fillTakerAmount: bigint; makerAmount: bigint; takerFee?: bigint },
): QuoteOrder {
  const { orderHash, state, filledTakerTokenAmount, cancelledTakerTokenAmount, createdAt, ...rest } =
    orderRecord(overrides);
  const order = {
    exchangeContractAddress: rest.exchangeContractAddress,
    maker: rest.maker,
    taker: rest.taker,
    makerTokenAddress: rest.makerTokenAddress,
    takerTokenAddress: rest.takerTokenAddress,
    feeRecipient: rest.feeRecipient,
    makerTokenAmount: rest.makerTokenAmount,
    takerTokenAmount: rest.takerTokenAmount,
    makerFee: rest.makerFee,
    takerFee: rest.takerFee,
    expirationUnixTimestampSec: rest.expirationUnixTimestampSec,
    salt: rest.salt,
    ecSignature: rest.ecSignature,
  };
  return {
    order,
    orderHash,
    fillTakerAmount: used.fillTakerAmount.toString(),
    makerAmount: used.makerAmount.toString(),
    takerFee: (used.takerFee ?? 0n).toString(),
  };
}

/**
 * A `GET /quote` answer in the relayer's shape for `orders` (best first): the totals are their sums,
 * complete unless a shortfall is given; prices are left to the client, which computes them exactly.
 */
export function marketQuote(orders: QuoteOrder[], overrides: Partial<QuoteResponse> = {}): QuoteResponse {
  const [first] = orders;
  const sum = (pick: (used: QuoteOrder) => string) =>
    orders.reduce((total, used) => total + BigInt(pick(used)), 0n);
  const sellAmount = sum((used) => used.fillTakerAmount).toString();
  return {
    sellToken: first?.order.takerTokenAddress ?? `0x${'1'.repeat(40)}`,
    buyToken: first?.order.makerTokenAddress ?? `0x${'2'.repeat(40)}`,
    sellAmount,
    buyAmount: sum((used) => used.makerAmount).toString(),
    price: first ? '1' : null,
    worstPrice: first ? '1' : null,
    bestPrice: first ? '1' : null,
    complete: true,
    shortfall: '0',
    orders,
    takerFee: sum((used) => used.takerFee).toString(),
    exchangeCall: 'fillOrdersUpTo',
    fillTakerAmount: sellAmount,
    gas: '210000',
    exchange: EXCHANGE,
    ...overrides,
  };
}
