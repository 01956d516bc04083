import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hook` */
  url: string;
  port: number;
  /** Every request that reached the handler, in order (held ones too). */
  received: ReceivedWebhook[];
  /** What the next requests are answered: a status, or 'hold' (no answer until the socket closes). */
  answer: number | 'hold';
  /** Stops listening and drops open connections (the receiver is down); `start` listens again on its port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that records what it is sent. */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  let server: Server | undefined;
  const receiver: WebhookReceiver = {
    url: '',
    port,
    received: [],
    answer: 200,
    async start() {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (c: Buffer) => chunks.push(c));
        request.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          receiver.received.push({ headers: request.headers, body, json: JSON.parse(body) });
          if (receiver.answer === 'hold') return;
          response.writeHead(receiver.answer).end();
        });
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(receiver.port, '127.0.0.1', () => resolve());
      });
      receiver.port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
    },
    async stop() {
      const s = server;
      server = undefined;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  await receiver.start();
  return receiver;
}
