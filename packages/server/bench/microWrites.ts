/**
 * In-process micro-benchmark of the order writer's INSERT (CPU µs per row): the writer as the relayer
 * runs it against variants, PGlite in memory or on disk (`--disk`, fsync at every commit).
 * `npx tsx bench/microWrites.ts [--disk] [--batch=16] [--rows=2000] [--random]`
 * `--random`: batches of 1 to `--batch` rows at random, as the relayer's writer forms them (a fresh
 * process meets every size), instead of all of `--batch`. Each round prints the process's CPU per row
 * and, on PGlite, the engine's own (`engineStats`: inside PGlite's execProtocolRawSync, fsync included).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type LocalPostgres, startPostgres } from '@relayer/devchain';
import { createPgliteDatabase } from '../src/db/createPgliteDatabase.js';
import { createPostgresDatabase } from '../src/db/createPostgresDatabase.js';
import type { Database } from '../src/db/Database.js';
import { migrate } from '../src/db/migrate.js';
import { createOrderWriter, type NewOrderRow } from '../src/orders/createOrderWriter.js';

const { values: args } = parseArgs({
  options: {
    disk: { type: 'boolean', default: false },
    batch: { type: 'string', default: '16' },
    rows: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    pre: { type: 'string', default: '' },
    only: { type: 'string', default: 'query,prepared' },
    postgres: { type: 'boolean', default: false },
    random: { type: 'boolean', default: false },
  },
});
const batch = Number(args.batch);
const count = Number(args.rows);

const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;
function makeRows(network: string, n: number): NewOrderRow[] {
  const makers = [hex(20), hex(20), hex(20)];
  const tokens = [hex(20), hex(20), hex(20), hex(20)];
  const exchange = hex(20);
  return Array.from({ length: n }, (_, i) => {
    const hash = hex(32);
    const maker = makers[i % 3] as string;
    const now = Date.now();
    return {
      network,
      hash,
      maker,
      values: [
        network,
        hash,
        exchange,
        maker,
        '0x0000000000000000000000000000000000000000',
        tokens[i % 4],
        tokens[(i + 1) % 4],
        'AAA',
        'BBB',
        '0x0000000000000000000000000000000000000000',
        String(1_000_000 + i),
        String(2_000_000 + i),
        '0',
        '0',
        '1900000000',
        '1900000000',
        BigInt(hex(32)).toString(),
        27,
        hex(32),
        hex(32),
        'open',
        '0',
        '0',
        String(2_000_000 + i),
        String(1_000_000 + i),
        now,
        now,
        '1',
      ],
    };
  });
}

async function measure(name: string, db: Database, write: (row: NewOrderRow) => Promise<unknown>) {
  let round = 0;
  const results: number[] = [];
  const engineResults: number[] = [];
  const engineMicros = () => db.engineStats?.().cpuMicros ?? Number.NaN;
  for (let r = 0; r < Number(args.rounds) + 1; r++) {
    const rows = makeRows(`n${name}${round++}`, count);
    const engineBefore = engineMicros();
    const before = process.cpuUsage();
    const began = performance.now();
    for (let i = 0; i < rows.length; ) {
      const size = args.random ? 1 + Math.floor(Math.random() * batch) : batch;
      await Promise.all(rows.slice(i, i + size).map((row) => write(row)));
      i += size;
    }
    const used = process.cpuUsage(before);
    const wall = performance.now() - began;
    const engine = (engineMicros() - engineBefore) / rows.length;
    if (r > 0) results.push((used.user + used.system) / rows.length);
    if (r > 0) engineResults.push(engine);
    if (r > 0)
      console.log(
        `  ${name} round ${r}: ${((used.user + used.system) / rows.length).toFixed(1)} µs CPU/row (user ${(used.user / rows.length).toFixed(1)}, sys ${(used.system / rows.length).toFixed(1)}; engine ${engine.toFixed(1)}), wall ${((wall * 1000) / rows.length).toFixed(1)} µs/row`,
      );
  }
  engineResults.sort((a, b) => a - b);
  const n = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
  results.sort((a, b) => a - b);
  console.log(
    `${name}: median ${results[Math.floor(results.length / 2)]?.toFixed(1)} µs CPU/row, of which the engine ${engineResults[Math.floor(engineResults.length / 2)]?.toFixed(1)}; rows now ${n[0]?.n}`,
  );
}

const dir = args.disk ? mkdtempSync(join(tmpdir(), 'microwrites-')) : undefined;
try {
  // --postgres: the relayer's side only (this process's CPU; the server's is another process), on a
  // durable cluster (fsync and synchronous_commit on) when --disk is given too.
  let pg: LocalPostgres | undefined;
  if (args.postgres) pg = await startPostgres(args.disk ? { durable: true } : {});
  const db = pg
    ? await createPostgresDatabase({ url: pg.url })
    : await createPgliteDatabase(dir ?? 'memory://');
  await migrate(db);
  if (args.pre) await db.exec(args.pre);
  console.log(
    `${pg ? 'PostgreSQL' : 'PGlite'} ${dir ? 'on disk, fsync' : 'in memory'}, batches of ${batch}, ${count} rows per round`,
  );
  // The writer over a plain Queryable (one statement per batch, without `runPrepared`) and as the
  // relayer runs it on PGlite (prepared statements), alternately.
  const plain = createOrderWriter({ query: (sql, params) => db.query(sql, params) });
  const prepared = createOrderWriter(db);
  for (let i = 0; i < 2; i++) {
    if (args.only.includes('query')) await measure('query', db, (row) => plain.write(row));
    if (args.only.includes('prepared')) await measure('prepared', db, (row) => prepared.write(row));
  }
  // For scale, the durable write of another storage design: each batch appended to one file as JSON
  // lines (one write, one fsync per batch, on this thread), what an order log with group commit costs.
  if (args.only.includes('log')) {
    const fd = openSync(join(dir ?? tmpdir(), `orders-${process.pid}.log`), 'a');
    let queue: { row: NewOrderRow; resolve: () => void }[] = [];
    const flush = () => {
      const items = queue;
      queue = [];
      let text = '';
      for (const { row } of items) text += `${JSON.stringify(row.values)}\n`;
      writeSync(fd, text);
      fsyncSync(fd);
      for (const item of items) item.resolve();
    };
    await measure(
      'log',
      db,
      (row) =>
        new Promise<void>((resolve) => {
          queue.push({ row, resolve });
          if (queue.length === 1) setImmediate(flush);
        }),
    );
    closeSync(fd);
  }
  await db.close();
  await pg?.stop();
} finally {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
