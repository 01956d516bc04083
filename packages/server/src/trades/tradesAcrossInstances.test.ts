import { createSignedOrder } from '@relayer/devchain';
import { hashOrder, tradeListResponseSchema, wsServerMessageSchema } from '@relayer/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chainConfig, startTestChain, type TestChain } from '../../test/helpers/chainApp.js';
import { fakeTrade } from '../../test/helpers/fakeTrades.js';
import { postgresMissing } from '../../test/helpers/postgresMissing.js';
import { useSharedPostgres } from '../../test/helpers/useSharedPostgres.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { openWsClient, type WsTestClient } from '../../test/helpers/wsTestClient.js';
import { type BookEvent, BookEvents } from '../events/BookEvents.js';
import { bridgeBookEvents } from '../events/bridgeBookEvents.js';
import { type RunningRelayer, startRelayer } from '../startRelayer.js';

// Several instances on one PostgreSQL: one leads the chain watcher and records a trade; the trade events
// reach every instance's WebSocket clients once, like the book's events (LISTEN/NOTIFY).

const unavailable = postgresMissing('The trade tests across instances');

const E18 = 10n ** 18n;

describe.skipIf(Boolean(unavailable))('trades across instances sharing a PostgreSQL', () => {
  const { url, open } = useSharedPostgres();
  let t: TestChain;
  const relayers: RunningRelayer[] = [];
  const clients: WsTestClient[] = [];

  beforeAll(async () => {
    t = await startTestChain();
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(relayers.map((relayer) => relayer.close()));
    await t?.stop();
  });

  test('trade events reach every instance once, in order, the publisher included', async () => {
    const [first, second] = [new BookEvents(), new BookEvents()];
    const seen: BookEvent[][] = [[], []];
    first.subscribe((e) => seen[0]?.push(e));
    second.subscribe((e) => seen[1]?.push(e));
    const undo = [await bridgeBookEvents(await open(), first), await bridgeBookEvents(await open(), second)];
    const trade = fakeTrade({ blockNumber: 77, logIndex: 3, paidMakerFee: (2n ** 255n).toString() });
    const events: BookEvent[] = [
      { type: 'tradeAdded', network: 'main', trade },
      { type: 'tradeRemoved', network: 'main', trade },
    ];
    await first.publish(events[0] as BookEvent);
    await second.publish(events[1] as BookEvent);
    await waitFor(() => (seen[0]?.length ?? 0) >= 2 && (seen[1]?.length ?? 0) >= 2, 5_000, 'both events');
    // One more event from each side, seen by both: a repeat of the first two would have come before it.
    const markers: BookEvent[] = [
      { type: 'tradeAdded', network: 'main', trade: fakeTrade({ blockNumber: 78, logIndex: 0 }) },
      { type: 'tradeAdded', network: 'main', trade: fakeTrade({ blockNumber: 79, logIndex: 0 }) },
    ];
    await first.publish(markers[0] as BookEvent);
    await second.publish(markers[1] as BookEvent);
    await waitFor(() => (seen[0]?.length ?? 0) >= 4 && (seen[1]?.length ?? 0) >= 4, 5_000, 'the markers');
    expect(seen.map((s) => s.slice(0, 2))).toEqual([events, events]);
    expect(seen.map((s) => s.length)).toEqual([4, 4]);
    for (const s of seen) expect(s.slice(2)).toEqual(expect.arrayContaining(markers));
    for (const unbridge of undo) await unbridge();
  });

  test("a fill recorded by the leading instance's watcher reaches the trades subscribers of both", async () => {
    const base = chainConfig(t.network);
    const config = chainConfig(t.network, {
      database: { url: url(), dataDir: 'unused' },
      watcher: { ...base.watcher, enabled: true, pollMs: 50 },
      host: '127.0.0.1',
      port: 0,
    });
    for (let i = 0; i < 2; i++)
      relayers.push(await startRelayer(config, { deps: { events: new BookEvents() } }));
    const apps = relayers.map((relayer) => relayer.app);
    const [first, second] = apps as [(typeof apps)[0], (typeof apps)[0]];
    await waitFor(
      async () => (await first.inject('/token')).json().length > 3,
      60_000,
      'the registry import',
    );
    for (const [i, relayer] of relayers.entries()) {
      const client = await openWsClient(`${relayer.url.replace('http', 'ws')}/v0/ws`);
      client.send({ type: 'subscribe', channel: 'trades', requestId: 10 + i, payload: {} });
      clients.push(client);
    }
    const order = await createSignedOrder({
      deployment: t.chain.deployment,
      makerPrivateKey: t.key(1),
      makerToken: t.token('REP').address,
      takerToken: t.token('WETH').address,
      makerAmount: 10n * E18,
      takerAmount: 2n * E18,
    });
    // Accepted by the second instance, filled on chain by another client.
    const posted = await second.inject({ method: 'POST', url: '/order/new', payload: order });
    expect(posted.statusCode, posted.body).toBe(201);
    await t.fill(order, E18, 2);

    const hash = hashOrder(order);
    for (const [i, client] of clients.entries()) {
      const message = wsServerMessageSchema.parse(await client.next((m) => m.type === 'trade', 20_000));
      expect(message).toMatchObject({ channel: 'trades', requestId: 10 + i, payload: { orderHash: hash } });
    }
    for (const app of apps) {
      const page = tradeListResponseSchema.parse((await app.inject(`/trades?orderHash=${hash}`)).json());
      expect(page.trades.map((tr) => tr.filledTakerTokenAmount)).toEqual([E18.toString()]);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const client of clients) expect(client.messages.filter((m) => m.type === 'trade')).toHaveLength(1);
  });
});
