import type { DevChain } from '@relayer/devchain';
import type { SignedOrder } from '@relayer/protocol';
import WebSocket from 'ws';
import type { Config } from '../src/config.js';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig, waitForTokens } from './benchConfig.js';
import { startBenchServer } from './startBenchServer.js';
import { fmt, summarize } from './stats.js';

export interface WsDeliveryOptions {
  chain: DevChain;
  clients: number;
  database: () => Promise<Config['database'] | undefined>;
  profileDir?: string;
  /** Print each order's timings. */
  verbose?: boolean;
  /** Run the chain watcher beside the API, as an operator does (benchConfig). */
  watcher?: boolean;
}

// 100 sockets per client address is the relayer's limit; loopback has a whole /8 to spread over.
const SOCKETS_PER_ADDRESS = 100;
const ns = (value: bigint) => Number(value) / 1e6;
export const WARM_UP_ORDERS = 2;

/**
 * Scenario (c): `clients` WebSocket clients subscribe to the orderbook of one pair; each of `orders`
 * (all of that pair) is POSTed and every client's receipt time taken the moment its message arrives.
 * Latency is measured from the server's bus delivering the accepted order (before the fan-out) and,
 * separately, from the start of the POST (acceptance included). The times come from one monotonic
 * clock shared by both processes (process.hrtime).
 */
export async function runWsDelivery(options: WsDeliveryOptions, orders: readonly SignedOrder[]) {
  const config = benchConfig(networkFor(options.chain), await options.database(), {
    watcher: options.watcher ?? false,
  });
  const server = await startBenchServer({
    config,
    trackPublish: true,
    ...(options.profileDir ? { profileDir: options.profileDir } : {}),
  });
  const sockets: WebSocket[] = [];
  try {
    await waitForTokens(
      server.url,
      options.chain.deployment.tokens.map((t) => t.address),
    );
    const first = orders[0];
    if (!first) throw new Error('no orders');
    let receipts: bigint[] = [];
    let sample: string | undefined;
    const subscribe = JSON.stringify({
      type: 'subscribe',
      channel: 'orderbook',
      requestId: 1,
      payload: {
        baseTokenAddress: first.makerTokenAddress,
        quoteTokenAddress: first.takerTokenAddress,
        snapshot: true,
      },
    });
    await Promise.all(
      Array.from({ length: options.clients }, async (_, i) => {
        const localAddress = `127.0.1.${1 + Math.floor(i / SOCKETS_PER_ADDRESS)}`;
        const socket = new WebSocket(`ws://127.0.0.1:${server.port}/v0/ws`, { localAddress });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('error', reject);
          socket.once('open', () => socket.send(subscribe));
          // The snapshot confirms the subscription; from then on only the receipt time is taken.
          socket.once('message', () => {
            socket.on('message', (data) => {
              receipts.push(process.hrtime.bigint());
              sample ??= data.toString();
            });
            resolve();
          });
        });
      }),
    );

    const fromPublish: number[] = [];
    const fromPost: number[] = [];
    const lastClient: number[] = [];
    const fanOut: number[] = [];
    // The first orders warm the server and clients up (JIT, buffers) and are not counted.
    let cpuBefore = 0;
    for (const [index, order] of orders.entries()) {
      const counted = index >= WARM_UP_ORDERS;
      if (index === WARM_UP_ORDERS) cpuBefore = await server.cpuMicros();
      await new Promise((resolve) => setTimeout(resolve, 50));
      receipts = [];
      const posted = process.hrtime.bigint();
      const response = await fetch(`${server.url}/order/new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(order),
      });
      if (response.status !== 201) throw new Error(`order refused: ${await response.text()}`);
      const reported = () => server.published.has(order.salt) && server.fannedOut.has(order.salt);
      for (const deadline = Date.now() + 10_000; receipts.length < options.clients || !reported(); ) {
        if (Date.now() > deadline) {
          throw new Error(
            `${receipts.length} of ${options.clients} clients got the order; server times reported: ${reported()}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const published = server.published.get(order.salt) as bigint;
      const fannedOut = server.fannedOut.get(order.salt) as bigint;
      if (!counted) continue;
      fanOut.push(ns(fannedOut - published));
      for (const at of receipts) {
        fromPublish.push(ns(at - published));
        fromPost.push(ns(at - posted));
      }
      lastClient.push(ns((receipts.at(-1) ?? published) - published));
      if (options.verbose) {
        const first = ns((receipts[0] ?? published) - published);
        const line = `fan-out ${fmt(fanOut.at(-1) ?? 0)} ms, first client ${fmt(first)} ms, last ${fmt(lastClient.at(-1) ?? 0)} ms, POST to publish ${fmt(ns(published - posted))} ms`;
        console.log(`  order ${index}: ${line}`);
      }
    }
    const update = JSON.parse(sample ?? '{}') as { type?: string; payload?: { salt?: string } };
    if (update.type !== 'update' || !orders.some((o) => o.salt === update.payload?.salt)) {
      throw new Error(`unexpected message: ${sample?.slice(0, 200)}`);
    }
    // Accepting the order and delivering it to every subscriber, with the 50 ms pauses (idle) between.
    const counted = Math.max(1, orders.length - WARM_UP_ORDERS);
    const cpuMsPerOrder = ((await server.cpuMicros()) - cpuBefore) / 1000 / counted;
    const publish = summarize(fromPublish);
    const post = summarize(fromPost);
    return {
      figures: {
        p50: publish.p50,
        p99: publish.p99,
        lastClientMs: summarize(lastClient).p50,
        fanOutMs: summarize(fanOut).p50,
        postP50: post.p50,
        postP99: post.p99,
        cpuMsPerOrder,
      },
      check: { deliveries: fromPublish.length, expected: (orders.length - WARM_UP_ORDERS) * options.clients },
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
  }
}
