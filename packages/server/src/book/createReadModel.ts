import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, Queryable } from '../db/Database.js';
import { DatabaseUnavailableError } from '../db/DatabaseUnavailableError.js';
import type { BookEvent, BookEvents } from '../events/BookEvents.js';
import type { BookOrder } from './BookOrder.js';
import { NetworkBook } from './NetworkBook.js';
import {
  BookOrderDecoder,
  orderFromRecord,
  type ReadRows,
  readOpenOrders,
  readRowsByHash,
} from './readBookRows.js';
import { readVerifiedTokens } from './readVerifiedTokens.js';

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
 * loop): a slice stops at the first unit of work that ends after this (units are ~0.1-1 ms).
 */
export const BACKGROUND_SLICE_MS = 4;

export interface ReadModelLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface ReadModelOptions {
  db: Queryable & Pick<Database, 'transaction' | 'kind'>;
  events: BookEvents;
  networks: readonly string[];
  log: ReadModelLog;
  tombstoneMs?: number;
}

export interface ReadModel {
  /**
   * Builds every network's book from the database; reads wait for it. Called again, it returns the
   * first call's promise (startRelayer builds before the app gets ready, whose hook then finds it done).
   */
  start(): Promise<void>;
  /**
   * The network's book once it is current: built, and every change this instance has heard of
   * applied (rows being re-read are waited for). Throws DatabaseUnavailableError while the database
   * cannot rebuild it.
   */
  book(network: string): Promise<NetworkBook>;
  /** The book when it is current right now (the common case: no await), else undefined. */
  bookNow(network: string): NetworkBook | undefined;
  /** Drops what the model holds and reads it again (a resync: changes may have been missed). */
  rebuild(network: string): Promise<void>;
  /**
   * Resolves once every index of the network's current book is built. A rebuild serves as soon as the
   * orders are read; the sorts of the book and of each pair are then built in the background, one per
   * turn of the event loop (a read that needs one first builds it there and then).
   */
  indexed(network: string): Promise<void>;
  /**
   * Lets the background build indexes from now on (startRelayer calls it once the app listens, so the
   * background does not delay getting ready; `indexed` calls it too). Until then an index is built
   * when a request first reads it.
   */
  indexInBackground(): void;
  /**
   * The network's "book changed" signal: called when the model hears a change to the network's book
   * (before a re-read or a held change is applied), when it applies one, and when a rebuild starts. The
   * page cache drops its answers on it.
   */
  onChange(listener: (network: string) => void): () => void;
  stop(): void;
}

type Change =
  | { kind: 'event'; event: BookEvent }
  | { kind: 'rows'; hashes: string[]; rows: ReadRows }
  | { kind: 'tokens'; verified: ReadonlySet<string> };

interface NetworkState {
  network: string;
  book: NetworkBook;
  /** A build in progress: reads wait for it; changes are held in `held` meanwhile. */
  building: Promise<void> | undefined;
  /** The build's last attempt failed: reads fail at once until one succeeds. */
  failure: unknown;
  /** Another rebuild was asked for during this one: it starts over once this one is done. */
  again: boolean;
  held: Change[] | undefined;
  /** Orders to read again from the database (their change did not carry the row). */
  pending: Set<string>;
  /** The verified tokens are to be read again (the registry changed them). */
  tokensStale: boolean;
  reading: Promise<void> | undefined;
  /** Removed orders' versions: [current, previous] generation. */
  tombstones: [Map<string, number>, Map<string, number>];
  /** Tokens whose symbol changed, with the new one: an event row with another is re-read instead. */
  symbols: Map<string, string>;
  /**
   * Until then (monotonic ms), an order the model neither holds nor remembers removing is re-read
   * instead of taken from the event that announces it. A rebuild after a resync leaves no tombstone
   * for orders closed while notifications were lost, so an older announcement that arrives late
   * would bring one back; for as long as a tombstone would have lasted, the database decides.
   */
  verifyUnknownUntil: number;
  /** The background build of the current book's indexes, while it runs. */
  indexing: Promise<void> | undefined;
}

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

  const tombstone = (state: NetworkState, hash: string) =>
    Math.max(state.tombstones[0].get(hash) ?? 0, state.tombstones[1].get(hash) ?? 0);
  const rotation = setInterval(() => {
    for (const state of states.values()) state.tombstones = [new Map(), state.tombstones[0]];
  }, tombstoneMs);
  rotation.unref();

  /** An open row's state at `order.version`: applied unless the model has a newer one. */
  function applyOpen(state: NetworkState, order: BookOrder): void {
    const { book } = state;
    const held = book.get(order.hash);
    if (held) {
      if (held.version >= order.version) return;
      if (
        held.makerSymbol === order.makerSymbol &&
        held.takerSymbol === order.takerSymbol &&
        held.createdAt === order.createdAt
      ) {
        held.version = order.version;
        held.filled = order.filled;
        held.cancelled = order.cancelled;
        held.fillableTaker = order.fillableTaker;
        held.fillableMaker = order.fillableMaker;
        held.shortfalls = order.shortfalls;
        changed(state);
        return;
      }
      book.remove(held);
    } else if (tombstone(state, order.hash) >= order.version) {
      return;
    }
    book.add(order);
    changed(state);
  }

  /** The row is not open at `version`. */
  function applyClosed(state: NetworkState, hash: string, version: number): void {
    if (tombstone(state, hash) < version) state.tombstones[0].set(hash, version);
    const held = state.book.get(hash);
    if (held && held.version < version) {
      state.book.remove(held);
      changed(state);
    }
  }

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

  function apply(state: NetworkState, change: Change): void {
    if (change.kind === 'tokens') {
      const known = state.book.verifiedTokens;
      const same = known.size === change.verified.size && [...known].every((t) => change.verified.has(t));
      if (same) return;
      state.book.verifiedTokens = change.verified;
      changed(state);
      return;
    }
    if (change.kind === 'rows') {
      const found = new Set<string>();
      const { open, closed } = change.rows;
      if (open) {
        // Decoded now, for the book they go to (the start-up read's decoder: one row decoder in all).
        const orders: BookOrder[] = [];
        new BookOrderDecoder(state.book).decode(open, orders);
        for (const order of orders) {
          found.add(order.hash);
          applyOpen(state, order);
        }
      }
      for (const { hash, version } of closed) {
        found.add(hash);
        applyClosed(state, hash, version);
      }
      // Rows are never deleted by the relayer; one deleted by hand leaves the book too.
      for (const hash of change.hashes) {
        const held = found.has(hash) ? undefined : state.book.get(hash);
        if (held) {
          state.book.remove(held);
          changed(state);
        }
      }
      return;
    }
    applyEvent(state, change.event);
  }

  function applyEvent(state: NetworkState, event: BookEvent): void {
    switch (event.type) {
      case 'added': {
        const { order, version, makerTokenSymbol: maker, takerTokenSymbol: taker } = event;
        const current = (token: string, symbol: string) => (state.symbols.get(token) ?? symbol) === symbol;
        if (
          version === undefined ||
          (performance.now() < state.verifyUnknownUntil &&
            !state.book.get(order.orderHash) &&
            tombstone(state, order.orderHash) === 0) ||
          maker === undefined ||
          taker === undefined ||
          order.state !== 'open' ||
          !current(order.makerTokenAddress, maker) ||
          !current(order.takerTokenAddress, taker)
        ) {
          reread(state, [order.orderHash]);
          return;
        }
        applyOpen(state, orderFromRecord(state.book, order, { maker, taker }, version));
        return;
      }
      case 'removed':
        if (event.version === undefined) reread(state, [event.orderHash]);
        else applyClosed(state, event.orderHash, event.version);
        return;
      case 'updated': {
        const held = state.book.get(event.orderHash);
        if (held && event.version !== undefined && held.version >= event.version) return;
        reread(state, [event.orderHash]);
        return;
      }
      case 'changed':
        reread(state, event.orderHashes);
        return;
      case 'symbolChanged': {
        state.symbols.set(event.tokenAddress, event.symbol);
        reread(state, heldOrdersOf(state.book, event.tokenAddress));
        return;
      }
      case 'tokensChanged':
        state.tokensStale = true;
        reread(state, []);
        return;
      default:
        return;
    }
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
    if (book.complete) return;
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

/** The hashes of the held orders with `token` on either side. */
function heldOrdersOf(book: NetworkBook, token: string): string[] {
  const hashes: string[] = [];
  for (const pairs of [book.pairsByMakerToken.get(token), book.pairsByTakerToken.get(token)]) {
    for (const pair of pairs ?? []) pair.forEach((order) => void hashes.push(order.hash));
  }
  return hashes;
}
