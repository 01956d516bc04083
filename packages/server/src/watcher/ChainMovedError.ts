/** Thrown when the chain moved under a range while it was being read; the next tick retries it. */
export class ChainMovedError extends Error {}
