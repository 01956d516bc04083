import { exchangeArtifact } from '@relayer/contracts';
import { BaseError, ContractFunctionRevertedError, encodeErrorResult } from 'viem';
import { describe, expect, test } from 'vitest';
import { describeError } from '../../errors/userMessages';
import { ExchangeRevertError, toExchangeRevert } from './toExchangeRevert';

const abi = exchangeArtifact.abi;

function reverted(
  errorName: 'InvalidSignature' | 'SenderIsNotTaker' | 'SenderIsNotMaker' | 'TransferFailed' | 'ZeroAmount',
) {
  const cause = new ContractFunctionRevertedError({
    abi,
    data: encodeErrorResult({ abi, errorName }),
    functionName: 'fillOrder',
  });
  return new BaseError('The contract function "fillOrder" reverted.', { cause });
}

describe('toExchangeRevert', () => {
  test.each([
    ['InvalidSignature', 'The order signature is not valid'],
    ['SenderIsNotTaker', 'This order is reserved for another taker'],
    ['TransferFailed', 'A balance or allowance (including fees) is too low for this fill'],
    ['ZeroAmount', "Amount can't be 0"],
  ] as const)('explains %s in words', (errorName, text) => {
    const err = toExchangeRevert(reverted(errorName));
    expect(err).toBeInstanceOf(ExchangeRevertError);
    expect(describeError(err)).toBe(text);
  });

  test('leaves other errors alone', () => {
    const other = reverted('SenderIsNotMaker');
    expect(toExchangeRevert(other)).toBe(other);
    const plain = new Error('boom');
    expect(toExchangeRevert(plain)).toBe(plain);
  });
});
