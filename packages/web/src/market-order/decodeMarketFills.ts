import { exchangeArtifact } from '@relayer/contracts';
import { type ErrorCode, type Hex, type LogErrorId, logErrorCodeById } from '@relayer/protocol';
import { type Log, parseEventLogs } from 'viem';

/** What the Exchange did with one order of a market order. */
export type OrderFillOutcome =
  | { orderHash: Hex; kind: 'filled'; filledTakerTokenAmount: bigint; filledMakerTokenAmount: bigint }
  /** A LogError: the Exchange skipped this order and went on with the others (PROTOCOL.md §6). */
  | { orderHash: Hex; kind: 'skipped'; errorId: LogErrorId; code: ErrorCode }
  /** No event: fillOrdersUpTo stopped before this order, having filled the total. */
  | { orderHash: Hex; kind: 'notReached' };

export interface MarketFills {
  /** One outcome per order sent, in the order sent. */
  orders: OrderFillOutcome[];
  /** Sums over the filled orders: taker tokens paid and maker tokens received, base units. */
  paid: bigint;
  received: bigint;
}

/**
 * The outcome of each of `orderHashes` in a mined fillOrdersUpTo / batchFillOrders, read from the
 * Exchange's LogFill and LogError events (one order may not be filled twice in one call, so the first
 * event per order is its outcome).
 */
export function decodeMarketFills(
  logs: readonly Log[],
  exchange: string,
  orderHashes: readonly Hex[],
): MarketFills {
  const own = logs.filter((log) => log.address.toLowerCase() === exchange.toLowerCase());
  const events = parseEventLogs({
    abi: exchangeArtifact.abi,
    logs: own as Log[],
    eventName: ['LogFill', 'LogError'],
  });
  const fills = new Map<string, { taker: bigint; maker: bigint }>();
  const errors = new Map<string, LogErrorId>();
  for (const event of events) {
    const hash = event.args.orderHash.toLowerCase();
    if (event.eventName === 'LogFill') {
      const seen = fills.get(hash) ?? { taker: 0n, maker: 0n };
      fills.set(hash, {
        taker: seen.taker + event.args.filledTakerTokenAmount,
        maker: seen.maker + event.args.filledMakerTokenAmount,
      });
    } else if (Object.hasOwn(logErrorCodeById, event.args.errorId) && !errors.has(hash)) {
      // v1 never emits ids beyond 3; an unknown one says nothing usable.
      errors.set(hash, event.args.errorId as LogErrorId);
    }
  }
  const orders = orderHashes.map((orderHash): OrderFillOutcome => {
    const fill = fills.get(orderHash.toLowerCase());
    if (fill) {
      return {
        orderHash,
        kind: 'filled',
        filledTakerTokenAmount: fill.taker,
        filledMakerTokenAmount: fill.maker,
      };
    }
    const errorId = errors.get(orderHash.toLowerCase());
    if (errorId !== undefined)
      return { orderHash, kind: 'skipped', errorId, code: logErrorCodeById[errorId] };
    return { orderHash, kind: 'notReached' };
  });
  const filled = orders.filter((order) => order.kind === 'filled');
  return {
    orders,
    paid: filled.reduce((sum, order) => sum + order.filledTakerTokenAmount, 0n),
    received: filled.reduce((sum, order) => sum + order.filledMakerTokenAmount, 0n),
  };
}
