import type { TradeListResponse, TradeQuery } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';
import { rowToTradeRecord, TRADE_COLUMNS, type TradeRow } from './rowToTradeRecord.js';
import { decodeTradeCursor, encodeTradeCursor, type TradePosition } from './tradeCursor.js';

/**
 * Most rows one page reads per index seek when several filters combine: the page is cut there and
 * `nextCursor` continues from where the reading stopped, so no page costs more than this whatever the
 * filters (a single filter, a market or a trader reads about one page).
 */
export const TRADE_SCAN_LIMIT = 5000;

export interface ListTradesOptions {
  scanLimit?: number;
}

type Filters = Omit<TradeQuery, 'cursor' | 'per_page'>;
/** Column equalities that make up an index prefix (migration 006's `trades_by_*`). */
type Seek = (readonly [column: string, value: string])[];

/**
 * One page of `GET /trades`, newest first (block number, then log index). The filters are read through
 * one index seek, or two merged (a trader on either side, a token on either side, a market in either
 * direction); filters the seek does not cover are checked on the rows it reads, at most `scanLimit` of
 * them per seek, and the page then ends where the reading stopped (possibly short, with a cursor).
 */
export async function listTrades(
  db: Queryable,
  network: string,
  query: TradeQuery,
  options: ListTradesOptions = {},
): Promise<TradeListResponse> {
  const scanLimit = options.scanLimit ?? TRADE_SCAN_LIMIT;
  const after = query.cursor ? decodeTradeCursor(query.cursor) : undefined;
  const want = query.per_page + 1;
  const { seeks, covered } = planSeeks(query);
  const residual = residualConditions(query, covered);

  const branches = await Promise.all(
    seeks.map(async (seek) => {
      const params: unknown[] = [network];
      const bind = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      const where = ['network = $1', ...seek.map(([column, value]) => `${column} = ${bind(value)}`)];
      if (after) {
        where.push(
          `(block_number, log_index) < (${bind(String(after.blockNumber))}::bigint, ${bind(after.logIndex)}::integer)`,
        );
      }
      const seekSql = `FROM trades WHERE ${where.join(' AND ')} ORDER BY block_number DESC, log_index DESC`;
      const seekParams = [...params];
      if (residual.length === 0) {
        const rows = await db.query<TradeRow>(
          `SELECT ${TRADE_COLUMNS} ${seekSql} LIMIT ${bind(want)}`,
          params,
        );
        return { rows, boundary: rows.length === want ? positionOf(rows[want - 1] as TradeRow) : null };
      }
      const residualSql = residual.map((condition) => condition(bind)).join(' AND ');
      const rows = await db.query<TradeRow>(
        `SELECT ${TRADE_COLUMNS} FROM (SELECT * ${seekSql} LIMIT ${bind(scanLimit)}) AS scanned
          WHERE ${residualSql} ORDER BY block_number DESC, log_index DESC LIMIT ${bind(want)}`,
        params,
      );
      if (rows.length === want) return { rows, boundary: positionOf(rows[want - 1] as TradeRow) };
      // Fewer hits than wanted: the seek's rows are known down to the last one it may read, if it has that many.
      const [last] = await db.query<Pick<TradeRow, 'block_number' | 'log_index'>>(
        `SELECT block_number, log_index ${seekSql} LIMIT 1 OFFSET $${seekParams.length + 1}`,
        [...seekParams, scanLimit - 1],
      );
      return { rows, boundary: last ? positionOf(last) : null };
    }),
  );

  // Every matching trade at or above `boundary` is among the rows read; below it, nothing is known.
  const boundaries = branches.map((b) => b.boundary).filter((b): b is TradePosition => b !== null);
  const boundary = boundaries.reduce<TradePosition | null>(
    (newest, b) => (newest === null || compare(b, newest) > 0 ? b : newest),
    null,
  );
  const seen = new Set<string>();
  const merged = branches
    .flatMap((b) => b.rows)
    .filter((row) => {
      const key = `${row.block_number}:${row.log_index}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return boundary === null || compare(positionOf(row), boundary) >= 0;
    })
    .sort((a, b) => compare(positionOf(b), positionOf(a)));
  const page = merged.slice(0, query.per_page);
  const last = page[page.length - 1];
  const next = merged.length > query.per_page && last ? positionOf(last) : boundary;
  return { trades: page.map(rowToTradeRecord), nextCursor: next ? encodeTradeCursor(next) : null };
}

function positionOf(row: Pick<TradeRow, 'block_number' | 'log_index'>): TradePosition {
  return { blockNumber: Number(row.block_number), logIndex: Number(row.log_index) };
}

function compare(a: TradePosition, b: TradePosition): number {
  return a.blockNumber - b.blockNumber || a.logIndex - b.logIndex;
}

type FilterKey = keyof Filters;

/** The seek of one side of a market: trades selling `makerToken` for `takerToken`. */
const pairSeek = (makerToken: string, takerToken: string): Seek => [
  ['maker_token', makerToken],
  ['taker_token', takerToken],
];

/**
 * The index seek(s) for the query's most selective filter: an order, then an account (maker, taker,
 * trader), then a market, then a token. `covered` lists the filters the seeks express exactly.
 */
function planSeeks(q: Filters): { seeks: Seek[]; covered: FilterKey[] } {
  if (q.orderHash) return { seeks: [[['order_hash', q.orderHash]]], covered: ['orderHash'] };
  if (q.maker) return { seeks: [[['maker', q.maker]]], covered: ['maker'] };
  if (q.taker) return { seeks: [[['taker', q.taker]]], covered: ['taker'] };
  if (q.trader) return { seeks: [[['maker', q.trader]], [['taker', q.trader]]], covered: ['trader'] };
  const { baseTokenAddress: base, quoteTokenAddress: quote } = q;
  if (base && quote) {
    return {
      seeks: [pairSeek(base, quote), pairSeek(quote, base)],
      covered: ['baseTokenAddress', 'quoteTokenAddress'],
    };
  }
  const { makerTokenAddress: makerToken, takerTokenAddress: takerToken } = q;
  if (makerToken && takerToken) {
    return { seeks: [pairSeek(makerToken, takerToken)], covered: ['makerTokenAddress', 'takerTokenAddress'] };
  }
  if (makerToken) return { seeks: [[['maker_token', makerToken]]], covered: ['makerTokenAddress'] };
  if (takerToken) return { seeks: [[['taker_token', takerToken]]], covered: ['takerTokenAddress'] };
  if (q.tokenAddress) {
    return {
      seeks: [[['maker_token', q.tokenAddress]], [['taker_token', q.tokenAddress]]],
      covered: ['tokenAddress'],
    };
  }
  return { seeks: [[]], covered: [] };
}

type Condition = (bind: (value: unknown) => string) => string;

/** SQL conditions for the filters the seeks do not cover, checked on the rows they read. */
function residualConditions(q: Filters, covered: readonly FilterKey[]): Condition[] {
  const open = (key: FilterKey) => q[key] !== undefined && !covered.includes(key);
  const conditions: Condition[] = [];
  const equals = (key: FilterKey, column: string) => {
    if (open(key)) conditions.push((bind) => `${column} = ${bind(q[key])}`);
  };
  equals('orderHash', 'order_hash');
  equals('maker', 'maker');
  equals('taker', 'taker');
  equals('makerTokenAddress', 'maker_token');
  equals('takerTokenAddress', 'taker_token');
  if (open('trader')) {
    conditions.push((bind) => {
      const trader = bind(q.trader);
      return `(maker = ${trader} OR taker = ${trader})`;
    });
  }
  if (open('tokenAddress')) {
    conditions.push((bind) => {
      const token = bind(q.tokenAddress);
      return `(maker_token = ${token} OR taker_token = ${token})`;
    });
  }
  if (open('baseTokenAddress') && q.quoteTokenAddress) {
    conditions.push((bind) => {
      const [base, quote] = [bind(q.baseTokenAddress), bind(q.quoteTokenAddress)];
      return `((maker_token = ${base} AND taker_token = ${quote}) OR (maker_token = ${quote} AND taker_token = ${base}))`;
    });
  }
  return conditions;
}
