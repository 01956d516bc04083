/**
 * `npm run test:docker`: builds the image and brings compose.yaml up with the dev chain of
 * deploy/compose.devchain.yaml on a free port, waits until every service is healthy, then checks from
 * outside what `npm run stack`'s journey checks (packages/e2e/tests/stack.spec.ts): both relayers
 * healthy, exactly one leads the chain watcher, an order posted through the one port is served by both,
 * the web app is served there. Always takes the stack down (volumes included). Needs a Docker engine with
 * the compose plugin (`docker info`); without one it fails saying so, having tested nothing.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@relayer/contracts/anvil';
import { createSignedOrder, devAccounts } from '@relayer/devchain';
import { hashOrder } from '@relayer/protocol';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const project = `relayer-test-${process.pid}`;

function docker(args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync('docker', args, {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0)
    throw new Error(`docker ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  return result.stdout;
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`FAILED: ${what}`);
  console.log(`ok: ${what}`);
}

async function main(): Promise<void> {
  for (const probe of [['info'], ['compose', 'version']]) {
    if (spawnSync('docker', probe, { stdio: 'ignore' }).status !== 0) {
      console.error(
        `npm run test:docker needs a Docker engine with the compose plugin: \`docker ${probe.join(' ')}\` failed. Nothing was tested.`,
      );
      process.exit(1);
    }
  }
  const port = await freePort('127.0.0.1');
  // compose.yaml's secret files, as an operator makes them (its header), in a directory of this run's.
  const secretsDir = mkdtempSync(join(tmpdir(), 'relayer-test-docker-'));
  chmodSync(secretsDir, 0o755);
  const secrets: Record<string, string> = {};
  for (const name of ['postgres_password', 'relayer_db_password', 'metrics_token', 'admin_token']) {
    secrets[name] = randomBytes(24).toString('hex');
    writeFileSync(join(secretsDir, name), `${secrets[name]}\n`, { mode: 0o644 });
  }
  const publicUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PUBLIC_PORT: String(port),
    PUBLIC_URL: publicUrl,
    PUBLIC_HOST: 'localhost',
    SECRETS_DIR: secretsDir,
    CHAIN_ID: '50',
    NETWORK_NAME: 'Local',
    RPC_URL: 'http://chain:8545',
    CHAIN_PORT: String(await freePort('127.0.0.1')),
    WEB_RPC_URL: 'http://localhost:8545',
  };
  const compose = (...args: string[]) =>
    docker(
      ['compose', '-p', project, '-f', 'compose.yaml', '-f', 'deploy/compose.devchain.yaml', ...args],
      env,
    );
  try {
    console.log(`Building the image and starting the stack (project ${project}, port ${port})...`);
    compose('up', '-d', '--build', '--wait', '--wait-timeout', '600');
    const services = compose('ps', '--format', '{{.Service}} {{.Health}}')
      .trim()
      .split('\n')
      .map((line) => line.split(' '));
    for (const name of ['postgres', 'relayer1', 'relayer2', 'web', 'proxy', 'chain']) {
      check(
        services.some(([service, health]) => service === name && health === 'healthy'),
        `${name} is healthy`,
      );
    }
    const health = (await (await fetch(`${publicUrl}/health`)).json()) as {
      status: string;
      database: string;
    };
    check(health.status === 'ok' && health.database === 'ok', '/health through the one port is ok');

    // Each instance's own metrics listener (not published): exactly one leads the watcher.
    const inside = (service: string, path: string, port = 3000) =>
      compose(
        'exec',
        '-T',
        service,
        'node',
        '-e',
        `fetch('http://127.0.0.1:${port}${path}',{headers:{authorization:'Bearer ${secrets.metrics_token}'}}).then(r=>r.text()).then(t=>process.stdout.write(t))`,
      );
    const leaders = ['relayer1', 'relayer2'].map((service) =>
      Number(
        /^relayer_watcher_leader\{network="main"\} (\d+)$/m.exec(inside(service, '/metrics', 9464))?.[1],
      ),
    );
    check(leaders.sort().join() === '0,1', 'exactly one relayer leads the chain watcher');

    const tokens = (await (await fetch(`${publicUrl}/token`)).json()) as {
      address: `0x${string}`;
      symbol: string;
    }[];
    const token = (symbol: string) => tokens.find((t) => t.symbol === symbol)?.address as `0x${string}`;
    const config = (await (await fetch(`${publicUrl}/config`)).json()) as { exchange: `0x${string}` };
    const order = await createSignedOrder({
      deployment: config,
      makerPrivateKey: devAccounts(2)[1]?.privateKey as `0x${string}`,
      makerToken: token('ZRX'),
      takerToken: token('WETH'),
      makerAmount: 10n ** 18n,
      takerAmount: 10n ** 15n,
    });
    const posted = await fetch(`${publicUrl}/order/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
    });
    check(posted.status === 201, `an order posted through the one port is accepted (${posted.status})`);
    for (const service of ['relayer1', 'relayer2']) {
      check(
        JSON.parse(inside(service, `/order/${hashOrder(order)}`)).orderHash === hashOrder(order),
        `${service} serves it`,
      );
    }
    const page = await fetch(publicUrl);
    check(
      page.ok && (await page.text()).includes('<div id="root"'),
      'the web app is served through the one port',
    );
    console.log('The compose stack works.');
  } finally {
    compose('down', '-v', '--remove-orphans');
    rmSync(secretsDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
