import { randomBytes } from 'node:crypto';
import type { Queryable } from '../src/db/Database.js';
import { createOrderWriter } from '../src/orders/createOrderWriter.js';

const NULL_ADDRESS = '0x0000000000000000000000000000000000000000';
const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;
const pick = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;

/**
 * Fills the book with `count` open orders through the app's own order writer (the path acceptance
 * uses, batched), without signatures or chain reads: a read benchmark needs a big book, not a valid
 * one. Orders spread over every ordered pair of `tokens`, 200 makers, varied amounts and fees.
 */
export async function seedOrders(
  db: Queryable,
  network: string,
  count: number,
  tokens: readonly { address: string; symbol: string }[],
): Promise<{ inserted: number; ms: number }> {
  const started = performance.now();
  const pairs = tokens.flatMap((maker) =>
    tokens.filter((t) => t !== maker).map((taker) => [maker, taker] as const),
  );
  const makers = Array.from({ length: 200 }, () => hex(20));
  const writer = createOrderWriter(db);
  const now = Date.now();
  let inserted = 0;
  const CHUNK = 10_000;
  for (let start = 0; start < count; start += CHUNK) {
    const writes: Promise<unknown>[] = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i++) {
      const [maker, taker] = pick(pairs, i);
      const makerAmount = (BigInt(1 + ((i * 7919) % 1000)) * 10n ** 17n).toString();
      const takerAmount = (BigInt(1 + ((i * 104_729) % 5000)) * 10n ** 16n).toString();
      const fee = (BigInt(i % 5) * 10n ** 16n).toString();
      const expiration = String(Math.floor(now / 1000) + 86_400 + (i % 100_000));
      const hash = hex(32);
      const values = [
        network,
        hash,
        hex(20),
        pick(makers, i),
        NULL_ADDRESS,
        maker.address,
        taker.address,
        maker.symbol,
        taker.symbol,
        NULL_ADDRESS,
        makerAmount,
        takerAmount,
        fee,
        fee,
        expiration,
        expiration,
        String(i),
        27 + (i % 2),
        hex(32),
        hex(32),
        'open',
        '0',
        '0',
        takerAmount,
        makerAmount,
        now - count + i,
        now - count + i,
        '0',
      ];
      writes.push(writer.write({ network, hash, values }).then(() => inserted++));
    }
    await Promise.all(writes);
  }
  return { inserted, ms: performance.now() - started };
}
