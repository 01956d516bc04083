// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TokenRecord } from '@relayer/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { scriptHash } from '../csp.ts';
import { relayerPaths } from '../src/api/relayerPaths.ts';
import { initialOrdersQueryState, toOrdersRequest } from '../src/browse/ordersQueryState.ts';
import { orderPage, orderRecord, WETH, ZRX } from '../src/test/fixtures.ts';
import type { FirstRowsOptions } from './createFirstRowsSource.ts';
import type { ServedConfig } from './servedConfig.ts';
import { startWebServer, type WebServer } from './startWebServer.ts';

/** A token anyone could register: its symbol tries to close the page's elements and run a script. */
const HOSTILE: TokenRecord = {
  address: '0x00000000000000000000000000000000000bad00',
  name: 'Evil',
  symbol: '</bdi><script>',
  decimals: 18,
  verified: false,
};
/** Quotes, an ampersand and a tag: the relayer's token schema allows any 16 characters. */
const MARKUP: TokenRecord = {
  ...HOSTILE,
  address: '0x00000000000000000000000000000000000bad02',
  symbol: `"'&<img>`,
};
/** U+202E (right-to-left override) followed by "HTEW" reads as "WETH" where it is not spelled out. */
const REVERSED: TokenRecord = {
  ...HOSTILE,
  address: '0x00000000000000000000000000000000000bad01',
  symbol: '\u202eHTEW',
};

const BOOT_SCRIPT = 'window.booted = true;';
const TEMPLATE =
  '<html><head><meta http-equiv="Content-Security-Policy" content="default-src \'self\'" />' +
  `<!-- relayer:config --><script>${BOOT_SCRIPT}</script></head><body>` +
  '<div id="root"><!-- relayer:first-rows --><div class="boot-spinner" role="progressbar" aria-label="Loading"></div></div>' +
  '</body></html>';

/** A stand-in for the relayer's two reads (the real one is in the e2e journeys): it counts them, and can hang. */
interface StandIn {
  url: string;
  reads: string[];
  /** The path and query of every read. */
  urls: string[];
  /** `orders` may answer by the read's query (as the relayer filters by it). */
  answer: { orders: unknown; tokens: unknown; hang?: boolean };
  close(): Promise<void>;
}

async function startStandIn(): Promise<StandIn> {
  const reads: string[] = [];
  const urls: string[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const standIn = {
    reads,
    urls,
    answer: { orders: orderPage([]), tokens: [] } as StandIn['answer'],
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    reads.push(path);
    urls.push(`${path}${url.search}`);
    if (standIn.answer.hang) {
      hanging.add(response);
      return;
    }
    const { orders } = standIn.answer;
    const ordersBody = typeof orders === 'function' ? orders(url.searchParams) : orders;
    const body = path === '/order' ? ordersBody : path === '/token' ? standIn.answer.tokens : null;
    response.writeHead(body === null ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...standIn,
    url: `http://127.0.0.1:${port}`,
    get answer() {
      return standIn.answer;
    },
    set answer(value) {
      standIn.answer = value;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let root: string;
let relayer: StandIn;
const servers: WebServer[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'web-first-rows-'));
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), TEMPLATE);
  relayer = await startStandIn();
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

afterAll(async () => {
  await relayer.close();
  await rm(root, { recursive: true, force: true });
});

async function start(
  relayerUrl: string,
  firstRows: FirstRowsOptions = { ttlMs: 60_000, waitMs: 60_000, timeoutMs: 60_000 },
) {
  const config: ServedConfig = {
    variants: [
      {
        key: 'main',
        name: 'Mainnet',
        hosts: ['localhost'],
        chainId: 1,
        relayerUrl,
        rpcUrl: 'https://rpc.relayer.test',
        siteUrl: 'https://relayer.test',
      },
    ],
  };
  const server = await startWebServer({ port: 0, distDir: root, config, firstRows });
  servers.push(server);
  return server;
}

const scriptTags = (html: string) => html.match(/<script\b/gi) ?? [];

describe('the first rows in index.html', () => {
  test('paints the book’s first page with human amounts and trust marks, on the home page only', async () => {
    const order = orderRecord({
      makerTokenAddress: ZRX.address,
      makerTokenAmount: '1000000000000000000000',
      takerTokenAddress: WETH.address,
      takerTokenAmount: '1500000000000000000',
    });
    const unlisted = orderRecord({
      takerTokenAddress: '0x9999999999999999999999999999999999999999',
      takerTokenAmount: '7',
    });
    relayer.answer = { orders: orderPage([order, unlisted], { total: 9 }), tokens: [ZRX, WETH] };
    const server = await start(relayer.url);

    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).not.toContain('boot-spinner');
    const first = html.slice(html.indexOf(`data-first-row="${order.orderHash}"`));
    expect(first).toMatch(/^[\s\S]*?1000<\/span> <bdi>ZRX<\/bdi>[\s\S]*?1\.5<\/span> <bdi>WETH<\/bdi>/);
    const second = html.slice(html.indexOf(`data-first-row="${unlisted.orderHash}"`));
    expect(second).toMatch(
      /^[\s\S]*?7 \(base units\)<\/span> <bdi>0x999999…9999<\/bdi> <span class="first-rows-mark">Unlisted/,
    );
    expect(html).toContain('1–2 of 9');
    // The same read as the app's first query (the boot script's), so the two show the same page.
    expect(relayer.reads).toEqual(expect.arrayContaining(['/order', '/token']));

    for (const path of ['/index.html', '/coins/zrx/overview']) {
      const other = await (await fetch(`${server.url}${path}`)).text();
      expect(other).toContain('boot-spinner');
      expect(other).not.toContain('data-first-row');
    }
  });

  test('paints verified tokens only: a hash-ground order of an unverified token is not among the rows', async () => {
    const JUNK: TokenRecord = {
      ...HOSTILE,
      address: '0x0000000000000000000000000000000000000bad',
      symbol: 'JUNK',
    };
    const fair = orderRecord({ makerTokenAddress: ZRX.address, takerTokenAddress: WETH.address });
    const ground = orderRecord({
      orderHash: `0x0000${'1'.repeat(60)}`,
      makerTokenAddress: JUNK.address,
      takerTokenAddress: WETH.address,
    });
    // The relayer's answers: the ground order comes first among every token's orders, and is left out
    // of verified=only.
    relayer.answer = {
      orders: (query: URLSearchParams) =>
        query.get('verified') === 'only' ? orderPage([fair]) : orderPage([ground, fair]),
      tokens: [ZRX, WETH, JUNK],
    };
    relayer.urls.length = 0;
    const server = await start(relayer.url);

    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain(`data-first-row="${fair.orderHash}"`);
    expect(html).not.toContain(ground.orderHash);
    expect(html).not.toContain('JUNK');
    // Exactly the app's default first query, which asks for verified tokens only.
    const appFirstPage = relayerPaths.orders(toOrdersRequest(initialOrdersQueryState({})));
    expect(appFirstPage).toContain('verified=only');
    expect(relayer.urls).toContain(appFirstPage);
  });

  test('escapes hostile token symbols and spells out hidden characters, as the app’s TokenLabel does; the CSP stays', async () => {
    relayer.answer = {
      orders: orderPage([
        orderRecord({ makerTokenAddress: HOSTILE.address }),
        orderRecord({ makerTokenAddress: REVERSED.address }),
        orderRecord({ makerTokenAddress: MARKUP.address }),
      ]),
      tokens: [HOSTILE, REVERSED, MARKUP, WETH],
    };
    const server = await start(relayer.url);
    const response = await fetch(`${server.url}/`);
    const html = await response.text();
    expect(html).toContain('data-first-row');
    // Clamped to 12 characters and escaped: text, never markup.
    expect(html).toContain(
      '<bdi>&lt;/bdi&gt;&lt;scri…</bdi> <span class="first-rows-mark">Unverified</span>',
    );
    expect(html).toContain('<bdi>&quot;&#39;&amp;&lt;img&gt;</bdi>');
    expect(html).toContain('<bdi>⟨U+202E⟩HTEW</bdi>');
    expect(html).not.toContain('\u202e');
    expect(html).not.toMatch(/<img|<\/bdi><script/);
    // Only the page's own scripts: the config block and the boot script, which the CSP allows by hash.
    expect(scriptTags(html)).toHaveLength(2);
    const scriptSrc = (csp: string) => csp.split(/;\s*/).find((d) => d.startsWith('script-src'));
    const expected = `script-src 'self' '${scriptHash(BOOT_SCRIPT)}'`;
    expect(scriptSrc(response.headers.get('content-security-policy') ?? '')).toBe(expected);
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(scriptSrc(meta)).toBe(expected);
  });

  test('one read of the relayer serves every page load until it is older than the TTL', async () => {
    relayer.answer = { orders: orderPage([orderRecord()]), tokens: [ZRX, WETH] };
    relayer.reads.length = 0;
    const server = await start(relayer.url);
    const pages = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${server.url}/`).then((r) => r.text())),
    );
    expect(pages.every((html) => html.includes('data-first-row'))).toBe(true);
    expect(relayer.reads.filter((path) => path === '/order')).toHaveLength(1);
  });

  test('after the TTL the last read is painted at once while the next one is on its way', async () => {
    const before = orderRecord({ makerTokenAddress: ZRX.address });
    const after = orderRecord({ makerTokenAddress: WETH.address, takerTokenAddress: ZRX.address });
    relayer.answer = { orders: orderPage([before]), tokens: [ZRX, WETH] };
    relayer.reads.length = 0;
    const server = await start(relayer.url, { ttlMs: 0, staleMs: 60_000, waitMs: 60_000, timeoutMs: 60_000 });
    const home = () => fetch(`${server.url}/`).then((response) => response.text());
    expect(await home()).toContain(before.orderHash);
    // The relayer now hangs: the page still comes, with the last rows, and a read was started for it.
    relayer.answer = { orders: null, tokens: null, hang: true };
    const stale = await home();
    expect(stale).toContain(before.orderHash);
    expect(relayer.reads.filter((path) => path === '/order')).toHaveLength(2);
    relayer.answer = { orders: orderPage([after]), tokens: [ZRX, WETH] };
    await vi.waitFor(async () => expect(await home()).toContain(after.orderHash));
  });

  test('a relayer that does not answer gets the page without rows, and is not waited for', async () => {
    relayer.answer = { orders: null, tokens: null, hang: true };
    // The relayer never answers and is given a minute: only the page's own wait (50 ms) lets it out.
    const server = await start(relayer.url, { ttlMs: 60_000, waitMs: 50, timeoutMs: 60_000 });
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('boot-spinner');
    expect(html).not.toContain('data-first-row');
    relayer.answer = { orders: orderPage([]), tokens: [] };
  });

  test('a relayer that is down, or answers nonsense, gets the page without rows', async () => {
    const closed = await startStandIn();
    const deadUrl = closed.url;
    await closed.close();
    const down = await start(deadUrl);
    const html = await (await fetch(`${down.url}/`)).text();
    expect(html).toContain('boot-spinner');
    expect(html).not.toContain('data-first-row');

    relayer.answer = { orders: { orders: [{ maker: 'not an order' }] }, tokens: [ZRX] };
    const nonsense = await start(relayer.url);
    const page = await (await fetch(`${nonsense.url}/`)).text();
    expect(page).toContain('boot-spinner');
    expect(page).not.toContain('data-first-row');
  });
});
