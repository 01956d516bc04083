/** A page of 100 ticker entries is ~60 KB; anything far beyond that is not the feed we expect. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * GETs one ticker page and parses its JSON. The whole exchange (connect, headers, body) is bounded by
 * `timeoutMs`, and by `signal` so stopping the cache cancels requests in flight. Throws on any failure.
 */
export async function fetchTickerPage(
  fetchFn: typeof fetch,
  url: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<unknown> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, timeoutMs);
  signal.addEventListener('abort', abort);
  try {
    const response = await fetchFn(url, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    return JSON.parse(await readCapped(response));
  } catch (error) {
    if (controller.signal.aborted)
      throw new Error(signal.aborted ? 'stopped' : `timed out after ${timeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new Error(`answer larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
