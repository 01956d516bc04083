import type { Address } from '@relayer/protocol';
import { useCallback } from 'react';
import type { TxEvent } from '../tx/TxStatus';
import { useTokenAccount } from '../wallet/useTokenAccount';
import type { TokenFunds } from './checkFunds';

export interface Funds {
  /** Balance and proxy allowance of the owner in `token` (one of the two watched), undefined while loading. */
  funds(token: string): TokenFunds | undefined;
  /** Enables `token`; `onEvent` hears each step of its transaction. */
  enable(token: string, onEvent?: (event: TxEvent) => void): Promise<void>;
}

/**
 * The owner's balance and allowance in up to two tokens: a trade's token and ZRX for its fee. Pass the
 * same token twice when only one matters (hooks cannot be called a variable number of times).
 */
export function useFunds(
  first: Address | undefined,
  second: Address | undefined,
  owner: Address | undefined,
): Funds {
  const a = useTokenAccount(first, owner);
  const b = useTokenAccount(second ?? first, owner);
  const accountOf = useCallback(
    (token: string) => (token === first ? a : token === second ? b : undefined),
    [first, second, a, b],
  );
  return {
    funds: (token) => {
      const account = accountOf(token);
      return account && !account.isLoading && owner
        ? { balance: account.balance, allowance: account.allowance }
        : undefined;
    },
    enable: async (token, onEvent) => {
      const account = accountOf(token);
      if (!account) throw new Error(`Unknown token ${token}`);
      await account.enable(onEvent);
    },
  };
}
