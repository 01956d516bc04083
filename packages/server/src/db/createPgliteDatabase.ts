import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { createDatabaseBase } from './createDatabaseBase.js';
import type { Database, EngineStats, PreparedExecution } from './Database.js';
import { DatabaseUnavailableError } from './DatabaseUnavailableError.js';
import { DurableNodeFS, type FsyncFile } from './DurableNodeFS.js';
import { fsyncTree } from './fsyncTree.js';
import { type DataDirLock, lockDataDir } from './lockDataDir.js';

export interface PgliteOptions {
  /** Start from a dumped cluster instead of running initdb (tests keep a migrated template); memory only. */
  loadDataDir?: Blob;
  /** How a file is forced to disk (tests observe it to simulate a power loss). */
  fsyncFile?: FsyncFile;
}

/**
 * PostgreSQL's start parameters on disk: PGlite's defaults without `-F` (fsync off), and the WAL flushed
 * with fsync() at every commit (the default, fdatasync(), is a stub in PGlite's Emscripten build).
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/**
 * The embedded database: PGlite in `dataDir` ('memory://' for tests). It is one connection in this
 * process, so LISTEN/NOTIFY reach only this process (which is all there is) and advisory locks are an
 * in-process set. On disk it is durable (a committed transaction survives an OS crash or power loss,
 * see DurableNodeFS) and this process's alone: the directory is locked first (`lockDataDir`), and a
 * second process fails with DataDirLockedError before PGlite touches anything.
 */
export async function createPgliteDatabase(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const onDisk = !dataDir.includes('://');
  let lock: DataDirLock | undefined;
  let pg: PGlite;
  if (onDisk) {
    const dir = resolve(dataDir);
    await mkdir(dir, { recursive: true });
    lock = await lockDataDir(dir);
    try {
      const fresh = !existsSync(join(dir, 'PG_VERSION'));
      pg = await PGlite.create({
        fs: new DurableNodeFS(dir, options.fsyncFile),
        startParams: DURABLE_START_PARAMS,
      });
      if (fresh) fsyncTree(dir);
    } catch (error) {
      await lock.release();
      throw error;
    }
  } else {
    pg = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const heldLocks = new Set<number>();
  const stats: EngineStats = { cpuMicros: 0, preparedBatches: 0 };
  const runPrepared = preparedRunner(pg, stats);
  const { guard, isClosed, queryable, common } = createDatabaseBase(pg, async () => {
    try {
      await pg.close();
    } finally {
      await lock?.release();
    }
  });

  return {
    kind: 'pglite',
    ...common,
    exec: (sql) => guard(async () => void (await pg.exec(sql))),
    transaction: (fn) => guard(() => pg.transaction((tx) => fn(queryable(tx)))),
    runPrepared: <Row>(executions: readonly PreparedExecution[]) =>
      guard(() => runPrepared(executions) as Promise<Row[][]>),
    engineStats: () => ({ ...stats }),
    listen: (channel, onPayload) =>
      guard(async () => {
        const unlisten = await pg.listen(channel, onPayload);
        return async () => {
          if (!isClosed()) await unlisten();
        };
      }),
    async tryAdvisoryLock(key) {
      if (isClosed()) throw new DatabaseUnavailableError();
      if (heldLocks.has(key)) return null;
      heldLocks.add(key);
      return async () => void heldLocks.delete(key);
    },
  };
}

/**
 * Named prepared statements over PGlite's wire protocol. `pg.query` sends Parse, Describe, Bind,
 * Describe, Execute and Sync for every statement, each its own call into PGlite, and PostgreSQL parses,
 * analyses and plans the text again each time; for the order writer's multi-row INSERT (28 parameters a
 * row) that was about a third of PGlite's CPU per row. Here a statement is parsed once per name (Parse),
 * and each batch is one call: Bind, Describe, Execute per execution, then one Sync, which commits the
 * implicit transaction (and with fsync on, flushes the WAL) before PGlite returns. The exclusive locks
 * are those `pg.query` takes, so nothing runs in between and nothing lands inside another caller's
 * transaction. Values go as text, as `pg.query` sends strings, numbers and bigints; null as NULL.
 */
function preparedRunner(
  pg: PGlite,
  stats: EngineStats,
): (executions: readonly PreparedExecution[]) => Promise<unknown[][]> {
  const parsed = new Map<string, string>();
  const { serialize } = protocol;
  return (executions) =>
    pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        // The whole message stream as a byte string (one char per byte), turned into bytes once.
        let wire = '';
        const fresh: PreparedExecution[] = [];
        for (const { name, sql, params } of executions) {
          const known = parsed.get(name);
          if (known === undefined) {
            if (!fresh.some((e) => e.name === name)) {
              wire += Buffer.from(serialize.parse({ name, text: sql, types: [] })).toString('latin1');
              fresh.push({ name, sql, params });
            }
          } else if (known !== sql) {
            throw new Error(`prepared statement ${name} was parsed with other SQL`);
          }
          wire += bindMessage(name, params) + DESCRIBE_PORTAL + EXECUTE;
        }
        wire += SYNC;
        // PGlite runs the whole stream synchronously inside execProtocol's first step (PostgreSQL's main
        // loop in WebAssembly, the WAL's fsync at commit included, and its parsing of the answer), before
        // the promise is returned: two process.cpuUsage() calls around it are the engine's CPU.
        const before = process.cpuUsage();
        const executed = pg.execProtocol(Buffer.from(wire, 'latin1'));
        const used = process.cpuUsage(before);
        stats.cpuMicros += used.user + used.system;
        stats.preparedBatches += 1;
        const result = await executed;
        // Only now are the new names known to PostgreSQL: a failed Parse leaves none behind.
        for (const { name, sql } of fresh) parsed.set(name, sql);
        const results = parse.parseResults(result.messages, pg.parsers as never);
        if (results.length !== executions.length) {
          throw new Error(`PGlite answered ${results.length} results for ${executions.length} executions`);
        }
        return results.map((r) => r.rows);
      }),
    );
}

/** Describe of the unnamed portal, Execute of it with no row limit, and Sync, as pg-protocol sends them. */
const DESCRIBE_PORTAL = 'D\x00\x00\x00\x06P\x00';
const EXECUTE = 'E\x00\x00\x00\x09\x00\x00\x00\x00\x00';
const SYNC = 'S\x00\x00\x00\x04';
const NON_ASCII = /[\u0080-\uffff]/;

/** A big-endian int32 as four byte chars. */
function int32(n: number): string {
  return String.fromCharCode((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
}

/**
 * A Bind message of the unnamed portal to statement `name`, every parameter and result column in text
 * format, as a byte string. Encoded here rather than by pg-protocol's serializer, whose per-value
 * writer (a TextEncoder call and a growing buffer per parameter) is a visible share of an accepted
 * order's CPU for a 28-parameter row, where one string per message is not. Same bytes
 * on the wire but for the format codes: none (all text) instead of one text code per parameter.
 */
function bindMessage(name: string, params: readonly unknown[]): string {
  let body = `\x00${utf8Bytes(name)}\x00\x00\x00${String.fromCharCode((params.length >>> 8) & 255, params.length & 255)}`;
  for (const param of params) {
    const text = toText(param);
    if (text === null) {
      body += '\xff\xff\xff\xff';
    } else {
      const bytes = utf8Bytes(text);
      body += int32(bytes.length) + bytes;
    }
  }
  body += '\x00\x00';
  return `B${int32(body.length + 4)}${body}`;
}

/** A string's UTF-8 encoding as a byte string (ASCII, which every order column is, as it is). */
function utf8Bytes(text: string): string {
  return NON_ASCII.test(text) ? Buffer.from(text, 'utf8').toString('latin1') : text;
}

/** A parameter as PostgreSQL's text input: only what `pg.query` would also send as plain text. */
function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  throw new TypeError(`runPrepared takes strings, numbers, bigints and null, not ${typeof value}`);
}
