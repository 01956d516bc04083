import type { Queryable } from '../../db/Database.js';

/** The network's verified tokens (listed in the TokenRegistry), for `NetworkBook.verifiedTokens`. */
export async function readVerifiedTokens(db: Queryable, network: string): Promise<ReadonlySet<string>> {
  const rows = await db.query<{ address: string }>(
    'SELECT address FROM tokens WHERE network = $1 AND verified',
    [network],
  );
  return new Set(rows.map((row) => row.address));
}
