import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { MAKER_1 } from '../../test/helpers/fakeAddresses.js';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { fakeTrade } from '../../test/helpers/fakeTrades.js';
import { MAIN_COMMAND, offlineMainEnv, SERVER_DIR } from '../../test/helpers/offlineMainProcess.js';
import { startWebhookReceiver } from '../../test/helpers/startWebhookReceiver.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { type WatchedProcess, watchProcess } from '../../test/helpers/watchProcess.js';
import {
  hasValidHmac,
  insertWebhook,
  testWebhookConfig,
  webhookWorld,
} from '../../test/helpers/webhookWorld.js';
import { createPgliteDatabase } from '../db/createPgliteDatabase.js';
import { migrate } from '../db/migrate.js';

/**
 * At least once across a crash: the relayer (a child process on a PGlite data directory) is killed
 * with kill -9 while the receiver holds its first delivery open, and started again on the same
 * directory; the held event arrives again with the same id, and the others too.
 */

const root = mkdtempSync(join(tmpdir(), 'relayer-webhook-kill-'));
const dataDir = join(root, 'db');
const children: ChildProcess[] = [];
const ORDER = fakeHash('kill order');
const SECRET = 'kill-test-secret';

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

async function startRelayer(): Promise<WatchedProcess> {
  const relayer = watchProcess(
    spawn(MAIN_COMMAND[0] as string, MAIN_COMMAND.slice(1), {
      cwd: SERVER_DIR,
      env: offlineMainEnv(dataDir, {
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_RETRY_BASE_MS: '100',
        WEBHOOK_RETRY_CAP_MS: '500',
        WEBHOOK_POLL_MS: '50',
        WEBHOOK_EXPIRING_SOON_SEC: '0',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  children.push(relayer.child);
  await relayer.waitForOutput('"msg":"relayer started"', 90_000);
  return relayer;
}

test('a relayer killed with kill -9 mid-delivery delivers the event again, same id, after its restart', {
  timeout: 180_000,
}, async () => {
  const receiver = await startWebhookReceiver();
  try {
    // The events are in the outbox before the relayer starts, as the watcher would have left them.
    const seed = await createPgliteDatabase(dataDir);
    await migrate(seed);
    await insertFakeOrders(seed, 'main', [{ hash: ORDER, maker: MAKER_1 }]);
    await insertWebhook(seed, MAKER_1, receiver.url, SECRET);
    const { enqueue } = webhookWorld(seed, testWebhookConfig());
    const trade = (logIndex: number) => ({
      type: 'tradeAdded' as const,
      network: 'main',
      trade: fakeTrade({ orderHash: ORDER as `0x${string}`, maker: MAKER_1, logIndex }),
    });
    expect(await enqueue([trade(1), trade(2), trade(3)])).toBe(3);
    const ids = (
      await seed.query<{ event_id: string }>('SELECT event_id FROM webhook_outbox ORDER BY id')
    ).map((r) => r.event_id);
    await seed.close();

    receiver.answer = 'hold';
    const first = await startRelayer();
    await waitFor(() => receiver.received.length > 0, 30_000, 'the first delivery');
    first.child.kill('SIGKILL');
    expect((await first.exit).signal).toBe('SIGKILL');
    const held = receiver.received[0];
    expect(held?.json.id).toBe(ids[0]);

    receiver.answer = 200;
    const second = await startRelayer();
    try {
      await waitFor(
        () => ids.every((id) => receiver.received.slice(1).some((r) => r.json.id === id)),
        30_000,
        'every event after the restart',
      );
    } finally {
      second.child.kill('SIGTERM');
      await second.exit;
    }
    const again = receiver.received.slice(1);
    expect(again[0]?.json.id).toBe(ids[0]);
    expect(again[0]?.headers['x-relayer-event-id']).toBe(ids[0]);
    expect(receiver.received.every((r) => hasValidHmac(r, SECRET))).toBe(true);

    const after = await createPgliteDatabase(dataDir);
    try {
      const rows = await after.query<{ status: string }>('SELECT status FROM webhook_outbox ORDER BY id');
      expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered', 'delivered']);
    } finally {
      await after.close();
    }
  } finally {
    await receiver.stop();
  }
});
