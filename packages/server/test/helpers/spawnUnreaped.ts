import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

/**
 * Runs `command` under a parent that never reaps it (sh starts it in the background, then becomes
 * `sleep`), as a supervisor that has not yet called wait(): killed, it stays a zombie (state Z) until
 * `parent` is killed. The child's PID is printed first as `unreaped-pid <pid>`.
 */
export function spawnUnreaped(command: string[], options: SpawnOptions = {}): ChildProcess {
  return spawn('sh', ['-c', '"$@" & echo "unreaped-pid $!"; exec sleep 600', 'sh', ...command], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
}

/** The PID `spawnUnreaped` printed, from its output. */
export function unreapedPid(output: string): number {
  const pid = /^unreaped-pid (\d+)$/m.exec(output)?.[1];
  if (!pid) throw new Error(`no unreaped-pid line in:\n${output}`);
  return Number(pid);
}
