import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { DEAD_RPC } from '../test/helpers/offlineApp.js';
import { MAIN_COMMAND, offlineMainEnv, SERVER_DIR } from '../test/helpers/offlineMainProcess.js';
import { waitFor } from '../test/helpers/waitFor.js';
import { LOCK_FILE } from './db/lockDataDir.js';

const root = mkdtempSync(join(tmpdir(), 'relayer-main-'));
const dataDir = join(root, 'db');

const children: ChildProcess[] = [];

afterAll(() => {
  // A failed test may leave its server running.
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** PostgreSQL's pg_control `state`: 1 = shut down cleanly, 6 = in production (open, or not closed). */
const clusterState = (dir: string) => readFileSync(join(dir, 'global', 'pg_control')).readUInt32LE(16);
const SHUT_DOWN = 1;

/** Runs `src/main.ts` expecting it to stop by itself; resolves to its exit code and output. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const [node, ...args] = MAIN_COMMAND;
  const child = spawn(node as string, args, {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', PORT: '0', RPC_URL: DEAD_RPC, WATCHER_ENABLED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // One that does not stop by itself is a failure, not a hung test.
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

/** Starts `src/main.ts` as `npm run start` does and resolves once it listens, with its URL. */
function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; logs: string[] }> {
  const [node, ...args] = MAIN_COMMAND;
  const child = spawn(node as string, args, {
    cwd: SERVER_DIR,
    env: offlineMainEnv(dataDir, { METRICS_TOKEN, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
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
const PAGE = '/coins/mkr/overview';

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
  const { code, output } = await runToExit({ PORT: 'not-a-port', DATA_DIR: dataDir });
  expect(code).toBe(1);
  expect(output).toContain('port');
}, 60_000);

test('a second process on the same data directory stops at once naming the directory and the holder; a killed holder does not block the next start', async () => {
  const dir = join(root, 'shared');
  const first = await startServer({ DATA_DIR: dir });
  const pageview = (url: string, path: string) =>
    fetch(`${url}/analytics/pageview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
      body: JSON.stringify({ path }),
    });
  expect((await pageview(first.url, '/coins/rep/overview')).status).toBe(204);

  const second = await runToExit({ DATA_DIR: dir, LOG_LEVEL: 'info' });
  expect(second.code).toBe(1);
  expect(second.output).toContain(
    `The database directory ${dir} is in use by another relayer (PID ${first.child.pid}`,
  );
  // The second never got as far as opening the database or listening.
  expect(second.output).not.toContain('Server listening');

  // The first is unharmed and keeps writing.
  expect((await pageview(first.url, '/coins/dgd/overview')).status).toBe(204);
  expect(((await (await fetch(`${first.url}/health`)).json()) as { database: string }).database).toBe('ok');

  // kill -9: no shutdown, the lock stays behind with a dead PID; the next start takes it over.
  const killed = exitOf(first.child);
  first.child.kill('SIGKILL');
  await killed;
  expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  const third = await startServer({ DATA_DIR: dir });
  const metrics = await (
    await fetch(`${third.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  expect(metrics).toContain('relayer_pageviews{path="/coins/rep/overview"} 1');
  expect(metrics).toContain('relayer_pageviews{path="/coins/dgd/overview"} 1');
  const stopped = exitOf(third.child);
  third.child.kill('SIGTERM');
  expect(await stopped).toBe(0);
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  expect(clusterState(dir)).toBe(SHUT_DOWN);
}, 180_000);

test('a request in flight when SIGTERM arrives is answered before the relayer exits with 0', async () => {
  const dir = join(root, 'inflight');
  const server = await startServer({ DATA_DIR: dir, LOG_LEVEL: 'debug' });
  const { port } = new URL(server.url);
  const client = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  let answer = '';
  client.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  const head = '{"maker":';
  const rest = '"not an address"}';
  client.write(
    `POST /order/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${head.length + rest.length}\r\nConnection: close\r\n\r\n${head}`,
  );
  await waitFor(() => server.logs.some((line) => line.includes('"url":"/order/new"')), 30_000, 'the request');

  const exited = exitOf(server.child);
  server.child.kill('SIGTERM');
  await waitFor(() => server.logs.some((line) => line.includes('shutting down')), 30_000, 'the shutdown');
  // The rest of the body arrives during the shutdown: the request is still read and answered.
  client.write(rest);
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  expect(await exited).toBe(0);
  await closed;
  expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  expect(answer).toContain('"code":100');
  expect(server.logs.join('\n')).toContain('database closed');
}, 120_000);

test('a shutdown held up by a stuck request still closes the database before it exits', async () => {
  const dir = join(root, 'stuck');
  // Debug logs show each incoming request, so the test knows the stuck one has arrived.
  const server = await startServer({ DATA_DIR: dir, SHUTDOWN_TIMEOUT_MS: '1000', LOG_LEVEL: 'debug' });
  // A client that sends half a request body and then nothing: Fastify waits for it to finish.
  const { port } = new URL(server.url);
  const client = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  client.write(
    'POST /order/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"maker":',
  );
  await waitFor(() => server.logs.some((line) => line.includes('"url":"/order/new"')), 30_000, 'the request');

  const exited = exitOf(server.child);
  server.child.kill('SIGTERM');
  expect(await exited).toBe(1);
  client.destroy();
  const logs = server.logs.join('\n');
  expect(logs).toContain('shutdown timed out');
  expect(logs).toContain('database closed');
  expect(clusterState(dir)).toBe(SHUT_DOWN);
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
}, 120_000);
