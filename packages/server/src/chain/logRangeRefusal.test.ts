import { RpcRequestError } from 'viem';
import { describe, expect, test } from 'vitest';
import { logRangeRefusal } from './logRangeRefusal.js';

const fromNode = (code: number, message: string) =>
  new RpcRequestError({ body: { method: 'eth_getLogs' }, error: { code, message }, url: 'http://node' });

describe('logRangeRefusal', () => {
  test.each([
    [
      'geth / Infura with a hint',
      -32005,
      'query returned more than 10000 results. Try with this block range [0x10, 0x1f].',
      16,
    ],
    [
      'Alchemy',
      -32602,
      'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [0x100, 0x163]',
      100,
    ],
    ['BSC / Ankr', -32000, 'exceed maximum block range: 5000', 5000],
    ['QuickNode', -32614, 'eth_getLogs is limited to a 10,000 range', 10_000],
    ['Erigon-style', -32000, 'requested too many blocks from 0 to 20000, maximum is set to 2048', 2048],
    ['geth without a hint', -32005, 'query returned more than 10000 results', undefined],
    ['a plain refusal', -32000, 'block range is too large', undefined],
    ['a timeout', -32000, 'query timeout exceeded', undefined],
  ])('recognises %s', (_name, code, message, suggestedSpan) => {
    expect(logRangeRefusal(fromNode(code, message))).toEqual(
      suggestedSpan === undefined ? {} : { suggestedSpan },
    );
  });

  test.each(['execution reverted', 'header not found', 'too many addresses in filter', 'connection refused'])(
    'is null for "%s"',
    (message) => {
      expect(logRangeRefusal(fromNode(-32000, message))).toBeNull();
    },
  );
});
