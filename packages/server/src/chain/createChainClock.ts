/** A block as the chain clock knows it: its number and its `block.timestamp` (Unix seconds). */
export interface ObservedBlock {
  number: bigint;
  timestamp: bigint;
}

export interface ChainClock {
  /**
   * Unix milliseconds by which expiry is decided: the later of the server's clock and the timestamp of
   * the latest block seen. The Exchange refuses a fill once `block.timestamp >= expiration`, and the next
   * block's timestamp is never below the latest one's, so a chain clock ahead of the server's (moved
   * forward on a dev chain, or drifting) must win; one behind it changes nothing.
   */
  now(): number;
  /** Records a block read from the node; an older block than the latest seen is ignored. */
  observe(block: ObservedBlock): void;
  /**
   * Records the node's head as the watcher polls it: replaces the latest block even when it is older,
   * so a chain that was rewound (a re-org to a shorter chain, `evm_revert`) is followed.
   */
  observeHead(block: ObservedBlock): void;
  /** The latest block seen, with when it was seen (server Unix ms); null before the first. */
  latest(): (ObservedBlock & { seenAt: number }) | null;
}

/** One network's chain clock; `wallClock` is the server's (Unix ms). */
export function createChainClock(wallClock: () => number): ChainClock {
  let latest: (ObservedBlock & { seenAt: number }) | null = null;
  const record = (block: ObservedBlock) => {
    latest = { number: block.number, timestamp: block.timestamp, seenAt: wallClock() };
  };
  return {
    now() {
      const wall = wallClock();
      if (!latest) return wall;
      const chain = Number(latest.timestamp) * 1000;
      return Math.max(chain, wall);
    },
    observe(block) {
      if (!latest || block.number > latest.number) record(block);
    },
    observeHead(block) {
      record(block);
    },
    latest: () => latest,
  };
}
