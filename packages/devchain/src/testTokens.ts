/** A DummyToken the dev chain deploys, named like a real token so the web app can price it. */
export interface TestTokenSpec {
  name: string;
  symbol: string;
  decimals: number;
  /** Whole tokens each seeded account (and the deployer) receives; sized to the token's real value. */
  perAccount: string;
}

/**
 * REP, DGD, GNT and MKR are from 0x's own network-50 migration (PROTOCOL.md §8.3); WBTC and USDC add
 * the 8 and 6 decimal cases that amount formatting must get right. DGD really has 9 decimals.
 */
export const TEST_TOKENS: readonly TestTokenSpec[] = [
  { name: 'Augur Reputation Token', symbol: 'REP', decimals: 18, perAccount: '10000' },
  { name: 'Digix DAO Token', symbol: 'DGD', decimals: 9, perAccount: '5000' },
  { name: 'Golem Network Token', symbol: 'GNT', decimals: 18, perAccount: '1000000' },
  { name: 'MakerDAO', symbol: 'MKR', decimals: 18, perAccount: '1000' },
  { name: 'Wrapped Bitcoin', symbol: 'WBTC', decimals: 8, perAccount: '100' },
  { name: 'USD Coin', symbol: 'USDC', decimals: 6, perAccount: '1000000' },
];
