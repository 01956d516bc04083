import type { OrderRecord } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';
import { EXACT_PRICE_SCALE } from './queryOrderbook.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from './rowToOrderRecord.js';

/** The filters of SRA v0 `GET /v0/orders` (PROTOCOL.md §9.2), all optional. */
export interface SraOrderFilters {
  exchangeContractAddress?: string | undefined;
  tokenAddress?: string | undefined;
  makerTokenAddress?: string | undefined;
  takerTokenAddress?: string | undefined;
  maker?: string | undefined;
  taker?: string | undefined;
  trader?: string | undefined;
  feeRecipient?: string | undefined;
}

/**
 * Open orders matching every given filter, one page of them, and how many match in all. v0 leaves the
 * order unspecified except with both token filters, where it is ascending price (takerTokenAmount /
 * makerTokenAmount); otherwise oldest first, so pages are stable.
 */
export async function findSraOrders(
  db: Queryable,
  network: string,
  filters: SraOrderFilters,
  page: number,
  perPage: number,
): Promise<{ orders: OrderRecord[]; total: number }> {
  const params: unknown[] = [network];
  const conditions = ['network = $1', "state = 'open'"];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const equal = (column: string, value: string | undefined) => {
    if (value !== undefined) conditions.push(`${column} = ${bind(value)}`);
  };
  equal('exchange', filters.exchangeContractAddress);
  equal('maker_token', filters.makerTokenAddress);
  equal('taker_token', filters.takerTokenAddress);
  equal('maker', filters.maker);
  equal('taker', filters.taker);
  equal('fee_recipient', filters.feeRecipient);
  if (filters.tokenAddress !== undefined) {
    const token = bind(filters.tokenAddress);
    conditions.push(`(maker_token = ${token} OR taker_token = ${token})`);
  }
  if (filters.trader !== undefined) {
    const trader = bind(filters.trader);
    conditions.push(`(maker = ${trader} OR taker = ${trader})`);
  }
  const where = conditions.join(' AND ');
  const countParams = [...params];
  const byPrice = filters.makerTokenAddress !== undefined && filters.takerTokenAddress !== undefined;
  const orderBy = byPrice
    ? `div(taker_token_amount * ${EXACT_PRICE_SCALE}, maker_token_amount) ASC, created_at ASC, hash ASC`
    : 'created_at ASC, hash ASC';
  const limit = bind(perPage);
  const offset = bind((page - 1) * perPage);
  const [rows, counted] = await Promise.all([
    db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    db.query<{ total: number | string }>(`SELECT count(*) AS total FROM orders WHERE ${where}`, countParams),
  ]);
  return { orders: rows.map(rowToOrderRecord), total: Number(counted[0]?.total ?? 0) };
}
