import type { DevChain } from '@relayer/devchain';
import { tradeListResponseSchema } from '@relayer/protocol';
import { buildApp } from '../src/buildApp.js';
import type { Config } from '../src/config.js';
import type { Database } from '../src/db/Database.js';
import { migrate } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/openDatabase.js';
import { insertSyntheticTrades } from '../test/helpers/insertSyntheticTrades.js';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig } from './benchConfig.js';
import { summarize } from './stats.js';

export interface TradePagesOptions {
  chain: DevChain;
  /** Trades in the history. */
  trades: number;
  database: () => Promise<Config['database'] | undefined>;
}

const REQUESTS = 300;
const hex = (n: number, width: number) => `0x${n.toString(16).padStart(width, '0')}`;
const TOKENS = ['a', 'b', 'c'].map((c) => `0x${c.repeat(40)}`);

/**
 * Scenario (e): `GET /trades` pages of 50 over a history of `trades` (97 makers, 89 takers, 1,000 orders,
 * three pairs), in the relayer's process (`app.inject`: parsing, query, serialisation). For each filter,
 * the first page and a page reached by cursor deep in the history (past half of it), one request at a
 * time. Reported: p50 and p99 in ms per filter and depth.
 */
export async function runTradePages(options: TradePagesOptions) {
  const config = benchConfig(networkFor(options.chain), await options.database());
  const db: Database = await openDatabase(config.database);
  await migrate(db);
  const started = performance.now();
  await insertSyntheticTrades(db, {
    count: options.trades,
    tokens: TOKENS as [string, string, string],
    makerBase: 10n ** 18n,
    takerBase: 5n * 10n ** 17n,
  });
  const loadMs = performance.now() - started;
  const app = await buildApp(config, { db });
  await app.ready();
  const filters: Record<string, string> = {
    all: '',
    order: `orderHash=${hex(42, 64)}`,
    maker: `maker=${hex(5, 40)}`,
    trader: `trader=${hex(5, 40)}`,
    market: `baseTokenAddress=${TOKENS[1]}&quoteTokenAddress=${TOKENS[0]}`,
    token: `tokenAddress=${TOKENS[2]}`,
    combined: `taker=${hex(1007, 40)}&makerTokenAddress=${TOKENS[0]}`,
  };
  const figures: Record<string, number> = { loadMs };
  const check: Record<string, number> = {};
  try {
    for (const [name, filter] of Object.entries(filters)) {
      const get = async (cursor?: string) => {
        const response = await app.inject(
          `/trades?per_page=50&${filter}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
        return tradeListResponseSchema.parse(response.json());
      };
      // A cursor past half the history: the position of the trade in its middle block.
      const deepCursor = Buffer.from(JSON.stringify([Math.floor(options.trades / 8), 0])).toString(
        'base64url',
      );
      for (const [depth, cursor] of [
        ['first', undefined],
        ['deep', deepCursor],
      ] as const) {
        const samples: number[] = [];
        let trades = 0;
        // The relayer's CPU per request; it runs in this process (app.inject), so this includes inject's own work.
        const cpu = process.cpuUsage();
        for (let i = 0; i < REQUESTS; i++) {
          const t0 = performance.now();
          trades = (await get(cursor)).trades.length;
          samples.push(performance.now() - t0);
        }
        const used = process.cpuUsage(cpu);
        figures[`${name}_${depth}_cpu`] = (used.user + used.system) / 1000 / REQUESTS;
        const summary = summarize(samples);
        figures[`${name}_${depth}_p50`] = summary.p50;
        figures[`${name}_${depth}_p99`] = summary.p99;
        check[`${name}_${depth}`] = trades;
      }
    }
  } finally {
    await app.close();
    await db.close();
  }
  return { figures, check };
}
