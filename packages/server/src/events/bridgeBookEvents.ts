import {
  bytes32Schema,
  orderRecordSchema,
  orderStateChangeSchema,
  orderStateSchema,
  tradeRecordSchema,
} from '@relayer/protocol';
import { z } from 'zod';
import type { Database } from '../db/Database.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from '../orders/rowToOrderRecord.js';
import type { BookEvent, BookEvents } from './BookEvents.js';

export const BOOK_EVENTS_CHANNEL = 'relayer_book_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep a margin. */
export const MAX_NOTIFY_BYTES = 7_900;

export interface BridgeLog {
  warn(details: object, message: string): void;
}

const tokens = { network: z.string(), makerTokenAddress: z.string(), takerTokenAddress: z.string() };
/** The row's version after the change (the read models order changes by it). */
const version = z.number().int().positive().optional();
/** Hashes per `changed` notification, so one stays far below MAX_NOTIFY_BYTES. */
const CHANGED_PER_NOTIFY = 100;
/** What travels through NOTIFY: a BookEvent, or for an order too big to send, a reference to its row. */
const wireSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('added'),
    network: z.string(),
    order: orderRecordSchema,
    version,
    makerTokenSymbol: z.string().optional(),
    takerTokenSymbol: z.string().optional(),
  }),
  z.object({ type: z.literal('addedRef'), network: z.string(), orderHash: bytes32Schema }),
  z.object({
    type: z.literal('updated'),
    ...tokens,
    ...orderStateChangeSchema.shape,
    version,
  }),
  z.object({
    type: z.literal('removed'),
    ...tokens,
    orderHash: bytes32Schema,
    state: orderStateSchema,
    version,
  }),
  z.object({ type: z.literal('tradeAdded'), network: z.string(), trade: tradeRecordSchema }),
  z.object({ type: z.literal('tradeRemoved'), network: z.string(), trade: tradeRecordSchema }),
  z.object({
    type: z.literal('changed'),
    network: z.string(),
    orderHashes: z.array(bytes32Schema).max(CHANGED_PER_NOTIFY),
  }),
  z.object({
    type: z.literal('symbolChanged'),
    network: z.string(),
    tokenAddress: z.string(),
    symbol: z.string(),
  }),
]);

/**
 * With PostgreSQL, routes `events.publish` through NOTIFY on one channel and emits what arrives on it
 * locally, so every instance (this one included: NOTIFY reaches the sender's own LISTEN) sees every
 * change exactly once. Notifications are handled one after another so events keep their order even
 * when one needs a row read. If NOTIFY fails the event is still emitted here, so this instance's
 * clients are not starved by a database hiccup. When the listening connection was lost (notifications
 * sent meanwhile are gone) and is back, it emits a resync, so caches are dropped and WebSocket clients
 * get a fresh state. With PGlite (one process) the bus stays local.
 * Resolves to the function that undoes the bridge.
 */
export async function bridgeBookEvents(
  db: Database,
  events: BookEvents,
  log?: BridgeLog,
  { maxNotifyBytes = MAX_NOTIFY_BYTES }: { maxNotifyBytes?: number } = {},
): Promise<() => Promise<void>> {
  if (db.kind !== 'postgres') return async () => {};
  let queue = Promise.resolve();

  async function receive(payload: string): Promise<void> {
    const parsed = wireSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) {
      log?.warn(
        { issues: parsed.error.issues.slice(0, 3) },
        'book events: ignoring a malformed notification',
      );
      return;
    }
    const wire = parsed.data;
    if (wire.type !== 'addedRef') {
      events.emitLocal(wire as BookEvent);
      return;
    }
    const rows = await db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE network = $1 AND hash = $2`,
      [wire.network, wire.orderHash],
    );
    if (rows[0]) events.emitLocal({ type: 'added', network: wire.network, order: rowToOrderRecord(rows[0]) });
  }

  const unlisten = await db.listen(
    BOOK_EVENTS_CHANNEL,
    (payload) => {
      queue = queue
        .then(() => receive(payload))
        .catch((error: unknown) => log?.warn({ err: error }, 'book events: could not handle a notification'));
    },
    () => {
      // In the same queue, so the resync follows every notification received before the loss.
      queue = queue.then(() => {
        log?.warn({}, 'book events: the notification connection was lost and is back; resynchronising');
        events.emitResync();
      });
    },
  );
  events.setRemote(async (event) => {
    try {
      for (const payload of encode(event, maxNotifyBytes)) await db.notify(BOOK_EVENTS_CHANNEL, payload);
    } catch (error) {
      log?.warn({ err: error }, 'book events: NOTIFY failed; delivering to this instance only');
      events.emitLocal(event);
    }
  });
  return async () => {
    events.setRemote(undefined);
    await unlisten();
  };
}

/**
 * The notifications of one event. An OrderRecord is about 1.5 KB at most today, so the reference form
 * is a guard for records that grow (it is exercised by the tests with a lowered limit), not a path
 * production takes; a long `changed` list goes out in several.
 */
function encode(event: BookEvent, maxNotifyBytes: number): string[] {
  if (event.type === 'changed') {
    const payloads: string[] = [];
    for (let i = 0; i < event.orderHashes.length; i += CHANGED_PER_NOTIFY) {
      payloads.push(
        JSON.stringify({ ...event, orderHashes: event.orderHashes.slice(i, i + CHANGED_PER_NOTIFY) }),
      );
    }
    return payloads;
  }
  const json = JSON.stringify(event);
  if (event.type !== 'added' || Buffer.byteLength(json) <= maxNotifyBytes) return [json];
  return [JSON.stringify({ type: 'addedRef', network: event.network, orderHash: event.order.orderHash })];
}
