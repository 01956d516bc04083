import { type Address, type Token, tokenSchema } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/Database.js';
import type { RegistryChange } from './fetchWatchedLogs.js';

/**
 * Mirrors TokenRegistry additions and removals into `tokens` (inside the range's transaction). The
 * registry is authoritative: an added token is stored as verified with the registry's metadata, and a
 * user-submitted (unverified) token holding the same symbol gives way. Entries the token schema refuses,
 * or whose symbol a different verified token still holds, are skipped with a warning - never an error,
 * which would stall the watcher on that block for ever.
 */
export async function applyRegistryChanges(
  tx: Queryable,
  network: string,
  changes: readonly RegistryChange[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const change of changes) {
    if (change.kind === 'remove') {
      await tx.query('UPDATE tokens SET verified = false WHERE network = $1 AND address = $2', [
        network,
        change.address,
      ]);
      continue;
    }
    const parsed = tokenSchema.safeParse({
      address: change.address,
      name: change.name,
      symbol: change.symbol,
      decimals: change.decimals,
    });
    if (!parsed.success) {
      log.warn(
        { network, token: change.address },
        'registry token skipped: metadata outside the token schema',
      );
      continue;
    }
    await upsertVerifiedToken(tx, network, parsed.data, log);
  }
}

/** Stores a registry token as verified (also used to import the whole registry on a first run). */
export async function upsertVerifiedToken(
  tx: Queryable,
  network: string,
  token: Token,
  log: FastifyBaseLogger,
): Promise<void> {
  const holders = await tx.query<{ address: Address; verified: boolean }>(
    'SELECT address, verified FROM tokens WHERE network = $1 AND upper(symbol) = upper($2) AND address <> $3',
    [network, token.symbol, token.address],
  );
  if (holders.some((h) => h.verified)) {
    log.warn(
      { network, token: token.address, symbol: token.symbol },
      'registry token skipped: symbol held by a verified token',
    );
    return;
  }
  if (holders.length > 0) {
    await tx.query('DELETE FROM tokens WHERE network = $1 AND address = ANY($2::text[])', [
      network,
      holders.map((h) => h.address),
    ]);
  }
  await tx.query(
    `INSERT INTO tokens (network, address, name, symbol, decimals, verified) VALUES ($1, $2, $3, $4, $5, true)
     ON CONFLICT (network, address) DO UPDATE
       SET name = excluded.name, symbol = excluded.symbol, decimals = excluded.decimals, verified = true`,
    [network, token.address, token.name, token.symbol, token.decimals],
  );
}
