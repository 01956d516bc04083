import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, http } from 'viem';
import { describe, expect, test, vi } from 'vitest';
import { useFundedDeployer } from '../test/useFundedDeployer.js';
import { useTempDir } from '../test/useTempDir.js';
import { devAccounts } from './devAccounts.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

const NETWORK_50 = {
  Exchange: '0x48bacb9266a570d521063ef5dd96e61686dbe788',
  TokenTransferProxy: '0x1dc4c1cefef38a777b15aa20260a54e584b16c48',
  ZRX: '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401',
  WETH: '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
  TokenRegistry: '0x0b1ba0af832d7c05fd64161e0db78e85978e8082',
};

// Each test boots node + tsx + viem in a fresh process; on a loaded 2-core machine that alone takes ~10 s.
vi.setConfig({ testTimeout: 120_000 });

/** Runs the CLI in this node with tsx as a loader, so the child is node itself and anvil its child. */
function runCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  return { child, output };
}

async function waitFor(predicate: () => boolean, child: ChildProcess, what: string, timeoutMs = 90_000) {
  const started = Date.now();
  while (!predicate()) {
    if (child.exitCode !== null) throw new Error(`CLI exited (${child.exitCode}) before ${what}`);
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every live process below `pid`, read from /proc (Linux; the CI and dev machines). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const child of parents.get(p) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/** Running or sleeping; a zombie has exited and only waits for its (re)parent to reap it. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('devchain start', () => {
  const dir = useTempDir('devchain-cli-');

  test('prints the network-50 addresses, RPC URL and public test keys, then stops anvil on SIGINT', async () => {
    const out = join(dir(), 'deployment.json');
    const { child, output } = runCli(['start', '--port', '0', '--out', out]);
    try {
      await waitFor(() => output.stdout.includes('Press Ctrl-C'), child, 'the summary');
      const { stdout } = output;

      for (const [label, address] of Object.entries(NETWORK_50)) {
        expect(stdout).toMatch(new RegExp(`^ {2}${label} +${address}$`, 'm'));
      }
      const rpcUrl = /RPC URL +(\S+)/.exec(stdout)?.[1] ?? '';
      expect(rpcUrl).toMatch(/^http:\/\/[\w.]+:\d+$/);
      expect(stdout).toMatch(/Chain id +50$/m);
      expect(stdout).toMatch(/PUBLIC TEST KEYS/);
      for (const account of devAccounts(6))
        expect(stdout).toContain(`${account.address}  ${account.privateKey}`);
      for (const symbol of ['REP', 'DGD', 'GNT', 'MKR', 'WBTC', 'USDC'])
        expect(stdout).toMatch(new RegExp(`^ {2}${symbol} `, 'm'));

      const written = JSON.parse(await readFile(out, 'utf8'));
      expect(written).toMatchObject({ chainId: 50, rpcUrl, exchange: NETWORK_50.Exchange });
      const client = createPublicClient({ transport: http(rpcUrl) });
      expect(await client.getChainId()).toBe(50);

      const below = descendants(child.pid as number);
      expect(below.length).toBeGreaterThan(0);
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      const [code] = await exited;
      expect(code).toBe(0);
      expect(below.filter(isAlive)).toEqual([]);
      await expect(client.getChainId()).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

describe('devchain deploy', () => {
  const deployer = useFundedDeployer(4242, '5');

  test('deploys to any RPC with a key from DEPLOYER_PRIVATE_KEY and never prints the key', async () => {
    const { rpcUrl, key, address } = deployer();
    const out = join(tmpdir(), `devchain-deploy-${process.pid}.json`);

    const { child, output } = runCli(['deploy', '--rpc-url', rpcUrl, '--register-tokens', '--out', out], {
      DEPLOYER_PRIVATE_KEY: key,
    });
    const [code] = await once(child, 'exit');
    expect(output.stderr).toBe('');
    expect(code).toBe(0);
    expect(`${output.stdout}${output.stderr}`).not.toContain(key.slice(2));

    const written = JSON.parse(await readFile(out, 'utf8'));
    await rm(out);
    expect(written.chainId).toBe(4242);
    expect(written.exchange).not.toBe(NETWORK_50.Exchange);
    expect(written.tokens.map((t: { symbol: string }) => t.symbol)).toEqual([
      'ZRX',
      'WETH',
      'REP',
      'DGD',
      'GNT',
      'MKR',
      'WBTC',
      'USDC',
    ]);
    expect(output.stdout).toContain(written.exchange);
    expect(output.stdout).toContain(address.toLowerCase());
  });

  test('refuses to run without a key', async () => {
    const { child, output } = runCli(['deploy', '--rpc-url', deployer().rpcUrl], {
      DEPLOYER_PRIVATE_KEY: '',
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output.stderr).toMatch(/DEPLOYER_PRIVATE_KEY/);
  });
});
