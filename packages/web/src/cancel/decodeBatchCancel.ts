import { exchangeArtifact } from '@relayer/contracts';
import { type Hex, type LogErrorId, logErrorCodeById } from '@relayer/protocol';
import { type Log, parseEventLogs } from 'viem';

/** What one batch cancel did to each order it named. */
export interface BatchCancelOutcome {
  /** The orders with a LogCancel: what remained of them is cancelled, so they leave the book. */
  cancelled: Hex[];
  /** The orders the Exchange refused with a LogError (expired, or nothing left), with its id. */
  refused: { orderHash: Hex; errorId: LogErrorId }[];
  transactionHash: Hex;
}

/**
 * Reads a mined `batchCancelOrders` from its receipt: each named order's LogCancel or LogError
 * (PROTOCOL.md §4.6, §5). Events of other contracts or of orders not asked about are ignored.
 */
export function decodeBatchCancel(
  logs: readonly Log[],
  exchange: string,
  orderHashes: readonly Hex[],
  transactionHash: Hex,
): BatchCancelOutcome {
  const asked = new Set(orderHashes.map((hash) => hash.toLowerCase()));
  const own = logs.filter((log) => log.address.toLowerCase() === exchange.toLowerCase());
  const events = parseEventLogs({
    abi: exchangeArtifact.abi,
    logs: own as Log[],
    eventName: ['LogCancel', 'LogError'],
  });
  const outcome: BatchCancelOutcome = { cancelled: [], refused: [], transactionHash };
  for (const event of events) {
    const orderHash = event.args.orderHash.toLowerCase() as Hex;
    if (!asked.has(orderHash)) continue;
    if (event.eventName === 'LogCancel') outcome.cancelled.push(orderHash);
    else if (Object.hasOwn(logErrorCodeById, event.args.errorId)) {
      outcome.refused.push({ orderHash, errorId: event.args.errorId as LogErrorId });
    }
  }
  return outcome;
}
