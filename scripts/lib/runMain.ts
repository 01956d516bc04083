/** Prints an error for people: its message, no stack (start-up errors are written to be read). */
export function report(error: unknown): void {
  console.error(error instanceof Error ? error.message : error);
}

/** Runs a root command's `main`; a failure is reported and exits with code 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    report(error);
    process.exit(1);
  });
}
