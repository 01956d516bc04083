import { readFileSync } from 'node:fs';

export interface ProcessStat {
  /** One letter: R running, S sleeping, D disk wait, T stopped, Z zombie (exited, not yet reaped), X dead. */
  state: string;
  /** When it started, in clock ticks since boot: with the PID, it names one process (PIDs are reused). */
  startTicks: string;
}

/**
 * What Linux says of a process in `/proc/<pid>/stat`, or undefined where there is no such file (the
 * process is gone, or this is not Linux). The command name, field 2, is in parentheses and may itself
 * hold spaces and parentheses, so the fields are counted from the last `)`.
 */
export function readProcessStat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, startTicks] = [fields[0], fields[19]];
  if (!state || !startTicks) return undefined;
  return { state, startTicks };
}
