import { RpcRequestError } from 'viem';
import { describe, expect, test } from 'vitest';
import { ChainUnavailableError } from './ChainUnavailableError.js';
import { isStateUnavailable } from './isStateUnavailable.js';

/** A node's error answer as the chain reader surfaces it: viem's RpcRequestError inside CHAIN_UNAVAILABLE. */
const fromNode = (code: number, message: string) =>
  new ChainUnavailableError(
    'order state',
    new RpcRequestError({ body: { method: 'eth_call' }, error: { code, message }, url: 'http://node' }),
  );

describe('isStateUnavailable', () => {
  test.each([
    'missing trie node 5c5b1a1c3a3e0f0f4d4c3b2a1908f7e6d5c4b3a291807f6e5d4c3b2a1908f7e6 (path ) <nil>',
    'header not found',
    'required historical state unavailable (reexec=128)',
    'historical state not available in path scheme yet',
    "state histories haven't been fully indexed yet",
    'world state is not available',
    'state at block #123 is pruned',
    'project ID does not have access to archive state',
    'BlockOutOfRangeError: block height is 85 but requested was 83',
  ])('recognises "%s"', (message) => {
    expect(isStateUnavailable(fromNode(-32000, message))).toBe(true);
  });

  test.each([
    'execution reverted',
    'rate limit exceeded',
    'the node did not answer within 5000 ms',
    'query returned more than 10000 results',
  ])('leaves "%s" alone', (message) => {
    expect(isStateUnavailable(fromNode(-32000, message))).toBe(false);
  });

  test('reads plain errors and their causes too', () => {
    expect(isStateUnavailable(new Error('outer', { cause: new Error('missing trie node abc') }))).toBe(true);
    expect(isStateUnavailable(new Error('socket hang up'))).toBe(false);
    expect(isStateUnavailable(undefined)).toBe(false);
  });
});
