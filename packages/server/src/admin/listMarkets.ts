import type { Queryable } from '../db/Database.js';

export interface AdminMarket {
  /** The pair's tokens in address order, each with its symbol. */
  base: { address: string; symbol: string };
  quote: { address: string; symbol: string };
  /** Open orders selling the base token, and selling the quote token. */
  baseSells: number;
  quoteSells: number;
  openOrders: number;
}

interface MarketRow {
  base: string;
  quote: string;
  base_symbol: string;
  quote_symbol: string;
  base_sells: number | string;
  quote_sells: number | string;
  open_orders: number | string;
}

/** The open book per market (unordered token pair), the fullest first. */
export async function listMarkets(db: Queryable, network: string, limit: number): Promise<AdminMarket[]> {
  const rows = await db.query<MarketRow>(
    `SELECT base, quote,
            min(CASE WHEN maker_token = base THEN maker_token_symbol ELSE taker_token_symbol END) AS base_symbol,
            min(CASE WHEN maker_token = base THEN taker_token_symbol ELSE maker_token_symbol END) AS quote_symbol,
            count(*) FILTER (WHERE maker_token = base) AS base_sells,
            count(*) FILTER (WHERE maker_token = quote) AS quote_sells,
            count(*) AS open_orders
       FROM (SELECT least(maker_token, taker_token) AS base, greatest(maker_token, taker_token) AS quote,
                    maker_token, taker_token, maker_token_symbol, taker_token_symbol
               FROM orders WHERE network = $1 AND state = 'open') AS open
      GROUP BY base, quote ORDER BY open_orders DESC, base, quote LIMIT $2`,
    [network, limit],
  );
  return rows.map((row) => ({
    base: { address: row.base, symbol: row.base_symbol },
    quote: { address: row.quote, symbol: row.quote_symbol },
    baseSells: Number(row.base_sells),
    quoteSells: Number(row.quote_sells),
    openOrders: Number(row.open_orders),
  }));
}
