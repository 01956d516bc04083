/**
 * The web app's pages (packages/web/src/app/AppRoutes.tsx): the book at `/`, the coin overview pages
 * `/coins/{slug}/overview`, whose slug is a lower-case ticker (`coinSlug`), and the market view
 * `/markets` and `/markets/{base}/{quote}` (lower-case token addresses). Only these are counted, so
 * the pageview table holds the app's own pages and cannot be filled with made-up paths.
 */
const KNOWN_PAGE = /^\/(?:coins\/[a-z0-9]{1,20}\/overview|markets(?:\/0x[0-9a-f]{40}\/0x[0-9a-f]{40})?)?$/;

export function isKnownPagePath(path: string): boolean {
  return KNOWN_PAGE.test(path);
}
