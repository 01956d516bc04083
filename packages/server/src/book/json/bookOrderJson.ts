import { isAscii } from 'node:buffer';
import type { Address, Hex, OrderRecord, Shortfall, SignedOrder } from '@relayer/protocol';
import type { BookOrder } from '../model/BookOrder.js';
import type { BookTexts } from '../model/BookTexts.js';
import { signatureR, signatureS, signatureV } from '../model/packSignature.js';

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

/**
 * `JSON.stringify(toSignedOrder(order))` without its closing brace, written directly: every value is an
 * address, hex, a decimal string or a number, none of which JSON escapes. Pages are made of these, so
 * this is the read path's main cost after the HTTP work: the pair's and terms' constant JSON as two
 * shared pieces (`BookOrder.jsonSegments`), r and s as slices of the stored hex (`signatureR`/`S`), equal fees converted
 * once. `makerAmount` and `takerAmount` are the order's amounts' text.
 */
function signedOrderFields(order: BookOrder, makerAmount: string, takerAmount: string): string {
  const { signature } = order;
  const { head, middle } = order.jsonSegments();
  const makerFee = decimal(order.makerFee);
  const takerFee = order.takerFee === order.makerFee ? makerFee : decimal(order.takerFee);
  return `${head}${order.maker}${middle}${makerAmount}","takerTokenAmount":"${takerAmount}","makerFee":"${makerFee}","takerFee":"${takerFee}","expirationUnixTimestampSec":"${order.expiration}","salt":"${order.salt}","ecSignature":{"v":${signatureV(signature)},"r":"${signatureR(signature)}","s":"${signatureS(signature)}"}`;
}

/** `JSON.stringify(toSignedOrder(order))`. */
export function signedOrderJson(order: BookOrder): string {
  return `${signedOrderFields(order, `${order.makerAmount}`, `${order.takerAmount}`)}}`;
}

/**
 * `JSON.stringify(toOrderRecord(order))`, written directly (see signedOrderFields). An untouched order
 * (nothing filled or cancelled, all of it fillable, nothing lacking: almost every open order) has its
 * own amounts remaining and fillable: its text is one template with those constants in it.
 */
export function orderRecordJson(order: BookOrder): string {
  const maker = `${order.makerAmount}`;
  const taker = `${order.takerAmount}`;
  // An order of no taker amount has nothing remaining of its maker amount either (remaining()).
  if (order.untouched && order.takerAmount !== 0n) {
    return `${signedOrderFields(order, maker, taker)},"orderHash":"${order.hash}","state":"open","filledTakerTokenAmount":"0","cancelledTakerTokenAmount":"0","remainingTakerTokenAmount":"${taker}","remainingMakerTokenAmount":"${maker}","fillableTakerTokenAmount":"${taker}","fillableMakerTokenAmount":"${maker}","createdAt":${order.createdAtText},"reason":null,"shortfalls":[]}`;
  }
  const untouched = order.filled === 0n && order.cancelled === 0n && order.takerAmount !== 0n;
  let remainingTaker = taker;
  let remainingMaker = maker;
  let filled = '0';
  let cancelled = '0';
  if (!untouched) {
    filled = decimal(order.filled);
    cancelled = decimal(order.cancelled);
    const rest = remaining(order);
    remainingTaker = `${rest.taker}`;
    remainingMaker = `${rest.maker}`;
  }
  const { shortfalls } = order;
  if (shortfalls !== '[]') order.texts().note(shortfalls);
  const fillableTaker = order.fillableTaker === order.takerAmount ? taker : `${order.fillableTaker}`;
  const fillableMaker = order.fillableMaker === order.makerAmount ? maker : `${order.fillableMaker}`;
  return `${signedOrderFields(order, maker, taker)},"orderHash":"${order.hash}","state":"open","filledTakerTokenAmount":"${filled}","cancelledTakerTokenAmount":"${cancelled}","remainingTakerTokenAmount":"${remainingTaker}","remainingMakerTokenAmount":"${remainingMaker}","fillableTakerTokenAmount":"${fillableTaker}","fillableMakerTokenAmount":"${fillableMaker}","createdAt":${order.createdAtText},"reason":null,"shortfalls":${shortfalls}}`;
}

/**
 * The orders' JSON texts, comma-separated, as one concatenated (not yet flat) string. Pages are sent
 * as bytes (`pageBytes`), which copies the pieces into the page's buffer once; `join` would copy every
 * order's text into a flat string first, only for the page to be copied again.
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

/**
 * A page's JSON as the bytes it is sent as (UTF-8). A page of the book is ASCII (addresses, hex,
 * digits, names of sorts, base64url cursors: `asciiOnlySoFar` checks the texts that come from the
 * database of the book the page was read from): then latin1 gives the same bytes, and V8 copies a string of pieces straight into the
 * buffer, where UTF-8 first flattens it into one more string and measures it. Anything else is encoded as UTF-8. `asciiOnlySoFar` is the guard
 * that counts: latin1 keeps only a character's low byte, so the bytes' own check below catches
 * U+0080-U+00FF but not a wider character whose low byte is ASCII.
 */
export function pageBytes(text: string, texts: BookTexts): Buffer {
  if (!texts.asciiOnlySoFar()) return Buffer.from(text);
  const bytes = Buffer.from(text, 'latin1');
  return isAscii(bytes) ? bytes : Buffer.from(text);
}
