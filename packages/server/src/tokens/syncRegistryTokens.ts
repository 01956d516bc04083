import { type Token, tokenSchema } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/Database.js';
import { type SymbolChange, upsertVerifiedToken } from '../watcher/applyRegistryChanges.js';

export interface SyncResult {
  verified: number;
  skipped: string[];
  /** Tokens whose orders took a new symbol (to publish: the read models sort by it). */
  symbols: SymbolChange[];
}

/**
 * Makes a network's `tokens` mirror its whole TokenRegistry, with the watcher's rule for each entry
 * (`upsertVerifiedToken`: the registry's metadata, verified, a squatting unverified token gives way).
 * Tokens that left the registry become unverified unless the operator verified them; they stay, since
 * orders may reference them. Entries
 * outside the token schema (e.g. decimals above 36) are skipped.
 */
export async function syncRegistryTokens(
  db: Database,
  network: string,
  registry: readonly Token[],
  log: FastifyBaseLogger,
): Promise<SyncResult> {
  const skipped: string[] = [];
  const listed: Token[] = [];
  const symbols: SymbolChange[] = [];
  for (const entry of registry) {
    const parsed = tokenSchema.safeParse({ ...entry, address: entry.address.toLowerCase() });
    if (parsed.success) listed.push(parsed.data);
    else skipped.push(entry.address);
  }
  await db.transaction(async (tx) => {
    for (const token of listed) {
      const changed = await upsertVerifiedToken(tx, network, token, log);
      if (changed) symbols.push(changed);
    }
    await tx.query(
      'UPDATE tokens SET verified = false WHERE network = $1 AND verified AND NOT operator_verified AND NOT (address = ANY($2::text[]))',
      [network, listed.map((t) => t.address)],
    );
  });
  return { verified: listed.length, skipped, symbols };
}
