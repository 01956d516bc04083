import WebSocket from 'ws';

export type WsMessage = {
  type: string;
  channel?: string;
  requestId: number | null;
  /** On the `stream` channel: the run of the stream and the message's position in it. */
  epoch?: string;
  sequence?: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert payloads field by field
  payload: any;
};

/** A real ws client recording every message it receives, with a wait for the one a test expects. */
export async function openWsClient(url: string, options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(url, options);
  const messages: WsMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as WsMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  /** The first message (received or still to come) that matches. */
  function next(match: (message: WsMessage) => boolean, timeoutMs = 5_000): Promise<WsMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(messages).slice(0, 500)}`),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  let markers = 0;
  /**
   * Resolves once the relayer has handled every frame sent before it: frames of one socket are handled
   * in order, so the answer to an invalid subscribe sent now comes after theirs. That answer is taken
   * out of `messages`, leaving the test's own count as it was. Use it instead of a pause, both to know a
   * subscription is in place and to know a frame produced nothing.
   */
  async function handled(): Promise<void> {
    markers += 1;
    const requestId = 1_000_000_000 + markers;
    socket.send(JSON.stringify({ type: 'subscribe', channel: 'orderbook', requestId, payload: {} }));
    const answer = await next((m) => m.type === 'error' && m.requestId === requestId);
    messages.splice(messages.indexOf(answer), 1);
  }

  /** The next ping the relayer sends this socket (ws answers it with a pong unless autoPong is off). */
  const nextPing = () => new Promise<void>((resolve) => socket.once('ping', () => resolve()));

  return {
    socket,
    messages,
    closed,
    next,
    handled,
    nextPing,
    send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    close: () => socket.terminate(),
  };
}

export type WsTestClient = Awaited<ReturnType<typeof openWsClient>>;
