/** What to do with one client frame. */
export type FrameVerdict = 'accept' | 'throttle' | 'drop' | 'close';

export interface FrameGateOptions {
  burst: number;
  perSecond: number;
  /** Frames refused (over the rate or invalid) after which the socket is closed. */
  maxStrikes: number;
  now?: () => number;
}

/**
 * One socket's token bucket of client frames, checked before a frame is parsed so a flood costs the
 * server a counter per frame. The first frame over the rate is answered, the rest are dropped until the
 * client is back under it; every refused frame is a strike, and too many close the socket.
 */
export class FrameGate {
  readonly #burst: number;
  readonly #perMs: number;
  readonly #maxStrikes: number;
  readonly #now: () => number;
  #tokens: number;
  #refilledAt: number;
  #strikes = 0;
  #answered = false;

  constructor(options: FrameGateOptions) {
    this.#burst = options.burst;
    this.#perMs = options.perSecond / 1000;
    this.#maxStrikes = options.maxStrikes;
    this.#now = options.now ?? Date.now;
    this.#tokens = options.burst;
    this.#refilledAt = this.#now();
  }

  admit(): FrameVerdict {
    const now = this.#now();
    this.#tokens = Math.min(this.#burst, this.#tokens + (now - this.#refilledAt) * this.#perMs);
    this.#refilledAt = now;
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      this.#answered = false;
      return 'accept';
    }
    if (this.strike()) return 'close';
    if (this.#answered) return 'drop';
    this.#answered = true;
    return 'throttle';
  }

  /** Counts a refused frame; true once the socket has had too many. */
  strike(): boolean {
    this.#strikes += 1;
    return this.#strikes >= this.#maxStrikes;
  }
}
