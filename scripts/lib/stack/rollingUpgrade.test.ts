import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DevChain, postgresUnavailableReason, relayerEnv, startDevChain } from '@relayer/devchain';
import { afterAll, expect, test } from 'vitest';
import { assertPortsFree } from '../assertPortsFree.ts';
import { seededRandom } from '../seededRandom.ts';
import { buildReleaseBundle, releaseHistoryMissing } from './buildReleaseBundle.ts';
import { bookDifferences, readDatabaseBook, readServedBook } from './readOpenBook.ts';
import { leaderLag, readWatcherHealth } from './readWatcherHealth.ts';
import { type StackDatabase, startStackDatabase } from './startStackDatabase.ts';
import { startUpgradeTraffic, type TrafficCounts, type UpgradeTraffic } from './startUpgradeTraffic.ts';
import { type SupervisedProcess, superviseProcess } from './superviseProcess.ts';

/**
 * docs/OPERATING.md's rolling upgrade, done to a running deployment as the stack runs it: PostgreSQL
 * with the relayers' own role, a dev chain, and two relayer processes of the previous release
 * (deploy/previousRelease.json, its bundle built from git as it built it) on one database. While a
 * writer posts orders and a taker fills and makers cancel on the chain, instance A is replaced by this
 * release's bundle (it applies the migrations since; the old B leads meanwhile), then B. Each phase
 * ends with the writes paused and each instance's whole `GET /order` book compared with the database's
 * open orders, exactly.
 */

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const previous = JSON.parse(readFileSync(join(repoRoot, 'deploy/previousRelease.json'), 'utf8')) as {
  commit: string;
};
const HOST = '127.0.0.1';
/** Fixed ports, from UPGRADE_TEST_PORT (default 47100) on: PostgreSQL, the chain, two relayers, two metrics. */
const BASE = Number(process.env.UPGRADE_TEST_PORT || 47100);
const ports = {
  postgres: BASE,
  chain: BASE + 1,
  relayers: [BASE + 2, BASE + 3],
  metrics: [BASE + 4, BASE + 5],
};

const skipReason = (() => {
  const history = releaseHistoryMissing(repoRoot, previous.commit);
  const postgres = postgresUnavailableReason();
  const reason = history ?? (postgres && !process.env.CI ? `PostgreSQL: ${postgres}` : undefined);
  if (reason) console.warn(`\n!!! The rolling upgrade test from ${previous.commit} is SKIPPED: ${reason}\n`);
  return reason;
})();

const running: {
  database?: StackDatabase;
  chain?: DevChain;
  relayers: SupervisedProcess[];
  traffic?: UpgradeTraffic;
} = {
  relayers: [],
};
afterAll(async () => {
  await running.traffic?.stop().catch(() => {});
  await Promise.all(running.relayers.map((relayer) => relayer.stop()));
  await running.chain?.stop();
  await running.database?.stop();
  // Each relayer gets its stop grace (20 s) before SIGKILL.
}, 60_000);

test.skipIf(skipReason)(
  `an upgrade from the previous release under writes keeps every instance's book equal to the database`,
  async () => {
    const seed = Number(process.env.FC_SEED || Date.now() % 2 ** 31);
    console.log(`rolling upgrade: FC_SEED=${seed}`);
    const random = seededRandom(seed);
    await assertPortsFree(HOST, [
      { name: 'PostgreSQL', port: ports.postgres, env: 'UPGRADE_TEST_PORT' },
      { name: 'chain', port: ports.chain, env: 'UPGRADE_TEST_PORT' },
      ...[...ports.relayers, ...ports.metrics].map((port) => ({
        name: 'relayer',
        port,
        env: 'UPGRADE_TEST_PORT',
      })),
    ]);

    const dataDir = join(repoRoot, '.data/upgrade-test');
    mkdirSync(dataDir, { recursive: true });
    const old = buildReleaseBundle(
      repoRoot,
      previous.commit,
      join(repoRoot, '.data/releases', previous.commit),
    );
    if (old.versionDrift.length > 0)
      console.warn(
        `The previous release's lock pins other versions than installed: ${old.versionDrift.join(', ')}`,
      );
    const bundled = spawnSync(process.execPath, [join(repoRoot, 'scripts/bundle.mjs'), 'server'], {
      encoding: 'utf8',
    });
    expect(bundled.status, bundled.stderr).toBe(0);
    const current = join(repoRoot, 'packages/server/dist/main.mjs');
    const currentSchema = Math.max(
      ...readdirSync(join(repoRoot, 'packages/server/src/db/migrations')).flatMap((file) =>
        /^\d{3,}_/.test(file) ? [Number.parseInt(file, 10)] : [],
      ),
    );
    expect(currentSchema).toBeGreaterThan(old.schema);

    running.database = await startStackDatabase({
      port: ports.postgres,
      roleScript: join(repoRoot, 'deploy/postgres/createRelayerRole.sh'),
    });
    running.chain = await startDevChain({ port: ports.chain, host: HOST });
    // The previous release reads no *_FILE secrets: the password goes in the URL, as it had it.
    const password = readFileSync(running.database.passwordFile, 'utf8').trim();
    const databaseUrl = running.database.url.replace('//relayer@', `//relayer:${password}@`);
    const psql = (sql: string) =>
      execFileSync(
        'psql',
        ['-h', HOST, '-p', String(ports.postgres), '-U', 'postgres', '-d', 'relayer', '-tAc', sql],
        {
          encoding: 'utf8',
        },
      ).trim();

    const urls = ports.relayers.map((port) => `http://${HOST}:${port}`);
    const start = async (i: number, bundle: string) => {
      const relayer = await superviseProcess({
        name: `relayer${i + 1}`,
        command: process.execPath,
        args: [bundle],
        cwd: dataDir,
        env: {
          PATH: process.env.PATH,
          ...relayerEnv(running.chain as DevChain),
          DATABASE_URL: databaseUrl,
          HOST,
          PORT: String(ports.relayers[i]),
          INSTANCE_NAME: `relayer${i + 1}`,
          METRICS_HOST: HOST,
          METRICS_PORT: String(ports.metrics[i]),
          LOG_LEVEL: 'warn',
          WATCHER_POLL_MS: '200',
          WRITE_RATE_LIMIT_PER_MINUTE: '100000',
          READ_RATE_LIMIT_PER_MINUTE: '100000',
        },
        healthUrl: `${urls[i]}/health`,
        startTimeoutMs: 120_000,
        stopGraceMs: 20_000,
        log: (line) => (process.env.UPGRADE_TEST_VERBOSE ? console.log(line) : undefined),
      });
      running.relayers[i] = relayer;
    };
    /** The instances that take orders: all but the one being replaced. */
    const up = new Set<number>();
    const watcherRole = async (i: number) => (await readWatcherHealth(urls[i] as string)).watcher;
    /** Stopped with SIGTERM, the other instance leading, then started on `bundle`: one step of the roll. */
    const replace = async (i: number, bundle: string) => {
      up.delete(i);
      await (running.relayers[i] as SupervisedProcess).stop();
      await expect.poll(() => watcherRole(1 - i), { timeout: 15_000 }).toBe('leading');
      await start(i, bundle);
      up.add(i);
      await expect.poll(() => watcherRole(i), { timeout: 15_000 }).toBe('following');
    };
    const phases: { name: string; counts: TrafficCounts }[] = [];
    let before: TrafficCounts = { posted: 0, unanswered: 0, fills: 0, cancels: 0 };
    /** Writes stopped, the leader at the chain's head: each book must be the database's, exactly. */
    const compareBooks = async (name: string, { leader = true } = {}) => {
      const traffic = running.traffic as UpgradeTraffic;
      await traffic.pause();
      const now = traffic.counts();
      phases.push({ name, counts: minus(now, before) });
      before = now;
      if (leader)
        await expect
          .poll(() => leaderLag(urls), { timeout: 30_000, message: `${name}: the leader at the head` })
          .toBe(0);
      let differences: string[] = [];
      const deadline = Date.now() + 15_000;
      do {
        const database = readDatabaseBook({ host: HOST, port: ports.postgres });
        differences = [];
        for (const url of urls)
          differences.push(
            ...bookDifferences(await readServedBook(url), database).map((line) => `${url} ${line}`),
          );
        if (differences.length === 0) {
          expect(database.length).toBeGreaterThan(0);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      } while (Date.now() < deadline);
      expect(differences, `${name}: books against the database`).toEqual([]);
      traffic.resume();
    };
    const run = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    // The previous release on both instances; A starts first, so it leads.
    await start(0, old.bundle);
    await expect.poll(() => watcherRole(0), { timeout: 30_000 }).toBe('leading');
    await start(1, old.bundle);
    up.add(0);
    up.add(1);
    expect(psql('SELECT max(version) FROM schema_migrations')).toBe(String(old.schema));
    running.traffic = await startUpgradeTraffic({
      chain: running.chain,
      targets: () => [...up].map((i) => urls[i] as string),
      random,
    });
    await run(6_000);
    await compareBooks('both on the previous release');

    // A replaced: B (old) takes the lead, the new A migrates and follows. The previous release cannot
    // read schema_compat, so it leads on: every migration since it only adds, and its writes must reach
    // the new instance's book.
    await replace(0, current);
    expect(psql('SELECT max(version) FROM schema_migrations')).toBe(String(currentSchema));
    expect(Number(psql('SELECT min_leader_schema FROM schema_compat'))).toBeLessThanOrEqual(old.schema);
    expect(await watcherRole(1)).toBe('leading');
    await run(8_000);
    await compareBooks('A on this release, B on the previous one leading');

    // B replaced: A (new) takes the lead, B comes back on this release and follows.
    await replace(1, current);
    expect(await watcherRole(0)).toBe('leading');
    await run(6_000);
    await compareBooks('both on this release');

    // What this release's guard does when the next one raises the floor past it (a migration it must
    // not lead on): the leader steps down, neither instance leads, both keep serving the book.
    psql(`UPDATE schema_compat SET min_leader_schema = ${currentSchema + 1}`);
    for (const i of [0, 1]) await expect.poll(() => watcherRole(i), { timeout: 15_000 }).toBe('refused');
    for (const url of urls) {
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'degraded' });
    }
    // Fills and cancels go on meanwhile: the database and every book wait for a leader together.
    await run(4_000);
    await compareBooks('no instance allowed to lead', { leader: false });
    psql(`UPDATE schema_compat SET min_leader_schema = ${currentSchema}`);
    await expect
      .poll(async () => [await watcherRole(0), await watcherRole(1)].sort(), { timeout: 15_000 })
      .toEqual(['following', 'leading']);
    await run(4_000);
    await compareBooks('both on this release, after the floor was raised and lowered');
    await running.traffic.stop();

    // The comparison sees what an instance was not told of: one open row changed behind their backs.
    const [tampered] = readDatabaseBook({ host: HOST, port: ports.postgres });
    psql(
      `UPDATE orders SET fillable_taker = fillable_taker - 1 WHERE network = 'main' AND hash = '${tampered?.hash}'`,
    );
    for (const url of urls)
      expect(
        bookDifferences(await readServedBook(url), readDatabaseBook({ host: HOST, port: ports.postgres })),
      ).toHaveLength(1);

    console.log(`rolling upgrade phases: ${JSON.stringify(phases)}`);
    // Every phase wrote and moved orders on the chain; the mixed one, the longest, both filled and
    // cancelled (each action is a cancel with chance 0.3, so a short phase may have none).
    for (const phase of phases) {
      expect(phase.counts.posted, phase.name).toBeGreaterThan(5);
      expect(phase.counts.fills + phase.counts.cancels, phase.name).toBeGreaterThan(2);
    }
    const mixed = phases[1]?.counts;
    expect(mixed?.fills).toBeGreaterThan(2);
    expect(mixed?.cancels).toBeGreaterThan(0);
    expect(Number(psql("SELECT count(*) FROM orders WHERE state = 'filled'"))).toBeGreaterThan(0);
    expect(Number(psql("SELECT count(*) FROM orders WHERE state = 'cancelled'"))).toBeGreaterThan(0);
  },
  6 * 60_000,
);

function minus(a: TrafficCounts, b: TrafficCounts): TrafficCounts {
  return {
    posted: a.posted - b.posted,
    unanswered: a.unanswered - b.unanswered,
    fills: a.fills - b.fills,
    cancels: a.cancels - b.cancels,
  };
}
