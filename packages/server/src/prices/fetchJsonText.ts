/** A ticker page of 100 entries is ~60 KB, a price batch far less; anything far beyond is not the feed we expect. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface FetchJsonOptions {
  timeoutMs: number;
  /** Stopping the cache aborts requests in flight. */
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
  /** A body longer than this is refused (default: a few MB, far beyond any price answer). */
  maxBytes?: number;
}

/**
 * GETs one JSON document from a host the operator configured (a market-data answer, a token list) and
 * returns its body text. The whole exchange (connect, headers, body) is
 * bounded by `timeoutMs`. Redirects are refused: answers come only from the host the operator configured,
 * and an API key header goes nowhere else. Throws on any failure, with a message fit for the log.
 */
export async function fetchJsonText(
  fetchFn: typeof fetch,
  url: string,
  options: FetchJsonOptions,
): Promise<string> {
  const { timeoutMs, signal } = options;
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, timeoutMs);
  signal?.addEventListener('abort', abort);
  try {
    const response = await fetchFn(url, {
      signal: controller.signal,
      redirect: 'manual',
      headers: { accept: 'application/json', ...options.headers },
    });
    if (!response.ok) {
      await response.body?.cancel();
      const redirect = response.status >= 300 && response.status < 400;
      throw new Error(`HTTP ${response.status}${redirect ? ' (redirects are not followed)' : ''}`);
    }
    return await readCapped(response, options.maxBytes ?? MAX_BODY_BYTES);
  } catch (error) {
    if (controller.signal.aborted)
      throw new Error(signal?.aborted ? 'stopped' : `timed out after ${timeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`answer larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
