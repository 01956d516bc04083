import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface OpenFiles {
  /** The soft limit (RLIMIT_NOFILE) the process runs under, and the hard one it may raise it to. */
  soft: number;
  hard: number;
  /** Descriptors it has open now. */
  open: number;
  /** Whether the soft limit was raised (to the hard one, with prlimit(1)). */
  raised: boolean;
}

const parse = (value: string | undefined) => (value === 'unlimited' ? Infinity : Number(value));

/**
 * The open-file limits of process `pid` (Linux, /proc), first raising its soft limit to the hard one
 * when it is below `needed`: Node has no setrlimit, and a process may raise its own soft limit up to
 * the hard one without privileges, so prlimit(1) does it from outside. The hard limit is the machine's
 * to give (`ulimit -Hn`, systemd's LimitNOFILE, Docker's --ulimit) and is only reported.
 */
export function openFileLimit(pid: number, needed = 0): OpenFiles {
  const read = () => {
    const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const [soft, hard] = line?.slice('Max open files'.length).trim().split(/\s+/) ?? [];
    return { soft: parse(soft), hard: parse(hard) };
  };
  let limits = read();
  let raised = false;
  if (limits.soft < needed && limits.hard > limits.soft) {
    const hard = Number.isFinite(limits.hard) ? String(limits.hard) : 'unlimited';
    const done = spawnSync('prlimit', ['--pid', String(pid), `--nofile=${hard}:${hard}`]);
    raised = done.status === 0;
    limits = read();
  }
  return { ...limits, open: readdirSync(`/proc/${pid}/fd`).length, raised };
}
