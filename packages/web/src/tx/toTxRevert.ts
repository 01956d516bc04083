import type { ErrorCode } from '@relayer/protocol';
import { BaseError, ContractFunctionRevertedError, InsufficientFundsError } from 'viem';
import { userMessages } from '../errors/userMessages';
import { ExchangeRevertError, toExchangeRevert } from '../shared/exchange/toExchangeRevert';
import { TxRevertError } from './TxRevertError';

/**
 * Custom errors of the app's other contracts (WETH9) and the protocol code whose words fit them. Only
 * the request's own ABI decodes an error name, so a token cannot pass its words off as ours.
 */
const codeByRevert: Partial<Record<string, ErrorCode>> = {
  InsufficientBalance: 'INSUFFICIENT_TAKER_BALANCE',
  InsufficientAllowance: 'INSUFFICIENT_TAKER_ALLOWANCE',
};

/** When the contract gives no reason of ours: a token's own revert text is attacker-chosen, never shown. */
export const UNEXPLAINED_REVERT = 'The contract refuses this transaction as things stand on chain';
export const NO_GAS_MONEY = 'Not enough ETH to pay for this transaction and its gas';

/**
 * A failed gas estimate (or simulation) as a refusal in words, or undefined when the error says
 * nothing about the transaction itself (the node is unreachable, the wallet is missing).
 */
export function toTxRevert(err: unknown): TxRevertError | undefined {
  if (err instanceof TxRevertError) return err;
  if (!(err instanceof BaseError)) return undefined;
  if (err.walk((e) => e instanceof InsufficientFundsError))
    return new TxRevertError({ reason: NO_GAS_MONEY, cause: err });
  const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) return undefined;
  // viem files any failed call with a message under "reverted"; only revert data or the node's own
  // "execution reverted" say the contract refused (not, say, a node without eth_estimateGas).
  const refused =
    reverted.data !== undefined || reverted.signature !== undefined || /revert/i.test(reverted.reason ?? '');
  if (!refused) return undefined;
  const errorName = reverted.data?.errorName;
  const exchange = toExchangeRevert(err);
  const code = exchange instanceof ExchangeRevertError ? exchange.code : codeByRevert[errorName ?? ''];
  const reason = code ? userMessages[code] : UNEXPLAINED_REVERT;
  return new TxRevertError({ reason, errorName, cause: err });
}
