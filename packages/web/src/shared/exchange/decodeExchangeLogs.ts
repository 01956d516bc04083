import { exchangeArtifact } from '@relayer/contracts';
import { type ErrorCode, type Hex, type LogErrorId, logErrorCodeById } from '@relayer/protocol';
import { type Log, parseEventLogs } from 'viem';

export type ExchangeOutcome =
  | { kind: 'filled'; filledTakerTokenAmount: bigint; filledMakerTokenAmount: bigint }
  | { kind: 'cancelled'; cancelledTakerTokenAmount: bigint }
  /** A LogError: the transaction succeeded but the Exchange moved nothing (PROTOCOL.md §6). */
  | { kind: 'error'; errorId: LogErrorId; code: ErrorCode }
  | { kind: 'none' };

/**
 * What the Exchange did for `orderHash` in a mined transaction, read from its events: LogFill,
 * LogCancel, or a LogError whose id 0-3 becomes the protocol's error code.
 */
export function decodeExchangeLogs(logs: readonly Log[], exchange: string, orderHash: Hex): ExchangeOutcome {
  const own = logs.filter((log) => log.address.toLowerCase() === exchange.toLowerCase());
  const events = parseEventLogs({
    abi: exchangeArtifact.abi,
    logs: own as Log[],
    eventName: ['LogFill', 'LogCancel', 'LogError'],
  });
  const hash = orderHash.toLowerCase();
  for (const event of events) {
    if (event.args.orderHash.toLowerCase() !== hash) continue;
    switch (event.eventName) {
      case 'LogError': {
        const id = event.args.errorId;
        // v1 never emits ids beyond 3; an unknown one says nothing usable, so keep looking.
        if (!Object.hasOwn(logErrorCodeById, id)) continue;
        const errorId = id as LogErrorId;
        return { kind: 'error', errorId, code: logErrorCodeById[errorId] };
      }
      case 'LogFill':
        return {
          kind: 'filled',
          filledTakerTokenAmount: event.args.filledTakerTokenAmount,
          filledMakerTokenAmount: event.args.filledMakerTokenAmount,
        };
      case 'LogCancel':
        return { kind: 'cancelled', cancelledTakerTokenAmount: event.args.cancelledTakerTokenAmount };
    }
  }
  return { kind: 'none' };
}
