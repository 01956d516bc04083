import pg from 'pg';

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const RECONNECT_MS = 1000;

export interface PostgresListener {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * One dedicated connection for LISTEN (a pooled connection would drop notifications between queries).
 * When it fails it reconnects and re-issues every LISTEN, so subscribers survive a database restart;
 * notifications sent while it was down are lost, which callers treat like any missed event.
 */
export function createPostgresListener(
  config: pg.ClientConfig,
  onError: (error: Error) => void,
): PostgresListener {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client(config);
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      next.on('error', (error) => {
        onError(error);
        if (client === next) client = undefined;
        next.end().catch(() => {});
        scheduleReconnect();
      });
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
        client = next;
        return next;
      } catch (error) {
        await next.end().catch(() => {});
        throw error;
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  };

  function scheduleReconnect(): void {
    if (closed || retry || handlers.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: Error) => {
        onError(error);
        scheduleReconnect();
      });
    }, RECONNECT_MS);
    retry.unref();
  }

  return {
    async listen(channel, onPayload) {
      // LISTEN takes an identifier, which cannot be a bind parameter: allow only plain names.
      if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onPayload);
      const live = await connect();
      if (first) await live.query(`LISTEN ${channel}`);
      return async () => {
        const current = handlers.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        handlers.delete(channel);
        if (client && !closed) await client.query(`UNLISTEN ${channel}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      handlers.clear();
      const current = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
