import { useSyncExternalStore } from 'react';

const TICK_MS = 15_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    // React re-reads the snapshot once subscribed: the first render's possibly old value is replaced.
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function getNow(): number {
  return now;
}

/**
 * The wall clock (Unix ms), re-read every 15 s while anything shows it: ages ("3 min ago") and
 * countdowns ("in 4 min") stay current with one timer however many cells read it.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getNow);
}
