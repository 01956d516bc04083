/**
 * The web app's pages (packages/web/src/app/AppRoutes.tsx): the book at `/`, the coin overview pages
 * `/coins/{slug}/overview` (the slug is a lower-case ticker, `coinSlug`), the market view `/markets` and
 * `/markets/{base}/{quote}` (lower-case token addresses), the connected account's `/my/orders` and
 * `/my/trades`, and the order pages, which the app reports as `/orders/:hash` (one path, not one per
 * order). Only these are counted, so the pageview table holds the app's own pages and cannot be filled
 * with made-up paths.
 */
const KNOWN_PAGE =
  /^\/(?:coins\/[a-z0-9]{1,20}\/overview|markets(?:\/0x[0-9a-f]{40}\/0x[0-9a-f]{40})?|my\/orders|my\/trades|orders\/:hash)?$/;

export function isKnownPagePath(path: string): boolean {
  return KNOWN_PAGE.test(path);
}
