import type { SignedOrder } from '@relayer/protocol';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { useChainApp } from '../../test/helpers/chainApp.js';
import { createStreamBook, type StreamBook } from '../../test/helpers/streamBook.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { openWsClient, type WsTestClient } from '../../test/helpers/wsTestClient.js';

/**
 * The `stream` channel on the real app: orders accepted through POST /orders, fills and cancels on the
 * chain found by the watcher, the snapshot read from the read model. A client that drops, misses the
 * changes and resumes ends with the book a fresh snapshot shows.
 */
const { t, app, db } = useChainApp((config) => ({
  ...config,
  watcher: { ...config.watcher, enabled: true, pollMs: 50 },
}));
const TAKER = 2;
let wsUrl: string;
const open: WsTestClient[] = [];

beforeAll(async () => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  wsUrl = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/v0/ws`;
});

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

/** A client following the stream into a book, applying each message as it arrives. */
async function follower(payload: object = {}): Promise<{ client: WsTestClient; book: StreamBook }> {
  const client = await openWsClient(wsUrl);
  open.push(client);
  const book = createStreamBook();
  client.socket.on('message', (data) => book.apply(JSON.parse(data.toString())));
  client.send({ type: 'subscribe', channel: 'stream', requestId: 1, payload });
  return { client, book };
}

/** A follower handed the book another one kept: the same client after a reconnect. */
async function resumer(book: StreamBook): Promise<WsTestClient> {
  const { epoch, sequence } = book.position();
  const client = await openWsClient(wsUrl);
  open.push(client);
  client.socket.on('message', (data) => book.apply(JSON.parse(data.toString())));
  client.send({ type: 'subscribe', channel: 'stream', requestId: 1, payload: { epoch, since: sequence } });
  return client;
}

async function postOrders(orders: SignedOrder[]): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/orders',
    payload: JSON.stringify(orders),
    headers: { 'content-type': 'application/json' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const statuses = (response.json() as { results: { status: number }[] }).results.map((r) => r.status);
  expect(statuses).toEqual(orders.map(() => 201));
}

const newOrders = (count: number, from: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => t.repForWeth({ makerAmount: 10n ** 18n + BigInt(from + i) })),
  );

test('a client that drops, misses 50 changes and resumes ends with the book a fresh snapshot shows', async () => {
  const first = await newOrders(20, 0);
  await postOrders(first);
  const { client, book } = await follower();
  await waitFor(() => book.position().complete, 10_000, 'the first snapshot');
  expect(book.orders.size).toBeGreaterThanOrEqual(20);
  const dropped = book.position();
  client.close();

  // 50 changes while it is away: 30 new orders, 10 partial fills and 10 whole cancels on the chain.
  await postOrders(await newOrders(30, 100));
  for (const order of first.slice(0, 10)) await t.fill(order, BigInt(order.takerTokenAmount) / 2n, TAKER);
  for (const order of first.slice(10, 20)) await t.cancel(order, BigInt(order.takerTokenAmount));
  const settled = async () => {
    const [row] = await db.query<{ cancelled: string; filled: string }>(
      `SELECT count(*) FILTER (WHERE state = 'cancelled') AS cancelled,
              count(*) FILTER (WHERE state = 'open' AND filled_taker > 0) AS filled FROM orders`,
    );
    return Number(row?.cancelled) === 10 && Number(row?.filled) === 10;
  };
  await waitFor(settled, 30_000, 'the watcher to record the fills and cancels');

  const again = await resumer(book);
  const fresh = await follower();
  // Both follow the live stream from here, so they meet at the same position once every change is out.
  await waitFor(
    () => {
      const [a, b] = [book.position(), fresh.book.position()];
      return (
        b.complete && a.epoch === b.epoch && a.sequence === b.sequence && a.sequence >= dropped.sequence + 50
      );
    },
    15_000,
    'the resumed book to reach the fresh one',
  );
  expect(again.messages[0]).toMatchObject({ type: 'resumed', sequence: dropped.sequence });
  expect(again.messages.filter((m) => m.type === 'snapshot')).toEqual([]);
  expect(again.messages.filter((m) => m.type !== 'resumed').length).toBe(
    book.position().sequence - dropped.sequence,
  );
  expect(book.counts()).toMatchObject({ snapshots: 1 });
  expect(book.orders.size).toBe(40);
  // The partial fills reached it as amounts, with the filled totals the snapshot shows.
  expect(book.sorted().filter((o) => o.filledTakerTokenAmount !== '0')).toHaveLength(10);
  expect(book.sorted()).toEqual(fresh.book.sorted());
}, 120_000);
