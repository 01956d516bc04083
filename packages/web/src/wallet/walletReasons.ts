/**
 * Why wallet actions are disabled, each in two lengths: `long` for the one place that explains it
 * (the home page's read-only notice, a dialog's notice) and `short` for beside every disabled button,
 * kept to a few words so a book row keeps one height while the wallet check runs and ends.
 */
export const walletReasons = {
  checking: { long: 'Checking for a browser wallet…', short: 'Checking wallet…' },
  noWallet: {
    long: 'No wallet found: install a browser wallet to trade (browsing works without one)',
    short: 'No wallet',
  },
  notConnected: { long: 'Connect your wallet to trade', short: 'Not connected' },
  wrongNetwork: {
    long: (network: string) => `Switch your wallet to the ${network} network`,
    short: 'Wrong network',
  },
  waiting: { long: 'Waiting for the wallet…', short: 'Waiting for wallet…' },
} as const;

/** The longest short reason, whose width every button's reason reserves. */
export const LONGEST_SHORT_REASON = walletReasons.waiting.short;

/** The longest read-only explanation, whose height the home page's notice reserves from the first paint. */
export const LONGEST_LONG_REASON = walletReasons.noWallet.long;
