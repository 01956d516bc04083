import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/Database.js';
import { openTestDatabase } from './openTestDatabase.js';
import { standIn } from './standIn.js';

/**
 * A fresh, migrated PGlite (`openTestDatabase`) for the tests of the enclosing describe or file, opened
 * before them and closed after them; the returned object stands in for it.
 */
export function useTestDatabase(): Database {
  let db: Database | undefined;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });
  return standIn(() => db, 'the test database');
}
