import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LocalPostgres, startPostgres } from '@relayer/devchain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { postgresMissing } from '../../test/helpers/postgresMissing.js';
import { loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/openDatabase.js';

/**
 * deploy/postgres/createRelayerRole.sh, the script compose.yaml's PostgreSQL runs on its first start,
 * run as written against a real PostgreSQL: the role it makes is no superuser, yet the relayer's
 * migrations, advisory locks and notifications all work under it, with its password from a file.
 */
const script = fileURLToPath(new URL('../../../../deploy/postgres/createRelayerRole.sh', import.meta.url));
const missing = postgresMissing('The database role test');
const dir = mkdtempSync(join(tmpdir(), 'relayer-role-'));
let server: LocalPostgres | undefined;

beforeAll(async () => {
  if (!missing) server = await startPostgres({ database: 'postgres' });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(missing))('the relayers’ database role', () => {
  test('is created by the init script; the relayer migrates and runs under it, without superuser rights', async () => {
    const { hostname, port } = new URL(server?.url as string);
    const passwordFile = join(dir, 'relayer_db_password');
    writeFileSync(passwordFile, "it's a pass'word\n");
    const output = execFileSync('sh', [script], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        PGHOST: hostname,
        PGPORT: port,
        POSTGRES_USER: 'postgres',
        POSTGRES_DB: 'postgres',
        RELAYER_DB_PASSWORD_FILE: passwordFile,
      },
    });
    expect(output).toContain('role relayer owns database relayer');

    // As compose.yaml gives it to the relayers: the user in the URL, the password in a file.
    const config = loadConfig({
      DATABASE_URL: `postgres://relayer@${hostname}:${port}/relayer`,
      DATABASE_PASSWORD_FILE: passwordFile,
    });
    expect(decodeURIComponent(new URL(config.database.url as string).password)).toBe("it's a pass'word");
    const db = await openDatabase(config.database);
    try {
      const { applied } = await migrate(db);
      expect(applied.length).toBeGreaterThanOrEqual(10);
      const [me] = await db.query<{ rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean }>(
        'SELECT rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user',
      );
      expect(me).toEqual({ rolsuper: false, rolcreatedb: false, rolcreaterole: false });
      const [owned] = await db.query<{ owner: string }>(
        "SELECT tableowner AS owner FROM pg_tables WHERE tablename = 'orders'",
      );
      expect(owned?.owner).toBe('relayer');
      const [lock] = await db.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(42) AS locked');
      expect(lock?.locked).toBe(true);
      await db.exec("NOTIFY relayer_role_test, 'ok'");
      // What a superuser could do and this role cannot.
      await expect(db.exec('CREATE DATABASE another_one')).rejects.toThrow(/permission denied/);
      await expect(db.exec('ALTER SYSTEM SET work_mem = 1024')).rejects.toThrow(
        /permission denied|must be superuser/,
      );
    } finally {
      await db.close();
    }
  }, 60_000);
});
