/**
 * A problem the user can fix (a bad input, a file that does not parse, a setting the service
 * refuses): reported as one clear sentence, without a stack trace.
 */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
