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
 * migrations, advisory locks and notifications all work under it, with its password from a file. Then
 * docs/OPERATING.md's backup and restore commands (without compose) as written: a dump of that
 * database restored into a second server's database made by the same script.
 */
const script = fileURLToPath(new URL('../../../../deploy/postgres/createRelayerRole.sh', import.meta.url));
const missing = postgresMissing('The database role test');
const dir = mkdtempSync(join(tmpdir(), 'relayer-role-'));
let server: LocalPostgres | undefined;
let restoreServer: LocalPostgres | undefined;

beforeAll(async () => {
  if (missing) return;
  [server, restoreServer] = await Promise.all([
    startPostgres({ database: 'postgres' }),
    startPostgres({ database: 'postgres' }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([server?.stop(), restoreServer?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const passwordFile = join(dir, 'relayer_db_password');

/** The init script as an operator runs it on a PostgreSQL of their own (OPERATING.md). */
function createRole(on: LocalPostgres): string {
  const { hostname, port } = new URL(on.url);
  return execFileSync('sh', [script], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      PGHOST: hostname,
      PGPORT: port,
      PGUSER: 'postgres',
      RELAYER_DB_PASSWORD_FILE: passwordFile,
    },
  });
}

describe.skipIf(Boolean(missing))('the relayers’ database role', () => {
  test('is created by the init script; the relayer migrates and runs under it, without superuser rights', async () => {
    const { hostname, port } = new URL(server?.url as string);
    writeFileSync(passwordFile, "it's a pass'word\n");
    const output = createRole(server as LocalPostgres);
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

  test('a dump restores into a new server: the role and database by the script, then pg_restore', async () => {
    const source = new URL(server?.url as string);
    const target = new URL(restoreServer?.url as string);
    const db = await openDatabase({ url: `postgres://relayer@${source.host}/relayer`, dataDir: 'unused' });
    await db.exec(
      `INSERT INTO admin_audit (at, action, args, caller, result) VALUES (1, 'fees.set', '{}', '127.0.0.1', '{"kept":true}')`,
    );
    await db.close();
    const dump = join(dir, 'relayer-2026-12-01.dump');
    // OPERATING.md, "Backups", with -h/-p for this test's servers in place of `db`.
    const run = (command: string, args: string[]) =>
      execFileSync(command, args, { encoding: 'utf8', env: { PATH: process.env.PATH } });
    const at = (url: URL) => ['-h', url.hostname, '-p', url.port];
    execFileSync('sh', ['-c', `pg_dump ${at(source).join(' ')} -U relayer -Fc relayer > '${dump}'`]);
    createRole(restoreServer as LocalPostgres);
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      ...at(target),
      '-U',
      'relayer',
      '-d',
      'relayer',
      dump,
    ]);

    const restored = await openDatabase({
      url: `postgres://relayer@${target.host}/relayer`,
      dataDir: 'unused',
    });
    try {
      const rows = await restored.query<{ action: string; result: { kept: boolean } }>(
        'SELECT action, result FROM admin_audit',
      );
      expect(rows).toEqual([{ action: 'fees.set', result: { kept: true } }]);
      // Every migration is there: a relayer starting on it has nothing to apply.
      expect((await migrate(restored)).applied).toEqual([]);
      const [owned] = await restored.query<{ owner: string }>(
        "SELECT tableowner AS owner FROM pg_tables WHERE tablename = 'orders'",
      );
      expect(owned?.owner).toBe('relayer');
    } finally {
      await restored.close();
    }
  }, 60_000);
});
