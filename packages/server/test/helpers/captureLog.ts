import type { DestinationStream } from 'pino';

/** A pino destination that keeps every line written, for tests that read what was logged. */
export function captureLog(): { stream: DestinationStream; lines: string[] } {
  const lines: string[] = [];
  return { stream: { write: (line: string) => void lines.push(line) }, lines };
}
