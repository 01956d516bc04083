import { type WsServerMessage, type WsSubscribe, wsServerMessageSchema } from '@relayer/protocol';
import { orderBookSocketUrl, reconnectDelay } from './orderBookSocketUrl';

export interface LiveSocketHandlers {
  /** Sent each time the socket opens (v0 has no unsubscribe: a new subscription is a new socket). */
  subscription: { type: 'subscribe'; channel: WsSubscribe['channel']; requestId: number; payload: object };
  /** Each message that parses as a relayer message (v0 and its documented messages). */
  onMessage(message: WsServerMessage): void;
  /** Any other JSON the relayer sends (an extension such as `candles`), for the caller to parse. */
  onExtension?(data: unknown): void;
  /** The socket opened again after a drop: whatever happened while it was down was missed. */
  onReconnect(): void;
  /** While the socket is not open (before the first open and after each drop), `run` every `everyMs`. */
  poll?: { everyMs: number; run(): void };
}

/**
 * One live subscription to the relayer's WebSocket: reconnects with capped backoff, polls while
 * disconnected if asked, and tells the caller after a reconnect. Returns the function that closes it
 * for good (an effect's cleanup).
 */
export function openLiveSocket(relayerUrl: string, handlers: LiveSocketHandlers): () => void {
  const { subscription, onMessage, onExtension, onReconnect, poll } = handlers;
  let socket: WebSocket | undefined;
  let attempt = 0;
  let connectedBefore = false;
  let stopped = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  const startPolling = () => {
    if (poll) pollTimer ??= setInterval(poll.run, poll.everyMs);
  };
  const stopPolling = () => {
    clearInterval(pollTimer);
    pollTimer = undefined;
  };

  const connect = () => {
    const ws = new WebSocket(orderBookSocketUrl(relayerUrl));
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      stopPolling();
      ws.send(JSON.stringify(subscription));
      if (connectedBefore) onReconnect();
      connectedBefore = true;
    };
    ws.onmessage = (event) => {
      const data = parseJson(event.data);
      if (data === undefined) return;
      const parsed = wsServerMessageSchema.safeParse(data);
      if (parsed.success) onMessage(parsed.data);
      else onExtension?.(data);
    };
    ws.onclose = () => {
      if (stopped || socket !== ws) return;
      startPolling();
      reconnectTimer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };
  };

  startPolling();
  connect();
  return () => {
    stopped = true;
    stopPolling();
    clearTimeout(reconnectTimer);
    socket?.close();
  };
}

function parseJson(data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
