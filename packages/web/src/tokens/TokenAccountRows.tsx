import type { TokenRecord } from '@relayer/protocol';
import { useState } from 'react';
import { describeError } from '../errors/userMessages';
import { FactRow } from '../facts/FactList';
import { formatHolding } from '../format/amounts';
import { useNotify } from '../notifications/useNotify';
import { ActionButton } from '../wallet/ActionButton';
import { useTokenAccount } from '../wallet/useTokenAccount';
import { useWallet } from '../wallet/useWallet';
import { displaySymbol } from './trust/displaySymbol';

/** The user's balance and proxy allowance of a token, with 'Enable' when the allowance is short. */
export function TokenAccountRows({ token }: { token: TokenRecord }) {
  const { address } = useWallet();
  const account = useTokenAccount(token.address, address);
  const notify = useNotify();
  const [enabling, setEnabling] = useState(false);

  if (!address) return <FactRow label="Your balance">Connect a wallet to see it</FactRow>;
  const short = account.allowance === 0n || account.allowance < account.balance;

  const enable = async () => {
    setEnabling(true);
    try {
      await account.enable();
      notify({ type: 'success', text: `${displaySymbol(token)} enabled for trading` });
    } catch (error) {
      console.error(error);
      notify({ type: 'error', text: describeError(error) });
    } finally {
      setEnabling(false);
    }
  };

  return (
    <>
      <FactRow label="Your balance">
        {account.isLoading ? '…' : formatHolding(account.balance, token.decimals)}
      </FactRow>
      <FactRow label="Allowance">
        {account.isLoading ? '…' : formatHolding(account.allowance, token.decimals)}
        {!account.isLoading && short ? (
          <ActionButton size="small" sx={{ ml: 1 }} variant="outlined" disabled={enabling} onClick={enable}>
            Enable
          </ActionButton>
        ) : null}
      </FactRow>
    </>
  );
}
