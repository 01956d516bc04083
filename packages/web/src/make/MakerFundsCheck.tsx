import type { Address, TokenRecord } from '@relayer/protocol';
import { checkFunds } from '../funds/checkFunds';
import { FundsNotice } from '../funds/FundsNotice';
import { useFunds } from '../funds/useFunds';
import { ZRX_DECIMALS } from '../shared/order/toOrderRow';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { requiredMakerFunds } from './requiredMakerFunds';

/**
 * The relayer only accepts orders the maker can honour, so the maker is told before signing when the
 * balance (of the token, or of ZRX for the maker fee) is short or still needs enabling.
 */
export function MakerFundsCheck({
  token,
  owner,
  amount,
  makerFee,
  zrx,
}: {
  token: TokenRecord;
  owner: Address;
  amount: bigint;
  makerFee: bigint;
  zrx: Address | undefined;
}) {
  const feeToken = makerFee > 0n ? zrx : undefined;
  const { funds, enable } = useFunds(token.address, feeToken, owner);
  const status = checkFunds(requiredMakerFunds(token.address, amount, makerFee, feeToken), funds);
  return (
    <FundsNotice
      status={status}
      symbolOf={(address) => (address === token.address ? displaySymbol(token) : 'ZRX')}
      decimalsOf={(address) => (address === token.address ? token.decimals : ZRX_DECIMALS)}
      enable={enable}
      purpose="this order"
    />
  );
}
