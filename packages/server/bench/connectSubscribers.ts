import WebSocket from 'ws';
import { loopbackAddress } from './loopbackAddress.js';

export interface SubscribersOptions {
  /** The relayer's WebSocket URL (ws://127.0.0.1:port/v0/ws). */
  url: string;
  count: number;
  /** The subscribe message every socket sends once open; its first answer must be a `snapshot`. */
  subscribe: string;
  /** Sockets per loopback source address: within the relayer's per-address limits. */
  perAddress: number;
  /** Connections opening (handshake to snapshot) at once: the rest wait, so none meets a full backlog. */
  inFlight: number;
  /** Called with each socket's updates, once its snapshot has come. */
  onUpdate: (data: WebSocket.RawData) => void;
  log?: (line: string) => void;
}

export interface Subscribers {
  sockets: WebSocket[];
  /** From the first connect to the last snapshot, ms. */
  connectMs: number;
  /** Why fewer than `count` subscribed (the first failure: its error code or the relayer's answer). */
  failure?: string;
}

const WAIT_MS = 30_000;

/**
 * Opens `count` subscribed sockets gradually: at most `inFlight` are between their connect and their
 * snapshot at a time, each bound to a loopback source address (`perAddress` sockets per address). On the
 * first failure no more are opened; those subscribed so far are returned with the failure.
 */
export async function connectSubscribers(options: SubscribersOptions): Promise<Subscribers> {
  const { url, count, subscribe, perAddress, onUpdate, log } = options;
  const sockets: WebSocket[] = [];
  const began = performance.now();
  let next = 0;
  let failure: string | undefined;
  const step = Math.max(1, Math.round(count / 10));

  const open = (n: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const localAddress = loopbackAddress(Math.floor(n / perAddress));
      const socket = new WebSocket(url, { localAddress, perMessageDeflate: false });
      // A relayer out of descriptors may never answer: no socket waits for ever.
      const timer = setTimeout(() => fail(`no snapshot within ${WAIT_MS / 1000} s`), WAIT_MS);
      const fail = (why: string) => {
        clearTimeout(timer);
        socket.terminate();
        reject(new Error(`socket ${n + 1} from ${localAddress}: ${why}`));
      };
      socket.once('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
      socket.once('close', (code, reason) => fail(`closed (${code} ${reason.toString()})`));
      socket.once('open', () => socket.send(subscribe));
      socket.once('message', (data) => {
        const text = data.toString();
        if (!text.startsWith('{"type":"snapshot"')) return fail(`answered ${text.slice(0, 200)}`);
        clearTimeout(timer);
        socket.removeAllListeners('close');
        socket.removeAllListeners('error');
        // A socket that errors later is seen as a missing receipt.
        socket.on('error', () => {});
        socket.on('message', onUpdate);
        resolve(socket);
      });
    });

  const worker = async () => {
    while (next < count && failure === undefined) {
      const n = next++;
      try {
        sockets.push(await open(n));
      } catch (error) {
        failure ??= (error as Error).message;
        return;
      }
      if (sockets.length % step === 0)
        log?.(`  ${sockets.length} subscribed in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.inFlight, count) }, worker));
  return {
    sockets,
    connectMs: performance.now() - began,
    ...(failure === undefined ? {} : { failure }),
  };
}
