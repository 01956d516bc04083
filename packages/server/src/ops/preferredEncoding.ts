export type ContentEncoding = 'br' | 'gzip';

/** Ours in the order we prefer them when the client weighs them equally. */
const OURS: readonly ContentEncoding[] = ['br', 'gzip'];

/**
 * The encoding to answer in for an Accept-Encoding header (RFC 9110 §12.5.3): the one the client
 * weighs highest (`q`), br before gzip on a tie, `*` standing for any not named; undefined for identity.
 */
export function preferredEncoding(header: string | string[] | undefined): ContentEncoding | undefined {
  if (header === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.split(';').map((item) => item.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentEncoding | undefined;
  let bestWeight = 0;
  for (const encoding of OURS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
