/**
 * The relayer under measurement, in its own process so the load generator and the ws clients never
 * share its event loop (as in production). Driven over IPC by `startBenchServer`: start, seed, count,
 * stop. With `trackPublish` it reports, for every order added to the book, the monotonic times at which
 * the bus delivered it (before the WebSocket fan-out) and at which the fan-out had handed the frame to
 * every socket, so delivery latency is measured from the former and the server's share is the difference.
 */
import { buildApp } from '../src/buildApp.js';
import type { Config } from '../src/config.js';
import type { Database } from '../src/db/Database.js';
import { migrate } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/openDatabase.js';
import { BookEvents } from '../src/events/BookEvents.js';
import { seedOrders } from './seedOrders.js';

export type BenchCommand =
  | { type: 'start'; config: Config; trackPublish?: boolean }
  | { type: 'seed'; count: number; tokens: { address: string; symbol: string }[] }
  | { type: 'count' }
  | { type: 'analyze' }
  | { type: 'stop' };

let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let db: Database | undefined;
let network = 'main';

async function handle(command: BenchCommand): Promise<unknown> {
  switch (command.type) {
    case 'start': {
      network = command.config.networks[0]?.key ?? 'main';
      db = await openDatabase(command.config.database);
      await migrate(db);
      const events = new BookEvents();
      if (command.trackPublish) {
        // Subscribed before the app, so this listener runs first: the time is taken before the fan-out.
        events.subscribe((event) => {
          if (event.type === 'added') {
            process.send?.({
              event: 'published',
              salt: event.order.salt,
              at: process.hrtime.bigint().toString(),
            });
          }
        });
      }
      app = await buildApp(command.config, { db, events });
      if (command.trackPublish) {
        // Subscribed after the app's own listeners: runs once the WebSocket fan-out has handed every frame to the sockets.
        events.subscribe((event) => {
          if (event.type === 'added') {
            process.send?.({
              event: 'fannedOut',
              salt: event.order.salt,
              at: process.hrtime.bigint().toString(),
            });
          }
        });
      }
      await app.listen({ host: '127.0.0.1', port: 0 });
      return { port: (app.server.address() as { port: number }).port };
    }
    case 'seed':
      if (!db) throw new Error('start first');
      return seedOrders(db, network, command.count, command.tokens);
    case 'count': {
      if (!db) throw new Error('start first');
      const rows = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM orders WHERE network = $1 AND state = 'open'",
        [network],
      );
      return rows[0]?.n ?? 0;
    }
    case 'analyze':
      // PGlite has no autovacuum daemon: without this nothing ever gathers planner statistics.
      if (!db) throw new Error('start first');
      await db.exec('ANALYZE');
      return null;
    case 'stop':
      await app?.close();
      await db?.close();
      setImmediate(() => process.exit(0));
      return null;
  }
}

process.on('message', (message: { id: number; command: BenchCommand }) => {
  handle(message.command).then(
    (result) => process.send?.({ id: message.id, ok: true, result }),
    (error: unknown) =>
      process.send?.({
        id: message.id,
        ok: false,
        error: error instanceof Error ? error.stack : String(error),
      }),
  );
});
process.on('disconnect', () => process.exit(0));
