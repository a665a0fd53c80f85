/** An error as one line for the user (engine errors arrive as plain Errors with their message). */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A request stopped on purpose: cancelled, or made moot by a newer replay or another log. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || /cancel/i.test(error.message));
}
