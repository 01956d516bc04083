import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

/**
 * prom-client's default metrics (CPU, memory, heap, event loop lag, GC, handles, open file descriptors)
 * on one registry per process, created on first use. They describe the process, not an app, and their
 * collectors (event-loop histogram, GC observer) are never released: one set serves every app a process
 * builds (tests build hundreds).
 */
export function processMetrics(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
