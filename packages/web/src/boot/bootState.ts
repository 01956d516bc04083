/**
 * What the inline boot script (bootPrefetch.ts, in index.html's head) leaves for the app: the relayer
 * requests of the first view, started while the app's code is still on its way. No imports: the boot
 * script bundles this file, and so does the web server.
 */
export interface BootPrefetch {
  /** performance.now() when the requests started. */
  startedAt: number;
  /** Answers by full URL, each taken at most once. */
  responses: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __relayerBoot?: BootPrefetch;
  }
}

/** The JSON data block the web server fills with the runtime config (serve/renderIndexHtml.ts). */
export const BOOT_CONFIG_ELEMENT_ID = 'relayer-config';
/** Where in index.html the server puts that block (and the relayer preconnect). */
export const BOOT_CONFIG_PLACEHOLDER = '<!-- relayer:config -->';

/**
 * An answer older than this is not adopted: a request made this late (a page opened after a long
 * wait, another route first) fetches afresh. It matches the queries' 30 s staleTime.
 */
const MAX_AGE_MS = 30_000;

/** The boot script's answer for a GET of `url`, at most once; undefined when there is none (or it is old). */
export function takeBootResponse(url: string): Promise<Response> | undefined {
  const boot = typeof window === 'undefined' ? undefined : window.__relayerBoot;
  const response = boot?.responses[url];
  if (!boot || !response) return undefined;
  delete boot.responses[url];
  return performance.now() - boot.startedAt <= MAX_AGE_MS ? response : undefined;
}
