import { errorResponseSchema, orderbookRecordsResponseSchema, signedOrderSchema } from '@relayer/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { startOfflineApp } from '../../test/helpers/offlineApp.js';

// GET /v0/orderbook?records=true: the market view's book (issue 10 item 3). Same orders in the same
// order as the SRA answer, as OrderRecords, with each side's total; SRA clients see no change.

let env: Awaited<ReturnType<typeof startOfflineApp>>;
const BASE = TOKEN_A;
const QUOTE = TOKEN_B;
const sraBook = z.object({
  bids: z.array(signedOrderSchema.strict()),
  asks: z.array(signedOrderSchema.strict()),
});

beforeAll(async () => {
  env = await startOfflineApp();
  await insertFakeOrders(env.db, 'main', [
    // Asks sell the base for the quote: 1000 base for 500 + 10 i quote.
    ...Array.from({ length: 7 }, (_, i) => ({
      makerToken: BASE,
      takerToken: QUOTE,
      makerTokenAmount: '1000',
      takerTokenAmount: String(500 + 10 * ((i * 3) % 7)),
      filledTaker: i === 2 ? '100' : '0',
    })),
    // Bids buy the base: 400 + 10 i quote for 1000 base.
    ...Array.from({ length: 4 }, (_, i) => ({
      makerToken: QUOTE,
      takerToken: BASE,
      makerTokenAmount: String(400 + 10 * i),
      takerTokenAmount: '1000',
    })),
    { makerToken: BASE, takerToken: QUOTE, state: 'unfunded' },
    { makerToken: BASE, takerToken: TOKEN_C },
  ]);
  env.resync();
});

afterAll(async () => {
  await env?.close();
});

const book = (query: string) =>
  env.app.inject(`/v0/orderbook?baseTokenAddress=${BASE}&quoteTokenAddress=${QUOTE}&${query}`);

describe('GET /v0/orderbook?records=true', () => {
  test('the same orders in the same order as the SRA answer, as records with remaining amounts and totals', async () => {
    const sra = sraBook.parse((await book('')).json());
    const response = await book('records=true');
    expect(response.statusCode).toBe(200);
    const records = orderbookRecordsResponseSchema.parse(response.json());
    expect(records.total).toEqual({ bids: 4, asks: 7 });
    expect({ page: records.page, perPage: records.perPage }).toEqual({ page: 1, perPage: 100 });
    const signed = (r: (typeof records.asks)[number]) => signedOrderSchema.parse(r);
    expect(records.asks.map(signed)).toEqual(sra.asks);
    expect(records.bids.map(signed)).toEqual(sra.bids);
    // Best first: asks by ascending quote per base, bids by descending.
    const askPrices = records.asks.map((o) => Number(o.takerTokenAmount) / Number(o.makerTokenAmount));
    expect(askPrices).toEqual([...askPrices].sort((a, b) => a - b));
    const bidPrices = records.bids.map((o) => Number(o.makerTokenAmount) / Number(o.takerTokenAmount));
    expect(bidPrices).toEqual([...bidPrices].sort((a, b) => b - a));
    const partly = records.asks.find((o) => o.filledTakerTokenAmount === '100');
    expect(partly).toMatchObject({
      state: 'open',
      remainingTakerTokenAmount: String(Number(partly?.takerTokenAmount) - 100),
      reason: null,
      shortfalls: [],
    });
  });

  test('pages each side with the SRA page and per_page, and says where each side ends', async () => {
    const all = orderbookRecordsResponseSchema.parse((await book('records=true')).json());
    const pages = [1, 2, 3, 4].map(async (page) =>
      orderbookRecordsResponseSchema.parse((await book(`records=true&per_page=2&page=${page}`)).json()),
    );
    const answered = await Promise.all(pages);
    expect(answered.flatMap((p) => p.asks)).toEqual(all.asks);
    expect(answered.flatMap((p) => p.bids)).toEqual(all.bids);
    expect(answered.every((p) => p.total.asks === 7 && p.total.bids === 4 && p.perPage === 2)).toBe(true);
    const response = await book('records=true&per_page=2&page=2');
    expect(response.headers.link).toContain('records=true');
    expect(response.headers.link).toContain('rel="next"');
  });

  test('records=false and no flag answer plain SRA v0; anything else is refused naming records', async () => {
    expect(sraBook.parse((await book('records=false')).json())).toEqual(
      sraBook.parse((await book('')).json()),
    );
    for (const value of ['yes', '1', 'TRUE', '']) {
      const response = await book(`records=${value}`);
      expect(response.statusCode).toBe(400);
      expect(errorResponseSchema.parse(response.json()).validationErrors).toContainEqual(
        expect.objectContaining({ field: 'records', code: 1006 }),
      );
    }
  });
});
