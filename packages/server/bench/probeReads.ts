/**
 * A shorter (b) for iterating on the read path: one relayer process with `--book` open orders (read
 * model), then `--rounds` alternating passes of distinct keyset pages (each asked for once, 20 in
 * flight, as (b)'s 9,900-page row), the same client on one cached page, and autocannon on the
 * default query; relayer CPU per request for each. `--profile=DIR` writes a V8 CPU profile of the
 * relayer during the second distinct pass and the cached pass after it (not seeding or walking). The bench (`run.ts`) stays
 * the measure.
 *
 * The relayer runs from its prebuilt bundle, as production and the bench do; `--via=tsx` runs its
 * TypeScript through tsx instead (whose keepNames wraps every named closure in a `__name` call as it is made).
 *
 * `npx tsx bench/probeReads.ts [--book=100000] [--rounds=3] [--sorts=5] [--profile=/tmp/dir] [--read-limit=1000000000] [--via=bundle|tsx]`
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startDevChain } from '@relayer/devchain';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig } from './benchConfig.js';
import { collectCursors, measureEachOnce, measureReads, WALK_SORTS } from './benchReads.js';
import { seedBook } from './seedBook.js';
import { startBenchServer } from './startBenchServer.js';
import { fmt, loadAverage } from './stats.js';

const { values: args } = parseArgs({
  options: {
    book: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    sorts: { type: 'string', default: '5' },
    profile: { type: 'string' },
    /** Reads allowed per client a minute (the bench turns the limit off); to measure the limiter's cost. */
    'read-limit': { type: 'string', default: '0' },
    via: { type: 'string', default: 'bundle' },
  },
});
const size = Number(args.book);
console.log(`load average at start: ${loadAverage()}`);
const chain = await startDevChain({ port: 0 });
const config = benchConfig(networkFor(chain), undefined);
config.http = { ...config.http, readRateLimitPerMinute: Number(args['read-limit']) };
const server = await startBenchServer({ config, readModel: true, bundle: args.via !== 'tsx' });
try {
  await seedBook(server, chain, size);
  await server.rebuild();
  const walks: string[] = [];
  for (const sort of WALK_SORTS.slice(0, Number(args.sorts))) {
    for (const direction of ['asc', 'desc']) {
      const query = `sort=${sort}&direction=${direction}`;
      const cursors = await collectCursors(server.url, `${query}&per_page=100`, Math.floor(size / 100) - 10);
      for (const c of cursors) walks.push(`/order?${query}&per_page=PER&cursor=${encodeURIComponent(c)}`);
    }
  }
  console.log(`${walks.length} distinct pages per pass`);
  const cached = walks[Math.floor(walks.length / 2)]?.replace('PER', '20') as string;
  console.log('pass\tdistinct CPU ms/req (req/s, p99)\tcached same client\tdefault query (autocannon 5 s)');
  for (let round = 0; round < Number(args.rounds); round++) {
    const paths = walks.map((path) => path.replace('PER', String(20 + (round % 2 ? -round : round))));
    const profiling = args.profile !== undefined && round === 1;
    if (profiling) await server.profileStart();
    const distinct = await measureEachOnce(server, paths);
    if (profiling && args.profile) {
      mkdirSync(args.profile, { recursive: true });
      await server.profileStop(join(args.profile, `distinct-${Date.now()}.cpuprofile`));
    }
    await measureEachOnce(server, [cached, cached]);
    if (profiling) await server.profileStart();
    const floor = await measureEachOnce(
      server,
      walks.map(() => cached),
    );
    if (profiling && args.profile)
      await server.profileStop(join(args.profile, `cached-${Date.now()}.cpuprofile`));
    const repeated = await measureReads(server, ['/order'], 5);
    console.log(
      [
        round + 1,
        `${fmt(distinct.cpuMsPerReq, 3)} (${fmt(distinct.reqPerSec, 0)}/s, ${fmt(distinct.p99, 0)})`,
        `${fmt(floor.cpuMsPerReq, 3)} (${fmt(floor.reqPerSec, 0)}/s, ${fmt(floor.p99, 0)})`,
        `${fmt(repeated.cpuMsPerReq, 3)} (${fmt(repeated.reqPerSec, 0)}/s, ${fmt(repeated.p99, 0)})`,
        `load ${loadAverage()}`,
      ].join('\t'),
    );
  }
} finally {
  await server.stop();
  await chain.stop();
}
