import { once } from 'node:events';
import { createServer } from 'node:net';
import { findCaddy, startCaddy } from '@relayer/devchain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.js';

/**
 * docs/OPERATING.md, "Behind a load balancer": deploy/Caddyfile run by Debian's caddy in front of an
 * upstream that reads the client address as the relayer does (Fastify's trustProxy, from TRUST_PROXY
 * through loadConfig). This test client plays the load balancer at 127.0.0.1: it adds the client it
 * serves to X-Forwarded-For after whatever the client itself sent.
 */
const caddyfile = new URL('../../../../deploy/Caddyfile', import.meta.url).pathname;
const CLIENT = '203.0.113.9';
const FORGED = '198.51.100.66';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** An upstream answering `/health` with the address the relayer would rate-limit and the header it got. */
async function startUpstream(trustProxy: string): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).http.trustProxy });
  app.get('/health', (request) => ({ ip: request.ip, forwardedFor: request.headers['x-forwarded-for'] }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

async function behindCaddy(options: { trustProxy: string; trustedProxies?: string }) {
  const upstream = await startUpstream(options.trustProxy);
  const port = await freePort();
  const { port: upstreamPort } = upstream.server.address() as { port: number };
  const caddy = await startCaddy({
    caddyfile,
    host: '127.0.0.1',
    port,
    relayers: [`127.0.0.1:${upstreamPort}`],
    web: '127.0.0.1:9',
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
  });
  const ask = async (forwardedFor: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/health`, {
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return (await response.json()) as { ip: string; forwardedFor: string };
  };
  return { ask, close: async () => Promise.all([caddy.stop(), upstream.close()]) };
}

describe.skipIf(findCaddy() === undefined)('the client address through deploy/Caddyfile', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  let edge: Awaited<ReturnType<typeof behindCaddy>>;
  let balanced: Awaited<ReturnType<typeof behindCaddy>>;
  beforeAll(async () => {
    // compose.yaml's defaults: Caddy is the first hop and trusts no one; the relayers trust Caddy.
    edge = await behindCaddy({ trustProxy: 'true' });
    closers.push(edge.close);
    // Behind a load balancer: Caddy trusts its range, the relayers trust Caddy's and the balancer's.
    balanced = await behindCaddy({ trustProxy: 'loopback', trustedProxies: '127.0.0.1/32' });
    closers.push(balanced.close);
  }, 60_000);

  test('as the first hop Caddy replaces X-Forwarded-For: a client cannot choose its address', async () => {
    const seen = await edge.ask(FORGED);
    expect(seen.forwardedFor).toBe('127.0.0.1');
    expect(seen.ip).toBe('127.0.0.1');
  });

  test('behind a trusted load balancer each client is its own, and a forged entry to the left is ignored', async () => {
    const plain = await balanced.ask(CLIENT);
    expect(plain.forwardedFor).toBe(`${CLIENT}, 127.0.0.1`);
    expect(plain.ip).toBe(CLIENT);
    const forged = await balanced.ask(`${FORGED}, ${CLIENT}`);
    expect(forged.forwardedFor).toBe(`${FORGED}, ${CLIENT}, 127.0.0.1`);
    expect(forged.ip).toBe(CLIENT);
  });
});
