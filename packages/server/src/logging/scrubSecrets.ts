import type { Secret } from './urlSecrets.js';

/** `text` with every secret replaced, the longest first (a URL before the path inside it). */
export function scrubText(text: string, secrets: readonly Secret[]): string {
  let scrubbed = text;
  for (const [secret, replacement] of secrets) scrubbed = scrubbed.split(secret).join(replacement);
  return scrubbed;
}

/** Secrets in the order `scrubText` needs them: longest first, each once. */
export function orderSecrets(secrets: readonly Secret[]): Secret[] {
  const unique = new Map<string, string>();
  for (const [secret, replacement] of secrets) if (!unique.has(secret)) unique.set(secret, replacement);
  return [...unique].sort((a, b) => b[0].length - a[0].length);
}

/** String fields of an error (and viem's) that may carry a URL. */
const FIELDS = ['message', 'stack', 'shortMessage', 'details', 'url', 'reason'] as const;

/**
 * Replaces the secrets in an error and its causes, in place, so the class (which callers test with
 * `instanceof`) stays. viem's HTTP errors carry the node's full URL in their message, stack,
 * `metaMessages` and `url`; fetch's and node:http's may carry it too.
 */
export function scrubError<T>(error: T, secrets: readonly Secret[]): T {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const fields = current as Record<string, unknown>;
    for (const field of FIELDS) {
      const value = fields[field];
      if (typeof value === 'string') trySet(fields, field, scrubText(value, secrets));
    }
    const meta = fields.metaMessages;
    if (Array.isArray(meta))
      trySet(
        fields,
        'metaMessages',
        meta.map((m) => (typeof m === 'string' ? scrubText(m, secrets) : m)),
      );
    current = fields.cause;
  }
  return error;
}

function trySet(target: Record<string, unknown>, field: string, value: unknown): void {
  try {
    target[field] = value;
  } catch {
    // A read-only field (a getter) is left as it is; the logger's serializer scrubs what it prints.
  }
}
