import type { DevChain } from '@relayer/devchain';
import { DEV_MNEMONIC } from '@relayer/protocol';

export interface StartSummary {
  chain: DevChain;
  webUrl: string;
  relayerUrl: string;
  dataDir: string;
  /** 'fresh' (deployed, seeded, sample orders) or why the saved state was kept. */
  origin: 'fresh' | 'kept';
  freshReason?: string;
}

const ROLES = [
  'deployer, owns the contracts',
  'maker of sample orders; allowances set',
  'maker of sample orders; allowances set',
  'took part of a sample order; allowances set',
  'no allowances: try the Enable step',
  'no allowances: try the Enable step',
];

/** What `npm start` prints once everything listens. */
export function formatStartSummary(summary: StartSummary): string {
  const { chain } = summary;
  const accounts = chain.accounts.slice(0, ROLES.length).map((account, index) => {
    return `  ${index}  ${account.address}  ${account.privateKey}  ${ROLES[index]}`;
  });
  const state =
    summary.origin === 'kept'
      ? `kept from the last run (${summary.dataDir}); \`npm start -- --fresh\` starts over`
      : `fresh (${summary.freshReason ?? 'first start'}): contracts deployed, accounts and sample orders seeded`;
  return [
    '',
    'Relayer is running',
    '',
    `  Web app     ${summary.webUrl}`,
    `  Relayer     ${summary.relayerUrl}   (API docs: ${summary.relayerUrl}/docs)`,
    `  Chain       ${chain.rpcUrl}   chain id ${chain.chainId}`,
    `  State       ${state}`,
    '',
    `Test accounts (the 0x test mnemonic "${DEV_MNEMONIC}")`,
    '  !! PUBLIC TEST KEYS: everyone knows them. Never use them, or send funds to them, on a real network. !!',
    '  Accounts 1-5 hold 1,000,000 ETH, 100 WETH, 100,000 ZRX and the test tokens REP, DGD, GNT, MKR, WBTC, USDC.',
    `  #  ${'Address'.padEnd(42)}  ${'Private key'.padEnd(66)}  Role`,
    ...accounts,
    '',
    'Use it from a browser wallet (MetaMask, Rabby, ...):',
    '  1. Add a network: name "Relayer local", RPC URL ' +
      `${chain.rpcUrl}, chain ID ${chain.chainId}, currency symbol ETH (no block explorer).`,
    '  2. Import an account: "Import account" / "Add private key", paste a private key from the table',
    '     above (accounts 1-3 can trade at once; 4-5 show the Enable step first).',
    `  3. Open ${summary.webUrl}, click "Connect wallet" and pick that account and network.`,
    '  After `npm start -- --fresh` (or a wiped .data/), reset the wallet account ("Clear activity tab data")',
    "  so it forgets the old chain's nonces.",
    '',
    'Press Ctrl-C to stop everything.',
  ].join('\n');
}
