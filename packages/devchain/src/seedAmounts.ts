/** Human amounts every seeded account receives besides its test tokens (anvil already gives ETH). */
export const SEED_AMOUNTS = {
  /** Transferred from the deployer, which holds all 10^9 ZRX; enough to pay fees for a long session. */
  zrx: '100000',
  /** Wrapped from the account's own ETH, so WETH's total supply stays backed like on mainnet. */
  weth: '100',
} as const;
