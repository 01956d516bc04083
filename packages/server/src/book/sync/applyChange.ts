import type { BookEvent } from '../../events/BookEvents.js';
import type { BookOrder } from '../model/BookOrder.js';
import type { NetworkBook } from '../model/NetworkBook.js';
import { BookOrderDecoder } from '../store/BookOrderDecoder.js';
import { orderFromRecord } from '../store/orderFromRecord.js';
import type { Change, NetworkState } from './NetworkState.js';

/** What applying a change needs of the read model around it. */
export interface ChangeContext {
  /** Tells the model's listeners the network's book changed. */
  readonly changed: (state: NetworkState) => void;
  /** Reads these orders again from the database (their change did not carry the row). */
  readonly reread: (state: NetworkState, hashes: Iterable<string>) => void;
}

/** The version a removal of the order left (0: none remembered). */
export const tombstoneOf = (state: NetworkState, hash: string): number =>
  Math.max(state.tombstones[0].get(hash) ?? 0, state.tombstones[1].get(hash) ?? 0);

/** An open row's state at `order.version`: applied unless the model has a newer one. */
function applyOpen(context: ChangeContext, state: NetworkState, order: BookOrder): void {
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
      context.changed(state);
      return;
    }
    book.remove(held);
  } else if (tombstoneOf(state, order.hash) >= order.version) {
    return;
  }
  book.add(order);
  context.changed(state);
}

/** The row is not open at `version`. */
function applyClosed(context: ChangeContext, state: NetworkState, hash: string, version: number): void {
  if (tombstoneOf(state, hash) < version) state.tombstones[0].set(hash, version);
  const held = state.book.get(hash);
  if (held && held.version < version) {
    state.book.remove(held);
    context.changed(state);
  }
}

export function applyChange(context: ChangeContext, state: NetworkState, change: Change): void {
  if (change.kind === 'tokens') {
    const known = state.book.verifiedTokens;
    const same = known.size === change.verified.size && [...known].every((t) => change.verified.has(t));
    if (same) return;
    state.book.verifiedTokens = change.verified;
    context.changed(state);
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
        applyOpen(context, state, order);
      }
    }
    for (const { hash, version } of closed) {
      found.add(hash);
      applyClosed(context, state, hash, version);
    }
    // Rows are never deleted by the relayer; one deleted by hand leaves the book too.
    for (const hash of change.hashes) {
      const held = found.has(hash) ? undefined : state.book.get(hash);
      if (held) {
        state.book.remove(held);
        context.changed(state);
      }
    }
    return;
  }
  applyEvent(context, state, change.event);
}

function applyEvent(context: ChangeContext, state: NetworkState, event: BookEvent): void {
  switch (event.type) {
    case 'added': {
      const { order, version, makerTokenSymbol: maker, takerTokenSymbol: taker } = event;
      const current = (token: string, symbol: string) => (state.symbols.get(token) ?? symbol) === symbol;
      if (
        version === undefined ||
        (performance.now() < state.verifyUnknownUntil &&
          !state.book.get(order.orderHash) &&
          tombstoneOf(state, order.orderHash) === 0) ||
        maker === undefined ||
        taker === undefined ||
        order.state !== 'open' ||
        !current(order.makerTokenAddress, maker) ||
        !current(order.takerTokenAddress, taker)
      ) {
        context.reread(state, [order.orderHash]);
        return;
      }
      applyOpen(context, state, orderFromRecord(state.book, order, { maker, taker }, version));
      return;
    }
    case 'removed':
      if (event.version === undefined) context.reread(state, [event.orderHash]);
      else applyClosed(context, state, event.orderHash, event.version);
      return;
    case 'updated': {
      const held = state.book.get(event.orderHash);
      if (held && event.version !== undefined && held.version >= event.version) return;
      context.reread(state, [event.orderHash]);
      return;
    }
    case 'changed':
      context.reread(state, event.orderHashes);
      return;
    case 'symbolChanged': {
      state.symbols.set(event.tokenAddress, event.symbol);
      context.reread(state, heldOrdersOf(state.book, event.tokenAddress));
      return;
    }
    case 'tokensChanged':
      state.tokensStale = true;
      context.reread(state, []);
      return;
    default:
      return;
  }
}

/** The hashes of the held orders with `token` on either side. */
function heldOrdersOf(book: NetworkBook, token: string): string[] {
  const hashes: string[] = [];
  for (const pairs of [book.pairsByMakerToken.get(token), book.pairsByTakerToken.get(token)]) {
    for (const pair of pairs ?? []) pair.forEach((order) => void hashes.push(order.hash));
  }
  return hashes;
}
