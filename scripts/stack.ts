/**
 * `npm run stack`: compose.yaml's deployment without Docker, each part its own process on a port the
 * operator sets (fixed defaults; `npm run stack -- --help`):
 *
 *   PostgreSQL (Debian's binaries; the relayers log in as their own role, made by compose's init script)
 *   -> two relayers, each `node packages/server/dist/main.mjs` (the bundle the Docker image runs), each
 *   supervised as compose does (healthcheck, restarted when it exits) -> the web app's server -> Caddy
 *   with deploy/Caddyfile on the one public port (without Caddy, or with STACK_PROXY=own, the stack's
 *   own proxy, which does what that file says).
 *
 * Without RPC_URL it starts a dev chain (anvil, chain 50, deployed and seeded) and posts the sample
 * orders through the one port; chain and database are then throwaway. With RPC_URL (and the other
 * relayer variables of docs/OPERATING.md) it serves that network, its database kept in
 * STACK_DATA_DIR/postgres unless DATABASE_URL names one. Every relayer variable in the environment
 * reaches both instances (METRICS_TOKEN, ADMIN_TOKEN, fees, ...). Ctrl-C or SIGTERM stops it all.
 *
 * `npm run stack` runs it as `node --import tsx`, one process, not through the tsx command: that one
 * passes signals on to a child process and SIGKILLs it when the child does not acknowledge within 30 ms
 * (an event loop busy with the stop), so a Ctrl-C sometimes ended the stack before it stopped anything.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DevChain, findCaddy, relayerEnv, startCaddy, startDevChain } from '@relayer/devchain';
import { loadConfig } from '@relayer/server';
import { ensureWebBuild } from '@relayer/web/build';
import { assertPortsFree } from './lib/assertPortsFree.ts';
import { report, runMain } from './lib/runMain.ts';
import { seedOrders } from './lib/seedOrders.ts';
import { readStackOptions, STACK_USAGE } from './lib/stack/readStackOptions.ts';
import { startOwnProxy } from './lib/stack/startOwnProxy.ts';
import { type StackDatabase, startStackDatabase } from './lib/stack/startStackDatabase.ts';
import { type SupervisedProcess, superviseProcess } from './lib/stack/superviseProcess.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(line);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    console.log(STACK_USAGE);
    return;
  }
  const env = process.env;
  const options = readStackOptions(args, env);
  const { host, publicUrl } = options;
  const devChain = !env.RPC_URL;
  const dataDir = resolve(repoRoot, env.STACK_DATA_DIR || '.data/stack');
  await assertPortsFree(host, options.uses({ devChain, postgres: !env.DATABASE_URL }));
  ensureWebBuild();
  const bundled = spawnSync(process.execPath, [join(repoRoot, 'scripts/bundle.mjs'), 'server'], {
    stdio: 'inherit',
  });
  if (bundled.status !== 0) throw new Error('bundling the relayer (scripts/bundle.mjs server) failed');
  const bundle = join(repoRoot, 'packages/server/dist/main.mjs');
  // The relayers' working directory: nothing in it (a .env there would be read by each of them).
  mkdirSync(dataDir, { recursive: true });

  const running: {
    database?: StackDatabase;
    chain?: DevChain;
    relayers: SupervisedProcess[];
    web?: SupervisedProcess;
    proxy?: { stop(): Promise<void> };
  } = { relayers: [] };
  let stopping: Promise<void> | undefined;
  const stop = (reason: string) => {
    stopping ??= (async () => {
      console.log(`\n${reason}: stopping the proxy, the web app, the relayers and the database...`);
      // A Ctrl-C reached the relayers and the web app too: their exits are not crashes to restart.
      for (const service of [running.web, ...running.relayers]) service?.keepDown();
      await running.proxy?.stop().catch(report);
      await running.web?.stop().catch(report);
      await Promise.all(running.relayers.map((relayer) => relayer.stop().catch(report)));
      await running.chain?.stop().catch(report);
      await running.database?.stop().catch(report);
      console.log('Stopped.');
    })();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void stop(signal).then(() => process.exit(0)));
  }

  try {
    let database: Record<string, string> = {};
    if (!env.DATABASE_URL) {
      console.log(`Starting PostgreSQL on ${host}:${options.postgresPort}...`);
      running.database = await startStackDatabase({
        port: options.postgresPort,
        roleScript: join(repoRoot, 'deploy/postgres/createRelayerRole.sh'),
        ...(devChain ? {} : { dataDir }),
      });
      // In a process group of its own, so a Ctrl-C does not stop it before the relayers: its pid is
      // printed for whoever must stop it after killing the stack with SIGKILL.
      console.log(`PostgreSQL is up (pid ${running.database.pid}).`);
      database = {
        DATABASE_URL: running.database.url,
        DATABASE_PASSWORD_FILE: running.database.passwordFile,
      };
    }
    let chainEnv: Record<string, string> = {};
    if (devChain) {
      console.log(`Starting a dev chain on ${host}:${options.chainPort} (no RPC_URL given)...`);
      running.chain = await startDevChain({ port: options.chainPort, host });
      chainEnv = relayerEnv(running.chain);
    }
    const network = loadConfig({ ...env, ...chainEnv, ...database }).networks[0];
    if (!network) throw new Error('no network configured');

    for (const [i, port] of options.relayerPorts.entries()) {
      const name = `relayer${i + 1}`;
      console.log(`Starting ${name} on ${host}:${port}...`);
      const relayer = await superviseProcess({
        name,
        command: process.execPath,
        args: [bundle],
        cwd: dataDir,
        env: {
          LOG_LEVEL: 'warn',
          ...env,
          ...chainEnv,
          ...database,
          HOST: host,
          PORT: String(port),
          INSTANCE_NAME: name,
          METRICS_HOST: host,
          METRICS_PORT: String(options.metricsPorts[i]),
          // Only the proxy reaches the instances, so the client address it forwards is the one to count.
          TRUST_PROXY: 'true',
          CORS_ORIGINS: env.CORS_ORIGINS || publicUrl,
          ANALYTICS_ORIGINS: env.ANALYTICS_ORIGINS || publicUrl,
        },
        healthUrl: `http://${host}:${port}/health`,
        startTimeoutMs: 120_000,
        // compose.yaml's stop_grace_period.
        stopGraceMs: 20_000,
        log,
      });
      running.relayers.push(relayer);
    }

    const variant = {
      key: 'main',
      name: network.name,
      hosts: [...new Set([new URL(publicUrl).hostname, 'localhost', '127.0.0.1'])],
      chainId: network.chainId,
      relayerUrl: publicUrl,
      rpcUrl: env.WEB_MAIN_RPC_URL || network.rpcUrl,
      siteUrl: publicUrl,
    };
    console.log(`Starting the web app on ${host}:${options.webPort}...`);
    running.web = await superviseProcess({
      name: 'web',
      command: process.execPath,
      args: [
        '--import',
        'tsx',
        join(repoRoot, 'packages/web/serve.ts'),
        ...['--host', host, '--port', String(options.webPort), '--variants', JSON.stringify([variant])],
      ],
      cwd: repoRoot,
      env,
      healthUrl: `http://${host}:${options.webPort}/config.json`,
      startTimeoutMs: 60_000,
      stopGraceMs: 5_000,
      log,
    });
    const proxy = {
      caddyfile: join(repoRoot, 'deploy/Caddyfile'),
      host,
      port: options.port,
      relayers: options.relayerPorts.map((port) => `${host}:${port}`),
      web: `${host}:${options.webPort}`,
    };
    // STACK_PROXY=own: the stack's own proxy even where Caddy is installed.
    if (env.STACK_PROXY !== 'own' && findCaddy()) {
      running.proxy = await startCaddy(proxy);
    } else {
      console.log(
        env.STACK_PROXY === 'own'
          ? "STACK_PROXY=own: the stack's own proxy serves the one port."
          : "Caddy is not installed (apt-get install -y caddy): the stack's own proxy serves the one port.",
      );
      running.proxy = await startOwnProxy(proxy);
    }
    if (running.chain) {
      console.log('Posting sample orders through the one port and filling one partly...');
      await seedOrders(running.chain, publicUrl);
    }
    console.log(
      [
        '',
        `Relayer stack on ${publicUrl} (web app; API, SRA v0 and /v0/ws to the relayers)`,
        ...options.relayerPorts.map(
          (port, i) =>
            `  relayer ${i + 1}: http://${host}:${port} (pid ${running.relayers[i]?.pid()}; metrics and admin: http://${host}:${options.metricsPorts[i]})`,
        ),
        `  web app: http://${host}:${options.webPort}`,
        `  database: ${database.DATABASE_URL ?? (env.DATABASE_URL as string).replace(/\/\/[^@/]*@/, '//')}`,
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
