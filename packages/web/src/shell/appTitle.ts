/** The site's name in its toolbar (and in the web server's first paint, serve/renderFirstRows.ts). */
export const APP_TITLE = 'a Free and Open 0x Relayer';

/** A page's document title: what the page is, then the site ("REP/WETH market - a Free and ..."). */
export function pageTitle(page: string): string {
  return `${page} - ${APP_TITLE}`;
}
