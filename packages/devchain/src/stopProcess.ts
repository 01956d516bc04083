import type { ChildProcess } from 'node:child_process';

/** Sends `signal` to a local service and waits up to `graceMs` for it to exit; past that, SIGKILL. */
export async function stopProcess(
  child: ChildProcess,
  signal: NodeJS.Signals,
  graceMs: number,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
