import { describe, expect, test } from 'vitest';
import { waitFor } from '../../test/helpers/watcherHarness.js';
import { E18, useWatcherTestKit } from '../../test/helpers/watcherTestKit.js';
import { codeSchemaVersion } from '../db/migrate.js';

const kit = useWatcherTestKit();
const { h, makeOrder, fill, running } = kit;

/**
 * An older instance left running during an upgrade: the newer release's migration raised
 * `schema_compat.min_leader_schema` above this code's schema version, so this instance must not apply
 * chain events (migration 013). Played here by raising the floor above the code's own version.
 */
describe('the schema floor of the chain watcher', () => {
  const allowLeading = (floor: number) => h.db.exec(`UPDATE schema_compat SET min_leader_schema = ${floor}`);

  test('an instance older than the schema allows never leads, says why, and leads once allowed', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    await allowLeading(codeSchemaVersion() + 1);
    const watcher = h.watch();
    running.push(watcher);
    watcher.start();
    await waitFor(() => watcher.role() === 'refused', 10_000, 'the watcher to refuse');
    expect(watcher.status().isLeader).toBe(false);
    expect(watcher.status().refusal).toMatch(
      new RegExp(
        `this release's schema is ${codeSchemaVersion()}, .* no release older than schema ${codeSchemaVersion() + 1} may lead`,
      ),
    );
    // A fill on chain is not applied by it.
    await fill(order, 2n * E18);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await h.orderRow(hash))?.state).toBe('open');

    await allowLeading(codeSchemaVersion());
    await waitFor(() => watcher.role() === 'leading', 10_000, 'the watcher to lead');
    expect(watcher.status().refusal).toBeNull();
    await waitFor(async () => (await h.orderRow(hash))?.state === 'filled', 10_000, 'the fill applied');
  });

  test('a leader that finds the floor raised above its code steps down', async () => {
    const watcher = await kit.startWatcher();
    expect(watcher.role()).toBe('leading');
    await allowLeading(codeSchemaVersion() + 1);
    await waitFor(() => watcher.role() === 'refused' && !watcher.status().isLeader, 10_000, 'a step down');
    await allowLeading(codeSchemaVersion());
  });
});
