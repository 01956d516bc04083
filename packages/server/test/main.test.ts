import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { DEAD_RPC } from './helpers/offlineApp.js';

const SERVER_DIR = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'relayer-main-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts `src/main.ts` as `npm run start` does and resolves once it listens, with its URL. */
function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; logs: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      RPC_URL: DEAD_RPC,
      WATCHER_ENABLED: 'false',
      METRICS_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join('\n')}`)), 60_000);
    const onLine = (line: string) => {
      logs.push(line);
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, logs });
      }
    };
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      lines.forEach(onLine);
    });
    child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('\n')}`));
    });
  });
}

const METRICS_TOKEN = 'main-test-metrics-token';
/** A page of the web app (only those count), from the local web app's origin (the default). */
const PAGE = '/coins/kept/overview';

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

test('starts from the environment, serves, and shuts down cleanly on SIGTERM keeping its data', async () => {
  const first = await startServer({});
  const posted = await fetch(`${first.url}/analytics/pageview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
    body: JSON.stringify({ path: PAGE }),
  });
  expect(posted.status).toBe(204);
  const health = await fetch(`${first.url}/health`);
  expect(((await health.json()) as { database: string }).database).toBe('ok');
  const exited = exitOf(first.child);
  first.child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(first.logs.join('\n')).toContain('shutting down');
  // No secret or body ever reaches the log.
  expect(first.logs.join('\n')).not.toContain(PAGE);
  expect(first.logs.join('\n')).not.toContain(METRICS_TOKEN);

  const second = await startServer({});
  const metrics = await (
    await fetch(`${second.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  expect(metrics).toContain(`relayer_pageviews{path="${PAGE}"} 1`);
  const stopped = exitOf(second.child);
  second.child.kill('SIGINT');
  expect(await stopped).toBe(0);
}, 120_000);

test('refuses to start with an invalid configuration, saying which variable', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', PORT: 'not-a-port', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  expect(await exitOf(child)).toBe(1);
  expect(stderr).toContain('port');
}, 60_000);
