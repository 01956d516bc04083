import { type ChildProcess, spawn } from 'node:child_process';
import { DEV_MNEMONIC } from '@relayer/protocol';
import { anvilCommand } from './anvilCommand.js';
import { freePort } from './freePort.js';

export interface StartAnvilOptions {
  /** TCP port; default 8545; 0 picks a free port (retried if another process takes it first). */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Chain id; default 50 (0x's ganache network id). */
  chainId?: number;
  /** Mnemonic of the dev accounts; default the 0x test mnemonic (PROTOCOL.md §8.4). */
  mnemonic?: string;
  /** Number of dev accounts; default 10. */
  accounts?: number;
  /** Ether per dev account; default 1,000,000. */
  balanceEther?: number;
  /** Seconds between blocks; default: mine on every transaction. */
  blockTime?: number;
  /** Load the chain from this file if it exists and write it back when anvil stops (`--state`). */
  stateFile?: string;
  /** Do not forward anvil's output to this process's stdout/stderr. */
  silent?: boolean;
  /** Further anvil flags, e.g. ['--steps-tracing']. */
  args?: string[];
  /** Milliseconds to wait for anvil to answer; default 30,000. */
  startupTimeoutMs?: number;
}

export interface AnvilInstance {
  rpcUrl: string;
  port: number;
  chainId: number;
  process: ChildProcess;
  /** SIGTERM, then SIGKILL after 5 s; resolves once anvil has exited. Safe to call twice. */
  stop(): Promise<void>;
}

/** anvil could not bind its port; only retried when the port was picked by us. */
class AddressInUseError extends Error {}

const STOP_GRACE_MS = 5_000;
const STDERR_LIMIT = 64 * 1024;

/**
 * Kills anvil if this process dies without calling stop(), even by SIGKILL: it runs as a separate tiny
 * node process that waits for its stdin pipe from us to close.
 */
const WATCHDOG = `
const pid = Number(process.argv[1]);
const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
let reaping = false;
const reap = () => {
  if (reaping) return;
  reaping = true;
  try { process.kill(pid, 'SIGTERM'); } catch {}
  setInterval(() => { if (!alive()) process.exit(0); }, 50);
  setTimeout(() => { try { process.kill(pid, 'SIGKILL'); } catch {} process.exit(0); }, ${STOP_GRACE_MS});
};
process.stdin.on('end', reap);
process.stdin.on('close', reap);
process.stdin.on('error', reap);
process.stdin.resume();
setInterval(() => { if (!reaping && !alive()) process.exit(0); }, 1000);
`;

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Normal exits: stop anvil at once (the watchdog covers signals and crashes).
  process.on('exit', () => {
    for (const child of running) child.kill('SIGTERM');
  });
}

/**
 * Starts an anvil dev chain (hardfork: anvil's default) and resolves once it answers eth_chainId.
 * Rejects with anvil's stderr if it exits during startup.
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilInstance> {
  const host = options.host ?? '127.0.0.1';
  const pickPort = options.port === 0;
  const attempts = pickPort ? 8 : 1;
  for (let attempt = 1; ; attempt++) {
    const port = pickPort ? await freePort(host) : (options.port ?? 8545);
    try {
      return await launch(options, host, port);
    } catch (error) {
      if (!(error instanceof AddressInUseError) || attempt >= attempts) throw error;
    }
  }
}

async function launch(options: StartAnvilOptions, host: string, port: number): Promise<AnvilInstance> {
  const chainId = options.chainId ?? 50;
  const args = [
    '--host',
    host,
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--mnemonic',
    options.mnemonic ?? DEV_MNEMONIC,
    '--accounts',
    String(options.accounts ?? 10),
    '--balance',
    String(options.balanceEther ?? 1_000_000),
  ];
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));
  if (options.stateFile !== undefined) args.push('--state', options.stateFile);
  if (options.args) args.push(...options.args);

  const { command, args: prefix } = anvilCommand();
  // In a process group of its own, as is its watchdog: a Ctrl-C in the terminal reaches this process,
  // which stops the chain last (after the relayer that reads it), not anvil at the same moment. The
  // watchdog still reaps anvil if this process dies without stopping it.
  const child = spawn(command, [...prefix, ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  installExitHook();

  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_LIMIT);
    if (!options.silent) process.stderr.write(chunk);
  });
  // anvil prints "Listening on host:port" once it owns the port; waiting for it (rather than only for
  // an RPC answer) keeps us from mistaking another process on the same port for our anvil.
  let stdout = '';
  let listening = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (!listening) {
      stdout = (stdout + chunk.toString()).slice(-4096);
      listening = stdout.includes('Listening on');
    }
    if (!options.silent) process.stdout.write(chunk);
  });

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
  });
  const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve));
  void exited.then(() => running.delete(child));

  const watchdog = child.pid
    ? spawn(process.execPath, ['-e', WATCHDOG, String(child.pid)], {
        stdio: ['pipe', 'ignore', 'ignore'],
        detached: true,
      })
    : undefined;
  watchdog?.unref();
  (watchdog?.stdin as { unref?: () => void } | null | undefined)?.unref?.();
  watchdog?.on('error', () => {});

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      watchdog?.kill('SIGTERM');
    })();
    return stopping;
  };

  const rpcUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const deadline = Date.now() + (options.startupTimeoutMs ?? 30_000);
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  let spawnError: Error | undefined;
  void spawnFailed.then((error) => {
    spawnError = error;
  });

  while (true) {
    if (spawnError) {
      await stop();
      throw new Error(`could not start anvil (${command}): ${spawnError.message}`);
    }
    if (hasExited) {
      await stop();
      const message = `anvil exited during startup (code ${child.exitCode}, signal ${child.signalCode}):\n${stderr}`;
      if (/address already in use|os error (98|48|10048)/i.test(stderr)) throw new AddressInUseError(message);
      throw new Error(message);
    }
    if (listening) {
      const answered = await rpcChainId(rpcUrl);
      if (answered !== undefined) {
        if (answered !== chainId) {
          await stop();
          throw new Error(`anvil at ${rpcUrl} answered chain id ${answered}, expected ${chainId}`);
        }
        return { rpcUrl, port, chainId, process: child, stop };
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer at ${rpcUrl} within the startup timeout:\n${stderr}`);
    }
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 20)), exited]);
  }
}

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result ? Number(body.result) : undefined;
  } catch {
    return undefined;
  }
}
