import { coinSlug, knownCoins } from '@relayer/protocol';

/**
 * What a reported pageview path is: one of the web app's fixed pages (`'page'`), a market of two listed
 * tokens (`'market'`), or nothing the app shows (undefined).
 */
export type PageKind = 'page' | 'market';

/** The overview slugs the web app can show: the coin catalogue's (protocol's `knownCoins`). */
const COIN_SLUGS: ReadonlySet<string> = new Set(knownCoins.map((coin) => coinSlug(coin.symbol)));

const FIXED_PAGE = /^\/(?:markets|my\/orders|my\/trades|orders\/:hash)?$/;
const COIN_PAGE = /^\/coins\/([a-z0-9]{1,20})\/overview$/;
const MARKET_PAGE = /^\/markets\/(0x[0-9a-f]{40})\/(0x[0-9a-f]{40})$/;

/**
 * The web app's pages (packages/web/src/app/AppRoutes.tsx): the book at `/`, the market view `/markets`,
 * the connected account's `/my/orders` and `/my/trades`, the order pages as one `/orders/:hash`, and the
 * coin overview pages `/coins/{slug}/overview` of catalogue coins only: a bounded set of `'page'`s. A
 * market `/markets/{base}/{quote}` is one only when both are distinct tokens `isListed` knows (lower-case
 * addresses). Anything else is a made-up path that must not take a place in the pageview table.
 */
export async function pageKind(
  path: string,
  isListed: (address: string) => Promise<boolean>,
): Promise<PageKind | undefined> {
  if (FIXED_PAGE.test(path)) return 'page';
  const coin = COIN_PAGE.exec(path);
  if (coin) return COIN_SLUGS.has(coin[1] ?? '') ? 'page' : undefined;
  const market = MARKET_PAGE.exec(path);
  if (!market) return undefined;
  const [, base = '', quote = ''] = market;
  if (base === quote) return undefined;
  const [baseListed, quoteListed] = await Promise.all([isListed(base), isListed(quote)]);
  return baseListed && quoteListed ? 'market' : undefined;
}

/** How many distinct `'page'` paths there are: what the daily cap never has to make room for. */
export const FIXED_PAGE_COUNT = 5 + COIN_SLUGS.size;
