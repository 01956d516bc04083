/** An error's message for the log; never a stack, never a response body. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
