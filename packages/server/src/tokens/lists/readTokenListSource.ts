import { readFile } from 'node:fs/promises';
import { fetchJsonText } from '../../prices/fetchJsonText.js';

export interface TokenListSourceOptions {
  timeoutMs: number;
  maxBytes: number;
}

/** Whether a configured source is fetched (an http(s) URL) rather than read from a file. */
export const isUrlSource = (source: string): boolean => /^https?:\/\//i.test(source);

/**
 * The text of one token list the operator named: a file, or an http(s) URL fetched as the price feed is
 * (`fetchJsonText`: no redirects, so only the host the operator wrote is asked; a timeout; a size cap).
 */
export async function readTokenListSource(source: string, options: TokenListSourceOptions): Promise<string> {
  if (!isUrlSource(source)) {
    const bytes = await readFile(source);
    if (bytes.length > options.maxBytes) throw new Error(`is larger than ${options.maxBytes} bytes`);
    return bytes.toString('utf8');
  }
  return fetchJsonText(fetch, source, options);
}
