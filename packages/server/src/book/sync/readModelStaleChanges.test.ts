import { expect, test } from 'vitest';
import { useReadModelWorlds } from '../../../test/helpers/useReadModelWorlds.js';

// Changes that arrive late or out of order (another instance's NOTIFY overtaken by this one's own
// events): the version rule and the tombstones must keep the book at the database's state.
const NETWORK = 'main';
const world = useReadModelWorlds(NETWORK);

test('an "added" of an older version arriving after a newer state leaves the newer state', async () => {
  const { db, events, storeOpen, held } = await world();
  const { hash, added: stale } = await storeOpen();
  events.emitLocal(stale);
  expect((await held(hash))?.version).toBe(stale.version);

  // Partly filled (one version on), as the watcher writes it; the model reads the row again.
  await db.query(
    `UPDATE orders SET filled_taker = '400', fillable_taker = '600', fillable_maker = '1200',
       version = version + 1 WHERE network = $1 AND hash = $2`,
    [NETWORK, hash],
  );
  const newer = (stale.version ?? 0) + 1;
  events.emitLocal({
    type: 'updated',
    network: NETWORK,
    orderHash: hash,
    state: 'open',
    makerTokenAddress: stale.order.makerTokenAddress,
    takerTokenAddress: stale.order.takerTokenAddress,
    remainingTakerTokenAmount: '600',
    remainingMakerTokenAmount: '1200',
    fillableTakerTokenAmount: '600',
    fillableMakerTokenAmount: '1200',
    version: newer,
  });
  const updated = await held(hash);
  expect(updated?.version).toBe(newer);
  expect(updated?.fillableTaker).toBe(600n);

  // The first announcement again (its NOTIFY echo, late): one version behind what the model holds.
  events.emitLocal(stale);
  const after = await held(hash);
  expect(after?.version).toBe(newer);
  expect(after?.filled).toBe(400n);
  expect(after?.fillableTaker).toBe(600n);
});

test('a removal heard before the order\'s "added" keeps the order out when the announcement comes', async () => {
  const { events, storeOpen, close, held } = await world();
  // Accepted and cancelled on another instance after this one started; the removal's NOTIFY overtakes
  // the acceptance's, so the model hears of the order first as removed.
  const { hash, added } = await storeOpen();
  events.emitLocal(await close(added, 'cancelled'));
  expect(await held(hash)).toBeUndefined();

  events.emitLocal(added);
  expect(await held(hash)).toBeUndefined();
});

test('a removal heard while the order is held, then its "added" again, keeps the order out', async () => {
  const { events, storeOpen, close, held } = await world();
  const { hash, added } = await storeOpen();
  events.emitLocal(added);
  expect(await held(hash)).toBeDefined();
  events.emitLocal(await close(added, 'filled'));
  expect(await held(hash)).toBeUndefined();

  // The acceptance's NOTIFY echo, overtaken by the fill's removal.
  events.emitLocal(added);
  expect(await held(hash)).toBeUndefined();
});
