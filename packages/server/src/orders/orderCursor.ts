import { MAX_UINT256, type OrderSortField, orderSortFields, RelayerError } from '@relayer/protocol';

/**
 * A keyset position: the sort key, receive time and hash of a boundary row (the full tie-break of every
 * sort), the page it leads to, and which way.
 */
export interface OrderCursor {
  key: string;
  /** The row's `created_at` (Unix ms) as decimal digits. */
  created: string;
  hash: string;
  page: number;
  /** `after`: the rows following the boundary (next page); `before`: the rows preceding it (previous page). */
  side: 'after' | 'before';
  sort: OrderSortField;
  direction: 'asc' | 'desc';
}

type CursorTuple = [
  key: string,
  created: string,
  hash: string,
  page: number,
  side: 'a' | 'b',
  sort: OrderSortField,
  direction: 'asc' | 'desc',
];

const HASH = /^0x[0-9a-f]{64}$/;
/** A `created_at` (Unix ms): at most 15 digits, far beyond any clock and exact as a JS number. */
const CREATED = /^\d{1,15}$/;
const SORTS: ReadonlySet<unknown> = new Set(orderSortFields);

/**
 * Whether a decoded cursor has the shape `encodeCursor` writes: exactly the seven elements, each of its
 * type and range (checked by hand: this runs for every keyset page). A cursor of the older six-element
 * format (no receive time) is not one.
 */
function isCursorTuple(value: unknown): value is CursorTuple {
  if (!Array.isArray(value) || value.length !== 7) return false;
  const [key, created, hash, page, side, sort, direction] = value as unknown[];
  return (
    typeof key === 'string' &&
    key.length <= 100 &&
    typeof created === 'string' &&
    CREATED.test(created) &&
    typeof hash === 'string' &&
    HASH.test(hash) &&
    typeof page === 'number' &&
    Number.isSafeInteger(page) &&
    page >= 1 &&
    page <= 1_000_000 &&
    (side === 'a' || side === 'b') &&
    SORTS.has(sort) &&
    (direction === 'asc' || direction === 'desc')
  );
}

/**
 * The SQL type each sort key is cast to (see listOrders and orderSortKey): `decimal` (PostgreSQL's name
 * for numeric with a fraction) for the human amounts, `numeric` for integers up to uint256, which the
 * price keys (at most 10^77) stay within.
 */
export const SORT_KEY_TYPE: Record<OrderSortField, 'numeric' | 'decimal' | 'text' | 'bigint'> = {
  makerFee: 'numeric',
  takerFee: 'numeric',
  makerTokenAmount: 'numeric',
  takerTokenAmount: 'numeric',
  makerToken: 'text',
  takerToken: 'text',
  expirationUnixTimestampSec: 'numeric',
  createdAt: 'bigint',
  makerAmount: 'decimal',
  takerAmount: 'decimal',
  marketPrice: 'numeric',
  askingPrice: 'numeric',
};

const MAX_BIGINT = 2n ** 63n - 1n;
const KEY_IS_VALID: Record<'numeric' | 'decimal' | 'text' | 'bigint', (key: string) => boolean> = {
  // numeric(78,0) columns hold uint256 values: digits only, below 2^256 (which has 78 digits: fewer are below it).
  numeric: (key) => /^\d{1,78}$/.test(key) && (key.length < 78 || BigInt(key) <= MAX_UINT256),
  // A human amount: a uint256 times 10^-decimals (at most 36 fraction digits).
  decimal: (key) => /^\d{1,78}(\.\d{1,36})?$/.test(key),
  // 2^63 has 19 digits: fewer are below it.
  bigint: (key) => /^\d{1,19}$/.test(key) && (key.length < 19 || BigInt(key) <= MAX_BIGINT),
  // PostgreSQL text holds neither NUL nor a lone UTF-16 surrogate (it cannot be encoded as UTF-8).
  text: (key) => !key.includes('\u0000') && !/\p{Cs}/u.test(key),
};

/** Text JSON writes as it is between quotes: printable ASCII but `"` and `\`. */
const PLAIN = /^[\u0020\u0021\u0023-\u005b\u005d-\u007e]*$/;
const quoted = (text: string): string => (PLAIN.test(text) ? `"${text}"` : JSON.stringify(text));

/**
 * Opaque to clients (base64url JSON) but not secret: it only says where a page starts. The JSON is
 * `JSON.stringify` of the tuple, written directly (two per page: a key of digits and a hash are
 * written as they are, anything else through JSON.stringify).
 */
export function encodeCursor(cursor: OrderCursor): string {
  const { key, created, hash, page, side, sort, direction } = cursor;
  return writeCursor(key, created, hash, page, side, sort, direction);
}

/** `encodeCursor` of the cursor these say (no object for it: a page writes two). */
export function writeCursor(
  key: string,
  created: string,
  hash: string,
  page: number,
  side: OrderCursor['side'],
  sort: OrderSortField,
  direction: OrderCursor['direction'],
): string {
  const json = `[${quoted(key)},"${created}",${quoted(hash)},${JSON.stringify(page)},"${side === 'after' ? 'a' : 'b'}",${quoted(sort)},${quoted(direction)}]`;
  return Buffer.from(json).toString('base64url');
}

/** Decodes a cursor sent back by a client; a damaged one, or one from another sort order, is refused. */
export function decodeCursor(text: string, sort: OrderSortField, direction: 'asc' | 'desc'): OrderCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!isCursorTuple(parsed)) {
    throw new RelayerError('INCORRECT_FORMAT', 'is not a cursor this relayer issued', 'cursor');
  }
  const [key, created, hash, page, side, cursorSort, cursorDirection] = parsed;
  if (cursorSort !== sort || cursorDirection !== direction) {
    throw new RelayerError(
      'INCORRECT_FORMAT',
      'belongs to another sort order: drop it or send its sort',
      'cursor',
    );
  }
  // The key is bound as a parameter and cast to the sort column's type: a value that cast would refuse
  // (or a text PostgreSQL cannot store) must be a 400 here, not a failed statement.
  if (!KEY_IS_VALID[SORT_KEY_TYPE[sort]](key)) {
    throw new RelayerError('INCORRECT_FORMAT', 'is not a cursor this relayer issued', 'cursor');
  }
  return { key, created, hash, page, side: side === 'a' ? 'after' : 'before', sort, direction };
}
