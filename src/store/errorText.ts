/** An error as one line for the user (engine errors arrive as plain Errors with their message). */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
