import { type Address, type Token, tokenSchema } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/Database.js';
import type { RowEvent } from '../events/BookEvents.js';
import type { RegistryChange } from './fetchWatchedLogs.js';

/** A token whose new symbol was written into its orders. */
export interface SymbolChange {
  tokenAddress: Address;
  symbol: string;
}

/** What the read models must be told once the symbol changes committed. */
export function symbolEvents(network: string, changes: readonly SymbolChange[]): RowEvent[] {
  return changes.map((change) => ({ type: 'symbolChanged', network, ...change }));
}

/**
 * What the read models must be told once registry changes committed: the new symbols, and that the
 * verified tokens may have changed (`verified=only` reads them; they are few, so read again in full).
 */
export function registryEvents(network: string, changes: readonly SymbolChange[]): RowEvent[] {
  return [...symbolEvents(network, changes), { type: 'tokensChanged', network }];
}

/**
 * Mirrors TokenRegistry changes into `tokens` (inside the range's transaction), in chain order. The
 * registry is authoritative: an added token is stored as verified with the registry's metadata, and a
 * user-submitted (unverified) token holding the same symbol gives way; a removed token stays (orders may
 * reference it) but is no longer verified; a renamed or re-symbolled registry token takes its new name
 * or symbol. Entries the token schema refuses, or whose symbol a different verified token still holds,
 * are skipped with a warning - never an error, which would stall the watcher on that block for ever.
 * Resolves to the tokens whose orders took a new symbol.
 */
export async function applyRegistryChanges(
  tx: Queryable,
  network: string,
  changes: readonly RegistryChange[],
  log: FastifyBaseLogger,
): Promise<SymbolChange[]> {
  const symbols: SymbolChange[] = [];
  for (const change of changes) {
    if (change.kind === 'remove') {
      // A token the operator verified stays verified (src/admin/).
      await tx.query('UPDATE tokens SET verified = operator_verified WHERE network = $1 AND address = $2', [
        network,
        change.address,
      ]);
      continue;
    }
    let candidate: unknown;
    if (change.kind === 'add') {
      candidate = {
        address: change.address,
        name: change.name,
        symbol: change.symbol,
        decimals: change.decimals,
      };
    } else {
      // A rename changes one field of a token the registry lists: the rest is what was stored for it.
      const [stored] = await tx.query<{ name: string; symbol: string; decimals: number | string }>(
        'SELECT name, symbol, decimals FROM tokens WHERE network = $1 AND address = $2 AND verified',
        [network, change.address],
      );
      if (!stored) {
        log.warn(
          { network, token: change.address },
          'registry rename skipped: the token is not listed as verified',
        );
        continue;
      }
      candidate = {
        address: change.address,
        name: change.kind === 'name' ? change.name : stored.name,
        symbol: change.kind === 'symbol' ? change.symbol : stored.symbol,
        decimals: Number(stored.decimals),
      };
    }
    const parsed = tokenSchema.safeParse(candidate);
    if (!parsed.success) {
      log.warn(
        { network, token: change.address },
        'registry token skipped: metadata outside the token schema',
      );
      continue;
    }
    const changed = await upsertVerifiedToken(tx, network, parsed.data, log);
    if (changed) symbols.push(changed);
  }
  return symbols;
}

/**
 * Stores a registry token as verified (also used to import the whole registry on a first run and by
 * the periodic registry sync). A changed symbol is also written into the orders that denormalise it
 * (a new version of each), so the book sorts by the symbol the API lists; it is then returned, for the
 * caller to publish once committed.
 */
export async function upsertVerifiedToken(
  tx: Queryable,
  network: string,
  token: Token,
  log: FastifyBaseLogger,
): Promise<SymbolChange | undefined> {
  const holders = await tx.query<{ address: Address; verified: boolean }>(
    'SELECT address, verified FROM tokens WHERE network = $1 AND upper(symbol) = upper($2) AND address <> $3',
    [network, token.symbol, token.address],
  );
  if (holders.some((h) => h.verified)) {
    log.warn(
      { network, token: token.address, symbol: token.symbol },
      'registry token skipped: symbol held by a verified token',
    );
    return undefined;
  }
  if (holders.length > 0) {
    await tx.query('DELETE FROM tokens WHERE network = $1 AND address = ANY($2::text[])', [
      network,
      holders.map((h) => h.address),
    ]);
  }
  const [previous] = await tx.query<{ symbol: string }>(
    'SELECT symbol FROM tokens WHERE network = $1 AND address = $2',
    [network, token.address],
  );
  await tx.query(
    `INSERT INTO tokens (network, address, name, symbol, decimals, verified) VALUES ($1, $2, $3, $4, $5, true)
     ON CONFLICT (network, address) DO UPDATE
       SET name = excluded.name, symbol = excluded.symbol, decimals = excluded.decimals, verified = true`,
    [network, token.address, token.name, token.symbol, token.decimals],
  );
  if (!previous || previous.symbol === token.symbol) return undefined;
  await tx.query(
    'UPDATE orders SET maker_token_symbol = $3, version = version + 1 WHERE network = $1 AND maker_token = $2',
    [network, token.address, token.symbol],
  );
  await tx.query(
    'UPDATE orders SET taker_token_symbol = $3, version = version + 1 WHERE network = $1 AND taker_token = $2',
    [network, token.address, token.symbol],
  );
  return { tokenAddress: token.address, symbol: token.symbol };
}
