import type { ChildProcess } from 'node:child_process';

export interface WatchedProcess {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
  /** Resolves once its output contains `text`; rejects, with the output, if it exits first or after `timeoutMs`. */
  waitForOutput(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** How it ended: its exit code, or the signal that ended it. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Collects a child's output and tells when it prints a line or exits, so tests wait on events, not sleeps. */
export function watchProcess(child: ChildProcess): WatchedProcess {
  let text = '';
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      notify();
    });
  }
  let ended: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = { code, signal };
      // Output still buffered in the pipes arrives before 'close'.
      child.once('close', () => {
        resolve({ code, signal });
        notify();
      });
    });
  });
  const contains = (pattern: string | RegExp) =>
    typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
  return {
    child,
    output: () => text,
    exit,
    waitForOutput(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`timed out waiting for ${pattern}`)), timeoutMs);
        const finish = (error?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(new Error(`${error.message}; it printed:\n${text}`));
          else resolve();
        };
        const check = () => {
          if (contains(pattern)) finish();
          else if (ended)
            finish(new Error(`exited (${ended.code ?? ended.signal}) before printing ${pattern}`));
        };
        listeners.add(check);
        check();
      });
    },
  };
}
