import type { BookEvent } from '../events/BookEvents.js';

/** An order row an admin action just closed as unfunded, as its UPDATE ... RETURNING gives it. */
export interface ClosedRow {
  hash: string;
  maker_token: string;
  taker_token: string;
  version: number;
}

/** The book's `removed` events for open orders an admin action marked unfunded. */
export function removedEvents(network: string, rows: readonly ClosedRow[]): BookEvent[] {
  return rows.map((row) => ({
    type: 'removed',
    network,
    orderHash: row.hash,
    state: 'unfunded',
    makerTokenAddress: row.maker_token,
    takerTokenAddress: row.taker_token,
    version: Number(row.version),
  }));
}
