import type { Queryable } from '../db/Database.js';

export interface AdminToken {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  /** Verified: in the TokenRegistry, or by the operator (`operatorVerified`). */
  verified: boolean;
  operatorVerified: boolean;
  /** Unlisted by the operator: its orders are out of the book and new ones refused. */
  unlisted: boolean;
  /** Open orders with this token on either side. */
  openOrders: number;
}

interface TokenRow {
  address: string;
  symbol: string;
  name: string;
  decimals: number | string;
  verified: boolean;
  operator_verified: boolean;
  unlisted: boolean;
  open_orders: number | string;
}

/** Every token of a network, unlisted ones included, by symbol. */
export async function listAdminTokens(db: Queryable, network: string): Promise<AdminToken[]> {
  const rows = await db.query<TokenRow>(
    `SELECT t.address, t.symbol, t.name, t.decimals, t.verified, t.operator_verified, t.unlisted,
            (SELECT count(*) FROM orders o WHERE o.network = t.network AND o.state = 'open'
                AND (o.maker_token = t.address OR o.taker_token = t.address)) AS open_orders
       FROM tokens t WHERE t.network = $1 ORDER BY upper(t.symbol), t.address`,
    [network],
  );
  return rows.map((row) => ({
    address: row.address,
    symbol: row.symbol,
    name: row.name,
    decimals: Number(row.decimals),
    verified: row.verified,
    operatorVerified: row.operator_verified,
    unlisted: row.unlisted,
    openOrders: Number(row.open_orders),
  }));
}
