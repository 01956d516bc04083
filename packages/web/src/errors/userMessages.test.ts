import { errorCodes, logErrorCodeById } from '@relayer/protocol';
import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  TimeoutError,
  TransactionExecutionError,
  UserRejectedRequestError,
} from 'viem';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../api/ApiError';
import { ContractLogError } from './ContractLogError';
import { describeError, userMessages } from './userMessages';

describe('userMessages', () => {
  test('has a non-empty text for every error code', () => {
    for (const code of errorCodes) expect(userMessages[code], code).toMatch(/\w/);
  });
});

describe('describeError', () => {
  test.each([
    [0, 'The order has expired'],
    [1, 'Nothing left to fill: the order is already filled or cancelled'],
    [2, 'That amount would round by more than 0.1%: choose a different amount'],
    [3, 'A balance or allowance (including fees) is too low for this fill'],
  ] as const)('words Exchange LogError %i', (id, text) => {
    expect(describeError(new ContractLogError(id))).toBe(text);
    expect(new ContractLogError(id).code).toBe(logErrorCodeById[id]);
  });

  test('uses the relayer code of an ApiError, with the field reasons when the code is generic', () => {
    expect(
      describeError(
        new ApiError(400, 'TOKEN_ALREADY_EXISTS', 'duplicate', [
          { field: 'address', code: 1004, reason: 'duplicate' },
        ]),
      ),
    ).toBe('This token is already listed');
    expect(describeError(new ApiError(400, 'NOT_A_TOKEN', 'no contract'))).toBe(
      'No ERC20 token contract was found at this address',
    );
    expect(
      describeError(
        new ApiError(400, 'VALIDATION_FAILED', 'bad', [
          { field: 'address', code: 1002, reason: 'not a contract' },
        ]),
      ),
    ).toBe('The relayer refused the request: some fields are invalid (address: not a contract)');
  });

  test('says which wallet request was rejected', () => {
    const rejection = new UserRejectedRequestError(new Error('User denied'));
    expect(describeError(rejection)).toBe('Signature rejected in the wallet');
    const tx = new TransactionExecutionError(rejection, { account: undefined } as never);
    expect(describeError(tx)).toBe('Transaction rejected in the wallet');
    expect(describeError({ code: 4001, message: 'denied' })).toBe('Request rejected in the wallet');
  });

  test('words a contract revert', () => {
    const reverted = new ContractFunctionRevertedError({
      abi: [],
      functionName: 'fillOrder',
      message: 'reverted',
    });
    const error = new ContractFunctionExecutionError(reverted, { abi: [], functionName: 'fillOrder' });
    expect(describeError(error)).toMatch(/^The contract refused the transaction \(reverted\)/);
  });

  test('says a wallet lacks gas money, and that a node timed out', () => {
    expect(describeError(new InsufficientFundsError({}))).toBe(
      'Not enough ETH to pay for this transaction and its gas',
    );
    expect(describeError(new TimeoutError({ body: {}, url: 'https://rpc.test' }))).toBe(
      'Cannot reach the server: check your connection and try again',
    );
  });

  test('words network failures', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toBe(
      'Cannot reach the server: check your connection and try again',
    );
    expect(describeError(new HttpRequestError({ url: 'https://rpc.test' }))).toBe(
      'Cannot reach the server: check your connection and try again',
    );
  });
});
