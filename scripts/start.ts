/**
 * `npm start` (via scripts/start.mjs): the whole product on this machine in one command.
 *
 *   anvil (chain id 50, 0x network-50 addresses) -> deploy + seed -> relayer (PGlite) -> sample orders
 *   -> web app (built if stale) served with a runtime config pointing at both.
 *
 * State is kept in .data/ (git-ignored): anvil's state file and the relayer's PGlite database, plus a
 * fingerprint of the chain they belong to (chain id, Exchange code hash, block 1 hash, and the chain head
 * at the last clean stop). On start the two are kept together or wiped together: a fresh chain always
 * gets a fresh order book, so the book never lists orders of contracts that no longer exist.
 *
 * Environment: CHAIN_PORT (8545), RELAYER_PORT (3000), WEB_PORT (8080), START_HOST (127.0.0.1),
 * START_DATA_DIR (.data), LOG_LEVEL (warn, the relayer's). Flag: --fresh wipes the saved state first.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type DevChain, startDevChain } from '@relayer/devchain';
import { type RunningRelayer, startRelayer } from '@relayer/server';
import { ensureWebBuild, webDistDir } from '@relayer/web/build';
import { startWebServer, type WebServer } from '@relayer/web/serve';
import { assertPortsFree } from './lib/assertPortsFree.ts';
import {
  fingerprintMismatch,
  readChainIdentity,
  readFingerprint,
  readHead,
  writeFingerprint,
} from './lib/chainFingerprint.ts';
import { devRelayerConfig } from './lib/devRelayerConfig.ts';
import { formatStartSummary } from './lib/formatStartSummary.ts';
import { report, runMain } from './lib/runMain.ts';
import { seedOrders } from './lib/seedOrders.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a port number from 1 to 65535, not "${raw}"`);
  }
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { fresh: { type: 'boolean', default: false } } });
  const host = process.env.START_HOST || '127.0.0.1';
  const ports = {
    chain: port('CHAIN_PORT', 8545),
    relayer: port('RELAYER_PORT', 3000),
    web: port('WEB_PORT', 8080),
  };
  const dataDir = resolve(repoRoot, process.env.START_DATA_DIR || '.data');
  const files = {
    state: join(dataDir, 'anvil-state.json'),
    db: join(dataDir, 'db'),
    fingerprint: join(dataDir, 'fingerprint.json'),
  };
  const wipe = () => {
    for (const file of Object.values(files)) rmSync(file, { recursive: true, force: true });
  };

  await assertPortsFree(host, [
    { name: 'chain (anvil)', port: ports.chain, env: 'CHAIN_PORT' },
    { name: 'relayer', port: ports.relayer, env: 'RELAYER_PORT' },
    { name: 'web app', port: ports.web, env: 'WEB_PORT' },
  ]);
  ensureWebBuild();
  mkdirSync(dataDir, { recursive: true });

  let freshReason: string | undefined;
  if (values.fresh) freshReason = '--fresh';
  else if (!existsSync(files.state)) freshReason = existsSync(files.db) ? 'no saved chain' : undefined;
  else if (!existsSync(files.db) || !existsSync(files.fingerprint)) freshReason = 'no saved order book';
  if (freshReason) wipe();

  // Everything started below is stopped by `stop`, whatever happens from here on.
  const running: { chain?: DevChain; relayer?: RunningRelayer; web?: WebServer } = {};
  // The head is recorded as the chain grows, so a chain whose state file is older than the order book
  // (anvil killed before it could save) is detected on the next start even without a clean stop.
  let recordedHead: string | undefined;
  const recordHead = async () => {
    if (!running.chain) return;
    const head = await readHead(running.chain.rpcUrl).catch(() => undefined);
    const saved = readFingerprint(files.fingerprint);
    if (!head || !saved || head.hash === recordedHead) return;
    writeFingerprint(files.fingerprint, { ...saved, head });
    recordedHead = head.hash;
  };
  let headTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (reason: string) => {
    stopping ??= (async () => {
      console.log(`\n${reason}: stopping the web app, the relayer and the chain...`);
      clearInterval(headTimer);
      // Ctrl-C signals anvil too (same process group), so it may be saving its state already.
      await recordHead();
      await running.web?.close().catch(report);
      await running.relayer?.close().catch(report);
      await running.chain?.stop().catch(report);
      console.log(`Stopped. The chain and the order book are saved in ${relative(process.cwd(), dataDir)}/.`);
    })();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      void stop(signal).then(() => process.exit(0));
    });
  }

  try {
    const startChain = () => {
      console.log(`Starting the chain on ${host}:${ports.chain}...`);
      return startDevChain({ host, port: ports.chain, stateFile: files.state });
    };
    running.chain = await startChain();
    let identity = await readChainIdentity(running.chain.rpcUrl, running.chain.deployment.exchange);
    if (running.chain.reused) {
      const mismatch = await fingerprintMismatch(
        running.chain.rpcUrl,
        readFingerprint(files.fingerprint),
        identity,
      );
      if (mismatch) {
        freshReason = `saved state discarded: ${mismatch}`;
        console.log(`The saved chain and order book do not match (${mismatch}); starting both afresh.`);
        await running.chain.stop();
        running.chain = undefined;
        wipe();
        running.chain = await startChain();
        identity = await readChainIdentity(running.chain.rpcUrl, running.chain.deployment.exchange);
      }
    } else {
      // A new chain: whatever order book was there belongs to another deployment.
      rmSync(files.db, { recursive: true, force: true });
      freshReason ??= 'first start';
    }
    writeFingerprint(files.fingerprint, identity);
    const chain = running.chain;

    console.log(`Starting the relayer on ${host}:${ports.relayer}...`);
    running.relayer = await startRelayer(
      devRelayerConfig({
        host,
        port: ports.relayer,
        dataDir: files.db,
        rpcUrl: chain.rpcUrl,
        deployment: chain.deployment,
        logLevel: process.env.LOG_LEVEL || 'warn',
        // The web app below (both host names it answers to): the only origins whose pageviews count.
        webOrigins: [`http://localhost:${ports.web}`, `http://127.0.0.1:${ports.web}`],
      }),
    );
    if (!chain.reused) {
      console.log('Posting sample orders and filling one partly...');
      await seedOrders(chain, running.relayer.url);
    }

    const webUrl = `http://localhost:${ports.web}`;
    running.web = await startWebServer({
      host,
      port: ports.web,
      distDir: webDistDir,
      config: {
        variants: [
          {
            key: 'main',
            name: 'Local',
            hosts: ['localhost', '127.0.0.1'],
            chainId: chain.chainId,
            relayerUrl: running.relayer.url,
            rpcUrl: chain.rpcUrl,
            siteUrl: webUrl,
          },
        ],
        analytics: { enabled: true },
      },
    });
    await recordHead();
    headTimer = setInterval(() => void recordHead(), 2_000);
    console.log(
      formatStartSummary({
        chain,
        webUrl,
        relayerUrl: running.relayer.url,
        dataDir: relative(process.cwd(), dataDir) || '.',
        origin: chain.reused ? 'kept' : 'fresh',
        ...(freshReason ? { freshReason } : {}),
      }),
    );
  } catch (error) {
    report(error);
    await stop('Start-up failed');
    process.exit(1);
  }
}

runMain(main);
