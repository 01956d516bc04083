import { postgresUnavailableReason } from '@relayer/devchain';

/**
 * Why the PostgreSQL tests of a file cannot run here, or undefined when they can. Every PostgreSQL test
 * asks through this one function: under CI a missing PostgreSQL throws (the file fails, it never
 * passes by skipping); elsewhere it prints a loud warning and the caller marks its tests skipped, so
 * the run reports them as skipped rather than passing silently.
 */
export function postgresMissing(
  what: string,
  env: Record<string, string | undefined> = process.env,
  reason: string | undefined = postgresUnavailableReason(),
): string | undefined {
  if (!reason) return undefined;
  if (env.CI) throw new Error(`${what} need PostgreSQL, which CI must provide: ${reason}`);
  console.warn(`\n!!! ${what} SKIPPED: ${reason}\n`);
  return reason;
}
