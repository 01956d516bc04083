import { DEV_MNEMONIC } from '@relayer/protocol';
import type { Deployment } from '../Deployment.js';
import { SEED_AMOUNTS } from '../seedAmounts.js';
import type { DevChain } from '../startDevChain.js';
import { TEST_TOKENS } from '../testTokens.js';

const CORE: readonly [string, keyof Deployment][] = [
  ['Exchange', 'exchange'],
  ['TokenTransferProxy', 'tokenTransferProxy'],
  ['ZRX', 'zrx'],
  ['WETH', 'weth'],
  ['TokenRegistry', 'tokenRegistry'],
];

/** The text `start` prints once the chain is ready: everything needed to point a wallet or server at it. */
export function formatChainSummary(chain: DevChain, deploymentFile: string): string {
  const { deployment } = chain;
  const lines = [
    'Relayer dev chain is running',
    '',
    `  RPC URL     ${chain.rpcUrl}`,
    `  Chain id    ${chain.chainId}`,
    `  Deployment  ${deploymentFile}`,
    '',
    chain.chainId === 50 ? '0x v1 contracts (network 50 addresses, PROTOCOL.md §8.1)' : '0x v1 contracts',
    ...CORE.map(([label, key]) => `  ${label.padEnd(20)}${deployment[key]}`),
    '',
    'Registered tokens',
    ...deployment.tokens.map(
      (t) => `  ${t.symbol.padEnd(6)}${String(t.decimals).padStart(2)} decimals  ${t.address}  ${t.name}`,
    ),
    '',
    ...accountLines(chain),
    '',
    'Press Ctrl-C to stop the chain.',
  ];
  return lines.join('\n');
}

function accountLines(chain: DevChain): string[] {
  const seeded = new Map(chain.seeded.map((a) => [a.address, a]));
  const holdings = [
    `${SEED_AMOUNTS.zrx} ZRX`,
    `${SEED_AMOUNTS.weth} WETH`,
    ...TEST_TOKENS.map((t) => `${t.perAccount} ${t.symbol}`),
  ].join(', ');
  const lines = [
    `Accounts of the 0x test mnemonic "${DEV_MNEMONIC}"`,
    '  !! PUBLIC TEST KEYS: everyone knows them. Never use them, or send funds to them, on a real network. !!',
    chain.reused
      ? '  The deployment was reused from the state file; balances and allowances are whatever it saved.'
      : `  Seeded accounts hold anvil's ETH plus ${holdings}.`,
    '',
    `  #  ${'Address'.padEnd(42)}  ${'Private key'.padEnd(66)}  Proxy allowances`,
  ];
  // A reused state has no seeding record, so show the accounts a fresh start would have seeded.
  const shown = chain.accounts.filter((a, i) => i === 0 || (chain.reused ? i <= 5 : seeded.has(a.address)));
  for (const account of shown) {
    const index = chain.accounts.indexOf(account);
    const seed = seeded.get(account.address);
    let note = 'none (try the Enable step)';
    if (index === 0) note = 'deployer, owns the contracts';
    else if (chain.reused) note = 'as saved in the state file';
    else if (seed?.unlimitedAllowances) note = 'unlimited';
    lines.push(`  ${index}  ${account.address}  ${account.privateKey}  ${note}`);
  }
  return lines;
}
