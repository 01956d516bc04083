import { encodePacked, keccak256 } from 'viem';
import { isValidModelSignature, type ModelOrder, modelOrderHash } from './ModelOrder.js';
import { type Address, MAX_UINT256, type ModelWorld, NULL_ADDRESS, Revert } from './ModelWorld.js';
import { getPartialAmount, isRoundingError } from './rounding.js';
import { probeAllowance, probeBalance, proxyTransferFrom, type TokenMove } from './tokenModel.js';

/*
 * An executable model of the v1 Exchange, step by step as PROTOCOL.md §4 states it. Each function
 * mutates `world` (appending the events) or throws Revert; the rounding is the model's own exact
 * fractions (rounding.ts), not the protocol package's, so the two are checked against each other.
 */

/** LogError codes (PROTOCOL.md §4.1). */
const ORDER_EXPIRED = 0;
const ORDER_FULLY_FILLED_OR_CANCELLED = 1;
const ROUNDING_ERROR_TOO_LARGE = 2;
const INSUFFICIENT_BALANCE_OR_ALLOWANCE = 3;

const safeAdd = (a: bigint, b: bigint) => {
  if (a + b > MAX_UINT256) throw new Revert('arithmetic: safeAdd');
  return a + b;
};

function tokensHash(order: ModelOrder) {
  return keccak256(encodePacked(['address', 'address'], [order.makerToken, order.takerToken]));
}

function logError(world: ModelWorld, errorId: number, orderHash: `0x${string}`): bigint {
  world.emit(world.exchange, 'LogError', { errorId, orderHash });
  return 0n;
}

/** filled + cancelled (getUnavailableTakerTokenAmount). */
function unavailable(world: ModelWorld, orderHash: `0x${string}`): bigint {
  return safeAdd(world.filled.get(orderHash) ?? 0n, world.cancelled.get(orderHash) ?? 0n);
}

/** takerTokenAmount less what is filled or cancelled, with 0.4's safeSub (it throws where that underflows). */
function remainingTakerTokenAmount(world: ModelWorld, order: ModelOrder, orderHash: `0x${string}`): bigint {
  const taken = unavailable(world, orderHash);
  if (taken > order.takerTokenAmount) throw new Revert('arithmetic: safeSub');
  return order.takerTokenAmount - taken;
}

/** §4.4 fillOrder; returns filledTakerTokenAmount. */
export function fillOrder(
  world: ModelWorld,
  order: ModelOrder,
  fillTakerTokenAmount: bigint,
  shouldThrowOnInsufficientBalanceOrAllowance: boolean,
  sender: Address,
): bigint {
  // Step 1.
  const orderHash = modelOrderHash(world.exchange, order);
  // Steps 2-4 throw.
  if (order.taker !== NULL_ADDRESS && order.taker !== sender) throw new Revert('sender is not the taker');
  if (order.makerTokenAmount === 0n || order.takerTokenAmount === 0n || fillTakerTokenAmount === 0n) {
    throw new Revert('zero amount');
  }
  if (!isValidModelSignature(orderHash, order)) throw new Revert('invalid signature');
  // Step 5.
  if (world.time >= order.expirationTimestampInSec) return logError(world, ORDER_EXPIRED, orderHash);
  // Step 6.
  const remaining = remainingTakerTokenAmount(world, order, orderHash);
  const filledTakerTokenAmount = fillTakerTokenAmount < remaining ? fillTakerTokenAmount : remaining;
  if (filledTakerTokenAmount === 0n) return logError(world, ORDER_FULLY_FILLED_OR_CANCELLED, orderHash);
  // Step 7.
  if (isRoundingError(filledTakerTokenAmount, order.takerTokenAmount, order.makerTokenAmount)) {
    return logError(world, ROUNDING_ERROR_TOO_LARGE, orderHash);
  }
  // Step 8.
  if (
    !shouldThrowOnInsufficientBalanceOrAllowance &&
    !isTransferable(world, order, filledTakerTokenAmount, sender)
  ) {
    return logError(world, INSUFFICIENT_BALANCE_OR_ALLOWANCE, orderHash);
  }
  // Step 9.
  const filledMakerTokenAmount = getPartialAmount(
    filledTakerTokenAmount,
    order.takerTokenAmount,
    order.makerTokenAmount,
  );
  // Step 10: state before transfers.
  world.filled.set(orderHash, safeAdd(world.filled.get(orderHash) ?? 0n, filledTakerTokenAmount));
  // Steps 11-12.
  transferViaProxy(world, {
    token: order.makerToken,
    from: order.maker,
    to: sender,
    value: filledMakerTokenAmount,
  });
  transferViaProxy(world, {
    token: order.takerToken,
    from: sender,
    to: order.maker,
    value: filledTakerTokenAmount,
  });
  // Step 13.
  let paidMakerFee = 0n;
  let paidTakerFee = 0n;
  if (order.feeRecipient !== NULL_ADDRESS) {
    if (order.makerFee > 0n) {
      paidMakerFee = getPartialAmount(filledTakerTokenAmount, order.takerTokenAmount, order.makerFee);
      transferViaProxy(world, {
        token: world.zrx,
        from: order.maker,
        to: order.feeRecipient,
        value: paidMakerFee,
      });
    }
    if (order.takerFee > 0n) {
      paidTakerFee = getPartialAmount(filledTakerTokenAmount, order.takerTokenAmount, order.takerFee);
      transferViaProxy(world, {
        token: world.zrx,
        from: sender,
        to: order.feeRecipient,
        value: paidTakerFee,
      });
    }
  }
  // Step 14.
  world.emit(world.exchange, 'LogFill', {
    maker: order.maker,
    taker: sender,
    feeRecipient: order.feeRecipient,
    makerToken: order.makerToken,
    takerToken: order.takerToken,
    filledMakerTokenAmount,
    filledTakerTokenAmount,
    paidMakerFee,
    paidTakerFee,
    tokens: tokensHash(order),
    orderHash,
  });
  return filledTakerTokenAmount;
}

/** require(TokenTransferProxy.transferFrom(...)). */
function transferViaProxy(world: ModelWorld, move: TokenMove): void {
  if (!proxyTransferFrom(world, move)) throw new Revert('transfer failed');
}

/** §4.5 isTransferable: the probes in v1's short-circuit order. */
function isTransferable(
  world: ModelWorld,
  order: ModelOrder,
  fillTakerTokenAmount: bigint,
  taker: Address,
): boolean {
  const fillMakerTokenAmount = getPartialAmount(
    fillTakerTokenAmount,
    order.takerTokenAmount,
    order.makerTokenAmount,
  );
  const funded = (token: Address, owner: Address, amount: bigint) =>
    probeBalance(world, token, owner) >= amount && probeAllowance(world, token, owner, world.proxy) >= amount;
  if (order.feeRecipient !== NULL_ADDRESS) {
    const isMakerTokenZRX = order.makerToken === world.zrx;
    const isTakerTokenZRX = order.takerToken === world.zrx;
    const paidMakerFee = getPartialAmount(fillTakerTokenAmount, order.takerTokenAmount, order.makerFee);
    const paidTakerFee = getPartialAmount(fillTakerTokenAmount, order.takerTokenAmount, order.takerFee);
    const requiredMakerZRX = isMakerTokenZRX ? safeAdd(fillMakerTokenAmount, paidMakerFee) : paidMakerFee;
    const requiredTakerZRX = isTakerTokenZRX ? safeAdd(fillTakerTokenAmount, paidTakerFee) : paidTakerFee;
    if (!funded(world.zrx, order.maker, requiredMakerZRX) || !funded(world.zrx, taker, requiredTakerZRX)) {
      return false;
    }
    if (!isMakerTokenZRX && !funded(order.makerToken, order.maker, fillMakerTokenAmount)) return false;
    if (!isTakerTokenZRX && !funded(order.takerToken, taker, fillTakerTokenAmount)) return false;
    return true;
  }
  return (
    funded(order.makerToken, order.maker, fillMakerTokenAmount) &&
    funded(order.takerToken, taker, fillTakerTokenAmount)
  );
}

/** §4.6 cancelOrder; returns cancelledTakerTokenAmount. */
export function cancelOrder(
  world: ModelWorld,
  order: ModelOrder,
  cancelTakerTokenAmount: bigint,
  sender: Address,
): bigint {
  const orderHash = modelOrderHash(world.exchange, order);
  if (order.maker !== sender) throw new Revert('sender is not the maker');
  if (order.makerTokenAmount === 0n || order.takerTokenAmount === 0n || cancelTakerTokenAmount === 0n) {
    throw new Revert('zero amount');
  }
  if (world.time >= order.expirationTimestampInSec) return logError(world, ORDER_EXPIRED, orderHash);
  const remaining = remainingTakerTokenAmount(world, order, orderHash);
  const cancelledTakerTokenAmount = cancelTakerTokenAmount < remaining ? cancelTakerTokenAmount : remaining;
  if (cancelledTakerTokenAmount === 0n) return logError(world, ORDER_FULLY_FILLED_OR_CANCELLED, orderHash);
  world.cancelled.set(orderHash, safeAdd(world.cancelled.get(orderHash) ?? 0n, cancelledTakerTokenAmount));
  world.emit(world.exchange, 'LogCancel', {
    maker: order.maker,
    feeRecipient: order.feeRecipient,
    makerToken: order.makerToken,
    takerToken: order.takerToken,
    cancelledMakerTokenAmount: getPartialAmount(
      cancelledTakerTokenAmount,
      order.takerTokenAmount,
      order.makerTokenAmount,
    ),
    cancelledTakerTokenAmount,
    tokens: tokensHash(order),
    orderHash,
  });
  return cancelledTakerTokenAmount;
}

/** §4.7 fillOrKillOrder: fillOrder with shouldThrow = false, and exactly the amount asked for. */
export function fillOrKillOrder(
  world: ModelWorld,
  order: ModelOrder,
  fillTakerTokenAmount: bigint,
  sender: Address,
): void {
  if (fillOrder(world, order, fillTakerTokenAmount, false, sender) !== fillTakerTokenAmount) {
    throw new Revert('fill or kill: killed');
  }
}

/** Parallel arrays of a batch; any shorter than the orders' throws out of bounds when reached. */
export interface BatchArgs {
  orders: ModelOrder[];
  amounts: bigint[];
  /** Length of each signature array (v, r, s); the orders' length unless a test skews one. */
  signatureLengths: [number, number, number];
}

function checkBounds(batch: BatchArgs, index: number): void {
  if (index >= batch.amounts.length || batch.signatureLengths.some((length) => index >= length)) {
    throw new Revert('array index out of bounds');
  }
}

/** §4.7 batchFillOrders. */
export function batchFillOrders(
  world: ModelWorld,
  batch: BatchArgs,
  shouldThrow: boolean,
  sender: Address,
): void {
  batch.orders.forEach((order, i) => {
    checkBounds(batch, i);
    fillOrder(world, order, batch.amounts[i] as bigint, shouldThrow, sender);
  });
}

/** §4.7 batchFillOrKillOrders. */
export function batchFillOrKillOrders(world: ModelWorld, batch: BatchArgs, sender: Address): void {
  batch.orders.forEach((order, i) => {
    checkBounds(batch, i);
    fillOrKillOrder(world, order, batch.amounts[i] as bigint, sender);
  });
}

/** §4.7 fillOrdersUpTo; `batch.amounts` is unused (one total). Returns the total filled. */
export function fillOrdersUpTo(
  world: ModelWorld,
  batch: Omit<BatchArgs, 'amounts'>,
  fillTakerTokenAmount: bigint,
  shouldThrow: boolean,
  sender: Address,
): bigint {
  let filledTakerTokenAmount = 0n;
  for (let i = 0; i < batch.orders.length; i++) {
    const order = batch.orders[i] as ModelOrder;
    if (order.takerToken !== batch.orders[0]?.takerToken) throw new Revert('taker token mismatch');
    if (batch.signatureLengths.some((length) => i >= length)) throw new Revert('array index out of bounds');
    filledTakerTokenAmount = safeAdd(
      filledTakerTokenAmount,
      fillOrder(world, order, fillTakerTokenAmount - filledTakerTokenAmount, shouldThrow, sender),
    );
    if (filledTakerTokenAmount === fillTakerTokenAmount) break;
  }
  return filledTakerTokenAmount;
}

/** §4.7 batchCancelOrders. */
export function batchCancelOrders(
  world: ModelWorld,
  batch: Omit<BatchArgs, 'signatureLengths'>,
  sender: Address,
): void {
  batch.orders.forEach((order, i) => {
    if (i >= batch.amounts.length) throw new Revert('array index out of bounds');
    cancelOrder(world, order, batch.amounts[i] as bigint, sender);
  });
}
