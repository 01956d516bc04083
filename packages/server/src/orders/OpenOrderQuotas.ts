import { RelayerError } from '@relayer/protocol';
import type { OpenCounts } from './createOpenCounts.js';

/** How long a written order not yet in the counts still counts as open (its event is on its way). */
export const UNSEEN_MS = 60_000;

export interface OpenOrderQuotasOptions {
  /** Most open orders with one unverified token on either side, per network; 0 = no limit. */
  maxPerUnverifiedToken: number;
  /** Most open orders per network; 0 = no limit. */
  maxPerNetwork: number;
  /** The network's open orders now (the read model's book, or the database without one). */
  openCounts: (network: string, hash: string, tokens: readonly string[]) => Promise<OpenCounts>;
  now?: () => number;
}

/** What an order asks of the quotas: its network, hash and the unverified tokens it names. */
export interface QuotaRequest {
  network: string;
  hash: string;
  /** The order's tokens that are not verified, each with the order's field that names it. */
  unverifiedTokens: readonly { address: string; field: 'makerTokenAddress' | 'takerTokenAddress' }[];
}

/** A place taken in the quotas: kept once the row is written, given back when it is not. */
export interface QuotaClaim {
  written(): void;
  release(): void;
}

interface Held {
  tokens: readonly string[];
  /** When the row was written; undefined while its write is in flight. */
  writtenAt?: number;
}

const NOTHING_HELD: QuotaClaim = { written() {}, release() {} };

/**
 * The per-network and per-unverified-token quotas of open orders, checked at acceptance. The counts are
 * the open book (`openCounts`) plus the orders this process admitted that the book does not show yet
 * (in flight, or written with their event on its way). Checking and taking a place is one synchronous
 * step after the counts are read, so concurrent submissions of this process cannot all slip under a
 * quota together; an order already open (an identical re-post) takes no place.
 */
export class OpenOrderQuotas {
  readonly #options: OpenOrderQuotasOptions;
  readonly #now: () => number;
  /** Per network: the orders admitted here that the counts may not show yet, by hash. */
  readonly #held = new Map<string, Map<string, Held>>();

  constructor(options: OpenOrderQuotasOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** Takes the order's place or throws the quota's RelayerError (429) naming the field. */
  async claim(request: QuotaRequest): Promise<QuotaClaim> {
    const { maxPerNetwork, maxPerUnverifiedToken } = this.#options;
    const named = maxPerUnverifiedToken > 0 ? request.unverifiedTokens : [];
    const tokens = named.map((token) => token.address);
    if (maxPerNetwork === 0 && tokens.length === 0) return NOTHING_HELD;
    const counts = await this.#options.openCounts(request.network, request.hash, tokens);
    const held = this.#heldOf(request.network);
    this.#forgetShown(held, counts);
    if (counts.has(request.hash) || held.has(request.hash)) return NOTHING_HELD;
    if (maxPerNetwork > 0) {
      const open = counts.size + held.size;
      if (open >= maxPerNetwork) {
        throw new RelayerError(
          'NETWORK_ORDER_QUOTA_EXCEEDED',
          `This book holds ${open} open orders and takes at most ${maxPerNetwork}: try again once some are filled, cancelled or expired`,
          'order',
        );
      }
    }
    for (const { address: token, field } of named) {
      let open = counts.tokenCount(token);
      for (const entry of held.values()) if (entry.tokens.includes(token)) open++;
      if (open >= maxPerUnverifiedToken) {
        throw new RelayerError(
          'TOKEN_ORDER_QUOTA_EXCEEDED',
          `The unverified token ${token} has ${open} open orders on this book and the quota is ${maxPerUnverifiedToken} per unverified token (over every maker)`,
          field,
        );
      }
    }
    const entry: Held = { tokens };
    held.set(request.hash, entry);
    return {
      written: () => {
        entry.writtenAt = this.#now();
      },
      release: () => {
        if (held.get(request.hash) === entry) held.delete(request.hash);
      },
    };
  }

  #heldOf(network: string): Map<string, Held> {
    let held = this.#held.get(network);
    if (!held) {
      held = new Map();
      this.#held.set(network, held);
    }
    return held;
  }

  /** Drops the written orders the counts show now, or that aged out (the book may have dropped them). */
  #forgetShown(held: Map<string, Held>, counts: OpenCounts): void {
    const now = this.#now();
    for (const [hash, entry] of held) {
      if (entry.writtenAt === undefined) continue;
      if (counts.has(hash) || now - entry.writtenAt > UNSEEN_MS) held.delete(hash);
    }
  }
}
