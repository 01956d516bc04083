import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { offlineConfig, startOfflineApp } from '../../test/helpers/offlineApp.js';
import { loadConfig } from '../config.js';

// docs/RELIABILITY.md, "Bounded costs for every request" and "One actor cannot flood the book".

let env: Awaited<ReturnType<typeof startOfflineApp>>;

beforeAll(async () => {
  env = await startOfflineApp({
    http: { ...offlineConfig().http, readRateLimitPerMinute: 3, writeRateLimitPerMinute: 2 },
  });
});

afterAll(async () => {
  await env?.close();
});

const read = (remoteAddress: string, url = '/order') => env.app.inject({ url, remoteAddress });
const write = (remoteAddress: string) =>
  env.app.inject({ method: 'POST', url: '/token/new', payload: {}, remoteAddress });

describe('per-client limits', () => {
  test('reads have a default limit an operator can raise (or lift with 0)', () => {
    expect(loadConfig({}).http.readRateLimitPerMinute).toBe(1200);
    expect(loadConfig({ READ_RATE_LIMIT_PER_MINUTE: '6000' }).http.readRateLimitPerMinute).toBe(6000);
    expect(loadConfig({ READ_RATE_LIMIT_PER_MINUTE: '0' }).http.readRateLimitPerMinute).toBe(0);
  });

  test('every address of one IPv6 /64 shares one read budget; another /64 has its own', async () => {
    const sameNet = ['2001:db8:5:1::1', '2001:db8:5:1::2', '2001:db8:5:1:ffff:ffff:ffff:ffff'];
    for (const ip of sameNet) expect((await read(ip)).statusCode, ip).toBe(200);
    const throttled = await read('2001:db8:5:1::abcd', '/v0/orders');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 103, error: 'THROTTLED' });
    expect((await read('2001:db8:5:2::1')).statusCode).toBe(200);
  });

  test('IPv4 addresses are counted one by one, the IPv4-mapped form as the address itself', async () => {
    for (let i = 0; i < 3; i++) expect((await read('192.0.2.10')).statusCode).toBe(200);
    expect((await read('::ffff:192.0.2.10')).statusCode).toBe(429);
    expect((await read('192.0.2.11')).statusCode).toBe(200);
  });

  test('writes are keyed the same way: a new address in the same /64 gets no fresh budget', async () => {
    expect((await write('2001:db8:7:1::1')).statusCode).toBe(400);
    expect((await write('2001:db8:7:1::2')).statusCode).toBe(400);
    expect((await write('2001:db8:7:1::3')).statusCode).toBe(429);
    expect((await write('2001:db8:7:2::1')).statusCode).toBe(400);
  });
});

describe('one budget per group, whatever the route or network', () => {
  test('order and token submissions on both networks draw on one write budget', async () => {
    const ip = '192.0.2.77';
    const post = (url: string) => env.app.inject({ method: 'POST', url, payload: {}, remoteAddress: ip });
    expect((await post('/order/new')).statusCode).toBe(400);
    expect((await post('/kovan/token/new')).statusCode).toBe(400);
    expect((await post('/v0/order')).statusCode).toBe(429);
    expect((await post('/kovan/order/new')).statusCode).toBe(429);
  });
});
