import { exchangeArtifact } from '@relayer/contracts';
import type { Address, Hex } from '@relayer/protocol';
import { encodeAbiParameters, encodeEventTopics, type Log } from 'viem';

const abi = exchangeArtifact.abi;

function log(address: Address, topics: Hex[], data: Hex): Log {
  return {
    address,
    topics: topics as [Hex, ...Hex[]],
    data,
    blockHash: `0x${'a'.repeat(64)}`,
    blockNumber: 1n,
    logIndex: 0,
    transactionHash: `0x${'b'.repeat(64)}`,
    transactionIndex: 0,
    removed: false,
  };
}

/** A receipt log of `LogError(errorId, orderHash)` as the Exchange emits it. */
export function logErrorLog(exchange: Address, errorId: number, orderHash: Hex): Log {
  const topics = encodeEventTopics({ abi, eventName: 'LogError', args: { errorId, orderHash } });
  return log(exchange, topics as Hex[], '0x');
}

const zero = '0x0000000000000000000000000000000000000000';

/** The event's topics with zero maker, fee recipient and token pair (the tests read the data). */
function indexedTopics(eventName: 'LogFill' | 'LogCancel'): Hex[] {
  const args = { maker: zero, feeRecipient: zero, tokens: `0x${'0'.repeat(64)}` } as const;
  return encodeEventTopics({ abi, eventName, args }) as Hex[];
}

/** A receipt log of `LogFill` for `orderHash`. */
export function logFillLog(
  exchange: Address,
  orderHash: Hex,
  amounts: { filledMakerTokenAmount: bigint; filledTakerTokenAmount: bigint },
): Log {
  const topics = indexedTopics('LogFill');
  const data = encodeAbiParameters(
    [
      { type: 'address' },
      { type: 'address' },
      { type: 'address' },
      { type: 'uint256' },
      { type: 'uint256' },
      { type: 'uint256' },
      { type: 'uint256' },
      { type: 'bytes32' },
    ],
    [zero, zero, zero, amounts.filledMakerTokenAmount, amounts.filledTakerTokenAmount, 0n, 0n, orderHash],
  );
  return log(exchange, topics, data);
}

/** A receipt log of `LogCancel` for `orderHash`. */
export function logCancelLog(exchange: Address, orderHash: Hex, cancelledTakerTokenAmount: bigint): Log {
  const topics = indexedTopics('LogCancel');
  const data = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'bytes32' }],
    [zero, zero, 0n, cancelledTakerTokenAmount, orderHash],
  );
  return log(exchange, topics, data);
}
