import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopProcess } from './stopProcess.js';

export interface CaddyOptions {
  /** deploy/Caddyfile: the same file compose.yaml runs. */
  caddyfile: string;
  host: string;
  port: number;
  /** `host:port` of each relayer instance. */
  relayers: readonly string[];
  /** `host:port` of the web app. */
  web: string;
  /** The Caddyfile's TRUSTED_PROXIES: ranges of a load balancer in front (none by default). */
  trustedProxies?: string;
}

export interface RunningCaddy {
  stop(): Promise<void>;
}

/** Debian's caddy, installed with apt when missing and this process is root; undefined when not to be had. */
export function findCaddy(): string | undefined {
  const path = '/usr/bin/caddy';
  if (existsSync(path) || process.getuid?.() !== 0) return existsSync(path) ? path : undefined;
  const apt = (args: string[]) => execFileSync('apt-get', args, { stdio: 'ignore', timeout: 300_000 });
  try {
    apt(['install', '-y', 'caddy']);
  } catch {
    // A fresh machine may have no package lists yet.
    apt(['update']);
    apt(['install', '-y', 'caddy']);
  }
  return existsSync(path) ? path : undefined;
}

/**
 * Caddy on `host:port` with the deployment's own Caddyfile, its upstreams given by the variables that
 * file reads; resolves once the port accepts connections. Its state (it keeps none for plain HTTP) goes
 * to a temporary directory.
 */
export async function startCaddy(options: CaddyOptions): Promise<RunningCaddy> {
  const caddy = findCaddy();
  if (!caddy) {
    throw new Error(
      "The one-port proxy is Caddy: install Debian's caddy package (apt-get install -y caddy).",
    );
  }
  const home = mkdtempSync(join(tmpdir(), 'relayer-caddy-'));
  let log = '';
  const child: ChildProcess = spawn(caddy, ['run', '--config', options.caddyfile, '--adapter', 'caddyfile'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      SITE_ADDRESS: `:${options.port}`,
      BIND_ADDRESS: options.host,
      RELAYER_UPSTREAMS: options.relayers.join(' '),
      WEB_UPSTREAM: options.web,
      TRUSTED_PROXIES: options.trustedProxies ?? '',
    },
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    // Its grace period waits for open WebSockets; a local stack does not.
    await stopProcess(child, 'SIGTERM', 3_000);
    rmSync(home, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  while (!(await accepts(options.host, options.port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not start on ${options.host}:${options.port}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { stop };
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
