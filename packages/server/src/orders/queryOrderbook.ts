import type { Address, OrderRecord } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from './rowToOrderRecord.js';

/** Default and largest number of orders per side. */
export const ORDERBOOK_DEFAULT_LIMIT = 100;
export const ORDERBOOK_MAX_LIMIT = 1000;

/**
 * Integer quotients scaled by 10^155 order prices exactly: two different quotients of uint256s differ
 * by at least 1/(b·d) > 1/2^512 ≈ 7.5·10^-155, so scaled they are more than 1 apart and their floors
 * differ (numeric division would round to ~16 significant digits, 10^40 to 40 decimals). The read model
 * compares the same prices by cross-multiplying; both must agree order for order.
 */
export const EXACT_PRICE_SCALE = '1e155';
const BID_PRICE = `div(maker_token_amount * ${EXACT_PRICE_SCALE}, taker_token_amount)`;
const ASK_PRICE = `div(taker_token_amount * ${EXACT_PRICE_SCALE}, maker_token_amount)`;
const TIE_BREAK = '(maker_fee + taker_fee) ASC, expiration ASC, created_at ASC, hash ASC';

/**
 * The open book of one pair (SRA v0 §9.2): `bids` are orders that buy the base token (taker token =
 * base, maker token = quote), best (highest quote per base, makerTokenAmount / takerTokenAmount) first;
 * `asks` sell it (maker token = base, taker token = quote), best (lowest takerTokenAmount /
 * makerTokenAmount) first. Ties: lower total fees (makerFee + takerFee) first, then earlier expiration,
 * then earlier received, then hash so pages are stable. `limit` caps each side (default 100, at most 1000); `offset` skips
 * that many of each side (SRA paging).
 */
export async function queryOrderbook(
  db: Queryable,
  network: string,
  base: Address,
  quote: Address,
  limit: number = ORDERBOOK_DEFAULT_LIMIT,
  offset = 0,
): Promise<{ bids: OrderRecord[]; asks: OrderRecord[] }> {
  const size = Math.max(0, Math.min(Math.floor(limit), ORDERBOOK_MAX_LIMIT));
  const skip = Math.max(0, Math.floor(offset));
  const side = (price: string, direction: 'ASC' | 'DESC') =>
    `SELECT ${ORDER_COLUMNS} FROM orders
      WHERE network = $1 AND state = 'open' AND maker_token = $2 AND taker_token = $3
      ORDER BY ${price} ${direction}, ${TIE_BREAK} LIMIT $4 OFFSET $5`;
  const [bids, asks] = await Promise.all([
    db.query<OrderRow>(side(BID_PRICE, 'DESC'), [network, quote, base, size, skip]),
    db.query<OrderRow>(side(ASK_PRICE, 'ASC'), [network, base, quote, size, skip]),
  ]);
  return { bids: bids.map(rowToOrderRecord), asks: asks.map(rowToOrderRecord) };
}

/**
 * The open orders selling `makerToken` for `takerToken`, the best for a taker (most maker token per
 * taker token) first: the ask side of `queryOrderbook` for the market base `makerToken`, same order.
 */
export async function queryPairOrders(
  db: Queryable,
  network: string,
  makerToken: Address,
  takerToken: Address,
  limit: number,
): Promise<OrderRecord[]> {
  const size = Math.max(0, Math.min(Math.floor(limit), ORDERBOOK_MAX_LIMIT));
  const rows = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders
      WHERE network = $1 AND state = 'open' AND maker_token = $2 AND taker_token = $3
      ORDER BY ${ASK_PRICE} ASC, ${TIE_BREAK} LIMIT $4`,
    [network, makerToken, takerToken, size],
  );
  return rows.map(rowToOrderRecord);
}

/** How many open bids and asks a pair has (for SRA paging links). */
export async function countOrderbook(db: Queryable, network: string, base: Address, quote: Address) {
  const rows = await db.query<{ bids: number | string; asks: number | string }>(
    `SELECT count(*) FILTER (WHERE taker_token = $2) AS bids, count(*) FILTER (WHERE maker_token = $2) AS asks
       FROM orders WHERE network = $1 AND state = 'open'
        AND ((maker_token = $3 AND taker_token = $2) OR (maker_token = $2 AND taker_token = $3))`,
    [network, base, quote],
  );
  return { bids: Number(rows[0]?.bids ?? 0), asks: Number(rows[0]?.asks ?? 0) };
}
