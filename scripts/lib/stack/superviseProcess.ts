import { type ChildProcess, spawn } from 'node:child_process';

export interface SuperviseOptions {
  /** Its name in the stack's output: `relayer1`. */
  name: string;
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Answers 2xx once the process serves: its healthcheck, at start and after a restart. */
  healthUrl: string;
  /** Longest wait for the first healthy answer. */
  startTimeoutMs: number;
  /** Between signalling a stop and SIGKILL (compose's stop_grace_period). */
  stopGraceMs: number;
  /** Writes a line of the stack's own output. */
  log: (line: string) => void;
}

export interface SupervisedProcess {
  name: string;
  /** The running process's id (it changes with each restart). */
  pid(): number | undefined;
  /** From now on an exit is not restarted: a stop is coming, or a signal to the group already went. */
  keepDown(): void;
  /** Stops it for good: SIGTERM, then SIGKILL past the grace period; no restart. */
  stop(): Promise<void>;
}

const RESTART_DELAY_MS = 1_000;
const HEALTH_INTERVAL_MS = 5_000;

/**
 * A service of the stack as its own process, supervised as compose's `restart: unless-stopped` and
 * healthcheck do: started and waited for until its health URL answers, restarted a second after it
 * exits for any reason but `stop()`, and checked every few seconds, each change of health printed.
 * Its output is passed on, each line prefixed with its name.
 */
export async function superviseProcess(options: SuperviseOptions): Promise<SupervisedProcess> {
  const { name, log } = options;
  let child: ChildProcess | undefined;
  let stopped = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let healthy = true;
  let tail = '';

  const launch = () => {
    const started = spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    for (const stream of [started.stdout, started.stderr]) {
      let partial = '';
      stream?.on('data', (chunk: Buffer) => {
        tail = (tail + chunk.toString()).slice(-4000);
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) if (line) log(`[${name}] ${line}`);
      });
    }
    started.once('exit', (code, signal) => {
      if (stopped) return;
      log(`${name} exited (${signal ?? `code ${code}`}); restarting it in 1 s`);
      restartTimer = setTimeout(() => {
        if (stopped) return;
        launch();
        waitHealthy(options.startTimeoutMs).then(
          () => log(`${name} is up again (pid ${child?.pid})`),
          (error: unknown) => log(`${name}: ${error instanceof Error ? error.message : error}`),
        );
      }, RESTART_DELAY_MS);
    });
  };

  const answers = async (timeoutMs: number) => {
    const response = await fetch(options.healthUrl, { signal: AbortSignal.timeout(timeoutMs) }).catch(
      () => undefined,
    );
    return response?.ok === true;
  };
  const waitHealthy = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    const current = child as ChildProcess;
    while (!(await answers(2_000))) {
      if (current.exitCode !== null || current.signalCode !== null)
        throw new Error(`${name} exited before it was healthy:\n${tail}`);
      if (Date.now() > deadline) throw new Error(`${name} was not healthy within ${timeoutMs} ms:\n${tail}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const keepDown = () => {
    stopped = true;
    clearTimeout(restartTimer);
    clearInterval(healthTimer);
  };
  const stop = async () => {
    keepDown();
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), options.stopGraceMs);
    await exited;
    clearTimeout(timer);
  };

  launch();
  const healthTimer = setInterval(async () => {
    if (stopped || !child || child.exitCode !== null || child.signalCode !== null) return;
    const now = await answers(3_000);
    if (now !== healthy && !stopped)
      log(`${name} is ${now ? 'healthy again' : 'unhealthy'} (${options.healthUrl})`);
    healthy = now;
  }, HEALTH_INTERVAL_MS);
  healthTimer.unref();
  try {
    await waitHealthy(options.startTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { name, pid: () => child?.pid, keepDown, stop };
}
