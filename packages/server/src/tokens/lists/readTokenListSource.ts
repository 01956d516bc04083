import { readFile } from 'node:fs/promises';

export interface TokenListSourceOptions {
  timeoutMs: number;
  maxBytes: number;
}

/** Whether a configured source is fetched (an http(s) URL) rather than read from a file. */
export const isUrlSource = (source: string): boolean => /^https?:\/\//i.test(source);

/**
 * The text of one token list the operator named: a file, or an http(s) URL fetched without following
 * redirects (only the host the operator wrote is asked), within a timeout and a size cap.
 */
export async function readTokenListSource(source: string, options: TokenListSourceOptions): Promise<string> {
  if (!isUrlSource(source)) {
    const bytes = await readFile(source);
    if (bytes.length > options.maxBytes) throw new Error(`is larger than ${options.maxBytes} bytes`);
    return bytes.toString('utf8');
  }
  const response = await fetch(source, {
    redirect: 'error',
    signal: AbortSignal.timeout(options.timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`answered HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > options.maxBytes) throw new Error(`is larger than ${options.maxBytes} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > options.maxBytes) {
      await reader.cancel();
      throw new Error(`is larger than ${options.maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
