import { randomBytes } from 'node:crypto';
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
  z.object({ type: z.literal('tokensChanged'), network: z.string() }),
]);

/** How many own events may wait for their notification to come back (older ones are taken as lost). */
const MAX_IN_FLIGHT = 100_000;

/**
 * With PostgreSQL, routes `events.publish` through NOTIFY on one channel and emits what arrives on it
 * locally, so every instance (this one included: NOTIFY reaches the sender's own LISTEN) sees every
 * change exactly once. Notifications are handled one after another so events keep their order even
 * when one needs a row read. If NOTIFY fails the event is still emitted here, so this instance's
 * clients are not starved by a database hiccup. When the listening connection was lost (notifications
 * sent meanwhile are gone) and is back, it emits a resync, so caches are dropped and WebSocket clients
 * get a fresh state. With PGlite (one process) the bus stays local.
 *
 * This instance does not pay twice for its own events. Each notification it sends starts with its
 * source tag and a sequence number (`{"src":"…","seq":n,` then the event's fields: other instances'
 * schemas drop both keys); the event object itself is kept until its notification comes back, and is
 * then handed to the listeners that have not had it (`emitOwn`: the read model had it at publish) as it
 * was, without parsing the JSON, validating it or reading a referenced row. Other instances' events are
 * decoded and checked as before. The events published in one turn of the event loop go out in one
 * statement (`notifyAll`), one statement at a time, so this instance's notifications arrive in the
 * order they were published, and a sequence number that comes back means every earlier one that has
 * not is lost (a cut connection: the resync covers it).
 * Resolves to the function that undoes the bridge.
 */
export async function bridgeBookEvents(
  db: Database,
  events: BookEvents,
  log?: BridgeLog,
  { maxNotifyBytes = MAX_NOTIFY_BYTES }: { maxNotifyBytes?: number } = {},
): Promise<() => Promise<void>> {
  if (db.kind !== 'postgres') return async () => {};
  const ownPrefix = `{"src":"${randomBytes(8).toString('hex')}","seq":`;
  let seq = 0;
  /** This instance's events on their way back, by sequence number (in order: a Map keeps insertion order). */
  const inFlight = new Map<number, BookEvent>();

  function ownEvent(payload: string): BookEvent | undefined {
    const end = payload.indexOf(',', ownPrefix.length);
    const number = Number(payload.slice(ownPrefix.length, end));
    const event = inFlight.get(number);
    // Earlier ones still waiting were lost on the way (delivery is in order): forget them.
    for (const earlier of inFlight.keys()) {
      if (earlier > number) break;
      inFlight.delete(earlier);
    }
    return event;
  }

  /** Handles one notification; a promise only when it must read a row first. */
  function receive(payload: string): Promise<void> | undefined {
    if (payload.startsWith(ownPrefix)) {
      const event = ownEvent(payload);
      if (event) events.emitOwn(event);
      return undefined;
    }
    const parsed = wireSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) {
      log?.warn(
        { issues: parsed.error.issues.slice(0, 3) },
        'book events: ignoring a malformed notification',
      );
      return undefined;
    }
    const wire = parsed.data;
    if (wire.type !== 'addedRef') {
      events.emitLocal(wire as BookEvent);
      return undefined;
    }
    return (async () => {
      const rows = await db.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE network = $1 AND hash = $2`,
        [wire.network, wire.orderHash],
      );
      if (rows[0])
        events.emitLocal({ type: 'added', network: wire.network, order: rowToOrderRecord(rows[0]) });
    })();
  }

  // One notification after another: a row read holds back the ones after it (a promise chain only then).
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;
  const failed = (error: unknown) =>
    log?.warn({ err: error }, 'book events: could not handle a notification');
  /** Makes `work` the queue's tail. */
  function chain(work: Promise<void>): void {
    queued += 1;
    queue = work.catch(failed).then(() => {
      queued -= 1;
    });
  }
  function handle(work: () => Promise<void> | undefined): void {
    if (queued > 0) {
      chain(queue.then(work));
      return;
    }
    // Nothing waiting: handled now, and queued only if it must read a row.
    try {
      const pending = work();
      if (pending) chain(pending);
    } catch (error) {
      failed(error);
    }
  }

  const unlisten = await db.listen(
    BOOK_EVENTS_CHANNEL,
    (payload) => handle(() => receive(payload)),
    () => {
      // In the same queue, so the resync follows every notification received before the loss.
      handle(() => {
        log?.warn({}, 'book events: the notification connection was lost and is back; resynchronising');
        events.emitResync();
        return undefined;
      });
    },
  );

  /** Payloads waiting for the next statement, with the events they carry and the publishers waiting. */
  let outbox: { payloads: string[]; numbers: number[]; done: (() => void)[] } | undefined;
  let sending = false;

  async function flush(): Promise<void> {
    sending = true;
    while (outbox) {
      const batch = outbox;
      outbox = undefined;
      try {
        await db.notifyAll(BOOK_EVENTS_CHANNEL, batch.payloads);
      } catch (error) {
        log?.warn({ err: error }, 'book events: NOTIFY failed; delivering to this instance only');
        for (const number of batch.numbers) {
          const event = inFlight.get(number);
          if (event === undefined) continue;
          inFlight.delete(number);
          events.emitOwn(event);
        }
      }
      for (const done of batch.done) done();
    }
    sending = false;
  }

  events.setRemote(
    (event) =>
      new Promise<void>((resolve) => {
        if (!outbox) {
          outbox = { payloads: [], numbers: [], done: [] };
          if (!sending) setImmediate(() => void flush());
        }
        for (const { part, json } of encode(event, maxNotifyBytes - ownPrefix.length - 16)) {
          seq += 1;
          if (inFlight.size >= MAX_IN_FLIGHT) {
            for (const oldest of inFlight.keys()) {
              inFlight.delete(oldest);
              break;
            }
          }
          inFlight.set(seq, part);
          outbox.payloads.push(`${ownPrefix}${seq},${json.slice(1)}`);
          outbox.numbers.push(seq);
        }
        outbox.done.push(resolve);
      }),
  );
  return async () => {
    events.setRemote(undefined);
    await unlisten();
  };
}

/**
 * The notifications of one event, each with the part of the event it carries (what this instance's
 * listeners get when it comes back). An OrderRecord is about 1.5 KB at most today, so the reference form
 * is a guard for records that grow (it is exercised by the tests with a lowered limit), not a path
 * production takes; a long `changed` list goes out in several.
 */
function encode(event: BookEvent, maxNotifyBytes: number): { part: BookEvent; json: string }[] {
  if (event.type === 'changed') {
    const parts: { part: BookEvent; json: string }[] = [];
    for (let i = 0; i < event.orderHashes.length; i += CHANGED_PER_NOTIFY) {
      const part = { ...event, orderHashes: event.orderHashes.slice(i, i + CHANGED_PER_NOTIFY) };
      parts.push({ part, json: JSON.stringify(part) });
    }
    return parts;
  }
  const json = JSON.stringify(event);
  // UTF-8 takes at most 3 bytes per UTF-16 unit: most events need no count of their bytes.
  if (
    event.type !== 'added' ||
    json.length * 3 <= maxNotifyBytes ||
    Buffer.byteLength(json) <= maxNotifyBytes
  )
    return [{ part: event, json }];
  return [
    {
      part: event,
      json: JSON.stringify({ type: 'addedRef', network: event.network, orderHash: event.order.orderHash }),
    },
  ];
}
