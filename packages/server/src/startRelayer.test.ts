import { relayerEnv } from '@relayer/devchain';
import { afterEach, describe, expect, test } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { captureLog } from '../test/helpers/captureLog.js';
import { closedPort } from '../test/helpers/closedPort.js';
import { startJsonRpcNode } from '../test/helpers/startJsonRpcNode.js';
import { startRpcProxy } from '../test/helpers/startRpcProxy.js';
import { startTestDevChain } from '../test/helpers/startTestDevChain.js';
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

  test('a node that fails after start (connections dropped, then HTTP 500) is logged as scheme://host:port only', async () => {
    const chain = await startTestDevChain();
    const proxy = await startRpcProxy(chain.rpcUrl);
    const failing = await startJsonRpcNode(() => ({ status: 500, body: 'boom' }));
    try {
      const { stream, lines } = captureLog();
      const config = loadConfig({
        ...relayerEnv(chain),
        RPC_URL: `${proxy.url}/v3/SECRETAPIKEY123?apikey=SECRETQUERY456`,
        PORT: '0',
        DATA_DIR: 'memory://',
        RPC_TIMEOUT_MS: '1000',
        WATCHER_POLL_MS: '50',
      });
      const relayer = await startRelayer(config, { deps: { logStream: stream } });
      started.push(relayer);
      const tickFailures = () => lines.filter((l) => l.includes('chain watcher tick failed'));
      proxy.setDown(true);
      await waitFor(() => tickFailures().length >= 1, 15_000, 'a tick failing on a dropped connection');
      // The first request to fail marks the node down (later ticks fail without a request): each kind
      // of failure is met once the node is back.
      proxy.setDown(false);
      await waitFor(() => lines.some((l) => l.includes('chain node back')), 15_000, 'the node back');
      const before = tickFailures().length;
      proxy.retarget(failing);
      await waitFor(() => tickFailures().length > before, 15_000, 'a tick failing on HTTP 500');
      expect(before).toBeGreaterThan(0);
      await relayer.close();
      for (const line of lines) for (const secret of SECRETS) expect(line).not.toContain(secret);
      // The dropped connection reached the watcher as viem's HTTP error, which quotes the URL it was
      // sent to: here as scheme://host:port only. (After a failure the node counts as down, so later
      // ticks fail without a request; the 500's error may be met first by another caller.)
      const httpErrors = tickFailures().filter((l) => l.includes('HttpRequestError'));
      expect(httpErrors.length).toBeGreaterThanOrEqual(1);
      expect(httpErrors.every((l) => l.includes(new URL(proxy.url).host))).toBe(true);
      expect(lines.some((l) => l.includes('chain node down') && l.includes(proxy.url))).toBe(true);
    } finally {
      await proxy.close();
      await chain.stop();
    }
  }, 90_000);

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
