import type { OrderRecord } from '@relayer/protocol';
import { type OrderRowInput, orderRowValues } from '../book/store/orderColumns.js';

/** What acceptance writes of an accepted order (the codec's input). */
export type ToOrderRowInput = OrderRowInput;

/** An accepted order as `orders` row values (in `WRITE_COLUMNS` order, from the codec) and as the record it is served as. */
export function toOrderRow(input: ToOrderRowInput): { values: unknown[]; record: OrderRecord } {
  const { order, orderHash, chainState, computed, nowMs } = input;
  const values = orderRowValues(input);
  const record: OrderRecord = {
    exchangeContractAddress: order.exchangeContractAddress,
    maker: order.maker,
    taker: order.taker,
    makerTokenAddress: order.makerTokenAddress,
    takerTokenAddress: order.takerTokenAddress,
    feeRecipient: order.feeRecipient,
    makerTokenAmount: order.makerTokenAmount,
    takerTokenAmount: order.takerTokenAmount,
    makerFee: order.makerFee,
    takerFee: order.takerFee,
    expirationUnixTimestampSec: order.expirationUnixTimestampSec,
    salt: order.salt,
    ecSignature: order.ecSignature,
    orderHash,
    state: computed.state,
    filledTakerTokenAmount: chainState.filledTakerTokenAmount.toString(),
    cancelledTakerTokenAmount: chainState.cancelledTakerTokenAmount.toString(),
    remainingTakerTokenAmount: computed.remainingTakerTokenAmount.toString(),
    remainingMakerTokenAmount: computed.remainingMakerTokenAmount.toString(),
    fillableTakerTokenAmount: computed.fillableTakerTokenAmount.toString(),
    fillableMakerTokenAmount: computed.fillableMakerTokenAmount.toString(),
    createdAt: nowMs,
    // Acceptance stores only open orders the maker covers in full (the row's defaults say the same).
    reason: null,
    shortfalls: [],
  };
  return { values, record };
}
