import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@relayer/contracts/anvil';

export interface RunningProduct {
  webUrl: string;
  relayerUrl: string;
  stop(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The product exactly as `npm start` runs it (chain, relayer with the sample orders, the built web app
 * served by serve.ts), in its own process on free ports with a throwaway data directory, so the
 * browser's work and the servers' never share an event loop. Resolves once the web app answers and
 * the relayer lists the sample orders.
 */
export async function startProduct(log: (line: string) => void): Promise<RunningProduct> {
  const host = '127.0.0.1';
  const [chain, relayer, web] = [await freePort(host), await freePort(host), await freePort(host)];
  const dataDir = mkdtempSync(join(tmpdir(), 'relayer-web-bench-'));
  const child = spawn(process.execPath, [join(repoRoot, 'scripts/start.mjs'), '--fresh'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      CHAIN_PORT: String(chain),
      RELAYER_PORT: String(relayer),
      WEB_PORT: String(web),
      START_HOST: host,
      START_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const product = { webUrl: `http://localhost:${web}`, relayerUrl: `http://${host}:${relayer}`, stop };
  try {
    log(`starting the product (npm start) on ports ${chain}, ${relayer}, ${web}...`);
    await waitUntil(async () => {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
      const [page, orders] = await Promise.all([
        fetch(product.webUrl).catch(() => undefined),
        fetch(`${product.relayerUrl}/order?per_page=1`).catch(() => undefined),
      ]);
      if (!page?.ok || !orders?.ok) return false;
      const body = (await orders.json()) as { total?: number };
      return (body.total ?? 0) > 0;
    }, 300_000);
    return product;
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`the product did not start within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM makes scripts/start.mjs stop the web app, relayer and chain; SIGKILL if it hangs. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
