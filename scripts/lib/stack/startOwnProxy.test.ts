import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { freePort } from '@relayer/contracts/anvil';
import { afterEach, expect, test } from 'vitest';
import { type OwnProxy, startOwnProxy } from './startOwnProxy.ts';

const caddyfile = fileURLToPath(new URL('../../../deploy/Caddyfile', import.meta.url));
const servers: Server[] = [];
let proxy: OwnProxy | undefined;
afterEach(async () => {
  await proxy?.stop();
  for (const server of servers.splice(0)) if (server.listening) server.close();
});

/** An upstream answering every path with its name, the path and the client address it was told. */
async function upstream(name: string): Promise<string> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ name, path: req.url, forwardedFor: req.headers['x-forwarded-for'] }));
  }).listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test("the stack's own proxy routes as the Caddyfile says, round robin, and skips an instance that is down", async () => {
  const relayers = [await upstream('relayer1'), await upstream('relayer2')];
  const web = await upstream('web');
  const port = await freePort('127.0.0.1');
  proxy = await startOwnProxy({ caddyfile, host: '127.0.0.1', port, relayers, web });
  const get = async (path: string) =>
    (await (
      await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-forwarded-for': '6.6.6.6' } })
    ).json()) as {
      name: string;
      forwardedFor: string;
    };

  const names = [];
  for (let i = 0; i < 4; i++) names.push((await get('/order?per_page=5')).name);
  expect(names.sort()).toEqual(['relayer1', 'relayer1', 'relayer2', 'relayer2']);
  for (const path of ['/kovan/quote', '/markets/0xa/0xb/candles', '/v0/orders', '/health'])
    expect((await get(path)).name, path).toMatch(/^relayer/);
  for (const path of ['/', '/markets/0xa/0xb', '/orders/0xc', '/assets/index.js'])
    expect((await get(path)).name, path).toBe('web');
  // The client cannot choose its address: the proxy is the first hop.
  expect((await get('/order')).forwardedFor).toBe('127.0.0.1');

  // One instance gone: every request is answered by the other.
  const [first] = servers;
  first?.closeAllConnections();
  await new Promise((resolve) => first?.close(resolve));
  const after = [];
  for (let i = 0; i < 4; i++) after.push((await get('/order')).name);
  expect(after).toEqual(['relayer2', 'relayer2', 'relayer2', 'relayer2']);
});
