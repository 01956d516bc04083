import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** Connection string of a fresh, empty database in the temporary cluster. */
  url: string;
  /** Creates another empty database in the same cluster (for tests that need a clean slate). */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

const BIN_ROOT = '/usr/lib/postgresql';
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

/** A loud skip reason when no PostgreSQL can be had; undefined when one can. */
export function postgresUnavailableReason(): string | undefined {
  if (findPostgresBin()) return undefined;
  return isRoot
    ? 'PostgreSQL tests SKIPPED: `apt-get install -y postgresql` did not provide /usr/lib/postgresql/*/bin'
    : "PostgreSQL tests SKIPPED: install Debian's `postgresql` package (apt-get install -y postgresql) or run as root to have it installed";
}

/**
 * A throwaway PostgreSQL cluster for one test file: initdb into a temporary directory (as the
 * `postgres` user when running as root, since initdb refuses root), started on a free loopback port
 * with durability off (tests need speed, not crash safety), trust authentication, removed on stop.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(postgresUnavailableReason());
  const dir = mkdtempSync(join(tmpdir(), 'relayer-pg-'));
  const dataDir = join(dir, 'data');
  const asOwner = (command: string, args: string[]) =>
    isRoot ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] } : { command, args };
  if (isRoot) {
    chmodSync(dir, 0o777);
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  const init = asOwner(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  execFileSync(init.command, init.args, { stdio: 'ignore' });

  const port = await freePort();
  const server = asOwner(join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dir}`,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]);
  const child: ChildProcess = spawn(server.command, server.args, { stdio: 'ignore' });
  const base = `postgres://postgres@127.0.0.1:${port}`;
  await waitForServer(`${base}/postgres`, child);

  const createDatabase = async (name: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    return `${base}/${name}`;
  };
  const url = await createDatabase('relayer_test');

  return {
    url,
    createDatabase,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // SIGINT = PostgreSQL's "fast shutdown": disconnect clients, stop.
        child.kill('SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error('postgres did not start within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
