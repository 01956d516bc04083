import { orderListResponseSchema } from '@relayer/protocol';
import { afterEach, describe, expect, test } from 'vitest';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { FAKE_TOKENS } from '../../test/helpers/fakeTokens.js';
import { insertTokens, startOfflineApp } from '../../test/helpers/offlineApp.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from '../orders/rowToOrderRecord.js';
import { writeOrderUpdates } from '../watcher/writeOrderUpdates.js';

// The page cache has one invalidation: the book's change signal. Each case that once had its own
// invalidation (a submission, the bus, the read model, a resync, the watcher) is a change the signal
// must carry: a page kept before the change is never served after it.

type App = Awaited<ReturnType<typeof startOfflineApp>>;
let env: App | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function start(readModel: boolean, orders = 3): Promise<{ env: App; hashes: string[] }> {
  env = await startOfflineApp({}, { readModel });
  await insertTokens(env.db, 'main', FAKE_TOKENS.slice(0, 2));
  const hashes = await insertFakeOrders(
    env.db,
    'main',
    Array.from({ length: orders }, (_, i) => ({ makerFee: String(i) })),
  );
  env.resync();
  await env.app.readModel?.book('main');
  return { env, hashes };
}

/** The hashes of a page, asked twice first so that it is kept (`BookCache.admit`). */
async function keptPage(app: App['app'], url: string): Promise<string[]> {
  let hashes: string[] = [];
  for (let i = 0; i < 2; i++) {
    const answer = await app.inject(url);
    expect(answer.statusCode, answer.body).toBe(200);
    hashes = orderListResponseSchema.parse(answer.json()).orders.map((o) => o.orderHash);
  }
  expect(app.pageCache.stats().entries).toBeGreaterThan(0);
  return hashes;
}

const pageOf = async (app: App['app'], url: string) =>
  orderListResponseSchema.parse((await app.inject(url)).json()).orders.map((o) => o.orderHash);

describe.each([
  { name: 'with the read model', readModel: true },
  { name: 'without the read model', readModel: false },
])('the change signal, $name', ({ readModel }) => {
  test("an order stored and announced on this instance's bus shows on the next page", async () => {
    const { env, hashes } = await start(readModel);
    expect(await keptPage(env.app, '/order?per_page=10')).toEqual(hashes);
    // As acceptance announces a re-opened row: without a version, so the model must read the row back.
    const [added] = await insertFakeOrders(env.db, 'main', [{ hash: fakeHash('late'), makerFee: '9' }]);
    const [row] = await env.db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE hash = $1`, [
      added,
    ]);
    void env.events.publish({ type: 'added', network: 'main', order: rowToOrderRecord(row as OrderRow) });
    expect(await pageOf(env.app, '/order?per_page=10')).toEqual([...hashes, added]);
  });

  test("another instance's event, delivered by the bridge, drops the pages", async () => {
    const { env, hashes } = await start(readModel);
    expect(await keptPage(env.app, '/order?per_page=10')).toEqual(hashes);
    const [gone] = hashes as [string];
    await env.db.query("UPDATE orders SET state = 'cancelled', version = version + 1 WHERE hash = $1", [
      gone,
    ]);
    env.events.emitLocal({ type: 'changed', network: 'main', orderHashes: [gone] });
    await env.app.readModel?.book('main');
    expect(await pageOf(env.app, '/order?per_page=10')).toEqual(hashes.slice(1));
  });

  test('a resync drops the pages: rows written behind the app are read', async () => {
    const { env, hashes } = await start(readModel);
    expect(await keptPage(env.app, '/order?per_page=10')).toEqual(hashes);
    const [added] = await insertFakeOrders(env.db, 'main', [{ hash: fakeHash('behind'), makerFee: '9' }]);
    env.resync();
    expect(await pageOf(env.app, '/order?per_page=10')).toEqual([...hashes, added]);
  });

  test("the watcher's write of an unfunded order's closing reaches the kept history page", async () => {
    const { env } = await start(readModel, 0);
    const [unfunded] = await insertFakeOrders(env.db, 'main', [{ state: 'unfunded', makerFee: '1' }]);
    env.resync();
    await env.app.readModel?.book('main');
    expect(await keptPage(env.app, '/order?state=cancelled&per_page=10')).toEqual([]);
    // Unfunded to cancelled: no channel announces it (the order was never in the open book).
    const written = await writeOrderUpdates(
      env.db,
      'main',
      {
        block: 1n,
        updates: [
          {
            hash: unfunded as string,
            state: 'cancelled',
            filledTaker: '0',
            cancelledTaker: '1000',
            fillableTaker: '0',
            fillableMaker: '0',
            reason: null,
            shortfalls: '[]',
          },
        ],
        events: [],
      },
      { updatedAt: Date.now() },
    );
    expect(written.events).toEqual([{ type: 'changed', network: 'main', orderHashes: [unfunded] }]);
    for (const event of written.events) await env.events.publish(event);
    expect(await pageOf(env.app, '/order?state=cancelled&per_page=10')).toEqual([unfunded]);
  });
});

test('the read model signals a change it heard before it applied it, and a rebuild as it starts', async () => {
  const { env, hashes } = await start(true);
  const model = env.app.readModel;
  if (!model) throw new Error('no read model');
  const signals: string[] = [];
  const stop = model.onChange((network) => signals.push(network));
  // Heard (a re-read follows): signalled at once, while the model is still reading the row.
  env.events.emitLocal({ type: 'changed', network: 'main', orderHashes: [hashes[0] as string] });
  expect(signals).toEqual(['main']);
  expect(model.bookNow('main')).toBeUndefined();
  await model.book('main');
  const rebuilt = model.rebuild('main');
  expect(signals.length).toBeGreaterThanOrEqual(2);
  await rebuilt;
  stop();
});
