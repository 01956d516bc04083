import { readFileSync } from 'node:fs';
import type { DevChain } from '@relayer/devchain';
import type { SignedOrder } from '@relayer/protocol';
import type WebSocket from 'ws';
import type { Config } from '../src/config.js';
import { wsLimits } from '../src/ws/wsLimits.js';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig, waitForTokens } from './benchConfig.js';
import { connectSubscribers } from './connectSubscribers.js';
import { openFileLimit } from './openFileLimit.js';
import { startBenchServer } from './startBenchServer.js';
import { fmt, summarize } from './stats.js';

export interface WsDeliveryOptions {
  chain: DevChain;
  clients: number;
  database: () => Promise<Config['database'] | undefined>;
  /** Connections opening at once (default 64). */
  inFlight?: number;
  profileDir?: string;
  /** Print each order's timings. */
  verbose?: boolean;
  /** Run the chain watcher beside the API, as an operator does (benchConfig). */
  watcher?: boolean;
  log?: (line: string) => void;
}

/**
 * Each source address holds as many sockets as its snapshot budget allows (every subscriber asks for
 * one): the relayer's own per-address limits, met by spreading over loopback addresses, not loosened.
 */
export const SOCKETS_PER_ADDRESS = Math.min(
  wsLimits.maxSocketsPerAddress,
  wsLimits.maxSubscriptionsPerAddress,
  wsLimits.maxSnapshotsPerAddress,
);
/** Descriptors a process needs beyond one per socket (modules, IPC, the database, anvil's client). */
const SPARE_FILES = 256;
const ns = (value: bigint) => Number(value) / 1e6;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
export const WARM_UP_ORDERS = 2;

/**
 * Scenario (c): `clients` WebSocket clients, connected gradually over loopback source addresses,
 * subscribe to the orderbook of one pair and take their snapshots; then each of `orders` (all of that
 * pair) is POSTed and every client's receipt time taken the moment its message arrives. Latency is
 * measured from the start of the POST (acceptance included) and from the server's bus delivering the
 * accepted order (before the fan-out). The clients live in this process, the relayer in its own; the
 * times come from one monotonic clock shared by both (process.hrtime).
 */
export async function runWsDelivery(options: WsDeliveryOptions, orders: readonly SignedOrder[]) {
  const log = options.log ?? ((line: string) => console.log(line));
  const config = benchConfig(networkFor(options.chain), await options.database(), {
    watcher: options.watcher ?? false,
  });
  const server = await startBenchServer({
    config,
    trackPublish: true,
    ...(options.profileDir ? { profileDir: options.profileDir } : {}),
  });
  let sockets: WebSocket[] = [];
  try {
    const needed = options.clients + SPARE_FILES;
    const files = { bench: openFileLimit(process.pid, needed), relayer: openFileLimit(server.pid, needed) };
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const addresses = Math.ceil(options.clients / SOCKETS_PER_ADDRESS);
    log(
      `  open files (soft/hard): bench ${files.bench.soft}/${files.bench.hard}${files.bench.raised ? ' (raised)' : ''}, relayer ${files.relayer.soft}/${files.relayer.hard}${files.relayer.raised ? ' (raised)' : ''}, ${needed} needed each; ${addresses} source addresses, ${SOCKETS_PER_ADDRESS} sockets each of ${Number(high) - Number(low) + 1} ephemeral ports`,
    );
    await waitForTokens(
      server.url,
      options.chain.deployment.tokens.map((t) => t.address),
    );
    const first = orders[0];
    if (!first) throw new Error('no orders');
    let receipts: bigint[] = [];
    let messages: WebSocket.RawData[] = [];
    let expected = Number.POSITIVE_INFINITY;
    let allIn = () => {};
    const subscribers = await connectSubscribers({
      url: `ws://127.0.0.1:${server.port}/v0/ws`,
      count: options.clients,
      subscribe: JSON.stringify({
        type: 'subscribe',
        channel: 'orderbook',
        requestId: 1,
        payload: {
          baseTokenAddress: first.makerTokenAddress,
          quoteTokenAddress: first.takerTokenAddress,
          snapshot: true,
        },
      }),
      perAddress: SOCKETS_PER_ADDRESS,
      inFlight: options.inFlight ?? 64,
      // Only the time is taken here; the messages are checked once every client has its own.
      onUpdate: (data) => {
        receipts.push(process.hrtime.bigint());
        messages.push(data);
        if (receipts.length === expected) allIn();
      },
      log,
    });
    sockets = subscribers.sockets;
    const subscribed = sockets.length;
    let failure = subscribers.failure && withFiles(subscribers.failure, files.bench.soft, server.pid);
    log(
      `  ${subscribed} of ${options.clients} subscribed with their snapshots in ${fmt(subscribers.connectMs / 1000)} s${failure ? `; stopped at: ${failure}` : ''}`,
    );

    const fromPublish: number[] = [];
    const fromPost: number[] = [];
    const firstClient: number[] = [];
    const lastClient: number[] = [];
    const afterFanOut: number[] = [];
    const fanOut: number[] = [];
    const clientCpu: number[] = [];
    // The first orders warm the server and clients up (JIT, buffers) and are not counted.
    let cpuBefore = 0;
    let counted = 0;
    for (const [index, order] of orders.entries()) {
      if (subscribed === 0) break;
      if (index === WARM_UP_ORDERS) cpuBefore = await server.cpuMicros();
      await new Promise((resolve) => setTimeout(resolve, 50));
      receipts = [];
      messages = [];
      expected = subscribed;
      const everyone = new Promise<void>((resolve) => {
        allIn = resolve;
      });
      const clientCpuBefore = process.cpuUsage();
      const posted = process.hrtime.bigint();
      const response = await fetch(`${server.url}/order/new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(order),
      });
      if (response.status !== 201) throw new Error(`order refused: ${await response.text()}`);
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        everyone.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), 10_000);
        }),
      ]);
      clearTimeout(timer);
      const clientCpuMs = cpuMs(clientCpuBefore);
      if (late) {
        failure = `order ${index + 1} reached ${receipts.length} of ${subscribed} subscribers within 10 s`;
        break;
      }
      const wrong = messages.filter((data) => !data.toString().includes(`"salt":"${order.salt}"`));
      if (wrong.length > 0)
        throw new Error(`${wrong.length} unexpected messages: ${wrong[0]?.toString().slice(0, 200)}`);
      for (let wait = 0; !(server.published.has(order.salt) && server.fannedOut.has(order.salt)); wait++) {
        if (wait > 5_000) throw new Error('the relayer never reported its publish and fan-out times');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const published = server.published.get(order.salt) as bigint;
      const fannedOut = server.fannedOut.get(order.salt) as bigint;
      if (index < WARM_UP_ORDERS) continue;
      counted += 1;
      fanOut.push(ns(fannedOut - published));
      clientCpu.push(clientCpuMs);
      for (const at of receipts) {
        fromPublish.push(ns(at - published));
        fromPost.push(ns(at - posted));
      }
      firstClient.push(ns((receipts[0] ?? published) - published));
      lastClient.push(ns((receipts.at(-1) ?? published) - published));
      afterFanOut.push(ns((receipts.at(-1) ?? fannedOut) - fannedOut));
      if (options.verbose) {
        const line = `fan-out ${fmt(fanOut.at(-1) ?? 0)} ms, first client ${fmt(firstClient.at(-1) ?? 0)} ms, last ${fmt(lastClient.at(-1) ?? 0)} ms, POST to publish ${fmt(ns(published - posted))} ms, bench CPU ${fmt(clientCpuMs)} ms`;
        log(`  order ${index + 1}: ${line}`);
      }
    }
    // Accepting the order and delivering it to every subscriber, with the 50 ms pauses (idle) between.
    const cpuMsPerOrder =
      counted === 0 ? Number.NaN : ((await server.cpuMicros()) - cpuBefore) / 1000 / counted;
    const publish = summarize(fromPublish);
    const post = summarize(fromPost);
    return {
      figures: {
        p50: publish.p50,
        p99: publish.p99,
        max: publish.max,
        firstClientMs: summarize(firstClient).p50,
        lastClientMs: summarize(lastClient).p50,
        /** The last client's receipt after the relayer's fan-out loop returned (negative: before it). */
        afterFanOutMs: summarize(afterFanOut).p50,
        fanOutMs: summarize(fanOut).p50,
        postP50: post.p50,
        postP99: post.p99,
        postMax: post.max,
        cpuMsPerOrder,
        clientCpuMsPerOrder: summarize(clientCpu).p50,
        connectS: subscribers.connectMs / 1000,
        subscribed,
      },
      check: {
        subscribed,
        deliveries: fromPublish.length,
        expected: (orders.length - WARM_UP_ORDERS) * options.clients,
        ...(failure ? { failure } : {}),
      },
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
  }
}

/**
 * A connect failure, with the open files of a process at its limit (`soft`: the bench's, read before).
 * When this process cannot open /proc any more, it is the one out of descriptors.
 */
function withFiles(failure: string, soft: number, relayerPid: number): string {
  let full: string[];
  try {
    const sides = { bench: openFileLimit(process.pid), relayer: openFileLimit(relayerPid) };
    full = Object.entries(sides)
      .filter(([, files]) => files.open >= files.soft - SPARE_FILES / 4)
      .map(([name, files]) => `the ${name} process's open files (${files.open} of its limit ${files.soft})`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EMFILE') throw error;
    full = [`the bench process's open files (its limit ${soft})`];
  }
  return full.length > 0 ? `${failure}; at ${full.join(' and ')}` : failure;
}
