import { expect, test } from 'vitest';
import { insertTokens } from '../../test/helpers/offlineApp.js';
import { useTestDatabase } from '../../test/helpers/useTestDatabase.js';
import { createTokenDirectory, TOKEN_TTL_MS } from './createTokenDirectory.js';

const db = useTestDatabase();

test('a token changed by another instance is served as it was for at most its lifetime', async () => {
  const address = `0x${'7'.repeat(40)}`;
  await insertTokens(db, 'main', [{ address, name: 'Seven', symbol: 'SVN' }]);
  let clock = 0;
  const tokens = createTokenDirectory(db, () => clock);
  expect((await tokens.get('main', address))?.verified).toBe(true);
  // The registry removed it (on another instance: nothing here is told).
  await db.query('UPDATE tokens SET verified = false, symbol = $2 WHERE address = $1', [address, 'SEVEN']);
  clock = TOKEN_TTL_MS - 1;
  expect((await tokens.get('main', address))?.verified).toBe(true);
  clock = TOKEN_TTL_MS;
  expect(await tokens.get('main', address)).toMatchObject({ verified: false, symbol: 'SEVEN' });
});

test('peek answers what get would from memory, and nothing where get would query', async () => {
  const address = `0x${'8'.repeat(40)}`;
  await insertTokens(db, 'main', [{ address, name: 'Eight', symbol: 'EGT' }]);
  let clock = 0;
  const tokens = createTokenDirectory(db, () => clock);
  expect(tokens.peek('main', address)).toBeUndefined();
  const token = await tokens.get('main', address);
  expect(token?.symbol).toBe('EGT');
  expect(tokens.peek('main', address)).toBe(token);
  expect(tokens.peek('other', address)).toBeUndefined();
  clock = TOKEN_TTL_MS - 1;
  expect(tokens.peek('main', address)).toBe(token);
  clock = TOKEN_TTL_MS;
  expect(tokens.peek('main', address)).toBeUndefined();
  await tokens.get('main', address);
  expect(tokens.peek('main', address)?.symbol).toBe('EGT');
  tokens.invalidate('main');
  expect(tokens.peek('main', address)).toBeUndefined();
  // A listing remembers every token it read.
  await tokens.list('main');
  expect(tokens.peek('main', address)?.symbol).toBe('EGT');
});
