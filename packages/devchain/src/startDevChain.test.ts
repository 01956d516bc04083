import { join } from 'node:path';
import { networks } from '@relayer/protocol';
import { createPublicClient, erc20Abi, http } from 'viem';
import { expect, test } from 'vitest';
import { useTempDir } from '../test/useTempDir.js';
import { startDevChain } from './startDevChain.js';

const dir = useTempDir('devchain-state-');

test('a chain restarted from its state file reuses the deployment instead of deploying it again', async () => {
  const stateFile = join(dir(), 'anvil-state.json');
  const first = await startDevChain({ port: 0, stateFile });
  await first.stop();

  const second = await startDevChain({ port: 0, stateFile });
  try {
    expect(first.reused).toBe(false);
    expect(second.reused).toBe(true);
    expect(second.seeded).toEqual([]);
    const { rpcUrl: _, ...firstDeployment } = first.deployment;
    expect(second.deployment).toEqual({ ...firstDeployment, rpcUrl: second.rpcUrl });

    const usdc = second.deployment.tokens.find((t) => t.symbol === 'USDC');
    const holder = second.accounts[1]?.address;
    if (!usdc || !holder) throw new Error('USDC or account 1 missing');
    const balance = await createPublicClient({ transport: http(second.rpcUrl) }).readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
    });
    expect(balance).toBe(1_000_000n * 10n ** 6n);
  } finally {
    await second.stop();
  }
});

test('seed: false deploys only the core system', async () => {
  const chain = await startDevChain({ port: 0, seed: false });
  try {
    expect(chain.deployment.tokens.map((t) => t.symbol)).toEqual(['ZRX', 'WETH']);
    expect(chain.seeded).toEqual([]);
  } finally {
    await chain.stop();
  }
});

test('a chain other than 50 gets the system at other addresses than network 50, reused from its state file', async () => {
  const stateFile = join(dir(), 'kovan-state.json');
  const first = await startDevChain({ port: 0, chainId: 42, seed: false, stateFile });
  await first.stop();
  const second = await startDevChain({ port: 0, chainId: 42, seed: false, stateFile });
  try {
    const local = networks[50];
    const core = ['exchange', 'tokenTransferProxy', 'zrx', 'weth', 'tokenRegistry'] as const;
    for (const key of core) expect(first.deployment[key], key).not.toBe(local[key]);
    expect(second.reused).toBe(true);
    expect(second.deployment.exchange).toBe(first.deployment.exchange);
    expect(second.deployment.tokens.map((t) => t.symbol)).toEqual(['ZRX', 'WETH']);
  } finally {
    await second.stop();
  }
});
