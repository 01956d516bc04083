import { createHash } from 'node:crypto';
import type { Queryable } from '../../src/db/Database.js';
import type { BookEvent } from '../../src/events/BookEvents.js';
import { WRITE_COLUMNS } from '../../src/orders/createOrderWriter.js';
import { MAKER_1, TOKEN_A, TOKEN_B } from './fakeAddresses.js';

/** Columns of a stored order a test may set; the rest get plausible defaults. */
export interface FakeOrder {
  hash?: string;
  maker?: string;
  taker?: string;
  makerToken?: string;
  takerToken?: string;
  makerSymbol?: string;
  takerSymbol?: string;
  feeRecipient?: string;
  makerTokenAmount?: string;
  takerTokenAmount?: string;
  makerFee?: string;
  takerFee?: string;
  expiration?: string;
  state?: string;
  filledTaker?: string;
  cancelledTaker?: string;
  createdAt?: number;
  /** The block its chain state was read at. */
  validatedBlock?: string;
}

/** A deterministic 32-byte hash from a label. */
/** A `removed` book event of an order between TOKEN_A and TOKEN_B (what the watcher publishes for a fill). */
export function removedEvent(network: string): BookEvent {
  return {
    type: 'removed',
    network,
    orderHash: `0x${'1'.repeat(64)}`,
    state: 'filled',
    makerTokenAddress: TOKEN_A,
    takerTokenAddress: TOKEN_B,
  };
}

export function fakeHash(label: string | number): string {
  return `0x${createHash('sha256').update(String(label)).digest('hex')}`;
}

/**
 * Stores orders straight into `orders` (no signature, no chain): what the read paths (paging, sorting,
 * filters, SRA lists, the book) need to be tested on their own and on both database engines.
 */
export async function insertFakeOrders(
  db: Queryable,
  network: string,
  orders: readonly FakeOrder[],
): Promise<string[]> {
  const hashes: string[] = [];
  for (const [i, o] of orders.entries()) {
    const hash = o.hash ?? fakeHash(`${network}:${i}:${JSON.stringify(o)}`);
    hashes.push(hash);
    const takerTokenAmount = o.takerTokenAmount ?? '1000';
    const values = [
      network,
      hash,
      '0x48bacb9266a570d521063ef5dd96e61686dbe788',
      o.maker ?? MAKER_1,
      o.taker ?? '0x0000000000000000000000000000000000000000',
      o.makerToken ?? TOKEN_A,
      o.takerToken ?? TOKEN_B,
      o.makerSymbol ?? 'AAA',
      o.takerSymbol ?? 'BBB',
      o.feeRecipient ?? '0x0000000000000000000000000000000000000000',
      o.makerTokenAmount ?? '2000',
      takerTokenAmount,
      o.makerFee ?? '0',
      o.takerFee ?? '0',
      o.expiration ?? '4102444800',
      o.expiration && BigInt(o.expiration) > 2n ** 62n ? String(2n ** 62n) : (o.expiration ?? '4102444800'),
      String(i + 1),
      27,
      fakeHash(`r${hash}`),
      fakeHash(`s${hash}`),
      o.state ?? 'open',
      o.filledTaker ?? '0',
      o.cancelledTaker ?? '0',
      takerTokenAmount,
      o.makerTokenAmount ?? '2000',
      o.createdAt ?? 1_700_000_000_000 + i,
      o.createdAt ?? 1_700_000_000_000 + i,
      o.validatedBlock ?? '0',
    ];
    await db.query(
      `INSERT INTO orders (${WRITE_COLUMNS.join(', ')}) VALUES (${values.map((_, k) => `$${k + 1}`).join(', ')})`,
      values,
    );
  }
  return hashes;
}
