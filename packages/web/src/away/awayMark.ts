import { z } from 'zod';

/** Where in the maker's fills the app last was: trades are ordered by block number, then log index. */
export interface TradePosition {
  blockNumber: number;
  logIndex: number;
}

/**
 * What the connected maker had seen when the app was last on screen, per account and network: the
 * newest fill of their orders (null: none yet), and their newest cancelled orders (by creation,
 * newest first, at most CANCELLED_KEPT) with the creation time below which the list is not complete.
 */
export interface AwayMark {
  lastTrade: TradePosition | null;
  cancelled: string[];
  /** Unix ms; cancelled orders created before it were not all read (0: the list holds every one). */
  cancelledFloor: number;
}

/** How many of a maker's cancelled orders a mark remembers (one relayer page). */
export const CANCELLED_KEPT = 100;

const markSchema = z.object({
  lastTrade: z
    .object({ blockNumber: z.number().int().nonnegative(), logIndex: z.number().int().nonnegative() })
    .nullable(),
  cancelled: z.array(z.string().regex(/^0x[0-9a-f]{64}$/)).max(CANCELLED_KEPT),
  cancelledFloor: z.number().int().nonnegative(),
});

/** The localStorage key of one account's mark on one network (variant). */
export function awayMarkKey(network: string, account: string): string {
  return `relayer.away.v1.${network}.${account.toLowerCase()}`;
}

/** The stored mark, or undefined on the first visit (or when what is stored is not a mark). */
export function readAwayMark(storage: Storage, key: string): AwayMark | undefined {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return undefined;
    const parsed = markSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the mark; a full or disabled storage only loses the summary of the next visit. */
export function writeAwayMark(storage: Storage, key: string, mark: AwayMark): void {
  try {
    storage.setItem(key, JSON.stringify(mark));
  } catch {
    // Nothing to do: the next visit shows no summary, as a first one would.
  }
}

/** Whether fill `a` comes after position `b` in the chain's order (any fill comes after none). */
export function isAfter(a: TradePosition, b: TradePosition | null): boolean {
  if (!b) return true;
  return a.blockNumber > b.blockNumber || (a.blockNumber === b.blockNumber && a.logIndex > b.logIndex);
}
