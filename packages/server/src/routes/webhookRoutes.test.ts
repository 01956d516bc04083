import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { offlineConfig } from '../../test/helpers/offlineApp.js';
import { signedWebhookRequest } from '../../test/helpers/signedWebhookRequest.js';
import { startTestApp, type TestApp } from '../../test/helpers/startTestApp.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/helpers/startWebhookReceiver.js';
import type { ResolveHost } from '../webhooks/resolveCheckedAddress.js';

const MAKER_KEY: Hex = `0x${'11'.repeat(32)}`;
const OTHER_KEY: Hex = `0x${'22'.repeat(32)}`;
const MAKER = privateKeyToAccount(MAKER_KEY).address.toLowerCase();
const CHAIN = { relayerName: 'Test Relayer', chainId: 50 };

/** hooks.example resolves to a public address, rebind.example to loopback. */
const resolveHost: ResolveHost = async (host) =>
  host === 'rebind.example'
    ? [{ address: '127.0.0.1', family: 4 }]
    : [{ address: '93.184.216.34', family: 4 }];

describe('webhook registration', () => {
  let started: TestApp;
  let loopbackApp: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const base = offlineConfig();
    const webhooks = {
      ...base.webhooks,
      allowedHosts: ['hooks.example', '*.makers.example', 'rebind.example', '127.0.0.1'],
      relayerName: CHAIN.relayerName,
    };
    started = await startTestApp(offlineConfig({ webhooks }), { resolveHost });
    loopbackApp = await startTestApp(
      offlineConfig({ webhooks: { ...webhooks, allowPrivateAddresses: true } }),
      {
        resolveHost,
      },
    );
  });
  afterAll(async () => {
    await started?.close();
    await loopbackApp?.close();
    await receiver?.stop();
  });

  const post = (app: TestApp, payload: Record<string, unknown>, method: 'POST' | 'DELETE' = 'POST') =>
    app.app.inject({ method, url: '/webhooks', payload });

  test('a registration signed with the maker key answers a 32-byte secret once and stores it', async () => {
    const body = await signedWebhookRequest(
      MAKER_KEY,
      { action: 'register', url: 'https://hooks.example/x' },
      CHAIN,
    );
    const answer = await post(started, body);
    expect(answer.statusCode).toBe(201);
    const json = answer.json();
    expect(json).toMatchObject({
      maker: MAKER,
      url: 'https://hooks.example/x',
      events: ['fill', 'cancel', 'unfunded', 'expiring'],
      network: 'main',
      chainId: 50,
    });
    expect(json.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.headers['cache-control']).toBe('no-store');
    const rows = await started.db.query<{ secret: string }>('SELECT secret FROM webhooks WHERE maker = $1', [
      MAKER,
    ]);
    expect(rows).toEqual([{ secret: json.secret }]);

    // The same signed body again: its nonce was used.
    const replay = await post(started, body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'WEBHOOK_NONCE_USED' });
  });

  test('a registration signed by another key is refused with a 403 naming the signature', async () => {
    const body = await signedWebhookRequest(
      OTHER_KEY,
      { action: 'register', url: 'https://hooks.example/evil' },
      { ...CHAIN, maker: MAKER },
    );
    const answer = await post(started, body);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({
      error: 'WEBHOOK_SIGNER_MISMATCH',
      validationErrors: [expect.objectContaining({ field: 'signature' })],
    });
    const rows = await started.db.query<{ url: string }>('SELECT url FROM webhooks WHERE maker = $1', [
      MAKER,
    ]);
    expect(rows.map((r) => r.url)).not.toContain('https://hooks.example/evil');
  });

  test('a signature for another relayer or chain does not verify here', async () => {
    for (const context of [
      { relayerName: 'Other Relayer', chainId: 50 },
      { relayerName: CHAIN.relayerName, chainId: 1 },
    ]) {
      const body = await signedWebhookRequest(
        MAKER_KEY,
        { action: 'register', url: 'https://hooks.example/y' },
        context,
      );
      const answer = await post(started, body);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error).toBe('WEBHOOK_SIGNER_MISMATCH');
    }
  });

  test.each([
    ['https://elsewhere.example/x', 'not on the list'],
    ['https://makers.example/x', 'the bare suffix of a *. entry'],
    ['https://rebind.example/x', 'a listed name that resolves to 127.0.0.1'],
    ['http://127.0.0.1:1/x', 'a listed loopback literal without the private-address option'],
  ])('%s is refused (%s)', async (url) => {
    const body = await signedWebhookRequest(MAKER_KEY, { action: 'register', url }, CHAIN);
    const answer = await post(started, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      error: 'WEBHOOK_HOST_NOT_ALLOWED',
      validationErrors: [expect.objectContaining({ field: 'url' })],
    });
  });

  test('a subdomain of a *. entry is allowed, and loopback only with the explicit option', async () => {
    const sub = await signedWebhookRequest(
      MAKER_KEY,
      { action: 'register', url: 'https://a.makers.example/h' },
      CHAIN,
    );
    expect((await post(started, sub)).statusCode).toBe(201);
    const loop = await signedWebhookRequest(MAKER_KEY, { action: 'register', url: receiver.url }, CHAIN);
    expect((await post(loopbackApp, loop)).statusCode).toBe(201);
  });

  test.each([
    [{ url: 'ftp://hooks.example/x' }, 'url'],
    [{ events: ['fill', 'trade'] }, 'events.1'],
    [{ nonce: 'short' }, 'nonce'],
    [{ signature: '0x1234' }, 'signature'],
    [{ maker: 'not-an-address' }, 'maker'],
    [{ extra: 1 }, 'extra'],
  ])('a malformed field gets a coded 400 naming it: %j', async (change, field) => {
    const body = await signedWebhookRequest(
      MAKER_KEY,
      { action: 'register', url: 'https://hooks.example/x' },
      CHAIN,
    );
    const answer = await post(started, { ...body, ...change });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect(answer.json().validationErrors.map((e: { field: string }) => e.field)).toContain(field);
  });

  test('an expired or too distant expiry is refused naming expires', async () => {
    for (const nowMs of [Date.now() - 3_600_000, Date.now() + 7_200_000]) {
      const body = await signedWebhookRequest(
        MAKER_KEY,
        { action: 'register', url: 'https://hooks.example/x' },
        { ...CHAIN, nowMs },
      );
      const answer = await post(started, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        error: 'VALUE_OUT_OF_RANGE',
        validationErrors: [expect.objectContaining({ field: 'expires' })],
      });
    }
  });

  test('DELETE signed by the maker removes the webhook; another key is refused; none left is a 404', async () => {
    const register = await signedWebhookRequest(
      MAKER_KEY,
      { action: 'register', url: 'https://hooks.example/z' },
      CHAIN,
    );
    expect((await post(started, register)).statusCode).toBe(201);
    const forged = await signedWebhookRequest(OTHER_KEY, { action: 'remove' }, { ...CHAIN, maker: MAKER });
    const refused = await post(started, forged, 'DELETE');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('WEBHOOK_SIGNER_MISMATCH');

    const removal = await signedWebhookRequest(MAKER_KEY, { action: 'remove' }, CHAIN);
    const removed = await post(started, removal, 'DELETE');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: true });
    expect(await started.db.query('SELECT 1 FROM webhooks WHERE maker = $1', [MAKER])).toEqual([]);
    const again = await post(
      started,
      await signedWebhookRequest(MAKER_KEY, { action: 'remove' }, CHAIN),
      'DELETE',
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('NOT_FOUND');
  });
});
