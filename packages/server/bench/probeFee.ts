/**
 * Why (b)'s "uncached keyset pages after ANALYZE" row (990 makerFee cursors, each once) costs more
 * relayer CPU a page than its 9,900-page row: one relayer process with `--book` open orders (read
 * model, bundle), then `--rounds` rounds of variants, each page asked for once (a fresh page size per
 * measurement, so nothing is cached), relayer CPU per page for each, and the medians at the end:
 *
 * - `fee990`: (b)'s row as it asks: `/order?per_page=P&cursor=…`, the 990 cursors of the makerFee walk
 * - each of the ten walks of (b)'s 9,900-page row alone (990 pages, sort and direction spelled out)
 * - `mixed9900`: (b)'s 9,900-page row (all ten walks, in its order)
 * - `fee990` and `mixed9900` right after walking their cursors anew, and right after 10 s of autocannon
 *   on a cached page (as (b) asks them)
 * - `idle`: the relayer's CPU over 0.25 s without requests, per 990 pages
 *
 * `npx tsx bench/probeFee.ts [--book=100000] [--rounds=3] [--via=bundle|tsx] [--sequence]`
 * (`--sequence`: only `fee990` and `mixed9900`, alone and after 10 s of cached pages)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { startDevChain } from '@relayer/devchain';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig } from './benchConfig.js';
import { collectCursors, measureEachOnce, measureReads, type ReadFigures, WALK_SORTS } from './benchReads.js';
import { seedBook } from './seedBook.js';
import { startBenchServer } from './startBenchServer.js';
import { fmt, loadAverage } from './stats.js';

const { values: args } = parseArgs({
  options: {
    book: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    via: { type: 'string', default: 'bundle' },
    /** Only the rows as (b) asks them, with and without walking their cursors just before. */
    sequence: { type: 'boolean', default: false },
  },
});
const size = Number(args.book);
console.log(`load average at start: ${loadAverage()}`);
const chain = await startDevChain({ port: 0 });
const config = benchConfig(networkFor(chain), undefined);
const server = await startBenchServer({ config, readModel: true, bundle: args.via !== 'tsx' });
try {
  await seedBook(server, chain, size);
  await server.rebuild();
  await server.analyze();
  const pages = Math.floor(size / 100) - 10;
  const walks: Record<string, string[]> = {};
  for (const sort of WALK_SORTS) {
    for (const direction of ['asc', 'desc']) {
      const query = `sort=${sort}&direction=${direction}`;
      walks[query] = await collectCursors(server.url, `${query}&per_page=100`, pages);
    }
  }
  const fee = walks['sort=makerFee&direction=asc'] as string[];
  let perPage = 20;
  const fresh = () => perPage++;
  const variants: Record<string, () => Promise<ReadFigures>> = {
    // (b)'s row as it asks.
    fee990: () => {
      const p = fresh();
      return measureEachOnce(
        server,
        fee.map((c) => `/order?per_page=${p}&cursor=${encodeURIComponent(c)}`),
      );
    },
  };
  for (const [query, cursors] of Object.entries(walks)) {
    variants[query.replace('sort=', '').replace('&direction=', ' ')] = () => {
      const p = fresh();
      return measureEachOnce(
        server,
        cursors.map((c) => `/order?${query}&per_page=${p}&cursor=${encodeURIComponent(c)}`),
      );
    };
  }
  // (b)'s 9,900-page row: every walk but makerFee ascending, then makerFee ascending, in one measurement.
  variants.mixed9900 = () => {
    const p = fresh();
    const paths: string[] = [];
    for (const [query, cursors] of Object.entries(walks)) {
      if (query === 'sort=makerFee&direction=asc') continue;
      for (const c of cursors) paths.push(`/order?${query}&per_page=${p}&cursor=${encodeURIComponent(c)}`);
    }
    for (const c of fee)
      paths.push(`/order?sort=makerFee&direction=asc&per_page=${p}&cursor=${encodeURIComponent(c)}`);
    return measureEachOnce(server, paths);
  };
  // (b) walks every sort just before its 9,900-page row, and its 990 makerFee cursors 30 s before its
  // 990-page row: the same rows again right after walking their cursors anew (walks not measured).
  const rewalk = async (queries: string[]) => {
    for (const query of queries) await collectCursors(server.url, `${query}&per_page=100`, pages);
  };
  const fee990 = variants.fee990 as () => Promise<ReadFigures>;
  const mixed9900 = variants.mixed9900;
  variants['fee990 after its walk'] = async () => {
    await rewalk(['sort=makerFee&direction=asc']);
    return fee990();
  };
  variants['mixed9900 after the walks'] = async () => {
    await rewalk(Object.keys(walks));
    return mixed9900();
  };
  // (b)'s 990-page row comes right after 30 s of autocannon on cached pages (its rows before it).
  const deep = `/order?per_page=20&cursor=${encodeURIComponent(fee.at(-1) as string)}`;
  variants['fee990 after 10 s of cached pages'] = async () => {
    await measureReads(server, [deep], 10);
    return fee990();
  };
  variants['mixed9900 after 10 s of cached pages'] = async () => {
    await measureReads(server, [deep], 10);
    return mixed9900();
  };
  if (args.sequence) {
    for (const name of Object.keys(variants)) {
      if (name.includes('walk') || !(name.startsWith('fee990') || name.startsWith('mixed9900')))
        delete variants[name];
    }
  }
  variants.idle = async () => {
    const before = await server.cpuMicros();
    await sleep(250);
    const used = (await server.cpuMicros()) - before;
    return { reqPerSec: 0, p50: 0, p99: 0, cpuMsPerReq: used / 1000 / 990 };
  };
  const figures: Record<string, number[]> = {};
  for (let round = 0; round < Number(args.rounds); round++) {
    const line: string[] = [`round ${round + 1}`];
    for (const [name, run] of Object.entries(variants)) {
      const f = await run();
      figures[name] = [...(figures[name] ?? []), f.cpuMsPerReq];
      line.push(`${name} ${fmt(f.cpuMsPerReq, 3)} (${fmt(f.reqPerSec, 0)}/s, p99 ${fmt(f.p99, 0)})`);
    }
    console.log(`${line.join('\n  ')}\n  load ${loadAverage()}`);
  }
  console.log('median relayer CPU ms/page:');
  for (const [name, values] of Object.entries(figures)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`  ${name.padEnd(34)} ${fmt(sorted[Math.floor(sorted.length / 2)] as number, 3)}`);
  }
} finally {
  await server.stop();
  await chain.stop();
}
