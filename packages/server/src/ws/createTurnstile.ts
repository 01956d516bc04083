/**
 * At most `size` tasks at a time, the rest in arrival order: what bounds the snapshots one network
 * builds at once whatever the number of clients asking, and so the memory they take while being built.
 */
export function createTurnstile(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return { run };
}

export type Turnstile = ReturnType<typeof createTurnstile>;
