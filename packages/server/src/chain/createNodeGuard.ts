import type { NetworkConfig } from '../config.js';
import { redactUrl } from '../logging/redactUrl.js';
import { ChainUnavailableError } from './ChainUnavailableError.js';
import type { ChainCheck } from './checkChain.js';

/** `up`: requests go to the node. `down`: it stopped answering. `wrong-chain`: it answers for another chain. */
export type NodeState = 'up' | 'down' | 'wrong-chain';

export interface NodeStatus {
  state: NodeState;
  /** Unix ms since when the node has not been up; null while up. */
  since: number | null;
  /** What is wrong, for /health and the log (never the node's URL or raw answer); null while up. */
  problem: string | null;
}

export interface NodeGuard {
  /**
   * Sends one request unless the node is known to be unusable, in which case it fails at once with
   * ChainUnavailableError and nothing is sent. A failure `unanswered` recognises (no connection, a
   * timeout, a non-JSON answer; not a contract's revert) marks the node down.
   */
  run<T>(send: () => Promise<T>, unanswered: (error: unknown) => boolean): Promise<T>;
  /**
   * The start-up check: resolves when the node serves the configured chain or does not answer (it is
   * then down and re-checked in the background); throws ChainMismatchError when it serves another one.
   */
  start(): Promise<void>;
  status(): NodeStatus;
  /** Calls `listener` each time the node is found up again after being down (work put off can resume). */
  onUp(listener: () => void): void;
  stop(): void;
}

export interface NodeGuardOptions {
  network: NetworkConfig;
  /** The chain check (`checkChain`), sent past the guard. */
  check: () => Promise<ChainCheck>;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  now?: () => number;
  /** Pause between re-checks of a node that is down (default 1000 ms). */
  retryMs?: number;
}

/** The configured node serves another chain, or the configured contracts are not on it. */
export class ChainMismatchError extends Error {
  constructor(readonly problem: string) {
    super(problem);
    this.name = 'ChainMismatchError';
  }
}

/**
 * One network's circuit breaker in front of its node. Once a request has found the node not answering,
 * every further request fails at once (no request, no wait for a timeout) while a single background
 * check retries every `retryMs`; the first check that passes reopens the way. That check is the start-up
 * check (chain id, contracts' code), so a node that comes back serving another chain stays shut out.
 */
export function createNodeGuard(options: NodeGuardOptions): NodeGuard {
  const { network, check, log } = options;
  // Where the node is, for the operator: scheme://host:port, never the path or query (an API key).
  const node = redactUrl(network.rpcUrl);
  const now = options.now ?? Date.now;
  const retryMs = options.retryMs ?? 1000;
  let status: NodeStatus = { state: 'up', since: null, problem: null };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const upListeners: (() => void)[] = [];

  const setDown = (state: 'down' | 'wrong-chain', problem: string) => {
    const changed = status.state !== state || status.problem !== problem;
    status = { state, since: status.since ?? now(), problem };
    if (!changed) return;
    if (state === 'wrong-chain')
      log.error({ network: network.key, node, problem }, 'chain node serves another chain');
    else
      log.warn(
        { network: network.key, node, problem },
        'chain node down: failing chain requests fast, re-checking',
      );
  };

  const recheck = async () => {
    timer = undefined;
    const result = await check();
    if (stopped) return;
    if (result.kind === 'ok') {
      const downMs = status.since === null ? 0 : now() - status.since;
      status = { state: 'up', since: null, problem: null };
      log.info({ network: network.key, node, downMs }, 'chain node back');
      for (const listener of upListeners) listener();
      return;
    }
    if (result.kind === 'mismatch') setDown('wrong-chain', result.problem);
    scheduleRecheck();
  };

  function scheduleRecheck(): void {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      recheck().catch((error: unknown) => {
        log.warn({ network: network.key, node, err: error }, 'chain node re-check failed');
        scheduleRecheck();
      });
    }, retryMs);
    timer.unref();
  }

  return {
    async run(send, unanswered) {
      if (status.state !== 'up') {
        // Clients get no configuration details: /health and the log say what is wrong.
        throw new ChainUnavailableError(
          status.state === 'wrong-chain'
            ? 'it serves another chain'
            : 'it is down; retrying in the background',
        );
      }
      try {
        return await send();
      } catch (error) {
        if (status.state === 'up' && unanswered(error)) {
          setDown('down', 'the node does not answer');
          scheduleRecheck();
        }
        throw error;
      }
    },
    async start() {
      const result = await check();
      if (result.kind === 'mismatch') throw new ChainMismatchError(result.problem);
      if (result.kind === 'unreachable') {
        setDown('down', 'the node did not answer at start');
        scheduleRecheck();
      }
    },
    status: () => ({ ...status }),
    onUp(listener) {
      upListeners.push(listener);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
