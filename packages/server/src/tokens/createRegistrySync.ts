import type { Token } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/Database.js';
import type { BookEvents } from '../events/BookEvents.js';
import { registryEvents } from '../watcher/applyRegistryChanges.js';
import type { TokenDirectory } from './createTokenDirectory.js';
import type { ListedToken } from './lists/listedTokensForChain.js';
import { syncRegistryTokens } from './syncRegistryTokens.js';

export interface RegistrySyncOptions {
  db: Database;
  network: string;
  getRegistryTokens: () => Promise<Token[]>;
  /** The operator's token lists' entries for this network, checked on the chain; none when unset. */
  getListedTokens?: () => Promise<ListedToken[]>;
  tokens: TokenDirectory;
  now: () => number;
  log: FastifyBaseLogger;
  /** A sync on demand within this long of the last attempt is skipped (so a dead node is not asked per request). */
  minIntervalMs?: number;
  /** Where new symbols written into orders and changed verified tokens are published (for the read models). */
  events?: Pick<BookEvents, 'publish'>;
}

export interface RegistrySync {
  /** Syncs now (joining one in flight). Throws what the chain or database threw. */
  sync(): Promise<void>;
  /** Syncs unless one was attempted within `minIntervalMs`; never throws (failures are logged). */
  syncIfStale(): Promise<void>;
}

/** Keeps one network's verified tokens in step with its TokenRegistry and token lists: at startup and on demand. */
export function createRegistrySync(options: RegistrySyncOptions): RegistrySync {
  const { db, network, getRegistryTokens, tokens, now, log } = options;
  const minIntervalMs = options.minIntervalMs ?? 30_000;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | undefined;

  const sync = (): Promise<void> => {
    inFlight ??= (async () => {
      lastAttempt = now();
      try {
        const registry = await getRegistryTokens();
        const listed = (await options.getListedTokens?.()) ?? [];
        const result = await syncRegistryTokens(db, network, registry, log, listed);
        for (const event of registryEvents(network, result.symbols)) {
          await options.events?.publish(event).catch((err: unknown) => {
            log.warn({ network, err }, 'publishing a registry change failed');
          });
        }
        if (result.skipped.length > 0)
          log.warn({ network, skipped: result.skipped }, 'registry tokens skipped');
        log.info({ network, verified: result.verified, listed: result.listed }, 'token registry synced');
      } finally {
        tokens.invalidate(network);
        inFlight = undefined;
      }
    })();
    return inFlight;
  };

  return {
    sync,
    async syncIfStale() {
      // A sync under way is joined, so a caller that checks the tokens afterwards sees its result.
      if (inFlight) return inFlight.catch(() => {});
      if (now() - lastAttempt < minIntervalMs) return;
      try {
        await sync();
      } catch (error) {
        log.warn({ network, err: error }, 'token registry sync failed');
      }
    },
  };
}
