import type { ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';

/** True while something accepts connections on 127.0.0.1:`port`. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** How the process ended: its exit code, or the signal that ended it. */
export function exited(child: ChildProcess): Promise<number | NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

/** The environment of a child `npm` command, without this npm run's own `npm_*` variables. */
export function npmEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const key of Object.keys(env)) if (key.startsWith('npm_')) delete env[key];
  return env;
}

/** Sends `signal` to the process group of a child started with `detached: true`, as a terminal's Ctrl-C does. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-(child.pid as number), signal);
  } catch {
    // The group has already gone.
  }
}
