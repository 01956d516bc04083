import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient } from '../../test/helpers/adminClient.js';
import { MAKER_1, MAKER_2, TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { FAKE_TOKENS } from '../../test/helpers/fakeTokens.js';
import { insertTokens, startOfflineApp } from '../../test/helpers/offlineApp.js';
import { signedMainOrder } from '../../test/helpers/signedMainOrder.js';
import { openWsClient } from '../../test/helpers/wsTestClient.js';
import type { BookEvent } from '../events/BookEvents.js';

// The operator's console: docs/OPERATING.md "Console", docs/RELIABILITY.md "Admin actions are audited".

const ADMIN_TOKEN = 'an-admin-token-long-enough';
let env: Awaited<ReturnType<typeof startOfflineApp>>;
let admin: ReturnType<typeof adminClient>;
const published: BookEvent[] = [];

beforeAll(async () => {
  env = await startOfflineApp({ metrics: { host: '127.0.0.1', port: 0 }, admin: { token: ADMIN_TOKEN } });
  env.events.subscribe((event) => published.push(event));
  await insertTokens(env.db, 'main', FAKE_TOKENS);
  await insertFakeOrders(env.db, 'main', [
    { maker: MAKER_1 },
    { maker: MAKER_1 },
    { maker: MAKER_1, makerToken: TOKEN_B, takerToken: TOKEN_A, makerSymbol: 'BBB', takerSymbol: 'AAA' },
    { maker: MAKER_2, takerToken: TOKEN_C, takerSymbol: 'CCC' },
    { maker: MAKER_2, takerToken: TOKEN_C, takerSymbol: 'CCC' },
    { maker: MAKER_2, state: 'filled' },
  ]);
  env.resync();
  admin = adminClient(env.app, ADMIN_TOKEN);
});

afterAll(async () => {
  await env?.close();
});

const openHashes = async () =>
  ((await env.app.inject('/order?per_page=100')).json().orders as { orderHash: string; maker: string }[]).map(
    (o) => o.orderHash,
  );

describe('where the admin API answers', () => {
  test('the public port answers 404 for every admin path', async () => {
    for (const [method, url] of [
      ['GET', '/admin/tokens'],
      ['POST', `/admin/tokens/${TOKEN_C}/unlist`],
      ['GET', '/admin/fees'],
      ['POST', '/admin/fees'],
      ['GET', '/admin/markets'],
      ['GET', '/admin/makers'],
      ['POST', `/admin/makers/${MAKER_1}/remove`],
      ['GET', '/admin/audit'],
    ] as const) {
      const answer = await env.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(answer.statusCode, url).toBe(404);
    }
  });

  test('without the bearer token, or with a wrong one, it answers 401', async () => {
    expect((await adminClient(env.app, undefined).get('/admin/tokens')).status).toBe(401);
    const wrong = await adminClient(env.app, 'not-the-admin-token-at-all').post(
      `/admin/tokens/${TOKEN_C}/unlist`,
    );
    expect(wrong).toMatchObject({ status: 401, body: { error: 'UNAUTHORIZED' } });
    const untouched = (await admin.get('/admin/tokens')).body.tokens.find(
      (t: { address: string }) => t.address === TOKEN_C,
    );
    expect(untouched.unlisted).toBe(false);
  });
});

describe('input', () => {
  test('every bad input is a coded 400 naming its field, and nothing is changed or audited', async () => {
    const cases: [ReturnType<typeof admin.get>, string, string][] = [
      [admin.post('/admin/tokens/0x1234/unlist'), 'address', 'VALIDATION_FAILED'],
      [admin.post(`/admin/tokens/${TOKEN_C}/unlist`, { network: 'mars' }), 'network', 'VALIDATION_FAILED'],
      [admin.post(`/admin/tokens/${TOKEN_C}/unlist`, { netwrok: 'main' }), 'netwrok', 'VALIDATION_FAILED'],
      [admin.post(`/admin/tokens/0x${'d'.repeat(40)}/verify`), 'address', 'UNKNOWN_TOKEN'],
      [admin.post('/admin/fees', { makerFee: '-1' }), 'makerFee', 'VALIDATION_FAILED'],
      [admin.post('/admin/fees', { takerFee: 1000 }), 'takerFee', 'VALIDATION_FAILED'],
      [admin.post('/admin/fees', { feeRecipient: '0xabc' }), 'feeRecipient', 'VALIDATION_FAILED'],
      [admin.get('/admin/makers?limit=0'), 'limit', 'VALIDATION_FAILED'],
      [admin.get('/admin/markets?network=mars'), 'network', 'VALIDATION_FAILED'],
      [admin.get('/admin/audit?limit=many'), 'limit', 'VALIDATION_FAILED'],
    ];
    for (const [answer, field, code] of cases) {
      const { status, body } = await answer;
      expect(status, field).toBe(400);
      expect(body.error, field).toBe(code);
      const named = body.validationErrors?.map((v: { field: string }) => v.field) ?? [];
      expect([...named, body.reason].join(' '), field).toContain(field);
    }
    const empty = await admin.post('/admin/fees', {});
    expect(empty).toMatchObject({ status: 400, body: { error: 'VALIDATION_FAILED' } });
    expect((await admin.get('/admin/audit')).body.entries).toEqual([]);
  });
});

describe('tokens', () => {
  test('lists every token with its verified and unlisted state and open orders', async () => {
    const { body } = await admin.get('/admin/tokens?network=main');
    expect(body.tokens.map((t: { symbol: string }) => t.symbol)).toEqual(['AAA', 'BBB', 'CCC']);
    expect(body.tokens[2]).toMatchObject({
      address: TOKEN_C,
      verified: false,
      unlisted: false,
      openOrders: 2,
    });
    expect(body.tokens[0]).toMatchObject({ verified: true, operatorVerified: false, openOrders: 5 });
  });

  test('an unlisted token leaves the book and the token list, its new orders are refused; relisting brings them back', async () => {
    const before = await openHashes();
    expect(before).toHaveLength(5);
    const ws = await subscribedClient();

    const unlisted = await admin.post(`/admin/tokens/${TOKEN_C.toUpperCase().replace('0X', '0x')}/unlist`);
    expect(unlisted).toMatchObject({
      status: 200,
      body: { address: TOKEN_C, symbol: 'CCC', ordersRemoved: 2 },
    });
    const after = await openHashes();
    expect(after).toHaveLength(3);
    const gone = before.filter((hash) => !after.includes(hash));
    const removal = await ws.next((m) => m.type === 'remove' && gone.includes(m.payload.orderHash));
    expect(removal.payload.state).toBe('unfunded');
    const record = (await env.app.inject(`/order/${gone[0]}`)).json();
    expect(record).toMatchObject({ state: 'unfunded', reason: 'TOKEN_UNLISTED' });
    const tokens = (await env.app.inject('/token')).json() as { address: string }[];
    expect(tokens.map((t) => t.address)).not.toContain(TOKEN_C);

    const order = await signedMainOrder({ takerToken: TOKEN_C });
    const refused = await env.app.inject({ method: 'POST', url: '/v0/order', payload: order });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'TOKEN_UNLISTED',
      validationErrors: [{ field: 'takerTokenAddress' }],
    });
    const token = { address: TOKEN_C, name: 'Gamma', symbol: 'CCC', decimals: 18 };
    const resubmitted = await env.app.inject({ method: 'POST', url: '/token/new', payload: token });
    expect(resubmitted.json()).toMatchObject({ error: 'TOKEN_UNLISTED' });

    const relisted = await admin.post(`/admin/tokens/${TOKEN_C}/relist`, { network: 'main' });
    expect(relisted).toMatchObject({ status: 200, body: { ordersReturned: 2 } });
    expect((await openHashes()).sort()).toEqual([...before].sort());
    await ws.next((m) => m.type === 'update' && gone.includes(m.payload.orderHash));
    ws.close();
  });

  test('verify marks a token verified by the operator', async () => {
    const { body } = await admin.post(`/admin/tokens/${TOKEN_C}/verify`);
    expect(body).toMatchObject({ address: TOKEN_C, wasVerified: false });
    const listed = (await env.app.inject('/token')).json() as { address: string; verified: boolean }[];
    expect(listed.find((t) => t.address === TOKEN_C)?.verified).toBe(true);
    expect(published).toContainEqual({ type: 'tokensChanged', network: 'main' });
  });
});

describe('the book', () => {
  test('per market, and the top makers by open orders', async () => {
    const markets = (await admin.get('/admin/markets')).body.markets;
    expect(markets).toEqual([
      {
        base: { address: TOKEN_A, symbol: 'AAA' },
        quote: { address: TOKEN_B, symbol: 'BBB' },
        baseSells: 2,
        quoteSells: 1,
        openOrders: 3,
      },
      {
        base: { address: TOKEN_A, symbol: 'AAA' },
        quote: { address: TOKEN_C, symbol: 'CCC' },
        baseSells: 2,
        quoteSells: 0,
        openOrders: 2,
      },
    ]);
    const makers = (await admin.get('/admin/makers?limit=1')).body.makers;
    expect(makers).toEqual([{ maker: MAKER_1, openOrders: 3, markets: 1 }]);
  });

  test("removing a maker's orders takes them out of reads and the WebSocket, and keeps them in history", async () => {
    const ws = await subscribedClient();
    const removed = await admin.post(`/admin/makers/${MAKER_2}/remove`);
    expect(removed.body).toMatchObject({ maker: MAKER_2, ordersRemoved: 2, unfundedMarked: 0 });
    await ws.next((m) => m.type === 'remove');
    const open = (await env.app.inject('/order?per_page=100')).json().orders as { maker: string }[];
    expect(open.map((o) => o.maker)).toEqual([MAKER_1, MAKER_1, MAKER_1]);
    const history = (await env.app.inject(`/order?maker=${MAKER_2}&state=unfunded`)).json().orders;
    expect(history.map((o: { reason: string }) => o.reason)).toEqual([
      'REMOVED_BY_OPERATOR',
      'REMOVED_BY_OPERATOR',
    ]);
    expect((await admin.get('/admin/makers')).body.makers).toEqual([
      { maker: MAKER_1, openOrders: 3, markets: 1 },
    ]);
    ws.close();
  });
});

describe('the audit log', () => {
  test('holds every change with its time, action, arguments and caller, newest first', async () => {
    const started = Date.now();
    await admin.post('/admin/fees', { makerFee: '5' });
    const { entries } = (await admin.get('/admin/audit?limit=10')).body;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'fees.set',
      'makers.remove',
      'tokens.verify',
      'tokens.relist',
      'tokens.unlist',
    ]);
    expect(entries[0]).toMatchObject({
      args: { makerFee: '5' },
      caller: '127.0.0.1',
      result: { after: { makerFee: '5', takerFee: '0' } },
    });
    expect(entries[4]).toMatchObject({
      args: { network: 'main', address: TOKEN_C },
      result: { ordersRemoved: 2 },
    });
    expect(Date.parse(entries[0].at)).toBeGreaterThanOrEqual(started - 1000);
  });
});

/** The public listener, once (the WebSocket needs a real socket). */
let listening: string | undefined;
async function listen(): Promise<string> {
  listening ??= (await env.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
  return listening;
}

/** A WebSocket client on the orders channel; the snapshot of a later subscription shows it is in place. */
async function subscribedClient() {
  const ws = await openWsClient(`${await listen()}/v0/ws`);
  ws.send({ type: 'subscribe', channel: 'orders', requestId: 1, payload: {} });
  const book = { baseTokenAddress: TOKEN_A, quoteTokenAddress: TOKEN_B, snapshot: true };
  ws.send({ type: 'subscribe', channel: 'orderbook', requestId: 2, payload: book });
  await ws.next((m) => m.type === 'snapshot' && m.requestId === 2);
  return ws;
}
