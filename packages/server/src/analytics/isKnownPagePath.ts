/**
 * The web app's pages (packages/web/src/app/AppRoutes.tsx): the book at `/` and the coin overview pages
 * `/coins/{slug}/overview`, whose slug is a lower-case ticker (`coinSlug`). Only these are counted, so
 * the pageview table holds the app's own pages and cannot be filled with made-up paths.
 */
const KNOWN_PAGE = /^\/(?:coins\/[a-z0-9]{1,20}\/overview)?$/;

export function isKnownPagePath(path: string): boolean {
  return KNOWN_PAGE.test(path);
}
