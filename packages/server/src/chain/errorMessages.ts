/**
 * Every message of an error and its causes (viem's `details`/`shortMessage`, a JSON-RPC error's
 * `message`), so a node's own words can be matched however deeply the error was wrapped.
 */
export function errorMessages(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { message?: unknown; details?: unknown; shortMessage?: unknown; cause?: unknown };
    for (const text of [e.details, e.shortMessage, e.message])
      if (typeof text === 'string') messages.push(text);
    current = e.cause;
  }
  if (typeof error === 'string') messages.push(error);
  return messages;
}
