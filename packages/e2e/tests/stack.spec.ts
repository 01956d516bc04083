import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort } from '@relayer/contracts/anvil';
import { createSignedOrder, devAccounts } from '@relayer/devchain';
import { hashOrder } from '@relayer/protocol';
import { exited, isListening, npmEnv, signalGroup } from '../src/processes.ts';

/**
 * docs/OPERATING.md's deployment without Docker: `npm run stack` brings up PostgreSQL, two relayers
 * sharing it, the web app and Caddy (deploy/Caddyfile, the file compose.yaml runs) on one port. Checked
 * from outside, as an operator and a trader would: both instances healthy, exactly one leads the chain
 * watcher, orders posted through the one port are served by both instances, updates reach a WebSocket
 * opened through the one port whichever instance took the order, the web app is served there, and
 * Ctrl-C stops everything.
 */

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const METRICS_TOKEN = 'stack-test-metrics-token';

test('npm run stack: two relayers and the web app behind one port, one watcher leader, orders across instances', async ({
  page,
}) => {
  test.setTimeout(5 * 60_000);
  const port = await freePort('127.0.0.1');
  const publicUrl = `http://localhost:${port}`;
  const child = spawn('npm', ['run', 'stack'], {
    cwd: repoRoot,
    env: npmEnv({ STACK_PORT: String(port), METRICS_TOKEN, LOG_LEVEL: 'warn' }),
    detached: true,
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  try {
    await expect
      .poll(
        () => (child.exitCode === null ? output.includes('Ctrl-C stops everything') : `exited: ${output}`),
        {
          timeout: 4 * 60_000,
          intervals: [1_000],
        },
      )
      .toBe(true);
    const instances = [...output.matchAll(/relayer \d: (http:\/\/\S+)/g)].map((m) => m[1] as string);
    expect(instances).toHaveLength(2);

    // Both instances healthy on the shared database.
    for (const url of instances) {
      const health = await (await fetch(`${url}/health`)).json();
      expect(health, url).toMatchObject({ status: 'ok', database: 'ok' });
    }
    // Exactly one of them applies chain events (the advisory lock), the other follows.
    const leaders = await Promise.all(instances.map((url) => leaderGauge(url)));
    expect(leaders.sort()).toEqual([0, 1]);

    // The sample orders went in through the one port, round robin over both; each instance serves all
    // of them, the partial fill the leader applied included.
    // (The instances' caches learn of each other's orders by LISTEN/NOTIFY: eventually, hence the poll.)
    for (const url of [publicUrl, ...instances]) {
      await expect
        .poll(async () => (await (await fetch(`${url}/order?per_page=20`)).json()).total, { message: url })
        .toBe(7);
    }

    // The web app through the same port: the book renders from the API behind it.
    await page.goto(publicUrl);
    const grid = page.getByRole('table', { name: 'Orders' });
    await expect(grid.getByRole('row').nth(5)).toBeVisible({ timeout: 30_000 });

    // A WebSocket through the one port (the page's own origin) hears orders whichever instance took them.
    const tokens = (await (await fetch(`${publicUrl}/token`)).json()) as {
      address: `0x${string}`;
      symbol: string;
    }[];
    const token = (symbol: string) => tokens.find((t) => t.symbol === symbol)?.address as `0x${string}`;
    const subscribe = {
      type: 'subscribe',
      channel: 'orderbook',
      requestId: 1,
      payload: { baseTokenAddress: token('ZRX'), quoteTokenAddress: token('WETH'), snapshot: true },
    };
    // Resolves with the snapshot: from then on the subscription is in place.
    await page.evaluate(
      ([wsUrl, message]) =>
        new Promise<void>((resolve, reject) => {
          setTimeout(() => reject(new Error('no orderbook snapshot through the one port in 20 s')), 20_000);
          const seen: string[] = [];
          (window as unknown as { stackUpdates: string[] }).stackUpdates = seen;
          const socket = new WebSocket(wsUrl as string);
          socket.onopen = () => socket.send(message as string);
          socket.onmessage = (event) => {
            seen.push(String(event.data));
            if (String(event.data).includes('"snapshot"')) resolve();
          };
        }),
      [`ws://localhost:${port}/v0/ws`, JSON.stringify(subscribe)],
    );
    const config = (await (await fetch(`${publicUrl}/config`)).json()) as { exchange: `0x${string}` };
    const maker = devAccounts(2)[1]?.privateKey as `0x${string}`;
    const hashes: string[] = [];
    const salts: string[] = [];
    // One order straight to each instance, one through the one port.
    for (const [i, url] of [...instances, publicUrl].entries()) {
      const order = await createSignedOrder({
        deployment: config,
        makerPrivateKey: maker,
        makerToken: token('ZRX'),
        takerToken: token('WETH'),
        makerAmount: 10n ** 18n * BigInt(i + 1),
        takerAmount: 10n ** 15n,
      });
      const posted = await fetch(`${url}/order/new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(order),
      });
      expect(posted.status, await posted.clone().text()).toBe(201);
      hashes.push(hashOrder(order));
      salts.push(String(order.salt));
    }
    await expect
      .poll(async () => {
        const updates = await page.evaluate(
          () => (window as never as { stackUpdates: string[] }).stackUpdates,
        );
        // SRA v0 updates carry the signed order (no hash): its salt identifies it.
        return salts.filter((salt) => updates.some((u) => u.includes('"update"') && u.includes(salt))).length;
      })
      .toBe(3);
    for (const url of instances) {
      for (const hash of hashes)
        expect((await fetch(`${url}/order/${hash}`)).status, `${url} ${hash}`).toBe(200);
    }
    await page.close();

    // Ctrl-C: the whole group gets SIGINT (PostgreSQL, Caddy and anvil too) and npm passes on its own
    // copy. The stack prints "Stopped." once it has closed everything; npm dies of the SIGINT, as in a
    // terminal, once the stack has exited.
    signalGroup(child, 'SIGINT');
    await expect.poll(() => output.includes('Stopped.'), { timeout: 30_000 }).toBe(true);
    expect([0, 'SIGINT']).toContain(await exited(child));
    for (const p of [port, ...instances.map((url) => Number(new URL(url).port))]) {
      await expect.poll(() => isListening(p), { timeout: 15_000 }).toBe(false);
    }
  } catch (error) {
    console.error(`npm run stack printed:\n${output}`);
    throw error;
  } finally {
    signalGroup(child, 'SIGKILL');
  }
});

/** relayer_watcher_leader of the main network on one instance (its own /metrics, with the token). */
async function leaderGauge(url: string): Promise<number> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const match = /^relayer_watcher_leader\{network="main"\} (\d+)$/m.exec(text);
  if (!match)
    throw new Error(`${url}/metrics has no relayer_watcher_leader for main:\n${text.slice(0, 500)}`);
  return Number(match[1]);
}
