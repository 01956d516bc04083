/** The relayer's WebSocket for a network: its base URL (with any '/kovan' prefix) as ws(s), plus /v0/ws. */
export function orderBookSocketUrl(relayerUrl: string): string {
  const url = new URL(relayerUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v0/ws`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * Wait before reconnect attempt `attempt` (0-based): doubling from 1 s, capped at 30 s, with up to 25 %
 * taken off at random so many clients dropped at once do not come back in step.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const capped = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(capped * (1 - 0.25 * random()));
}
