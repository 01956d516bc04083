import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_ACCOUNTS } from '@relayer/protocol';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { afterAll, describe, expect, test } from 'vitest';
import { type AnvilInstance, freePort, startAnvil } from '../src/anvil/index.js';

const started: AnvilInstance[] = [];
const start = async (options: Parameters<typeof startAnvil>[0]) => {
  const anvil = await startAnvil({ silent: true, ...options });
  started.push(anvil);
  return anvil;
};
afterAll(async () => {
  await Promise.all(started.map((a) => a.stop()));
});

const exited = (anvil: AnvilInstance) => anvil.process.exitCode !== null || anvil.process.signalCode !== null;

describe('startAnvil', () => {
  test('defaults: chain id 50 and the 0x test mnemonic’s 10 accounts with 1,000,000 ether each', async () => {
    const anvil = await start({ port: 0 });
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(anvil.chainId).toBe(50);
    expect(await client.getChainId()).toBe(50);
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`);
    const addresses = await createWalletClient({ transport: http(anvil.rpcUrl) }).getAddresses();
    expect(addresses.map((a) => a.toLowerCase())).toEqual([...DEV_ACCOUNTS]);
    expect(await client.getBalance({ address: addresses[0] as Address })).toBe(parseEther('1000000'));
  });

  test('options: chain id, account count, balance and an explicit port', async () => {
    const port = await freePort();
    const anvil = await start({ port, chainId: 1337, accounts: 2, balanceEther: 5 });
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(anvil.port).toBe(port);
    expect(await client.getChainId()).toBe(1337);
    const addresses = await createWalletClient({ transport: http(anvil.rpcUrl) }).getAddresses();
    expect(addresses).toHaveLength(2);
    expect(await client.getBalance({ address: addresses[1] as Address })).toBe(parseEther('5'));
  });

  test('parallel starts on port 0 get distinct ports', async () => {
    const anvils = await Promise.all([start({ port: 0 }), start({ port: 0 }), start({ port: 0 })]);
    expect(new Set(anvils.map((a) => a.port)).size).toBe(3);
  });

  test('a port in use rejects with anvil’s error', async () => {
    const first = await start({ port: 0 });
    await expect(startAnvil({ port: first.port, silent: true })).rejects.toThrow(/Address already in use/);
  });

  test('an anvil that exits during startup rejects with its stderr', async () => {
    await expect(startAnvil({ port: 0, silent: true, args: ['--no-such-flag'] })).rejects.toThrow(
      /no-such-flag/,
    );
  });

  test('stop() ends the process and can be called twice', async () => {
    const anvil = await start({ port: 0 });
    await anvil.stop();
    expect(exited(anvil)).toBe(true);
    await anvil.stop();
    const client = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }) });
    await expect(client.getChainId()).rejects.toThrow();
  });

  test('blockTime mines blocks without transactions', async () => {
    const anvil = await start({ port: 0, blockTime: 1 });
    const client = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 });
    const first = await client.getBlockNumber();
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(await client.getBlockNumber()).toBeGreaterThan(first);
  });

  test('stateFile keeps the chain across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'anvil-state-'));
    try {
      const stateFile = join(dir, 'state.json');
      const first = await start({ port: 0, stateFile });
      const wallet = createWalletClient({ transport: http(first.rpcUrl) });
      const [from, to] = await wallet.getAddresses();
      const hash = await wallet.sendTransaction({
        account: from as `0x${string}`,
        to,
        value: parseEther('1'),
        chain: null,
      });
      // anvil answers with the hash before its miner has sealed the block: stop only once it is mined.
      await createPublicClient({ transport: http(first.rpcUrl) }).waitForTransactionReceipt({
        hash,
        pollingInterval: 20,
      });
      await first.stop();
      const second = await start({ port: 0, stateFile });
      const client = createPublicClient({ transport: http(second.rpcUrl) });
      expect(await client.getBalance({ address: to as `0x${string}` })).toBe(parseEther('1000001'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('anvil does not outlive a parent killed with SIGKILL', async () => {
    const entry = fileURLToPath(new URL('../src/anvil/index.ts', import.meta.url));
    const script = `import { startAnvil } from ${JSON.stringify(entry)};
      const anvil = await startAnvil({ port: 0, silent: true });
      console.log(anvil.process.pid);
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = await new Promise<number>((resolve, reject) => {
      parent.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      parent.once('exit', (code) => reject(new Error(`parent exited early (${code})`)));
    });
    expect(isRunning(pid)).toBe(true);
    parent.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isRunning(pid)).toBe(false);
  }, 20_000);
});

/** Alive and not a zombie (a zombie has exited and only waits to be reaped). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}
