import { NULL_ADDRESS } from '@relayer/protocol';
import type { BookOrder, BookTerms } from './BookOrder.js';
import {
  compareBookOrder,
  compareSraPrice,
  SORT_ORDERINGS,
  type StoredSortField,
  storedSortFields,
} from './bookOrderings.js';
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
   * Fills an empty book at once (a rebuild): each index is sorted once and built bottom-up, far
   * cheaper than inserting one by one. `orders` come in hash order, so a stable sort by key alone
   * leaves equal keys in hash order, as the indexes want them.
   */
  load(orders: readonly BookOrder[]): void {
    if (this.orders.size > 0) throw new Error('load() fills an empty book only');
    const byPair = new Map<PairBook, BookOrder[]>();
    for (const order of orders) {
      this.orders.set(order.hash, order);
      const pair = this.#pairOf(order);
      let members = byPair.get(pair);
      if (!members) {
        members = [];
        byPair.set(pair, members);
      }
      members.push(order);
      this.#group(order, 1);
    }
    for (const field of storedSortFields) {
      this.sorts[field].load([...orders].sort(SORT_ORDERINGS[field].compareKey));
    }
    for (const [pair, members] of byPair) {
      for (const field of storedSortFields) {
        pair.sorts[field].load([...members].sort(SORT_ORDERINGS[field].compareKey));
      }
      pair.book.load([...members].sort(compareBookOrder));
      pair.byPrice.load([...members].sort(compareSraPrice));
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
