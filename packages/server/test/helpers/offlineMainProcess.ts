import { DEAD_RPC } from './offlineApp.js';

/** The server package's folder: where `npm run start` runs `src/main.ts`. */
export const SERVER_DIR = new URL('../..', import.meta.url).pathname;

/** `src/main.ts` as `npm run start` runs it, as a command line (the executable first). */
export const MAIN_COMMAND: readonly string[] = [process.execPath, '--import', 'tsx', 'src/main.ts'];

/**
 * The environment of a relayer process in a test: a free port, info logs, its own data directory and a
 * node where nothing listens, so it starts offline with the watcher off. `extra` adds or overrides.
 */
export function offlineMainEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    PORT: '0',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    RPC_URL: DEAD_RPC,
    WATCHER_ENABLED: 'false',
    ...extra,
  };
}
