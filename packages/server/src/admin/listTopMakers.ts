import type { Queryable } from '../db/Database.js';

export interface AdminMaker {
  maker: string;
  openOrders: number;
  /** Markets (unordered token pairs) the maker has open orders in. */
  markets: number;
}

interface MakerRow {
  maker: string;
  open_orders: number | string;
  markets: number | string;
}

/** The makers with the most open orders on a network, most first. */
export async function listTopMakers(db: Queryable, network: string, limit: number): Promise<AdminMaker[]> {
  const rows = await db.query<MakerRow>(
    `SELECT maker, count(*) AS open_orders,
            count(DISTINCT least(maker_token, taker_token) || greatest(maker_token, taker_token)) AS markets
       FROM orders WHERE network = $1 AND state = 'open'
      GROUP BY maker ORDER BY open_orders DESC, maker LIMIT $2`,
    [network, limit],
  );
  return rows.map((row) => ({
    maker: row.maker,
    openOrders: Number(row.open_orders),
    markets: Number(row.markets),
  }));
}
