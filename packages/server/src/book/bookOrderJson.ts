import type { Address, Hex, OrderRecord, Shortfall, SignedOrder } from '@relayer/protocol';
import { type BookOrder, signatureHex, signatureR, signatureS, signatureV } from './BookOrder.js';

/** What remains of an order after fills and cancels, with the contract's floor rounding (rowToOrderRecord's rule). */
function remaining(order: BookOrder): { taker: bigint; maker: bigint } {
  const unavailable = order.filled + order.cancelled;
  const taker = order.takerAmount > unavailable ? order.takerAmount - unavailable : 0n;
  const maker = order.takerAmount === 0n ? 0n : (taker * order.makerAmount) / order.takerAmount;
  return { taker, maker };
}

/** The OrderRecord of an open order, as the database path would answer it. */
export function toOrderRecord(order: BookOrder): OrderRecord {
  const rest = remaining(order);
  return {
    ...toSignedOrder(order),
    orderHash: order.hash as Hex,
    state: 'open',
    filledTakerTokenAmount: order.filled.toString(),
    cancelledTakerTokenAmount: order.cancelled.toString(),
    remainingTakerTokenAmount: rest.taker.toString(),
    remainingMakerTokenAmount: rest.maker.toString(),
    fillableTakerTokenAmount: order.fillableTaker.toString(),
    fillableMakerTokenAmount: order.fillableMaker.toString(),
    createdAt: order.createdAt,
    reason: null,
    shortfalls: order.shortfalls === '[]' ? [] : (JSON.parse(order.shortfalls) as Shortfall[]),
  };
}

/** The SRA v0 SignedOrder of an open order. */
export function toSignedOrder(order: BookOrder): SignedOrder {
  return {
    exchangeContractAddress: order.terms.exchange as Address,
    maker: order.maker as Address,
    taker: order.terms.taker as Address,
    makerTokenAddress: order.makerToken as Address,
    takerTokenAddress: order.takerToken as Address,
    feeRecipient: order.terms.feeRecipient as Address,
    makerTokenAmount: order.makerAmount.toString(),
    takerTokenAmount: order.takerAmount.toString(),
    makerFee: order.makerFee.toString(),
    takerFee: order.takerFee.toString(),
    expirationUnixTimestampSec: order.expiration.toString(),
    salt: order.salt.toString(),
    ecSignature: {
      v: signatureV(order.signature) as 27 | 28,
      r: signatureR(order.signature) as Hex,
      s: signatureS(order.signature) as Hex,
    },
  };
}

/** A bigint's decimal text; zero (most fees, and what nothing took) without a conversion. */
const decimal = (value: bigint): string => (value === 0n ? '0' : `${value}`);

/** The decimal text of the order's own amounts, each converted once per order written. */
interface AmountTexts {
  maker: string;
  taker: string;
}

/**
 * `JSON.stringify(toSignedOrder(order))` without its closing brace, written directly: every value is an
 * address, hex, a decimal string or a number, none of which JSON escapes. Pages are made of these, so
 * this is the read path's main cost after the HTTP work: one template per order, the signature's
 * 64 bytes as hex in one conversion, equal fees converted once.
 */
function signedOrderFields(order: BookOrder, amounts: AmountTexts): string {
  const { terms, signature } = order;
  const makerFee = decimal(order.makerFee);
  const takerFee = order.takerFee === order.makerFee ? makerFee : decimal(order.takerFee);
  const rs = signatureHex(signature);
  return `{"exchangeContractAddress":"${terms.exchange}","maker":"${order.maker}","taker":"${terms.taker}","makerTokenAddress":"${order.makerToken}","takerTokenAddress":"${order.takerToken}","feeRecipient":"${terms.feeRecipient}","makerTokenAmount":"${amounts.maker}","takerTokenAmount":"${amounts.taker}","makerFee":"${makerFee}","takerFee":"${takerFee}","expirationUnixTimestampSec":"${order.expiration}","salt":"${order.salt}","ecSignature":{"v":${signatureV(signature)},"r":"0x${rs.slice(0, 64)}","s":"0x${rs.slice(64)}"}`;
}

/** `JSON.stringify(toSignedOrder(order))`. */
export function signedOrderJson(order: BookOrder): string {
  return `${signedOrderFields(order, { maker: `${order.makerAmount}`, taker: `${order.takerAmount}` })}}`;
}

/**
 * `JSON.stringify(toOrderRecord(order))`, written directly (see signedOrderFields). An order nothing
 * took from (almost every open order) has the whole order remaining and, as a rule, fillable: those
 * amounts reuse the order's own text.
 */
export function orderRecordJson(order: BookOrder): string {
  const amounts = { maker: `${order.makerAmount}`, taker: `${order.takerAmount}` };
  const untouched = order.filled === 0n && order.cancelled === 0n && order.takerAmount !== 0n;
  let remainingTaker = amounts.taker;
  let remainingMaker = amounts.maker;
  let filled = '0';
  let cancelled = '0';
  if (!untouched) {
    filled = decimal(order.filled);
    cancelled = decimal(order.cancelled);
    const rest = remaining(order);
    remainingTaker = `${rest.taker}`;
    remainingMaker = `${rest.maker}`;
  }
  const fillableTaker = order.fillableTaker === order.takerAmount ? amounts.taker : `${order.fillableTaker}`;
  const fillableMaker = order.fillableMaker === order.makerAmount ? amounts.maker : `${order.fillableMaker}`;
  return `${signedOrderFields(order, amounts)},"orderHash":"${order.hash}","state":"open","filledTakerTokenAmount":"${filled}","cancelledTakerTokenAmount":"${cancelled}","remainingTakerTokenAmount":"${remainingTaker}","remainingMakerTokenAmount":"${remainingMaker}","fillableTakerTokenAmount":"${fillableTaker}","fillableMakerTokenAmount":"${fillableMaker}","createdAt":${order.createdAtText},"reason":null,"shortfalls":${order.shortfalls}}`;
}

/**
 * The orders' JSON texts, comma-separated, as one concatenated (not yet flat) string. Pages are sent
 * as bytes (`Buffer.from`), which flattens the whole page once; `join` would copy every order's text
 * into a flat string first, only for the page to be copied again (~10 % of a 21-order page's text,
 * bench/microReads.ts).
 */
export function joinOrders(orders: readonly BookOrder[], json: (order: BookOrder) => string): string {
  let text = '';
  for (let i = 0; i < orders.length; i++) {
    const order = orders[i] as BookOrder;
    text = i === 0 ? json(order) : `${text},${json(order)}`;
  }
  return text;
}

/** A JSON array of the orders' records. */
export function orderRecordsJson(orders: readonly BookOrder[]): string {
  return `[${joinOrders(orders, orderRecordJson)}]`;
}

/** A JSON array of the orders as SRA v0 SignedOrders. */
export function signedOrdersJson(orders: readonly BookOrder[]): string {
  return `[${joinOrders(orders, signedOrderJson)}]`;
}
