/**
 * `npm run stack`: the deployment of compose.yaml without Docker, on this machine.
 *
 *   PostgreSQL (Debian's binaries) -> two relayers sharing it (`startRelayer`; the chain watcher runs on
 *   whichever holds the advisory lock) -> the web app -> Caddy with deploy/Caddyfile on one port.
 *
 * Without RPC_URL it starts a dev chain (anvil, chain 50, deployed and seeded) and posts the sample
 * orders through the one port; chain and database are then throwaway. With RPC_URL (and the other
 * relayer variables of docs/OPERATING.md) it serves that network, its database kept in
 * STACK_DATA_DIR/postgres unless DATABASE_URL names one.
 *
 * Environment: STACK_PORT (8000), STACK_HOST (127.0.0.1), STACK_PUBLIC_URL (http://localhost:STACK_PORT,
 * what browsers use), STACK_DATA_DIR (.data/stack), LOG_LEVEL (warn), WEB_MAIN_RPC_URL (the node the web
 * app's read-only views use; default RPC_URL), and every relayer variable. Ctrl-C or SIGTERM stops it all.
 *
 * `npm run stack` runs it as `node --import tsx`, one process, not through the tsx command: that one
 * passes signals on to a child process and SIGKILLs it when the child does not acknowledge within 30 ms
 * (an event loop busy with the stop), so a Ctrl-C sometimes ended the stack before it stopped anything.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@relayer/contracts/anvil';
import {
  type DevChain,
  type LocalPostgres,
  type RunningCaddy,
  relayerEnv,
  startCaddy,
  startDevChain,
  startPostgres,
} from '@relayer/devchain';
import { loadConfig, type RunningRelayer, startRelayer } from '@relayer/server';
import { ensureWebBuild, webDistDir } from '@relayer/web/build';
import { startWebServer, type WebServer } from '@relayer/web/serve';
import { assertPortsFree } from './lib/assertPortsFree.ts';
import { report, runMain } from './lib/runMain.ts';
import { seedOrders } from './lib/seedOrders.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const INSTANCES = 2;

async function main(): Promise<void> {
  const env = process.env;
  const host = env.STACK_HOST || '127.0.0.1';
  const port = Number(env.STACK_PORT || 8000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`STACK_PORT must be a port number from 1 to 65535, not "${env.STACK_PORT}"`);
  }
  const publicUrl = (env.STACK_PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = resolve(repoRoot, env.STACK_DATA_DIR || '.data/stack');
  await assertPortsFree(host, [{ name: 'the stack', port, env: 'STACK_PORT' }]);
  ensureWebBuild();

  const running: {
    postgres?: LocalPostgres;
    chain?: DevChain;
    relayers: RunningRelayer[];
    web?: WebServer;
    caddy?: RunningCaddy;
  } = { relayers: [] };
  let stopping: Promise<void> | undefined;
  const stop = (reason: string) => {
    stopping ??= (async () => {
      console.log(`\n${reason}: stopping the proxy, the web app, the relayers and the database...`);
      await running.caddy?.stop().catch(report);
      await running.web?.close().catch(report);
      await Promise.all(running.relayers.map((relayer) => relayer.close().catch(report)));
      await running.chain?.stop().catch(report);
      await running.postgres?.stop().catch(report);
      console.log('Stopped.');
    })();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void stop(signal).then(() => process.exit(0)));
  }

  try {
    const devChain = !env.RPC_URL;
    let databaseUrl = env.DATABASE_URL;
    if (!databaseUrl) {
      console.log('Starting PostgreSQL...');
      running.postgres = await startPostgres(
        devChain ? { database: 'relayer' } : { dataDir: join(dataDir, 'postgres'), database: 'relayer' },
      );
      databaseUrl = running.postgres.url;
    }
    let chainEnv: Record<string, string> = {};
    if (devChain) {
      console.log('Starting a dev chain (no RPC_URL given)...');
      running.chain = await startDevChain({ port: 0 });
      chainEnv = relayerEnv(running.chain);
    }

    const metricsPort = env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined;
    for (let i = 0; i < INSTANCES; i++) {
      const config = loadConfig({
        LOG_LEVEL: 'warn',
        ...env,
        ...chainEnv,
        HOST: '127.0.0.1',
        PORT: String(await freePort('127.0.0.1')),
        // Both run in this one process: /health tells them apart by name.
        INSTANCE_NAME: `relayer${i + 1}`,
        DATABASE_URL: databaseUrl,
        // Only Caddy reaches the instances, so the client address it forwards is the one to count.
        TRUST_PROXY: 'true',
        CORS_ORIGINS: env.CORS_ORIGINS || publicUrl,
        ANALYTICS_ORIGINS: env.ANALYTICS_ORIGINS || publicUrl,
        // One metrics listener per instance: METRICS_PORT, METRICS_PORT + 1 (0: any free port each).
        ...(metricsPort === undefined ? {} : { METRICS_PORT: String(metricsPort && metricsPort + i) }),
      });
      console.log(`Starting relayer ${i + 1}...`);
      running.relayers.push(await startRelayer(config));
    }
    const network = loadConfig({ ...env, ...chainEnv }).networks[0];
    if (!network) throw new Error('no network configured');

    running.web = await startWebServer({
      host: '127.0.0.1',
      port: 0,
      distDir: webDistDir,
      config: {
        variants: [
          {
            key: 'main',
            name: network.name,
            hosts: [...new Set([new URL(publicUrl).hostname, 'localhost', '127.0.0.1'])],
            chainId: network.chainId,
            relayerUrl: publicUrl,
            rpcUrl: env.WEB_MAIN_RPC_URL || network.rpcUrl,
            siteUrl: publicUrl,
          },
        ],
        analytics: { enabled: true },
      },
    });
    running.caddy = await startCaddy({
      caddyfile: join(repoRoot, 'deploy/Caddyfile'),
      host,
      port,
      relayers: running.relayers.map((relayer) => new URL(relayer.url).host),
      web: new URL(running.web.url).host,
    });
    if (running.chain) {
      console.log('Posting sample orders through the one port and filling one partly...');
      await seedOrders(running.chain, publicUrl);
    }
    console.log(
      [
        '',
        `Relayer stack on ${publicUrl} (web app; API, SRA v0 and /v0/ws to the relayers)`,
        ...running.relayers.map((relayer, i) => `  relayer ${i + 1}: ${relayer.url}`),
        `  web app: ${running.web.url}`,
        `  database: ${databaseUrl.replace(/\/\/[^@/]*@/, '//')}`,
        `  chain: ${network.rpcUrl}${running.chain ? ' (dev chain, chain id 50)' : ''}`,
        'Ctrl-C stops everything.',
      ].join('\n'),
    );
  } catch (error) {
    report(error);
    await stop('Start-up failed');
    process.exit(1);
  }
}

runMain(main);
