/** The first part of every network-cost query key, so one invalidation reaches them all. */
export const TX_COST_KEY = 'txCost';

/** Estimates follow the chain: a new block may change the gas price or what the call does. */
export const TX_COST_REFRESH_MS = 12_000;
