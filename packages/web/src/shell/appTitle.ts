/** The site's name in its toolbar (and in the web server's first paint, serve/renderFirstRows.ts). */
export const APP_TITLE = 'a Free and Open 0x Relayer';
