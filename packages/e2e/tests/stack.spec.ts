import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort } from '@relayer/contracts/anvil';
import { createSignedOrder, devAccounts } from '@relayer/devchain';
import { hashOrder } from '@relayer/protocol';
import { exited, isListening, npmEnv, signalGroup } from '../src/processes.ts';
import { runAdmin } from '../src/stack/runAdmin.ts';

/**
 * docs/OPERATING.md's deployment without Docker: `npm run stack` on ports given as flags brings up
 * PostgreSQL (the relayers under their own role), two relayers each in its own process running the
 * bundle the image runs, the web app and Caddy (deploy/Caddyfile, the file compose.yaml runs) on one
 * port. Checked from outside, as an operator and a trader would: each part on the port it was given,
 * both instances healthy, exactly one leads the chain watcher, orders posted anywhere served by both and
 * heard on a WebSocket through the one port, the web app rendering the book; the admin CLI's unlist and
 * fee change shown by both instances without a restart and both in `admin_audit`; the leader killed
 * with SIGKILL while requests keep being answered through the one port and the other instance taking
 * the lead; the killed one restarted by the stack, following; and Ctrl-C stopping everything.
 */

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const METRICS_TOKEN = 'stack-test-metrics-token';
const ADMIN_TOKEN = 'stack-test-admin-token';

test('npm run stack: separate relayer processes behind one port, failover, the console, a clean stop', async ({
  page,
}) => {
  test.setTimeout(8 * 60_000);
  const [port, relayer1, relayer2, metrics1, metrics2, webPort, postgresPort, chainPort] =
    await distinctFreePorts(8);
  const publicUrl = `http://localhost:${port}`;
  const child = spawn(
    'npm',
    [
      ...['run', 'stack', '--', '--port', String(port), '--relayer-ports', `${relayer1},${relayer2}`],
      ...['--metrics-ports', `${metrics1},${metrics2}`, '--web-port', String(webPort)],
      ...['--postgres-port', String(postgresPort), '--chain-port', String(chainPort)],
    ],
    { cwd: repoRoot, env: npmEnv({ METRICS_TOKEN, ADMIN_TOKEN, LOG_LEVEL: 'warn' }), detached: true },
  );
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
    // Each relayer on the port it was given, in a process of its own running the bundle.
    const listed = [
      ...output.matchAll(/relayer \d: (http:\/\/\S+) \(pid (\d+); metrics and admin: (http:\/\/\S+)\)/g),
    ];
    const instances = listed.map((m) => m[1] as string);
    const pids = listed.map((m) => Number(m[2]));
    const admins = listed.map((m) => m[3] as string);
    expect(instances).toEqual([`http://127.0.0.1:${relayer1}`, `http://127.0.0.1:${relayer2}`]);
    expect(admins).toEqual([`http://127.0.0.1:${metrics1}`, `http://127.0.0.1:${metrics2}`]);
    expect(new Set(pids).size).toBe(2);
    for (const pid of pids) {
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain(
        join(repoRoot, 'packages/server/dist/main.mjs'),
      );
      expect(pid).not.toBe(child.pid);
    }
    for (const [i, url] of instances.entries()) {
      const health = await (await fetch(`${url}/health`)).json();
      expect(health, url).toMatchObject({ status: 'ok', database: 'ok', instance: `relayer${i + 1}` });
    }
    expect((await Promise.all(instances.map(leaderGauge))).sort()).toEqual([0, 1]);

    // The sample orders went in through the one port, round robin over both; each instance serves all
    // of them (the instances learn of each other's orders by LISTEN/NOTIFY: eventually, hence the poll).
    for (const url of [publicUrl, ...instances]) {
      await expect.poll(() => openTotal(url), { message: url }).toBe(7);
    }
    await page.goto(publicUrl);
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(5)).toBeVisible({
      timeout: 30_000,
    });

    // A WebSocket through the one port hears orders whichever instance took them.
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
    const post = async (url: string, size: number, takerFee = 0n) => {
      const order = await createSignedOrder({
        deployment: config,
        makerPrivateKey: maker,
        makerToken: token('ZRX'),
        takerToken: token('WETH'),
        makerAmount: 10n ** 18n * BigInt(size),
        takerAmount: 10n ** 15n,
        takerFee,
      });
      const posted = await fetch(`${url}/order/new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(order),
      });
      expect(posted.status, await posted.clone().text()).toBe(201);
      return order;
    };
    const posted: Awaited<ReturnType<typeof post>>[] = [];
    for (const [i, url] of [...instances, publicUrl].entries()) posted.push(await post(url, i + 1));
    await expect
      .poll(async () => {
        const updates = await page.evaluate(
          () => (window as never as { stackUpdates: string[] }).stackUpdates,
        );
        // SRA v0 updates carry the signed order (no hash): its salt identifies it.
        return posted.filter((o) => updates.some((u) => u.includes('"update"') && u.includes(String(o.salt))))
          .length;
      })
      .toBe(3);
    for (const url of instances) {
      for (const order of posted) expect((await fetch(`${url}/order/${hashOrder(order)}`)).status).toBe(200);
    }
    await page.close();

    // The console: unlist a token through relayer1's admin API, change the fee policy through relayer2's.
    const rep = token('REP');
    const before = await openTotal(publicUrl);
    const repOrders = (await openOrders(instances[0] as string)).filter(
      (o) => o.makerTokenAddress === rep || o.takerTokenAddress === rep,
    ).length;
    expect(repOrders).toBeGreaterThan(0);
    const admin = (url: string, ...args: string[]) => runAdmin({ repoRoot, url, token: ADMIN_TOKEN, args });
    const unlisted = await admin(admins[0] as string, 'tokens', 'unlist', rep);
    expect(unlisted, JSON.stringify(unlisted)).toMatchObject({ exitCode: 0 });
    const feeSet = await admin(admins[1] as string, 'fees', 'set', '--taker-fee', '1000000000000000');
    expect(feeSet, JSON.stringify(feeSet)).toMatchObject({ exitCode: 0 });
    for (const url of instances) {
      await expect.poll(() => openTotal(url), { message: url }).toBe(before - repOrders);
      await expect
        .poll(async () =>
          ((await (await fetch(`${url}/token`)).json()) as { address: string }[]).some(
            (t) => t.address === rep,
          ),
        )
        .toBe(false);
      await expect
        .poll(async () => (await fees(url, config.exchange)).takerFee, { message: url })
        .toBe('1000000000000000');
    }
    const audit = await admin(admins[0] as string, 'audit', '--json');
    expect(audit.exitCode).toBe(0);
    expect(audit.stdout).toContain('tokens.unlist');
    expect(audit.stdout).toContain('fees.set');
    const auditRows = execFileSync(
      'psql',
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(postgresPort),
        '-U',
        'postgres',
        '-d',
        'relayer',
        '-tAc',
        'SELECT action FROM admin_audit ORDER BY id',
      ],
      { encoding: 'utf8' },
    );
    expect(auditRows.trim().split('\n')).toEqual(['tokens.unlist', 'fees.set']);

    // Failover: the leader killed with SIGKILL; every request through the one port is still answered.
    const leading = (await Promise.all(instances.map(leaderGauge))).indexOf(1);
    const survivor = instances[1 - leading] as string;
    process.kill(pids[leading] as number, 'SIGKILL');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await fetch(`${publicUrl}/order?per_page=5`).catch(() => undefined))?.status ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // The lock passes to a live instance: the survivor, or the restarted one when its start wins the race
    // with the survivor's next attempt (followers retry every few seconds; a restart takes about one).
    await expect.poll(() => leadersAlive(instances), { timeout: 30_000 }).toBe(1);
    // The stack restarts the killed instance, as compose's restart policy does; it follows, and serves
    // what was taken while it was down.
    await expect
      .poll(() => output.includes(`relayer${leading + 1} is up again`), { timeout: 60_000 })
      .toBe(true);
    // The fee policy set through the console is the one new orders must carry.
    const late = await post(survivor, 4, 10n ** 15n);
    await expect
      .poll(async () => (await fetch(`${instances[leading]}/order/${hashOrder(late)}`)).status)
      .toBe(200);
    expect((await Promise.all(instances.map(leaderGauge))).sort()).toEqual([0, 1]);

    // Ctrl-C: the whole group gets SIGINT and npm passes on its own copy. The stack prints "Stopped."
    // once it has closed everything.
    signalGroup(child, 'SIGINT');
    await expect.poll(() => output.includes('Stopped.'), { timeout: 30_000 }).toBe(true);
    expect([0, 'SIGINT']).toContain(await exited(child));
    for (const p of [port, relayer1, relayer2, metrics1, metrics2, webPort, postgresPort, chainPort]) {
      await expect.poll(() => isListening(p as number), { timeout: 15_000, message: String(p) }).toBe(false);
    }
  } catch (error) {
    console.error(`npm run stack printed:\n${output}`);
    throw error;
  } finally {
    signalGroup(child, 'SIGKILL');
    // PostgreSQL runs in a group of its own (it stops last): not left behind by a failed test.
    const postgres = /PostgreSQL is up \(pid (\d+)\)/.exec(output)?.[1];
    if (postgres && (await isListening(postgresPort as number))) process.kill(Number(postgres), 'SIGINT');
  }
});

/** `count` free loopback ports, no two alike. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort('127.0.0.1'));
  return [...ports];
}

async function openTotal(url: string): Promise<number> {
  return (await (await fetch(`${url}/order?per_page=20`)).json()).total;
}

async function openOrders(url: string): Promise<{ makerTokenAddress: string; takerTokenAddress: string }[]> {
  return (await (await fetch(`${url}/order?per_page=50`)).json()).orders;
}

/** The fee policy an instance answers in SRA v0's POST /v0/fees. */
async function fees(url: string, exchange: string): Promise<{ takerFee: string }> {
  const response = await fetch(`${url}/v0/fees`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      exchangeContractAddress: exchange,
      maker: '0x0000000000000000000000000000000000000001',
      taker: '0x0000000000000000000000000000000000000000',
      makerTokenAddress: '0x0000000000000000000000000000000000000002',
      takerTokenAddress: '0x0000000000000000000000000000000000000003',
      makerTokenAmount: '1',
      takerTokenAmount: '1',
      expirationUnixTimestampSec: '9999999999',
      salt: '1',
    }),
  });
  return (await response.json()) as { takerFee: string };
}

/** relayer_watcher_leader of the main network on one instance (its own /metrics, with the token). */
/** How many instances say they lead; one that does not answer (being restarted) counts as not leading. */
async function leadersAlive(urls: readonly string[]): Promise<number> {
  const gauges = await Promise.all(urls.map((url) => leaderGauge(url).catch(() => 0)));
  return gauges.reduce((sum, gauge) => sum + gauge, 0);
}

async function leaderGauge(url: string): Promise<number> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const match = /^relayer_watcher_leader\{network="main"\} (\d+)$/m.exec(text);
  if (!match)
    throw new Error(`${url}/metrics has no relayer_watcher_leader for main:\n${text.slice(0, 500)}`);
  return Number(match[1]);
}
