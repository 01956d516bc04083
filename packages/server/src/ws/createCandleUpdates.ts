import {
  CANDLE_INTERVAL_SECONDS,
  type CandleInterval,
  type TradeRecord,
  type WsCandles,
} from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/Database.js';
import { candleRange } from '../history/candleRange.js';
import { listCandles } from '../history/listCandles.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';
import type { WsClient, WsSubscription } from './WsClient.js';

export interface CandleUpdatesOptions {
  db: Queryable;
  network: string;
  tokens: Pick<TokenDirectory, 'get'>;
  sendJson(client: WsClient, message: unknown): void;
  log: FastifyBaseLogger;
}

const INTERVALS = Object.keys(CANDLE_INTERVAL_SECONDS) as CandleInterval[];

/**
 * The `candles` messages of the `trades` channel: after a trade event, each market subscription gets
 * the candles of the trade's interval as the database has them now. Events are worked through one at a
 * time, so a later event's candles never reach a client before an earlier one's.
 */
export function createCandleUpdates({ db, network, tokens, sendJson, log }: CandleUpdatesOptions) {
  let queue: Promise<void> = Promise.resolve();

  async function candlesOf(trade: TradeRecord, base: string, quote: string) {
    const [baseToken, quoteToken] = await Promise.all([
      tokens.get(network, base),
      tokens.get(network, quote),
    ]);
    if (!baseToken || !quoteToken) return undefined;
    const market = { base, quote, baseDecimals: baseToken.decimals, quoteDecimals: quoteToken.decimals };
    const at = trade.timestamp;
    const found = await Promise.all(
      INTERVALS.map(async (interval) => {
        const range = candleRange({ interval, from: at, to: at, now: at });
        return [interval, (await listCandles(db, network, market, range))[0] ?? null] as const;
      }),
    );
    return Object.fromEntries(found) as WsCandles['payload']['candles'];
  }

  async function announceNow(trade: TradeRecord, subs: readonly WsSubscription[]) {
    const byMarket = new Map<string, WsSubscription[]>();
    for (const sub of subs) {
      const { baseTokenAddress: base, quoteTokenAddress: quote } = sub.trades ?? {};
      if (!base || !quote) continue;
      byMarket.set(`${base}/${quote}`, [...(byMarket.get(`${base}/${quote}`) ?? []), sub]);
    }
    for (const [key, marketSubs] of byMarket) {
      const [base = '', quote = ''] = key.split('/');
      const candles = await candlesOf(trade, base, quote);
      if (!candles) continue;
      for (const sub of marketSubs) {
        const message: WsCandles = {
          type: 'candles',
          channel: 'trades',
          requestId: sub.requestId,
          payload: { baseTokenAddress: base, quoteTokenAddress: quote, candles },
        };
        sendJson(sub.client, message);
      }
    }
  }

  return {
    /** Sends the candles after `trade` to those of `subs` that follow one market. */
    announce(trade: TradeRecord, subs: readonly WsSubscription[]): void {
      if (!subs.some((sub) => sub.trades?.baseTokenAddress)) return;
      queue = queue
        .then(() => announceNow(trade, subs))
        .catch((error: unknown) => log.warn({ err: error, network }, 'websocket: candle update failed'));
    },
  };
}
