import type { FastifyBaseLogger } from 'fastify';
import { expect, test } from 'vitest';
import { TOKEN_A, TOKEN_B } from '../../test/helpers/fakeAddresses.js';
import { insertTokens } from '../../test/helpers/offlineApp.js';
import { useTestDatabase } from '../../test/helpers/useTestDatabase.js';
import { syncRegistryTokens } from '../tokens/syncRegistryTokens.js';
import { applyRegistryChanges } from '../watcher/applyRegistryChanges.js';
import { verifyToken } from './verifyToken.js';

const log = { warn: () => {}, info: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;

const db = useTestDatabase();

const verified = async () =>
  (
    await db.query<{ address: string }>(
      "SELECT address FROM tokens WHERE network = 'main' AND verified ORDER BY 1",
    )
  ).map((r) => r.address);

test('a token the operator verified stays verified when the TokenRegistry does not list it', async () => {
  await insertTokens(db, 'main', [
    { address: TOKEN_A, name: 'Alpha', symbol: 'AAA', verified: false },
    { address: TOKEN_B, name: 'Beta', symbol: 'BBB', verified: true },
  ]);
  const change = await db.transaction((tx) => verifyToken(tx, 'main', TOKEN_A));
  expect(change).toMatchObject({ result: { wasVerified: false }, events: [{ type: 'tokensChanged' }] });
  expect(await verified()).toEqual([TOKEN_A, TOKEN_B]);

  // A whole-registry import that lists neither: only the registry's own token is unverified.
  await syncRegistryTokens(db, 'main', [], log);
  expect(await verified()).toEqual([TOKEN_A]);
  // The registry's own removal event for the operator's token leaves it verified too.
  await db.transaction((tx) =>
    applyRegistryChanges(
      tx,
      'main',
      [{ kind: 'remove', address: TOKEN_A, name: 'Alpha', symbol: 'AAA', decimals: 18 }],
      log,
    ),
  );
  expect(await verified()).toEqual([TOKEN_A]);
});
