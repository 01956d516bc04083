import type { Address, Ticker } from '@relayer/protocol';
import type { OpenBook } from '../browse/OpenBook.js';
import { settleAnswer } from '../browse/settleAnswer.js';
import type { Queryable } from '../db/Database.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';
import { computeTicker } from './computeTicker.js';
import { listTradedPairs } from './listTradedPairs.js';
import { orientMarket } from './orientMarket.js';

export interface TickersInput {
  db: Queryable;
  network: string;
  weth: string;
  tokens: Pick<TokenDirectory, 'get'>;
  openBook: Pick<OpenBook, 'bestOffers'>;
  /** The window's end, Unix seconds. */
  at: number;
  /** One market in this orientation, traded or not; otherwise every market with a recorded trade. */
  only?: { base: string; quote: string } | undefined;
}

/**
 * The tickers of `GET /tickers`, ordered by base then quote address. A market whose token the relayer
 * no longer lists (its decimals unknown) has no ticker.
 */
export async function listTickers(input: TickersInput): Promise<Ticker[]> {
  const { db, network, tokens, openBook, at, only } = input;
  const markets = only ? [only] : await tradedMarkets(db, network, input.weth);
  const tickers = await Promise.all(
    markets.map(async ({ base, quote }) => {
      const [baseToken, quoteToken] = await Promise.all([
        tokens.get(network, base),
        tokens.get(network, quote),
      ]);
      if (!baseToken || !quoteToken) return undefined;
      const market = { base, quote, baseDecimals: baseToken.decimals, quoteDecimals: quoteToken.decimals };
      const best = await settleAnswer(openBook.bestOffers(market.base as Address, market.quote as Address));
      return computeTicker({ db, network, market, at, best });
    }),
  );
  return tickers.filter((ticker): ticker is Ticker => ticker !== undefined);
}

/** The markets of the recorded trades, each once whichever direction it traded in. */
async function tradedMarkets(db: Queryable, network: string, weth: string) {
  const markets = new Map<string, { base: string; quote: string }>();
  for (const { makerToken, takerToken } of await listTradedPairs(db, network)) {
    const market = orientMarket(makerToken, takerToken, weth);
    markets.set(`${market.base}/${market.quote}`, market);
  }
  return [...markets.values()].sort((a, b) =>
    a.base === b.base ? (a.quote < b.quote ? -1 : 1) : a.base < b.base ? -1 : 1,
  );
}
