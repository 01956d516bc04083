import { type Token, tokenSchema } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/Database.js';
import { type SymbolChange, upsertVerifiedToken } from '../watcher/applyRegistryChanges.js';
import type { ListedToken } from './lists/listedTokensForChain.js';

export interface SyncResult {
  verified: number;
  /** Token-list entries taken (verified, or already verified by the registry). */
  listed: number;
  skipped: string[];
  /** Tokens whose orders took a new symbol (to publish: the read models sort by it). */
  symbols: SymbolChange[];
}

/**
 * Makes a network's verified `tokens` mirror its whole TokenRegistry and the operator's token lists,
 * with the watcher's rule for each entry (`upsertVerifiedToken`: the registry's metadata, verified, a
 * squatting unverified token gives way); a token on both keeps the registry's metadata and gains the
 * lists' names. Tokens that left both become unverified unless the operator verified them; they stay,
 * since orders may reference them. Entries outside the token schema (e.g. decimals above 36) are skipped.
 */
export async function syncRegistryTokens(
  db: Database,
  network: string,
  registry: readonly Token[],
  log: FastifyBaseLogger,
  listedTokens: readonly ListedToken[] = [],
): Promise<SyncResult> {
  const skipped: string[] = [];
  const listed: Token[] = [];
  const symbols: SymbolChange[] = [];
  for (const entry of registry) {
    const parsed = tokenSchema.safeParse({ ...entry, address: entry.address.toLowerCase() });
    if (parsed.success) listed.push(parsed.data);
    else skipped.push(entry.address);
  }
  const inRegistry = new Set(listed.map((t) => t.address));
  const fromLists: ListedToken[] = [];
  for (const entry of listedTokens) {
    const { lists, ...token } = entry;
    if (inRegistry.has(entry.address) || tokenSchema.safeParse(token).success) fromLists.push(entry);
    else skipped.push(entry.address);
  }
  await db.transaction(async (tx) => {
    for (const token of listed) {
      const changed = await upsertVerifiedToken(tx, network, token, log);
      if (changed) symbols.push(changed);
    }
    for (const entry of fromLists) {
      if (!inRegistry.has(entry.address)) {
        const { lists, ...token } = entry;
        const changed = await upsertVerifiedToken(tx, network, token, log);
        if (changed) symbols.push(changed);
      }
    }
    await tx.query(
      "UPDATE tokens SET list_names = '{}' WHERE network = $1 AND cardinality(list_names) > 0 AND NOT (address = ANY($2::text[]))",
      [network, fromLists.map((t) => t.address)],
    );
    for (const entry of fromLists) {
      // Only where it is verified: a symbol held by another verified token kept this one out.
      await tx.query(
        'UPDATE tokens SET list_names = $3::text[] WHERE network = $1 AND address = $2 AND verified',
        [network, entry.address, entry.lists],
      );
    }
    await tx.query(
      'UPDATE tokens SET verified = false WHERE network = $1 AND verified AND NOT operator_verified AND NOT (address = ANY($2::text[]))',
      [network, [...listed, ...fromLists].map((t) => t.address)],
    );
  });
  return { verified: listed.length, listed: fromLists.length, skipped, symbols };
}
