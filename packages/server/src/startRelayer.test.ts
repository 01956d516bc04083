import { afterEach, describe, expect, test } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { captureLog } from '../test/helpers/captureLog.js';
import { closedPort } from '../test/helpers/closedPort.js';
import { startJsonRpcNode } from '../test/helpers/startJsonRpcNode.js';
import { waitFor } from '../test/helpers/waitFor.js';
import { type Config, loadConfig } from './config.js';
import { type RunningRelayer, startRelayer } from './startRelayer.js';

const SECRETS = ['SECRETAPIKEY123', 'SECRETQUERY456', 'METRICSTOKENSECRET789'];
const started: RunningRelayer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((relayer) => relayer.close()));
});

/** A relayer on PGlite in memory whose node is `origin` behind a secret path and query. */
function configFor(origin: string, extra: Record<string, string> = {}): Config {
  return loadConfig({
    PORT: '0',
    LOG_LEVEL: 'info',
    DATA_DIR: 'memory://',
    RPC_URL: `${origin}/v3/SECRETAPIKEY123?apikey=SECRETQUERY456`,
    RPC_TIMEOUT_MS: '500',
    WATCHER_POLL_MS: '50',
    METRICS_PORT: '0',
    METRICS_TOKEN: 'METRICSTOKENSECRET789',
    ...extra,
  });
}

describe('what the relayer logs', () => {
  test('no line of a failing node (a closed port, one answering 500) holds its path, query or a token', async () => {
    const failing = await startJsonRpcNode(() => ({ status: 500, body: 'boom' }));
    for (const origin of [`http://127.0.0.1:${await closedPort()}`, failing]) {
      const { stream, lines } = captureLog();
      const relayer = await startRelayer(configFor(origin), { deps: { logStream: stream } });
      started.push(relayer);
      await waitFor(
        () => lines.filter((l) => l.includes('chain watcher tick failed')).length >= 2,
        15_000,
        'two failed watcher ticks',
      );
      await relayer.close();
      for (const line of lines) for (const secret of SECRETS) expect(line).not.toContain(secret);
      const failures = lines.filter(
        (l) => l.includes('chain watcher tick failed') || l.includes('chain node'),
      );
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.some((l) => l.includes(new URL(origin).host))).toBe(true);
    }
  }, 60_000);

  test('one start-up line: version, network, contracts, node and database without secrets, listeners, leading', async () => {
    const node = await startJsonRpcNode(() => ({ status: 500, body: 'boom' }));
    const { stream, lines } = captureLog();
    const relayer = await startRelayer(configFor(node), { deps: { logStream: stream } });
    started.push(relayer);
    const startLines = lines.filter((l) => l.includes('"msg":"relayer started"'));
    expect(startLines).toHaveLength(1);
    const line = JSON.parse(startLines[0] as string);
    expect(line).toMatchObject({
      level: 30,
      version: packageJson.version,
      networks: [
        {
          key: 'main',
          chainId: 50,
          node: node,
          addresses: { exchange: '0x48bacb9266a570d521063ef5dd96e61686dbe788' },
          watcher: 'leading',
        },
      ],
      database: { engine: 'pglite', dataDir: 'memory://' },
      listeners: {
        public: relayer.url,
        metrics: `127.0.0.1:${relayer.app.metricsAddress()?.port}`,
      },
    });
    for (const secret of SECRETS) expect(startLines[0]).not.toContain(secret);
  }, 30_000);
});

test('a database that does not answer at start is named by host and port, without its password', async () => {
  const port = await closedPort();
  const config = configFor('http://127.0.0.1:1', {
    DATABASE_URL: `postgres://relayer:hunter2secret@127.0.0.1:${port}/relayer`,
  });
  const error = await startRelayer(config, { listen: false }).then(
    () => new Error('expected the start to fail'),
    (e: unknown) => e as Error,
  );
  expect(error.message).toMatch(
    new RegExp(
      `^DATABASE_URL: the database at postgres://127\\.0\\.0\\.1:${port} could not be used: .*ECONNREFUSED`,
    ),
  );
  expect(error.message).not.toContain('hunter2secret');
}, 30_000);
