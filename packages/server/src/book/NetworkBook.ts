import { NULL_ADDRESS } from '@relayer/protocol';
import type { BookOrder, BookTerms } from './BookOrder.js';
import {
  compareBookOrder,
  compareSraPrice,
  SORT_ORDERINGS,
  type StoredSortField,
  storedSortFields,
} from './bookOrderings.js';
import { inHashOrder, sortByHash, sortByKey, sortForBook, sortForPrice } from './bulkSort.js';
import { OrderedIndex } from './OrderedIndex.js';

type SortIndexes = Record<StoredSortField, OrderedIndex<BookOrder>>;

function sortIndexes(): SortIndexes {
  return Object.fromEntries(
    storedSortFields.map((field) => [field, new OrderedIndex(SORT_ORDERINGS[field].compare)]),
  ) as SortIndexes;
}

/** The open orders of one (maker token, taker token) pair, in every order a route reads a pair in. */
export class PairBook {
  readonly sorts = sortIndexes();
  /** `GET /v0/orderbook`'s order (asks of this pair, or bids of the reverse market). */
  readonly book = new OrderedIndex(compareBookOrder);
  /** `GET /v0/orders`' order when both tokens are given. */
  readonly byPrice = new OrderedIndex(compareSraPrice);

  constructor(
    readonly makerToken: string,
    readonly takerToken: string,
  ) {}

  get size(): number {
    return this.book.size;
  }
}

interface CountedTerms extends BookTerms {
  uses: number;
}

const pairKey = (makerToken: string, takerToken: string) => makerToken + takerToken;

function increment(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next === 0) counts.delete(key);
  else counts.set(key, next);
}

/**
 * The open book of one network in memory: every open order by hash; each sort field's order over the
 * whole book and over each pair; each pair's price orders; and the orders of each maker and (other
 * than the null address) each taker. Counts of exchanges, fee recipients and takers let a filter that
 * every or no order matches cost nothing. One mutation updates 18 indexes, O(log n) each.
 */
export class NetworkBook {
  readonly orders = new Map<string, BookOrder>();
  readonly sorts = sortIndexes();
  readonly pairs = new Map<string, PairBook>();
  readonly pairsByMakerToken = new Map<string, Set<PairBook>>();
  readonly pairsByTakerToken = new Map<string, Set<PairBook>>();
  readonly makers = new Map<string, Set<BookOrder>>();
  /** Orders that name a taker; the null taker (almost every order) is only counted. */
  readonly takers = new Map<string, Set<BookOrder>>();
  readonly exchangeCounts = new Map<string, number>();
  readonly feeRecipientCounts = new Map<string, number>();
  readonly takerCounts = new Map<string, number>();
  readonly #texts = new Map<string, string>();
  /**
   * The shared terms objects by exchange (one object, or several with other takers or fee recipients):
   * no key is made per order, so an order whose terms are its own costs its object and one entry.
   */
  readonly #terms = new Map<string, CountedTerms | CountedTerms[]>();

  get size(): number {
    return this.orders.size;
  }

  get(hash: string): BookOrder | undefined {
    return this.orders.get(hash);
  }

  pair(makerToken: string, takerToken: string): PairBook | undefined {
    return this.pairs.get(pairKey(makerToken, takerToken));
  }

  /** One shared copy of a token address or symbol. */
  text(value: string): string {
    const known = this.#texts.get(value);
    if (known !== undefined) return known;
    this.#texts.set(value, value);
    return value;
  }

  /** The shared terms object (its use is counted by `add`/`remove`). */
  terms(exchange: string, taker: string, feeRecipient: string): BookTerms {
    const known = this.#terms.get(exchange);
    const same = (terms: CountedTerms) => terms.taker === taker && terms.feeRecipient === feeRecipient;
    if (known !== undefined && !Array.isArray(known) && same(known)) return known;
    const found = Array.isArray(known) ? known.find(same) : undefined;
    if (found) return found;
    const terms = { exchange, taker, feeRecipient, uses: 0 };
    if (known === undefined) this.#terms.set(exchange, terms);
    else if (Array.isArray(known)) known.push(terms);
    else this.#terms.set(exchange, [known, terms]);
    return terms;
  }

  /** Forgets terms no order uses any more. */
  #dropTerms(terms: CountedTerms): void {
    const known = this.#terms.get(terms.exchange);
    if (known === terms) {
      this.#terms.delete(terms.exchange);
    } else if (Array.isArray(known)) {
      const rest = known.filter((other) => other !== terms);
      this.#terms.set(terms.exchange, rest.length === 1 ? (rest[0] as CountedTerms) : rest);
    }
  }

  /** The maker's address as the book already holds it, so equal addresses share one string. */
  maker(address: string): string {
    const group = this.makers.get(address);
    if (!group) return address;
    for (const order of group) return order.maker;
    return address;
  }

  add(order: BookOrder): void {
    this.orders.set(order.hash, order);
    for (const field of storedSortFields) this.sorts[field].insert(order);
    const pair = this.#pairOf(order);
    for (const field of storedSortFields) pair.sorts[field].insert(order);
    pair.book.insert(order);
    pair.byPrice.insert(order);
    this.#group(order, 1);
  }

  remove(order: BookOrder): void {
    if (this.orders.get(order.hash) !== order) return;
    this.orders.delete(order.hash);
    for (const field of storedSortFields) this.sorts[field].delete(order);
    const pair = this.#pairOf(order);
    for (const field of storedSortFields) pair.sorts[field].delete(order);
    pair.book.delete(order);
    pair.byPrice.delete(order);
    if (pair.size === 0) this.#dropPair(pair);
    this.#group(order, -1);
  }

  /**
   * Fills an empty book at once (a rebuild), far cheaper than inserting one by one: each sort field's
   * order over the whole book is sorted once (bulkSort: by numbers standing for the keys, not by the
   * comparators) and split by pair, which keeps it sorted, so no pair is sorted again for it; only the
   * two price orders, which exist per pair alone, are sorted per pair. Every index is then built
   * bottom-up. Ties end in hash order, as the indexes break them.
   */
  load(orders: readonly BookOrder[]): void {
    if (this.orders.size > 0) throw new Error('load() fills an empty book only');
    // A rebuild reads in the table's order.
    const byHash = inHashOrder(orders) ? orders : sortByHash(orders);
    // Each order's pair by number, found through two maps of interned strings (no key to concatenate).
    const pairs: PairBook[] = [];
    const members: BookOrder[][] = [];
    const numbers = new Map<string, Map<string, number>>();
    const pairAt = new Int32Array(byHash.length);
    for (let position = 0; position < byHash.length; position++) {
      const order = byHash[position] as BookOrder;
      if (this.orders.has(order.hash)) throw new Error(`load(): order ${order.hash} given twice`);
      this.orders.set(order.hash, order);
      let byTaker = numbers.get(order.makerToken);
      if (!byTaker) {
        byTaker = new Map();
        numbers.set(order.makerToken, byTaker);
      }
      let number = byTaker.get(order.takerToken);
      if (number === undefined) {
        number = pairs.length;
        byTaker.set(order.takerToken, number);
        pairs.push(this.#pairOf(order));
        members.push([]);
      }
      pairAt[position] = number;
      (members[number] as BookOrder[]).push(order);
      this.#group(order, 1);
    }
    for (const field of storedSortFields) {
      const positions = sortByKey(byHash, SORT_ORDERINGS[field].key);
      const sorted = new Array<BookOrder>(positions.length);
      const split: BookOrder[][] = pairs.map(() => []);
      for (let i = 0; i < positions.length; i++) {
        const position = positions[i] as number;
        const order = byHash[position] as BookOrder;
        sorted[i] = order;
        (split[pairAt[position] as number] as BookOrder[]).push(order);
      }
      this.sorts[field].load(sorted);
      for (const [number, pair] of pairs.entries()) pair.sorts[field].load(split[number] as BookOrder[]);
    }
    for (const [number, pair] of pairs.entries()) {
      pair.book.load(sortForBook(members[number] as BookOrder[]));
      pair.byPrice.load(sortForPrice(members[number] as BookOrder[]));
    }
  }

  #pairOf(order: BookOrder): PairBook {
    const key = pairKey(order.makerToken, order.takerToken);
    let pair = this.pairs.get(key);
    if (!pair) {
      pair = new PairBook(order.makerToken, order.takerToken);
      this.pairs.set(key, pair);
      addTo(this.pairsByMakerToken, pair.makerToken, pair);
      addTo(this.pairsByTakerToken, pair.takerToken, pair);
    }
    return pair;
  }

  #dropPair(pair: PairBook): void {
    this.pairs.delete(pairKey(pair.makerToken, pair.takerToken));
    deleteFrom(this.pairsByMakerToken, pair.makerToken, pair);
    deleteFrom(this.pairsByTakerToken, pair.takerToken, pair);
  }

  /** Adds (`by` 1) or removes (-1) the order's memberships of maker and taker groups and its counts. */
  #group(order: BookOrder, by: 1 | -1): void {
    const { terms } = order;
    if (by === 1) {
      addTo(this.makers, order.maker, order);
      if (terms.taker !== NULL_ADDRESS) addTo(this.takers, terms.taker, order);
    } else {
      deleteFrom(this.makers, order.maker, order);
      if (terms.taker !== NULL_ADDRESS) deleteFrom(this.takers, terms.taker, order);
    }
    increment(this.exchangeCounts, terms.exchange, by);
    increment(this.feeRecipientCounts, terms.feeRecipient, by);
    increment(this.takerCounts, terms.taker, by);
    const counted = terms as CountedTerms;
    counted.uses += by;
    if (counted.uses === 0) this.#dropTerms(counted);
  }
}

function addTo<K, V>(groups: Map<K, Set<V>>, key: K, value: V): void {
  let group = groups.get(key);
  if (!group) {
    group = new Set();
    groups.set(key, group);
  }
  group.add(value);
}

function deleteFrom<K, V>(groups: Map<K, Set<V>>, key: K, value: V): void {
  const group = groups.get(key);
  if (!group) return;
  group.delete(value);
  if (group.size === 0) groups.delete(key);
}
