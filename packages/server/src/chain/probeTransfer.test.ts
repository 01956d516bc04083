import type { Address } from '@relayer/protocol';
import { createPublicClient, http } from 'viem';
import { describe, expect, test } from 'vitest';
import { PLACEHOLDER_ADDRESSES } from '../../test/helpers/placeholderAddresses.js';
import { startJsonRpcNode } from '../../test/helpers/startJsonRpcNode.js';
import { ChainUnavailableError } from './ChainUnavailableError.js';
import { createChainReader } from './createChainReader.js';

// The transfer probe's request and how a node that cannot run it is told from a node that fails. The
// verdicts on real tokens (honest, lying, half) are src/orders/TransferHonesty.test.ts, on anvil.

const ADDRESSES = PLACEHOLDER_ADDRESSES;
const REQUEST = {
  token: '0x00000000000000000000000000000000000000d1' as Address,
  from: '0x0000000000000000000000000000000000000a0a' as Address,
  amount: 10n ** 18n,
  blockNumber: 31n,
};

interface Call {
  id: number;
  method: string;
  params: unknown[];
}

function readerAt(url: string) {
  const client = createPublicClient({ transport: http(url, { retryCount: 0, timeout: 2000 }) });
  return createChainReader({ client, addresses: ADDRESSES });
}

describe('the transfer probe', () => {
  test('is one eth_call to the proxy at the order-state block, its code overridden by the probe', async () => {
    const calls: Call[] = [];
    const url = await startJsonRpcNode((text) => {
      const batch = JSON.parse(text) as Call[];
      calls.push(...batch);
      return {
        body: JSON.stringify(
          batch.map((call) => ({
            jsonrpc: '2.0',
            id: call.id,
            error: { code: -32602, message: 'invalid params' },
          })),
        ),
      };
    });
    expect(await readerAt(url).probeTransfer(REQUEST)).toBe('unsupported');
    expect(calls).toHaveLength(1);
    const call = calls[0] as Call;
    expect(call.method).toBe('eth_call');
    const [target, block, overrides] = call.params as [
      { to: string },
      string,
      Record<string, { code: string }>,
    ];
    expect(target.to).toBe(ADDRESSES.tokenTransferProxy);
    expect(block).toBe('0x1f');
    expect(Object.keys(overrides)).toEqual([ADDRESSES.tokenTransferProxy]);
    expect(overrides[ADDRESSES.tokenTransferProxy]?.code).toMatch(/^0x[0-9a-f]{100,}$/);
  });

  test('a node that answers with no usable result cannot show the transfer: unsupported', async () => {
    const url = await startJsonRpcNode((text) => ({
      body: JSON.stringify(
        (JSON.parse(text) as Call[]).map((c) => ({ jsonrpc: '2.0', id: c.id, result: '0x' })),
      ),
    }));
    expect(await readerAt(url).probeTransfer(REQUEST)).toBe('unsupported');
  });

  test('a node that does not answer is a chain failure, not a verdict', async () => {
    const url = await startJsonRpcNode(() => ({ status: 502, body: 'bad gateway' }));
    await expect(readerAt(url).probeTransfer(REQUEST)).rejects.toBeInstanceOf(ChainUnavailableError);
  });
});
