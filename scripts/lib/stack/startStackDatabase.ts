import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalPostgres, startPostgres } from '@relayer/devchain';

export interface StackDatabase {
  /** The relayers' connection string: their own role, no password (it is in `passwordFile`). */
  url: string;
  /** DATABASE_PASSWORD_FILE for the relayers. */
  passwordFile: string;
  /** The server's process id: it runs in a process group of its own. */
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface StackDatabaseOptions {
  port: number;
  /** A kept cluster (and its role's password) here; unset: a throwaway one. */
  dataDir?: string;
  /** deploy/postgres/createRelayerRole.sh, the script compose.yaml's PostgreSQL runs. */
  roleScript: string;
}

/**
 * PostgreSQL as compose.yaml has it: the relayers log in as their own role, made by the same init
 * script on the cluster's first start, with its password in a file. The superuser stays the stack's.
 */
export async function startStackDatabase(options: StackDatabaseOptions): Promise<StackDatabase> {
  const secretsDir = options.dataDir
    ? join(options.dataDir, 'secrets')
    : mkdtempSync(join(tmpdir(), 'relayer-stack-'));
  mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  const passwordFile = join(secretsDir, 'relayer_db_password');
  if (!existsSync(passwordFile))
    writeFileSync(passwordFile, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  const postgres: LocalPostgres = await startPostgres({
    port: options.port,
    database: 'postgres',
    ownProcessGroup: true,
    ...(options.dataDir ? { dataDir: join(options.dataDir, 'postgres') } : {}),
  });
  const { hostname, port } = new URL(postgres.url);
  const env = {
    PATH: process.env.PATH,
    PGHOST: hostname,
    PGPORT: port,
    PGUSER: 'postgres',
    PGDATABASE: 'postgres',
  };
  try {
    const exists = execFileSync('psql', ['-tAc', "SELECT 1 FROM pg_roles WHERE rolname = 'relayer'"], {
      env,
      encoding: 'utf8',
    });
    if (exists.trim() !== '1') {
      execFileSync('sh', [options.roleScript], {
        env: {
          ...env,
          POSTGRES_USER: 'postgres',
          POSTGRES_DB: 'postgres',
          RELAYER_DB_PASSWORD_FILE: passwordFile,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    }
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  return {
    url: `postgres://relayer@${hostname}:${port}/relayer`,
    passwordFile,
    pid: postgres.pid,
    async stop() {
      await postgres.stop();
      if (!options.dataDir) rmSync(secretsDir, { recursive: true, force: true });
    },
  };
}
