import pg from 'pg';

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** `application_name` of the listening connection, so operators (and tests) can tell it in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'relayer-listener';

export interface PostgresListener {
  /**
   * Calls `onPayload` for every notification on `channel`, and `onReset` each time the connection was
   * lost and has been re-established: notifications sent meanwhile are gone, so whatever was derived
   * from them must be rebuilt.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReset?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface PostgresListenerOptions {
  /** Pause before reconnecting after a failure (default 1000 ms). */
  reconnectMs?: number;
  /**
   * How often the connection is checked with a query (default 10,000 ms), and how long the answer may
   * take (default 5000 ms): a connection that died without a word (a dropped route, a failover) would
   * otherwise wait for TCP keepalive, many minutes, while every notification is lost.
   */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
}

/**
 * One dedicated connection for LISTEN (a pooled connection would drop notifications between queries).
 * When it fails, or stops answering its heartbeat, it reconnects, re-issues every LISTEN and calls the
 * reset handlers, so subscribers survive a database restart and know to resynchronise.
 */
export function createPostgresListener(
  config: pg.ClientConfig,
  onError: (error: Error) => void,
  options: PostgresListenerOptions = {},
): PostgresListener {
  const reconnectMs = options.reconnectMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 5000;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resetHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  /** A connection has been lost since the last one was made: the next one resets. */
  let lost = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const drop = (dead: pg.Client, error: Error) => {
    if (client !== dead) return;
    onError(error);
    client = undefined;
    lost = true;
    clearInterval(heartbeat);
    dead.end().catch(() => {});
    scheduleReconnect();
  };

  const beat = async (live: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('the LISTEN connection did not answer its heartbeat')),
        heartbeatTimeoutMs,
      );
    });
    try {
      await Promise.race([live.query('SELECT 1'), timeout]);
    } catch (error) {
      drop(live, error as Error);
    } finally {
      clearTimeout(timer);
    }
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ ...config, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
      const deliver = (message: pg.Notification) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      };
      // A notification can arrive in the same read as LISTEN's answer, before this function resumes:
      // held until the reset handlers have run, so a resync never comes after a change it would hide.
      let early: pg.Notification[] | undefined = [];
      next.on('notification', (message) => {
        if (early) early.push(message);
        else deliver(message);
      });
      next.on('error', (error) => drop(next, error));
      next.on('end', () => drop(next, new Error('the LISTEN connection ended')));
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
      } catch (error) {
        await next.end().catch(() => {});
        throw error;
      } finally {
        connecting = undefined;
      }
      if (closed) {
        await next.end().catch(() => {});
        throw new Error('the listener is closed');
      }
      client = next;
      heartbeat = setInterval(() => void beat(next), heartbeatMs);
      heartbeat.unref();
      if (lost) {
        lost = false;
        for (const reset of resetHandlers) reset();
      }
      const held = early;
      early = undefined;
      for (const message of held) deliver(message);
      return next;
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
    }, reconnectMs);
    retry.unref();
  }

  return {
    async listen(channel, onPayload, onReset) {
      // LISTEN takes an identifier, which cannot be a bind parameter: allow only plain names.
      if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onPayload);
      if (onReset) resetHandlers.add(onReset);
      const live = await connect();
      if (first) await live.query(`LISTEN ${channel}`);
      return async () => {
        if (onReset) resetHandlers.delete(onReset);
        const current = handlers.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        handlers.delete(channel);
        if (client && !closed) await client.query(`UNLISTEN ${channel}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      handlers.clear();
      resetHandlers.clear();
      const current = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
