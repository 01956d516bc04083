import { OPERATOR_ROW } from './benchReads.js';
import type { BenchRow } from './sendBenchReport.js';
import { fmt } from './stats.js';

type Figures = Record<string, number>;

/** Scenario (c) at one number of subscribers, and what stopped it short of them, if anything. */
interface WsMedians {
  clients: number;
  figures: Figures;
  failure?: string;
}

/** What one invocation of `run.ts` measured, by scenario, as medians of its runs. */
export interface RelayerMedians {
  /** The command that reproduces them. */
  command: string;
  /** PGlite on disk with fsync at every commit (`--disk`), as production runs it. */
  durable: boolean;
  database: string;
  watcher: boolean;
  book: number;
  submit?: { orders: number; concurrency: number; figures: Figures };
  /** By the read table's row name. */
  read?: Map<string, Figures>;
  ws?: WsMedians;
  /** The same scenario at `--scale-clients` (`--only=ws-scale`), a row of its own. */
  wsScale?: WsMedians;
  /** One row per book size. */
  growth?: Figures[];
}

const value = (figures: Figures | undefined, key: string) => figures?.[key] ?? Number.NaN;
const within = (figure: number, bound: number) => (Number.isFinite(figure) ? figure <= bound : undefined);
const both = (a: boolean | undefined, b: boolean | undefined) =>
  a === undefined || b === undefined ? undefined : a && b;

/** The relayer's rows of docs/PERFORMANCE.md, against the targets of the developers' guide. */
export function relayerRows(m: RelayerMedians): BenchRow[] {
  const rows: BenchRow[] = [];
  const how = `${m.database}, watcher ${m.watcher ? 'on' : 'off'}`;
  const book = `${m.book.toLocaleString('en-US')} open orders`;
  const { command } = m;
  if (m.submit) {
    const f = m.submit.figures;
    const cpu = value(f, 'cpuMsPerOrder');
    rows.push({
      scenario: 'accepted order: POST /order/new, each order new, 32 in flight',
      target: '<= 0.4 ms relayer CPU per order, durable',
      figure: `${fmt(cpu, 3)} ms CPU/order, ${fmt(value(f, 'ordersPerSec'), 0)} orders/s, p99 ${fmt(value(f, 'p99'), 1)} ms (${m.submit.concurrency} in flight; ${how})`,
      ...(m.durable ? { meets: within(cpu, 0.4) } : {}),
      command,
    });
  }
  const page = (name: string | undefined, scenario: string) => {
    const f = name === undefined ? undefined : m.read?.get(name);
    if (!f) return;
    const cpu = value(f, 'cpuMsPerReq');
    const p99 = value(f, 'p99');
    rows.push({
      scenario,
      target: '<= 0.2 ms relayer CPU per page, p99 <= 10 ms',
      figure: `${fmt(cpu, 3)} ms CPU/page, p99 ${fmt(p99, 1)} ms (${book}; ${how})`,
      meets: both(within(cpu, 0.2), within(p99, 10)),
      command,
    });
  };
  const names = [...(m.read?.keys() ?? [])];
  page(
    OPERATOR_ROW,
    "uncached page: an operator's mix, pages of 20 over 6 sorts, with and without a token filter",
  );
  page(
    names.find((name) => name.startsWith('uncached keyset pages, 5 sorts')),
    'uncached page: keyset pages of 20, 5 sorts both directions, no filter (each once)',
  );
  const cached = names.find((name) => name.startsWith('the same client on one cached page'));
  const cachedFigures = cached === undefined ? undefined : m.read?.get(cached);
  if (cachedFigures) {
    rows.push({
      scenario: 'cached page: one page asked again and again, 20 in flight',
      target: 'none: the floor under every answer',
      figure: `${fmt(value(cachedFigures, 'cpuMsPerReq'), 3)} ms CPU/page, p99 ${fmt(value(cachedFigures, 'p99'), 1)} ms (${book}; ${how})`,
      command,
    });
  }
  if (m.ws) rows.push(wsRow(m.ws, 'WebSocket: a new order to every subscriber of its pair', how, command));
  if (m.wsScale) {
    const scenario = `WebSocket at scale: a new order to ${m.wsScale.clients.toLocaleString('en-US')} subscribers, connected gradually`;
    rows.push(wsRow(m.wsScale, scenario, how, command));
  }
  for (const g of m.growth ?? []) {
    const orders = value(g, 'orders');
    if (orders !== 100_000) continue;
    const ready = value(g, 'readyMs');
    rows.push({
      scenario: 'start-up with 100,000 open orders: restart to the first page answered',
      target: '<= 3 s',
      figure: `${fmt(ready / 1000, 2)} s (PGlite on disk, watcher off)`,
      meets: within(ready, 3000),
      command,
    });
    rows.push({
      scenario: 'memory per open order, 100,000 open: RSS above an empty relayer, settled',
      target: 'none: no worse than the row before',
      figure: `${fmt(value(g, 'restartSettledRssAboveEmptyPerOrder'), 0)} B/order`,
      command,
    });
  }
  return rows;
}

/** Delivery from the POST (acceptance included) and from the bus; a verdict only at the target's size. */
function wsRow(ws: WsMedians, scenario: string, how: string, command: string): BenchRow {
  const f = ws.figures;
  const p99 = value(f, 'postP99');
  const subscribed = value(f, 'subscribed');
  const reached = ws.failure ? `, ${fmt(subscribed, 0)} subscribed; limited by ${ws.failure}` : '';
  return {
    scenario,
    target: 'p99 <= 50 ms at 10,000 subscribers',
    figure: `from POST p50 ${fmt(value(f, 'postP50'), 1)} ms, p99 ${fmt(p99, 1)} ms, max ${fmt(value(f, 'postMax'), 1)} ms; relayer fan-out ${fmt(value(f, 'fanOutMs'), 1)} ms, CPU ${fmt(value(f, 'cpuMsPerOrder'), 1)} ms/order (${ws.clients.toLocaleString('en-US')} subscribers${reached}; ${how})`,
    ...(ws.clients >= 10_000 && !ws.failure ? { meets: within(p99, 50) } : {}),
    command,
  };
}
