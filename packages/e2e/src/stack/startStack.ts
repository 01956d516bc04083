import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@relayer/contracts/anvil';
import { type DevChain, relayerEnv, startDevChain } from '@relayer/devchain';
import { loadConfig, type RunningRelayer, startRelayer } from '@relayer/server';
import { startWebServer, type WebServer } from '@relayer/web/serve';
import type { ChainInfo, StackInfo } from './StackInfo.ts';

const HOST = '127.0.0.1';

export interface Stack {
  info: StackInfo;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartStackOptions {
  distDir: string;
  log?: (line: string) => void;
}

/**
 * The whole product for the journeys, on free ports: anvil chain 50 (main variant) and chain 42 (test
 * variant), each deployed and seeded by devchain; one relayer serving both (main at '/', test at
 * '/kovan'), started as every relayer is (`startRelayer`) on PGlite in a temporary directory; the built
 * web app for `localhost` and `kovan.localhost`; and a small control server whose POST /reset gives each
 * journey the seeded chains and an empty order book (the relayer restarted on a copy of its database as
 * it was right after migration).
 */
export async function startStack(options: StartStackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const started: { chains: DevChain[]; web?: WebServer; control?: Server } = { chains: [] };
  const dataRoot = mkdtempSync(join(tmpdir(), 'relayer-e2e-'));
  const dataDir = join(dataRoot, 'db');
  const pristine = join(dataRoot, 'pristine');
  let relayer: RunningRelayer | undefined;
  try {
    const [main, kovan] = await Promise.all([
      startDevChain({ port: 0, chainId: 50 }),
      startDevChain({ port: 0, chainId: 42 }),
    ]);
    started.chains.push(main, kovan);
    log(`chains: main ${main.rpcUrl} (50), kovan ${kovan.rpcUrl} (42)`);
    const snapshots = new Map<DevChain, string>();
    for (const chain of started.chains) snapshots.set(chain, await rpc<string>(chain.rpcUrl, 'evm_snapshot'));

    const relayerPort = await freePort(HOST);
    const config = loadConfig({
      HOST,
      PORT: String(relayerPort),
      LOG_LEVEL: process.env.E2E_RELAYER_LOG_LEVEL ?? 'warn',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      ...relayerEnv(main),
      ...relayerEnv(kovan, 'KOVAN_'),
      KOVAN_NETWORK_NAME: 'Kovan',
      WRITE_RATE_LIMIT_PER_MINUTE: '0',
      // Every journey's browser reads from this one address.
      READ_RATE_LIMIT_PER_MINUTE: '0',
      WATCHER_POLL_MS: '100',
      ORDER_EXPIRY_MARGIN_SEC: '60',
    });
    // The database as migrated and nothing else (no watcher cursor, no orders): what each reset restores.
    const blank = await startRelayer(
      { ...config, logLevel: 'silent', watcher: { ...config.watcher, enabled: false } },
      { listen: false },
    );
    await blank.close();
    cpSync(dataDir, pristine, { recursive: true });
    const relayerUrl = `http://${HOST}:${relayerPort}`;
    const startApp = async () => {
      relayer = await startRelayer(config);
      await waitForTokens(`${relayerUrl}/token`, main.deployment.tokens.length);
      await waitForTokens(`${relayerUrl}/kovan/token`, kovan.deployment.tokens.length);
    };
    await startApp();
    log(`relayer: ${relayerUrl} (main) and ${relayerUrl}/kovan`);

    const webPort = await freePort(HOST);
    const siteUrl = { main: `http://localhost:${webPort}`, kovan: `http://kovan.localhost:${webPort}` };
    const info: Omit<StackInfo, 'controlUrl'> = {
      siteUrl,
      relayerUrl: { main: relayerUrl, kovan: `${relayerUrl}/kovan` },
      chains: { main: chainInfo(main), kovan: chainInfo(kovan) },
    };
    started.web = await startWebServer({
      host: HOST,
      port: webPort,
      distDir: options.distDir,
      config: {
        variants: [
          {
            key: 'main',
            name: 'Local',
            hosts: ['localhost', '127.0.0.1'],
            chainId: main.chainId,
            relayerUrl: info.relayerUrl.main,
            rpcUrl: main.rpcUrl,
            siteUrl: siteUrl.main,
          },
          {
            key: 'kovan',
            name: 'Kovan',
            hosts: ['kovan.localhost'],
            chainId: kovan.chainId,
            relayerUrl: info.relayerUrl.kovan,
            rpcUrl: kovan.rpcUrl,
            siteUrl: siteUrl.kovan,
          },
        ],
        analytics: { enabled: false },
      },
    });
    log(`web app: ${siteUrl.main} and ${siteUrl.kovan}`);

    // One reset at a time; a journey waits for its own.
    let resetting: Promise<void> = Promise.resolve();
    const reset = () => {
      resetting = resetting.then(async () => {
        await relayer?.close();
        relayer = undefined;
        rmSync(dataDir, { recursive: true, force: true });
        cpSync(pristine, dataDir, { recursive: true });
        for (const chain of started.chains) {
          const reverted = await rpc<boolean>(chain.rpcUrl, 'evm_revert', [snapshots.get(chain)]);
          if (!reverted) throw new Error(`anvil at ${chain.rpcUrl} could not revert to the seeded snapshot`);
          snapshots.set(chain, await rpc<string>(chain.rpcUrl, 'evm_snapshot'));
        }
        await startApp();
      });
      return resetting;
    };

    started.control = createServer((req, res) => {
      if (req.method === 'POST' && req.url === '/reset') {
        reset().then(
          () => res.writeHead(204).end(),
          (error: unknown) => res.writeHead(500).end(String(error instanceof Error ? error.stack : error)),
        );
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => started.control?.listen(0, HOST, resolve));
    const controlPort = (started.control.address() as AddressInfo).port;

    return {
      info: { ...info, controlUrl: `http://${HOST}:${controlPort}` },
      reset,
      stop: () => stopAll(),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }

  async function stopAll(): Promise<void> {
    started.control?.closeAllConnections();
    await new Promise((resolve) => (started.control ? started.control.close(resolve) : resolve(undefined)));
    await started.web?.close().catch(() => {});
    await relayer?.close().catch(() => {});
    await Promise.all(started.chains.map((chain) => chain.stop()));
    rmSync(dataRoot, { recursive: true, force: true });
  }
}

function chainInfo(chain: DevChain): ChainInfo {
  return { chainId: chain.chainId, rpcUrl: chain.rpcUrl, deployment: chain.deployment };
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** The relayer imports the registry's tokens once it is ready; journeys need them listed. */
async function waitForTokens(url: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) {
      const tokens = (await response.json()) as unknown[];
      if (Array.isArray(tokens) && tokens.length >= count) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not list the ${count} registered tokens within 30 s`);
}
