import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@relayer/contracts/anvil';
import { stopProcess } from './stopProcess.js';

export interface StartPostgresOptions {
  /**
   * The cluster's directory: created (initdb) when missing, reused when it holds a cluster, kept on
   * stop. Default: a temporary directory, removed on stop.
   */
  dataDir?: string;
  /** Loopback port; 0 (default) picks a free one. */
  port?: number;
  /** The database `url` names, created when missing (default `relayer_test`). */
  database?: string;
  /** fsync and full-page writes on (default for a kept `dataDir`); a throwaway cluster runs without. */
  durable?: boolean;
  /**
   * Runs the server in a process group of its own, so a Ctrl-C to the caller's group does not stop it
   * before its clients have closed (`npm run stack` stops it last, as compose does). It then outlives a
   * caller killed with SIGKILL.
   */
  ownProcessGroup?: boolean;
}

export interface LocalPostgres {
  /** Connection string of `options.database` (user `postgres`, trust authentication, loopback only). */
  url: string;
  /** Creates another empty database in the same cluster and returns its connection string. */
  createDatabase(name: string): Promise<string>;
  /** Fast shutdown (clients disconnected, a clean checkpoint); removes a temporary directory. */
  stop(): Promise<void>;
  /** The server's process id (to stop one left behind by a caller killed with SIGKILL). */
  pid: number | undefined;
}

const BIN_ROOT = '/usr/lib/postgresql';
const HOST = '127.0.0.1';
const isRoot = process.getuid?.() === 0;

/** Debian's PostgreSQL binaries, newest version first; installs the `postgresql` package when root may. */
export function findPostgresBin(): string | undefined {
  const find = () => {
    if (!existsSync(BIN_ROOT)) return undefined;
    const versions = readdirSync(BIN_ROOT)
      .filter((v) => existsSync(join(BIN_ROOT, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    return versions[0] ? join(BIN_ROOT, versions[0], 'bin') : undefined;
  };
  const found = find();
  if (found || !isRoot) return found;
  try {
    execFileSync('apt-get', ['install', '-y', 'postgresql'], { stdio: 'ignore', timeout: 300_000 });
  } catch {
    // The package lists may be missing on a fresh machine.
    execFileSync('apt-get', ['update'], { stdio: 'ignore', timeout: 300_000 });
    execFileSync('apt-get', ['install', '-y', 'postgresql'], { stdio: 'ignore', timeout: 300_000 });
  }
  return find();
}

/** A loud reason when no PostgreSQL can be had; undefined when one can. */
export function postgresUnavailableReason(): string | undefined {
  if (findPostgresBin()) return undefined;
  return isRoot
    ? 'PostgreSQL SKIPPED: `apt-get install -y postgresql` did not provide /usr/lib/postgresql/*/bin'
    : "PostgreSQL SKIPPED: install Debian's `postgresql` package (apt-get install -y postgresql) or run as root to have it installed";
}

/**
 * A PostgreSQL cluster of this machine's Debian binaries on a loopback port: a throwaway one for a test
 * file, or a kept one in `dataDir` (`npm run stack`). initdb and the server run as the `postgres` user
 * when this process is root (PostgreSQL refuses root); the socket lives in the cluster's directory.
 */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<LocalPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(postgresUnavailableReason());
  const kept = options.dataDir !== undefined;
  const dir = kept ? resolve(options.dataDir as string) : mkdtempSync(join(tmpdir(), 'relayer-pg-'));
  const dataDir = join(dir, 'data');
  const durable = options.durable ?? kept;
  // As root, the binaries run as `postgres` themselves (not under runuser), so signals reach the server.
  const owner = isRoot ? postgresUser() : {};
  const run = (name: string, args: string[]) =>
    execFileSync(join(bin, name), args, { ...owner, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  mkdirSync(dir, { recursive: true });
  if (isRoot) {
    chmodSync(dir, 0o700);
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    run('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      ...(durable ? [] : ['--no-sync']),
    ]);
  }

  const port = options.port || (await freePort(HOST));
  const settings = {
    listen_addresses: HOST,
    unix_socket_directories: dir,
    max_connections: '200',
    // A throwaway cluster needs speed, not crash safety.
    ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
  };
  const args = Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  let log = '';
  const child: ChildProcess = spawn(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), ...args], {
    ...owner,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: options.ownProcessGroup ?? false,
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    // SIGINT = PostgreSQL's "fast shutdown": disconnect clients, checkpoint, stop.
    await stopProcess(child, 'SIGINT', 10_000);
    if (!kept) rmSync(dir, { recursive: true, force: true });
  };
  const psql = (sql: string) =>
    run('psql', ['-h', HOST, '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-tAc', sql]).trim();
  const createDatabase = async (name: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
    if (psql(`SELECT 1 FROM pg_database WHERE datname = '${name}'`) !== '1') psql(`CREATE DATABASE ${name}`);
    return `postgres://postgres@${HOST}:${port}/${name}`;
  };

  try {
    await waitUntilReady(
      () => run('pg_isready', ['-h', HOST, '-p', String(port), '-q']),
      child,
      () => log,
    );
    return {
      url: await createDatabase(options.database ?? 'relayer_test'),
      createDatabase,
      stop,
      pid: child.pid,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitUntilReady(probe: () => void, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode}:\n${log()}`);
    try {
      probe();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`postgres did not start within 30 s:\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
