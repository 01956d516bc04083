import { type LocalPostgres, startPostgres } from '@relayer/devchain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { captureLog } from '../../test/helpers/captureLog.js';
import { postgresMissing } from '../../test/helpers/postgresMissing.js';
import { startJsonRpcNode } from '../../test/helpers/startJsonRpcNode.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { loadConfig } from '../config.js';
import { type RunningRelayer, startRelayer } from '../startRelayer.js';
import { databaseErrorFields } from './databaseErrorFields.js';

test('the fields are the host, port, code and message, whatever the error carries', () => {
  const error = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    client: { connectionParameters: { password: 'hunter2secret' } },
  });
  expect(databaseErrorFields(error, 'postgres://relayer:hunter2secret@db.internal:6543/relayer')).toEqual({
    host: 'db.internal',
    port: '6543',
    code: '57P01',
    error: 'terminating connection due to administrator command',
  });
  expect(databaseErrorFields('lost', 'postgres://db/relayer')).toEqual({
    host: 'db',
    port: '5432',
    error: 'lost',
  });
});

const missing = postgresMissing('The database connection error log test');

describe.skipIf(missing)('a lost connection of a running relayer', () => {
  let postgres: LocalPostgres;
  let relayer: RunningRelayer | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await relayer?.close();
    await postgres?.stop();
  });

  test('is logged with host, port and the error code only, never the client or the password', async () => {
    const node = await startJsonRpcNode(() => ({ status: 500, body: 'boom' }));
    const { hostname, port, pathname } = new URL(postgres.url);
    // Trust authentication ignores the password: it is there to show that no line repeats it.
    const url = `postgres://postgres:hunter2secret@${hostname}:${port}${pathname}`;
    const { stream, lines } = captureLog();
    relayer = await startRelayer(
      loadConfig({ PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: url, RPC_URL: node, RPC_TIMEOUT_MS: '500' }),
      { deps: { logStream: stream } },
    );
    // An idle pooled connection, the watcher's lock session and the LISTEN connection, all cut at once.
    await relayer.db.query('SELECT 1');
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
    } finally {
      await admin.end();
    }
    const logged = () => lines.filter((l) => l.includes('"msg":"database connection error"'));
    await waitFor(() => logged().length > 0, 10_000, 'a database connection error line');
    for (const text of logged()) {
      const line = JSON.parse(text);
      expect(line).toMatchObject({ level: 40, host: hostname, port, error: expect.any(String) });
      const allowed = ['level', 'time', 'pid', 'hostname', 'host', 'port', 'code', 'error', 'msg'];
      expect(Object.keys(line).filter((key) => !allowed.includes(key))).toEqual([]);
      expect(text).not.toContain('hunter2secret');
      expect(text).not.toContain('connectionParameters');
    }
    expect(logged().some((text) => JSON.parse(text).code === '57P01')).toBe(true);
  }, 60_000);
});
