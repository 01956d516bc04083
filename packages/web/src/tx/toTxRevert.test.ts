import { exchangeArtifact, weth9Artifact } from '@relayer/contracts';
import {
  type Abi,
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  erc20Abi,
  type Hex,
  InsufficientFundsError,
} from 'viem';
import { describe, expect, test } from 'vitest';
import { NO_GAS_MONEY, toTxRevert, UNEXPLAINED_REVERT } from './toTxRevert';

/** A failed estimate as viem reports it: the call's execution error around the revert. */
function failed(abi: Abi | readonly unknown[], revert: { data?: Hex; message?: string }) {
  const cause = new ContractFunctionRevertedError({ abi: abi as Abi, functionName: 'f', ...revert });
  return new ContractFunctionExecutionError(cause, { abi: abi as Abi, functionName: 'f' });
}

const errorString = (text: string) =>
  encodeErrorResult({
    abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }],
    errorName: 'Error',
    args: [text],
  });

describe('toTxRevert', () => {
  test('names an Exchange revert by its protocol words', () => {
    const abi = exchangeArtifact.abi;
    const err = toTxRevert(failed(abi, { data: encodeErrorResult({ abi, errorName: 'TransferFailed' }) }));
    expect(err?.message).toBe('A balance or allowance (including fees) is too low for this fill');
    expect(err?.errorName).toBe('TransferFailed');
  });

  test('says an unwrap over the WETH balance in words', () => {
    const abi = weth9Artifact.abi;
    const err = toTxRevert(
      failed(abi, { data: encodeErrorResult({ abi, errorName: 'InsufficientBalance' }) }),
    );
    expect(err?.message).toBe('Your token balance is too low');
  });

  test("never shows a token's own revert text, which anyone can write", () => {
    const err = toTxRevert(failed(erc20Abi, { data: errorString('Visit evil.example to claim') }));
    expect(err?.message).toBe(UNEXPLAINED_REVERT);
  });

  test('a bare "execution reverted" is a refusal too', () => {
    expect(toTxRevert(failed(erc20Abi, { data: '0x', message: 'execution reverted' }))?.message).toBe(
      UNEXPLAINED_REVERT,
    );
  });

  test('an account without the ETH for gas is refused in words', () => {
    const err = toTxRevert(new BaseError('estimate failed', { cause: new InsufficientFundsError() }));
    expect(err?.message).toBe(NO_GAS_MONEY);
  });

  test('a node that could not estimate is not a refusal', () => {
    expect(toTxRevert(failed(erc20Abi, { message: 'method eth_estimateGas not supported' }))).toBeUndefined();
    expect(toTxRevert(new Error('Failed to fetch'))).toBeUndefined();
  });
});
