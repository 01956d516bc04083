import type { Address, FillabilityReason, Hex, OrderRecord, OrderState, Shortfall } from '@relayer/protocol';
import { ORDER_COLUMNS, type ReadColumn } from '../book/store/orderColumns.js';

/** An `orders` row as the queries select it (`ORDER_COLUMNS`, the codec's read columns). */
export interface OrderRow {
  hash: string;
  exchange: string;
  maker: string;
  taker: string;
  maker_token: string;
  taker_token: string;
  fee_recipient: string;
  maker_token_amount: string;
  taker_token_amount: string;
  maker_fee: string;
  taker_fee: string;
  expiration: string;
  salt: string;
  v: number | string;
  r: string;
  s: string;
  state: string;
  filled_taker: string;
  cancelled_taker: string;
  fillable_taker: string;
  fillable_maker: string;
  /** bigint column: PGlite answers a number, pg a string. */
  created_at: number | string;
  /** An unfunded order's fillability code, as the watcher stored it. */
  reason: string | null;
  /** JSON array of Shortfall (`findShortfalls`). */
  shortfalls: string;
}

export { ORDER_COLUMNS };

/** A type error names a column the codec reads that OrderRow lacks, or one OrderRow has that it does not read. */
const rowMatchesColumns: [keyof OrderRow] extends [ReadColumn]
  ? [ReadColumn] extends [keyof OrderRow]
    ? true
    : Exclude<ReadColumn, keyof OrderRow>
  : Exclude<keyof OrderRow, ReadColumn> = true;
void rowMatchesColumns;

/**
 * An `orders` row as the wire's OrderRecord. numeric(78,0) columns arrive as exact decimal strings from
 * both engines and stay strings; the remaining amounts are derived here with the contract's floor
 * rounding rather than stored, so they can never disagree with filled/cancelled.
 */
export function rowToOrderRecord(row: OrderRow): OrderRecord {
  const takerTokenAmount = BigInt(row.taker_token_amount);
  const unavailable = BigInt(row.filled_taker) + BigInt(row.cancelled_taker);
  const remainingTaker = takerTokenAmount > unavailable ? takerTokenAmount - unavailable : 0n;
  const remainingMaker =
    takerTokenAmount === 0n ? 0n : (remainingTaker * BigInt(row.maker_token_amount)) / takerTokenAmount;
  return {
    exchangeContractAddress: row.exchange as Address,
    maker: row.maker as Address,
    taker: row.taker as Address,
    makerTokenAddress: row.maker_token as Address,
    takerTokenAddress: row.taker_token as Address,
    feeRecipient: row.fee_recipient as Address,
    makerTokenAmount: row.maker_token_amount,
    takerTokenAmount: row.taker_token_amount,
    makerFee: row.maker_fee,
    takerFee: row.taker_fee,
    expirationUnixTimestampSec: row.expiration,
    salt: row.salt,
    ecSignature: { v: Number(row.v) as 27 | 28, r: row.r as Hex, s: row.s as Hex },
    orderHash: row.hash as Hex,
    state: row.state as OrderState,
    filledTakerTokenAmount: row.filled_taker,
    cancelledTakerTokenAmount: row.cancelled_taker,
    remainingTakerTokenAmount: remainingTaker.toString(),
    remainingMakerTokenAmount: remainingMaker.toString(),
    fillableTakerTokenAmount: row.fillable_taker,
    fillableMakerTokenAmount: row.fillable_maker,
    createdAt: Number(row.created_at),
    reason: reasonOf(row.state as OrderState, row.reason),
    shortfalls: row.state === 'open' || row.state === 'unfunded' ? parseShortfalls(row.shortfalls) : [],
  };
}

/** Filled, cancelled and expired say why by their state; an unfunded order says what the watcher found. */
function reasonOf(state: OrderState, stored: string | null): FillabilityReason | null {
  switch (state) {
    case 'open':
      return null;
    case 'filled':
    case 'cancelled':
      return 'ORDER_REMAINING_FILL_AMOUNT_ZERO';
    case 'expired':
      return 'ORDER_FILL_EXPIRED';
    case 'unfunded':
      return stored as FillabilityReason | null;
  }
}

/** The column holds JSON this relayer wrote; '[]' (nothing missing) is by far the most common. */
function parseShortfalls(json: string): Shortfall[] {
  return json === '[]' ? [] : (JSON.parse(json) as Shortfall[]);
}
