import type { NewOrderRow, OrderWriter, WriteOutcome } from './createOrderWriter.js';

/** What the maker quota reads of the read model's book: its `makers` groups and `orders` by hash. */
export interface OpenBookView {
  makers: ReadonlyMap<string, { readonly size: number }>;
  orders: { has(hash: string): boolean };
}

/** How long a stored order not yet in the read model counts as one of its maker's open orders. */
export const UNSEEN_MS = 60_000;
/**
 * Hashes the memory holds over every maker. Past it the memory is emptied and not trusted for
 * UNSEEN_MS (every quoted maker is counted in the database), after which it again holds every row it
 * must: a row older than UNSEEN_MS no longer counts anyway.
 */
export const MAX_UNSEEN = 100_000;

/** The key of a maker's quota: per network. */
const makerKey = (network: string, maker: string) => `${network}:${maker}`;

/** A row's place while it is written: whether the memory vouched for it, and its settling. */
export interface MakerClaim {
  /** The maker is surely within the quota with this row: the writer need not count it. */
  sure: boolean;
  /** The row's write is done; `written` when it was stored (inserted or re-opened). */
  settle(written: boolean): void;
}

/**
 * Acceptance's memory for the per-maker quota, for a database only this process writes (PGlite). A
 * maker's open orders are at most those the read model holds, plus the rows stored here that the model
 * does not show yet (their event is on its way), plus the rows being written; the model may also still
 * hold orders that left the book, which only overcounts. When that bound with the new row stays within
 * the quota the row is vouched for (`withinQuota`) and the writer skips the count; otherwise, or while
 * the model is not current, the writer counts the maker in the database, so every refusal rests on the
 * database's count. Vouching and taking the place are one synchronous step, so concurrent submissions
 * of one maker cannot all be vouched for together.
 */
export class MakerQuotaMemory {
  readonly #openBook: (network: string) => OpenBookView | undefined;
  /** Per network and maker: hashes stored here, with when, until the model shows them. */
  readonly #unseen = new Map<string, Map<string, number>>();
  /** Per network and maker: rows being written now. */
  readonly #writing = new Map<string, number>();
  /** Hashes in `#unseen`. */
  #size = 0;
  /** When aged hashes were last dropped from every maker (a maker that never returns is never counted). */
  #sweptAt = 0;
  /** Until when the memory, emptied when full, vouches for no one. */
  #distrustUntil = 0;

  constructor(openBook: (network: string) => OpenBookView | undefined) {
    this.#openBook = openBook;
  }

  /** The row written within the maker's quota of `max`: vouched for when the memory can, else counted. */
  async write(writer: OrderWriter, row: NewOrderRow, max: number): Promise<WriteOutcome> {
    if (row.maker === undefined || max <= 0) return writer.write(row);
    const claim = this.claim({ network: row.network, hash: row.hash, maker: row.maker }, max);
    let outcome: WriteOutcome | undefined;
    try {
      outcome = await writer.write({ ...row, withinQuota: claim.sure });
      return outcome;
    } finally {
      claim.settle(outcome === 'inserted' || outcome === 'reopened');
    }
  }

  /** Takes the row's place among its maker's rows being written, vouching for it when it can. */
  claim(row: { network: string; hash: string; maker: string }, max: number): MakerClaim {
    const now = Date.now();
    this.#sweep(now);
    const key = makerKey(row.network, row.maker);
    const writing = this.#writing.get(key) ?? 0;
    const book = now < this.#distrustUntil ? undefined : this.#openBook(row.network);
    const bound = book && (book.makers.get(row.maker)?.size ?? 0) + this.#unseenCount(key, book, now);
    const sure = bound !== undefined && bound + writing + 1 <= max;
    this.#writing.set(key, writing + 1);
    let settled = false;
    return {
      sure,
      settle: (written) => {
        if (settled) return;
        settled = true;
        const left = (this.#writing.get(key) ?? 1) - 1;
        if (left > 0) this.#writing.set(key, left);
        else this.#writing.delete(key);
        if (written) this.noteWritten([row]);
      },
    };
  }

  /** Rows stored here, remembered until the model shows them or they age out. */
  noteWritten(rows: readonly { network: string; hash: string; maker?: string | undefined }[]): void {
    const now = Date.now();
    for (const row of rows) {
      if (row.maker === undefined) continue;
      const key = makerKey(row.network, row.maker);
      let hashes = this.#unseen.get(key);
      if (!hashes) {
        hashes = new Map();
        this.#unseen.set(key, hashes);
      }
      if (!hashes.has(row.hash)) this.#size += 1;
      hashes.set(row.hash, now);
    }
    if (this.#size > MAX_UNSEEN) {
      this.#unseen.clear();
      this.#size = 0;
      this.#distrustUntil = now + UNSEEN_MS;
    }
  }

  /** Hashes remembered now, over every maker. */
  get size(): number {
    return this.#size;
  }

  /** Drops the hashes older than UNSEEN_MS of every maker, once per UNSEEN_MS. */
  #sweep(now: number): void {
    if (now - this.#sweptAt < UNSEEN_MS) return;
    this.#sweptAt = now;
    for (const [key, hashes] of this.#unseen) {
      for (const [hash, at] of hashes) {
        if (now - at <= UNSEEN_MS) continue;
        hashes.delete(hash);
        this.#size -= 1;
      }
      if (hashes.size === 0) this.#unseen.delete(key);
    }
  }

  /** Rows of the maker stored here the model does not show yet; forgets those it shows or that aged out. */
  #unseenCount(key: string, book: OpenBookView, now: number): number {
    const hashes = this.#unseen.get(key);
    if (!hashes) return 0;
    for (const [hash, at] of hashes) {
      if (!book.orders.has(hash) && now - at <= UNSEEN_MS) continue;
      hashes.delete(hash);
      this.#size -= 1;
    }
    if (hashes.size === 0) this.#unseen.delete(key);
    return hashes.size;
  }
}
