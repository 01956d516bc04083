/** How one kind of change is said for a count of it: (3) => '3 new orders'. */
export type Phrase = (count: number) => string;

export interface AnnouncementCoalescerOptions {
  /** Says one announcement (the live region's text). */
  say(text: string): void;
  /** The least time between two announcements. */
  intervalMs: number;
  /** How long a first change waits for the rest of its burst. */
  gatherMs: number;
  now?: () => number;
}

/**
 * Turns a stream of changes into few announcements: changes of a kind are counted, and what gathered
 * is said in one sentence ("3 new orders, 1 order left the book"), at most once per `intervalMs`, so a
 * busy book does not drown a screen reader.
 */
export class AnnouncementCoalescer {
  readonly #options: AnnouncementCoalescerOptions;
  readonly #pending = new Map<string, { count: number; phrase: Phrase }>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastSaidAt = Number.NEGATIVE_INFINITY;

  constructor(options: AnnouncementCoalescerOptions) {
    this.#options = options;
  }

  /** Counts one change of `kind`, said by `phrase` with the others gathered by then. */
  add(kind: string, phrase: Phrase): void {
    const entry = this.#pending.get(kind);
    this.#pending.set(kind, { count: (entry?.count ?? 0) + 1, phrase });
    if (this.#timer !== undefined) return;
    const now = this.#now();
    const wait = Math.max(this.#options.gatherMs, this.#lastSaidAt + this.#options.intervalMs - now);
    this.#timer = setTimeout(() => this.#flush(), wait);
  }

  /** Drops what has not been said yet (the page went away). */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending.clear();
  }

  #flush(): void {
    this.#timer = undefined;
    const parts = [...this.#pending.values()].map(({ count, phrase }) => phrase(count));
    this.#pending.clear();
    if (parts.length === 0) return;
    this.#lastSaidAt = this.#now();
    this.#options.say(parts.join(', '));
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }
}
