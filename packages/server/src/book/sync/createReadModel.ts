import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseUnavailableError } from '../../db/DatabaseUnavailableError.js';
import type { BookEvent } from '../../events/BookEvents.js';
import { NetworkBook } from '../model/NetworkBook.js';
import { readOpenOrders } from '../store/readOpenOrders.js';
import { type ReadRows, readRowsByHash } from '../store/readRowsByHash.js';
import { readVerifiedTokens } from '../store/readVerifiedTokens.js';
import { applyChange, type ChangeContext } from './applyChange.js';
import type { Change, NetworkState } from './NetworkState.js';
import type { ReadModel, ReadModelOptions } from './ReadModel.js';

export type { ReadModel, ReadModelLog, ReadModelOptions } from './ReadModel.js';

/** Hashes per re-read statement. */
const REREAD_CHUNK = 1000;
/**
 * How long a removal is remembered (between one and two of these): a change older than the removal
 * that arrives later (another instance's NOTIFY overtaken) is refused instead of bringing the order back.
 */
export const TOMBSTONE_MS = 60_000;
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];
/**
 * How long one turn of the background index build may run (then requests and deliveries get the event
 * loop): a slice stops at the first unit of work that ends after this.
 */
export const BACKGROUND_SLICE_MS = 4;

/**
 * The open books of every network in memory, kept current by the same events that change the
 * database, and rebuilt from it at start and after a resync. The database stays the source of truth;
 * the model never writes it.
 *
 * Ordering: every row has a version that each change increments. An event carrying the row's new
 * state (an accepted order, a removal) is applied only over an older version, and a removal leaves a
 * tombstone for a while; an event that does not carry the row (a watcher update, a quiet change, a
 * reference) makes the model read the row again from the database, after the change committed (events
 * are published after commits). So events may arrive in any order, or twice (the NOTIFY echo of this
 * instance's own), and the model still ends at the database's state. During a (re)build, changes are
 * held and applied on top of what was read, by the same version rule.
 */
export function createReadModel(options: ReadModelOptions): ReadModel {
  const { db, events, log } = options;
  const tombstoneMs = options.tombstoneMs ?? TOMBSTONE_MS;
  const listeners = new Set<(network: string) => void>();
  const states = new Map<string, NetworkState>();
  let started: (() => void) | undefined;
  const startGate = new Promise<void>((resolve) => {
    started = resolve;
  });
  for (const network of options.networks) {
    states.set(network, {
      network,
      book: new NetworkBook(),
      // Until start() builds it, reads wait and changes are held.
      building: startGate,
      failure: undefined,
      again: false,
      held: [],
      pending: new Set(),
      tokensStale: false,
      reading: undefined,
      tombstones: [new Map(), new Map()],
      symbols: new Map(),
      verifyUnknownUntil: 0,
      indexing: undefined,
    });
  }
  /** Signals so far: a change heard and applied at once is signalled once, not again as heard. */
  let signals = 0;
  const changed = (state: NetworkState) => {
    signals++;
    for (const listener of listeners) listener(state.network);
  };

  const context: ChangeContext = { changed, reread: (state, hashes) => reread(state, hashes) };
  const apply = (state: NetworkState, change: Change) => applyChange(context, state, change);
  const rotation = setInterval(() => {
    for (const state of states.values()) state.tombstones = [new Map(), state.tombstones[0]];
  }, tombstoneMs);
  rotation.unref();

  function reread(state: NetworkState, hashes: Iterable<string>): void {
    for (const hash of hashes) state.pending.add(hash);
    if (state.reading || (state.pending.size === 0 && !state.tokensStale)) return;
    state.reading = readPending(state).finally(() => {
      state.reading = undefined;
      reread(state, []);
    });
  }

  async function readPending(state: NetworkState): Promise<void> {
    // Changes published in the same turn are read together.
    await new Promise((resolve) => setImmediate(resolve));
    if (state.tokensStale) {
      state.tokensStale = false;
      let verified: ReadonlySet<string>;
      try {
        verified = await readVerifiedTokens(db, state.network);
      } catch (error) {
        log.warn({ err: error, network: state.network }, 'read model: re-reading tokens failed; rebuilding');
        state.pending.clear();
        void rebuild(state).catch(() => {});
        return;
      }
      deliver(state, { kind: 'tokens', verified });
    }
    while (state.pending.size > 0) {
      const hashes = [...state.pending].slice(0, REREAD_CHUNK);
      for (const hash of hashes) state.pending.delete(hash);
      let rows: ReadRows;
      try {
        rows = await readRowsByHash(db, state.network, hashes);
      } catch (error) {
        // Changes may now be missing from the model: rebuild it (which retries until the database answers).
        log.warn({ err: error, network: state.network }, 'read model: re-reading orders failed; rebuilding');
        state.pending.clear();
        void rebuild(state).catch(() => {});
        return;
      }
      deliver(state, { kind: 'rows', hashes, rows });
    }
  }

  function deliver(state: NetworkState, change: Change): void {
    if (state.held) state.held.push(change);
    else apply(state, change);
  }

  function onEvent(event: BookEvent): void {
    if (event.type === 'tradeAdded' || event.type === 'tradeRemoved') return;
    const state = states.get(event.network);
    if (!state) return;
    const before = signals;
    deliver(state, { kind: 'event', event });
    // Heard, whether applied now, held or re-read: answers made before it must not be served again.
    if (signals === before) changed(state);
  }

  async function build(state: NetworkState, resync: boolean): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        do {
          state.again = false;
          const book = new NetworkBook();
          // Tokens first: a registry change after this read is held and read again on top.
          book.verifiedTokens = await readVerifiedTokens(db, state.network);
          book.load(await readOpenOrders(db, state.network, book));
          state.book = book;
        } while (state.again);
        // Everything heard of during the build, on top of what was read (versions decide).
        const held = state.held ?? [];
        state.held = undefined;
        state.failure = undefined;
        if (resync) state.verifyUnknownUntil = performance.now() + tombstoneMs;
        // Tokens read before the build's own read may be older than it: they are read once more instead.
        for (const change of held) {
          if (change.kind === 'tokens') state.tokensStale = true;
          else apply(state, change);
        }
        reread(state, []);
        changed(state);
        indexInBackground(state);
        return;
      } catch (error) {
        state.failure = error;
        const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] as number;
        log.warn(
          { err: error, network: state.network, retryInMs: wait },
          'read model: building the book failed',
        );
        await sleep(wait);
      }
    }
  }

  /** Whether the background may build indexes yet (`indexInBackground()`), and the books waiting for it. */
  let background = false;
  const waiting = new Set<NetworkState>();
  function allowBackground(): void {
    if (background) return;
    background = true;
    for (const state of waiting) indexInBackground(state);
    waiting.clear();
  }

  /**
   * Builds the indexes of the state's book not built yet, a slice of about BACKGROUND_SLICE_MS per turn
   * of the event loop (NetworkBook.buildNext: a chunk of a sort, of a tree or of the changes since the
   * rebuild at a time), until all are or another book replaces it.
   */
  function indexInBackground(state: NetworkState): void {
    const { book } = state;
    if (book.isComplete()) return;
    if (!background) {
      waiting.add(state);
      return;
    }
    const began = performance.now();
    let cpu = 0;
    let slices = 0;
    let longest = 0;
    state.indexing = new Promise<void>((resolve) => {
      const step = () => {
        if (state.book !== book) return resolve();
        const slice = performance.now();
        const more = book.buildNext(BACKGROUND_SLICE_MS);
        const took = performance.now() - slice;
        cpu += took;
        slices++;
        if (took > longest) longest = took;
        if (more) {
          setImmediate(step);
          return;
        }
        log.info(
          {
            network: state.network,
            ms: Math.round(performance.now() - began),
            busyMs: Math.round(cpu),
            slices,
            longestSliceMs: Math.round(longest * 10) / 10,
          },
          'read model indexed',
        );
        resolve();
      };
      setImmediate(step);
    }).finally(() => {
      if (state.book === book) state.indexing = undefined;
    });
  }

  function rebuild(state: NetworkState, resync = true): Promise<void> {
    if (state.building) {
      state.again = true;
      return state.building;
    }
    // Changes held before the first build (start() not called yet) are kept.
    state.held ??= [];
    changed(state);
    // The old book is not served while the new one is read: reads wait (a resync means it may be stale).
    state.building = build(state, resync).finally(() => {
      state.building = undefined;
    });
    return state.building;
  }

  const unsubscribe = events.subscribe(onEvent, { early: true });

  let starting: Promise<void> | undefined;
  async function start(): Promise<void> {
    const began = performance.now();
    const first = [...states.values()];
    // The gate opens and each network's real build takes its place.
    for (const state of first) state.building = undefined;
    started?.();
    await Promise.all(first.map((state) => rebuild(state, false)));
    log.info(
      {
        orders: first.reduce((sum, state) => sum + state.book.size, 0),
        ms: Math.round(performance.now() - began),
      },
      'read model built',
    );
  }

  return {
    start() {
      starting ??= start();
      return starting;
    },
    async book(network) {
      const state = states.get(network);
      if (!state) throw new Error(`no read model for network ${network}`);
      for (;;) {
        if (state.building) {
          if (state.failure !== undefined) throw new DatabaseUnavailableError();
          await state.building;
          continue;
        }
        // Only the re-read under way when the request came: later ones must not keep it waiting.
        if (state.reading) await state.reading;
        if (!state.building) return state.book;
      }
    },
    bookNow(network) {
      const state = states.get(network);
      return state && !state.building && !state.reading ? state.book : undefined;
    },
    rebuild(network) {
      const state = states.get(network);
      return state ? rebuild(state) : Promise.resolve();
    },
    indexInBackground: allowBackground,
    async indexed(network) {
      const state = states.get(network);
      if (!state) return;
      allowBackground();
      // A rebuild under way, then the background build of its indexes (and again if another replaced it).
      while (state.building || state.indexing) {
        await state.building;
        await state.indexing;
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      unsubscribe();
      clearInterval(rotation);
    },
  };
}
