import { transferProbeArtifact } from '@relayer/contracts';
import type { Address } from '@relayer/protocol';
import { decodeFunctionResult, encodeFunctionData, RpcRequestError } from 'viem';
import { isNodeFailure } from './isNodeFailure.js';
import type { RpcRequest } from './RpcRequest.js';

/**
 * Where the simulated transfer sends the tokens: an address no one holds a key of, so its balance is
 * the token's own business and never the maker's.
 */
export const PROBE_RECIPIENT: Address = '0x000000000000000000000000000000000000dead';

export interface TransferProbeRequest {
  token: Address;
  from: Address;
  amount: bigint;
  /** The block to simulate at (the one the order's state was read at). */
  blockNumber: bigint;
}

/**
 * `honest`: the transfer would succeed and move exactly `amount` out of `from` and into the recipient;
 * `dishonest`: the proxy would take it as done (or it fails where balance and allowance suffice) while
 * the balances do not move by the amount; `unsupported`: the node refused the state override.
 */
export type TransferProbeResult = 'honest' | 'dishonest' | 'unsupported';

/**
 * Simulates the fill's maker-token transfer with one `eth_call`: TransferProbe's code is put at the
 * TokenTransferProxy's address by a state override, so it calls `transferFrom` as the proxy (which holds
 * the maker's allowance) between reads of both balances. Goes through the batcher like the state reads;
 * a node failure throws, an error answer (the node does not take overrides) reads as `unsupported`.
 */
export async function probeTransfer(
  rpc: RpcRequest,
  proxy: Address,
  request: TransferProbeRequest,
): Promise<TransferProbeResult> {
  const data = encodeFunctionData({
    abi: transferProbeArtifact.abi,
    functionName: 'probe',
    args: [request.token, request.from, PROBE_RECIPIENT, request.amount],
  });
  let answer: unknown;
  try {
    answer = await rpc('eth_call', [
      { to: proxy, data },
      `0x${request.blockNumber.toString(16)}`,
      { [proxy]: { code: transferProbeArtifact.deployedBytecode } },
    ]);
  } catch (error) {
    // The node answered with an error (no state overrides, or no such third parameter): it cannot show
    // the transfer. Anything else (unreachable, timed out, breaker open) is the node failing.
    if (error instanceof RpcRequestError || !isNodeFailure(error)) return 'unsupported';
    throw error;
  }
  if (typeof answer !== 'string' || answer.length < 2 + 5 * 64) return 'unsupported';
  const [success, fromBefore, toBefore, fromAfter, toAfter] = decodeFunctionResult({
    abi: transferProbeArtifact.abi,
    functionName: 'probe',
    data: answer as `0x${string}`,
  });
  const moved = fromBefore - fromAfter === request.amount && toAfter - toBefore === request.amount;
  return success && moved ? 'honest' : 'dishonest';
}
