import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sampleTokenList } from '../../../test/helpers/sampleTokenList.js';
import { createTokenLists } from './createTokenLists.js';

const entry = { chainId: 50, address: `0x${'1'.repeat(40)}`, name: 'One', symbol: 'ONE', decimals: 18 };
const warnings: unknown[] = [];
const log = { warn: (o: unknown) => void warnings.push(o), info: () => {} } as unknown as FastifyBaseLogger;
const dir = mkdtempSync(join(tmpdir(), 'relayer-token-lists-'));
const limits = { timeoutMs: 2000, maxBytes: 64 * 1024 };
const listsOf = (sources: string[], now: () => number = () => 0, refreshMs = 60_000) =>
  createTokenLists({ sources, refreshMs, ...limits, now, log });

let server: Server;
let base = '';
let answer: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: '' };
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

test('a file list is read at start-up; a missing or non-conforming file stops it, naming the source', async () => {
  const good = join(dir, 'good.json');
  writeFileSync(good, JSON.stringify(sampleTokenList('Good List', [entry])));
  const lists = listsOf([good]);
  await lists.load();
  expect((await lists.current()).map((l) => l.list.name)).toEqual(['Good List']);

  const missing = join(dir, 'missing.json');
  await expect(listsOf([missing]).load()).rejects.toThrow(`TOKEN_LISTS: ${missing}`);
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ name: 'No tokens' }));
  await expect(listsOf([bad]).load()).rejects.toThrow(/is not a token list \(.*tokens/);
});

test('a URL list that fails is logged, not fatal; a later good answer is taken; a failure keeps the last good copy', async () => {
  let clock = 0;
  answer = { status: 503, body: '' };
  const lists = listsOf([`${base}/list.json`], () => clock, 1000);
  await lists.load();
  expect(await lists.current()).toEqual([]);
  expect(warnings.length).toBeGreaterThan(0);

  answer = { status: 200, body: JSON.stringify(sampleTokenList('Remote List', [entry])) };
  clock += 1001;
  expect((await lists.current()).map((l) => l.list.name)).toEqual(['Remote List']);

  answer = { status: 200, body: 'not json' };
  clock += 1001;
  expect((await lists.current()).map((l) => l.list.name)).toEqual(['Remote List']);
});

test('refuses a redirect (only the configured host is asked) and a list over the size cap', async () => {
  let clock = 0;
  answer = { status: 302, body: '', headers: { location: 'http://169.254.169.254/latest' } };
  const lists = listsOf([`${base}/moved.json`], () => clock, 1000);
  await lists.load();
  expect(await lists.current()).toEqual([]);

  answer = { status: 200, body: JSON.stringify(sampleTokenList('Huge List', Array(2000).fill(entry))) };
  clock += 1001;
  expect(answer.body.length).toBeGreaterThan(limits.maxBytes);
  expect(await lists.current()).toEqual([]);
  expect(JSON.stringify(warnings.at(-1))).toContain('larger than');
});
