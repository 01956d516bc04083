import type { PriceSourceName } from '@relayer/protocol';
import type { Config } from '../config.js';
import { contractKey } from './contractKey.js';
import { createPriceSource } from './createPriceSource.js';
import { errorText } from './errorText.js';
import type { ContractRef, PriceQuote } from './PriceSource.js';
import { staticQuotes } from './staticQuotes.js';

export interface PriceLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export type PriceCacheOptions = Config['prices'] & {
  fetch: typeof fetch;
  now: () => number;
  log: PriceLog;
  /** The token contracts on these chains worth pricing by address, read at each refresh of a source that can. */
  contracts?: (chainIds: ReadonlySet<number>) => Promise<readonly ContractRef[]>;
};

/** What the cache holds at one moment; the rates route turns it into the answer. */
export interface PriceSnapshot {
  /** Where the symbol prices come from: `static` until the configured source has priced any symbol. */
  source: PriceSourceName;
  /** Quotes by upper-case market symbol. */
  symbols: ReadonlyMap<string, PriceQuote>;
  /** Quotes by `contractKey(chainId, address)`. */
  contracts: ReadonlyMap<string, PriceQuote>;
  /** ISO time of the last refresh that brought any prices; null while static. */
  updatedAt: string | null;
  /** The last refresh is older than `maxAgeMs` (or, with a source configured, none has answered for that long). */
  stale: boolean;
  /** Unix ms at which `stale` turns true, while it is false and will. */
  staleAt: number | null;
  /** When this snapshot was taken (unix ms) and the age limit that judges it. */
  at: number;
  maxAgeMs: number;
  /** Changes whenever the quotes do. */
  version: number;
}

export interface PriceCache {
  /** Loads the first prices (bounded by timeoutMs) and starts the one refresh timer; idempotent. */
  start(): Promise<void>;
  /** Clears the timer and cancels requests in flight. */
  stop(): void;
  get(): PriceSnapshot;
  /** One refresh now; joins the one in flight rather than starting a second. */
  refresh(): Promise<void>;
}

/**
 * USD prices from the configured source (`createPriceSource`), refreshed every `refreshMs`. Failures keep
 * the last good values: a refresh merges whatever answered over the previous quotes, and each quote
 * keeps its own time, so what was not refreshed turns stale by age. At most `maxContracts` contracts are
 * priced per refresh (anyone can add tokens; the API budget is the operator's): verified tokens first,
 * in turns if they alone exceed it, and unverified ones take turns in what is left, so however many
 * tokens are added, they cannot push a verified token's price into stale. Until
 * the source first prices a symbol, and with no source at all, the static example prices serve.
 */
export function createPriceCache(options: PriceCacheOptions): PriceCache {
  const { refreshMs, maxAgeMs, maxContracts, now, log } = options;
  const source = createPriceSource(options, { fetch: options.fetch, now });
  const stopper = new AbortController();
  let symbols = new Map<string, PriceQuote>();
  let contracts = new Map<string, PriceQuote>();
  let updatedAt: number | undefined;
  let startedAt: number | undefined;
  let version = 0;
  const cursors = { verified: 0, unverified: 0 };
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;

  async function wantedContracts(chains: ReadonlySet<number>): Promise<ContractRef[]> {
    if (chains.size === 0 || maxContracts === 0 || !options.contracts) return [];
    try {
      const byKey = new Map<string, ContractRef>();
      for (const c of await options.contracts(chains)) {
        if (!chains.has(c.chainId)) continue;
        const key = contractKey(c.chainId, c.address);
        // Listed twice (two networks on one chain): verified if either says so.
        byKey.set(key, { ...c, verified: Boolean(c.verified || byKey.get(key)?.verified) });
      }
      return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
    } catch (error) {
      log.warn({ error: errorText(error) }, 'price source: could not list the token contracts to price');
      return [];
    }
  }

  async function refreshOnce(): Promise<void> {
    if (!source) return;
    const wanted = await wantedContracts(source.contractChains);
    const verified = wanted.filter((c) => c.verified);
    const first = takeTurn(verified, maxContracts, 'verified');
    const turn = [
      ...first,
      ...takeTurn(
        wanted.filter((c) => !c.verified),
        maxContracts - first.length,
        'unverified',
      ),
    ];
    const batch = await source.fetchPrices(turn, stopper.signal);
    if (stopper.signal.aborted) return;
    if (batch.failures.length > 0)
      log.warn({ failed: batch.failures }, 'price source: some requests failed; keeping earlier prices');
    const keep = new Set(wanted.map((c) => contractKey(c.chainId, c.address)));
    const kept = [...contracts].filter(([key]) => keep.has(key));
    if (batch.symbols.size === 0 && batch.contracts.size === 0) {
      if (kept.length !== contracts.size) bump(symbols, new Map(kept));
      return;
    }
    bump(new Map([...symbols, ...batch.symbols]), new Map([...kept, ...batch.contracts]));
    updatedAt = now();
  }

  /** At most `budget` of `list`, the next ones in its ring after those the last turn took. */
  function takeTurn(list: ContractRef[], budget: number, ring: keyof typeof cursors): ContractRef[] {
    if (list.length <= budget) return list;
    if (budget <= 0) return [];
    const start = cursors[ring] % list.length;
    cursors[ring] = start + budget;
    return [...list.slice(start), ...list.slice(0, start)].slice(0, budget);
  }

  function bump(nextSymbols: Map<string, PriceQuote>, nextContracts: Map<string, PriceQuote>) {
    symbols = nextSymbols;
    contracts = nextContracts;
    version += 1;
  }

  function refresh(): Promise<void> {
    if (!source || stopper.signal.aborted) return Promise.resolve();
    inFlight ??= refreshOnce()
      .catch((error: unknown) => log.warn({ error: errorText(error) }, 'price source: refresh failed'))
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    async start() {
      if (startedAt !== undefined || stopper.signal.aborted) return;
      startedAt = now();
      if (!source) return;
      timer = setInterval(() => void refresh(), refreshMs);
      timer.unref();
      await refresh();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      stopper.abort();
    },
    get() {
      const at = now();
      const live = source !== undefined && symbols.size > 0 && updatedAt !== undefined;
      // With a source configured, static prices go stale once it has been unreachable that long.
      const since = live ? updatedAt : source && startedAt !== undefined ? startedAt : undefined;
      const staleAt = since === undefined ? null : since + maxAgeMs + 1;
      return {
        source: live && source ? source.name : 'static',
        symbols: live ? symbols : staticQuotes,
        contracts,
        updatedAt: live && updatedAt !== undefined ? new Date(updatedAt).toISOString() : null,
        stale: staleAt !== null && at >= staleAt,
        staleAt: staleAt !== null && at < staleAt ? staleAt : null,
        at,
        maxAgeMs,
        version: live ? version : -1 - version,
      };
    },
    refresh,
  };
}
