import { TOKEN_A, TOKEN_B, TOKEN_C } from './fakeAddresses.js';

/** The fake orders' tokens as `insertTokens` lists them: the first two verified, the third not. */
export const FAKE_TOKENS: readonly { address: string; name: string; symbol: string; verified?: boolean }[] = [
  { address: TOKEN_A, name: 'Alpha', symbol: 'AAA' },
  { address: TOKEN_B, name: 'Beta', symbol: 'BBB' },
  { address: TOKEN_C, name: 'Gamma', symbol: 'CCC', verified: false },
];
