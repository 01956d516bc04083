import type { Queryable } from '../db/Database.js';

export interface ValidatedOrder {
  hash: string;
  maker: string;
  /** The block its stored state was read at. */
  validatedBlock: bigint;
}

/**
 * Live (open or unfunded) orders whose stored chain state was read at a block before `block`: orders
 * accepted since the watcher last looked at the book, and any the watcher may have missed events of.
 * Uses the partial index `orders_live_validated_block`; in a steady state this is only the orders
 * accepted since the previous tick.
 */
export async function loadOrdersValidatedBefore(
  db: Queryable,
  network: string,
  block: bigint,
): Promise<ValidatedOrder[]> {
  const rows = await db.query<{ hash: string; maker: string; validated_block: string }>(
    `SELECT hash, maker, validated_block::text FROM orders
      WHERE network = $1 AND state IN ('open', 'unfunded') AND validated_block < $2`,
    [network, block.toString()],
  );
  return rows.map((r) => ({ hash: r.hash, maker: r.maker, validatedBlock: BigInt(r.validated_block) }));
}
