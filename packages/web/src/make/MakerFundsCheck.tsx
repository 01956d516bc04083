import type { Address, TokenRecord } from '@relayer/protocol';
import { checkFunds } from '../funds/checkFunds';
import { FundsNotice } from '../funds/FundsNotice';
import { useFunds } from '../funds/useFunds';

/**
 * The relayer only accepts orders the maker can honour, so the maker is told before signing when the
 * balance is short or the token still needs enabling.
 */
export function MakerFundsCheck({
  token,
  owner,
  amount,
}: {
  token: TokenRecord;
  owner: Address;
  amount: bigint;
}) {
  const { funds, enable } = useFunds(token.address, undefined, owner);
  const status = checkFunds([{ token: token.address, amount }], funds);
  return (
    <FundsNotice
      status={status}
      symbolOf={() => token.symbol}
      decimalsOf={() => token.decimals}
      enable={enable}
      purpose="this order"
    />
  );
}
