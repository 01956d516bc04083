import type { Hex, SignedOrder } from '@relayer/protocol';
import type { ComputedOrderState } from '../../chain/computeOrderState.js';
import type { OrderChainState } from '../../chain/createChainReader.js';

/** An accepted order as acceptance writes it (`toOrderRow`). */
export interface OrderRowInput {
  network: string;
  order: SignedOrder;
  orderHash: Hex;
  makerSymbol: string;
  takerSymbol: string;
  chainState: OrderChainState;
  computed: ComputedOrderState;
  nowMs: number;
}

/** One column of `orders`, and how each reader and writer of the row takes it. */
interface OrderColumn {
  readonly column: string;
  /** Its value in the order writer's INSERT of an accepted order (absent: the column's default). */
  readonly write?: (input: OrderRowInput) => unknown;
  /** Selected into OrderRow by the order queries (`ORDER_COLUMNS`, `rowToOrderRecord`). */
  readonly read?: true;
  /** Its SQL in the book's row text (`BOOK_TEXT`, `BookOrderDecoder`): the column itself when true. */
  readonly book?: true | string;
}

/** `expires_at` is a bigint column for the expiry sweep index; expirations beyond it sort as "never". */
const MAX_BIGINT = (1n << 63n) - 1n;

/**
 * The order row's codec: every column of `orders` the server reads or writes, once, in the writer's
 * order. The writer's columns and values, the queries' columns and the book's row text are derived
 * from it; a new column is added here (and in a migration), and the compiler then points to the
 * types that must follow (OrderRowInput, OrderRow, BOOK_TEXT_ORDER and the decoder).
 */
const ORDER_ROW = [
  { column: 'network', write: (i) => i.network },
  { column: 'hash', write: (i) => i.orderHash, read: true, book: true },
  { column: 'exchange', write: (i) => i.order.exchangeContractAddress, read: true, book: true },
  { column: 'maker', write: (i) => i.order.maker, read: true, book: true },
  { column: 'taker', write: (i) => i.order.taker, read: true, book: true },
  { column: 'maker_token', write: (i) => i.order.makerTokenAddress, read: true, book: true },
  { column: 'taker_token', write: (i) => i.order.takerTokenAddress, read: true, book: true },
  { column: 'maker_token_symbol', write: (i) => i.makerSymbol, book: 'to_json(maker_token_symbol)' },
  { column: 'taker_token_symbol', write: (i) => i.takerSymbol, book: 'to_json(taker_token_symbol)' },
  { column: 'fee_recipient', write: (i) => i.order.feeRecipient, read: true, book: true },
  { column: 'maker_token_amount', write: (i) => i.order.makerTokenAmount, read: true, book: true },
  { column: 'taker_token_amount', write: (i) => i.order.takerTokenAmount, read: true, book: true },
  { column: 'maker_fee', write: (i) => i.order.makerFee, read: true, book: true },
  { column: 'taker_fee', write: (i) => i.order.takerFee, read: true, book: true },
  { column: 'expiration', write: (i) => i.order.expirationUnixTimestampSec, read: true, book: true },
  {
    column: 'expires_at',
    write: (i) => {
      const expiration = BigInt(i.order.expirationUnixTimestampSec);
      return (expiration > MAX_BIGINT ? MAX_BIGINT : expiration).toString();
    },
  },
  { column: 'salt', write: (i) => i.order.salt, read: true, book: true },
  { column: 'v', write: (i) => i.order.ecSignature.v, read: true, book: true },
  { column: 'r', write: (i) => i.order.ecSignature.r, read: true, book: true },
  { column: 's', write: (i) => i.order.ecSignature.s, read: true, book: true },
  { column: 'state', write: (i) => i.computed.state, read: true },
  {
    column: 'filled_taker',
    write: (i) => i.chainState.filledTakerTokenAmount.toString(),
    read: true,
    book: true,
  },
  {
    column: 'cancelled_taker',
    write: (i) => i.chainState.cancelledTakerTokenAmount.toString(),
    read: true,
    book: true,
  },
  {
    column: 'fillable_taker',
    write: (i) => i.computed.fillableTakerTokenAmount.toString(),
    read: true,
    book: true,
  },
  {
    column: 'fillable_maker',
    write: (i) => i.computed.fillableMakerTokenAmount.toString(),
    read: true,
    book: true,
  },
  { column: 'created_at', write: (i) => i.nowMs, read: true, book: true },
  { column: 'updated_at', write: (i) => i.nowMs },
  // The block the chain state was read at: the watcher re-checks an order it may have missed events of.
  { column: 'validated_block', write: (i) => i.chainState.blockNumber.toString() },
  { column: 'version', book: true },
  { column: 'reason', read: true },
  {
    column: 'shortfalls',
    read: true,
    // JSON-quoted only when not '[]' (almost always '[]': the decoder checks for it in place).
    book: "CASE WHEN shortfalls = '[]' THEN '[]' ELSE to_json(shortfalls)::text END",
  },
] as const satisfies readonly OrderColumn[];

type Entry = (typeof ORDER_ROW)[number];
/** The columns the writer writes, the queries read, and the book's row text holds. */
export type WriteColumn = Extract<Entry, { write: unknown }>['column'];
export type ReadColumn = Extract<Entry, { read: true }>['column'];
export type BookColumn = Extract<Entry, { book: unknown }>['column'];

const written = ORDER_ROW.filter((c): c is Extract<Entry, { write: unknown }> => 'write' in c);

/** The order writer's columns, in the order of `orderRowValues`. */
export const WRITE_COLUMNS: readonly WriteColumn[] = written.map((c) => c.column);

/** An accepted order's values for the writer, in WRITE_COLUMNS order. */
export function orderRowValues(input: OrderRowInput): unknown[] {
  return written.map((c) => c.write(input));
}

/** The column list every order query selects, matching `OrderRow` (rowToOrderRecord.ts). */
export const ORDER_COLUMNS = ORDER_ROW.filter((c) => 'read' in c)
  .map((c) => c.column)
  .join(', ');

/**
 * The order of the book's row text, as BookOrderDecoder reads it: every book column once (checked
 * below), without the state (every row read so is open), with the terms (exchange, taker, fee
 * recipient) and the pair (tokens and symbols) each side by side, so that a row's block is compared
 * with the previous row's in place (almost every row repeats the terms).
 */
const BOOK_TEXT_ORDER = [
  'hash',
  'version',
  'created_at',
  'maker',
  'exchange',
  'taker',
  'fee_recipient',
  'maker_token',
  'taker_token',
  'maker_token_symbol',
  'taker_token_symbol',
  'maker_token_amount',
  'taker_token_amount',
  'maker_fee',
  'taker_fee',
  'expiration',
  'salt',
  'filled_taker',
  'cancelled_taker',
  'fillable_taker',
  'fillable_maker',
  'v',
  'r',
  's',
  'shortfalls',
] as const satisfies readonly BookColumn[];

/** A type error names any book column BOOK_TEXT_ORDER leaves out. */
const everyBookColumn: Record<Exclude<BookColumn, (typeof BOOK_TEXT_ORDER)[number]>, never> = {};
void everyBookColumn;

/** Each book column's field number in the row text. */
export const BOOK_FIELDS = Object.fromEntries(BOOK_TEXT_ORDER.map((column, i) => [column, i])) as Record<
  (typeof BOOK_TEXT_ORDER)[number],
  number
>;

/** Fields per line of the book's row text. */
export const BOOK_FIELD_COUNT = BOOK_TEXT_ORDER.length;

/** One open row as a line of the book's row text (tab-separated, in BOOK_TEXT_ORDER). */
export const BOOK_TEXT = `concat_ws(E'\\t', ${BOOK_TEXT_ORDER.map((column) => {
  const entry = ORDER_ROW.find((c) => c.column === column) as Extract<Entry, { book: unknown }>;
  return entry.book === true ? column : entry.book;
}).join(', ')})`;
