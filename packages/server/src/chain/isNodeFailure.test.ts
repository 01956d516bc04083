import { RpcRequestError, UnknownRpcError } from 'viem';
import { expect, test } from 'vitest';
import { ChainUnavailableError } from './ChainUnavailableError.js';
import { isNodeFailure } from './isNodeFailure.js';

test('a request the circuit breaker refused is a node failure, also as viem wraps it', () => {
  const refused = new ChainUnavailableError('it is down; retrying in the background');
  expect(isNodeFailure(refused)).toBe(true);
  expect(isNodeFailure(new UnknownRpcError(refused))).toBe(true);
});

test("a contract's revert is not a node failure", () => {
  const revert = new RpcRequestError({
    body: {},
    error: { code: 3, message: 'execution reverted' },
    url: 'x',
  });
  expect(isNodeFailure(revert)).toBe(false);
});
