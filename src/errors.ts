// User errors apart from failures, decided here and nowhere else. A step that fails because of
// what the user gave it (an input, files that do not validate, ids the service does not know),
// found before anything is written, exits 2; any other failure exits 1, a write the service
// refuses included. The action and its command line return the code, and the post step its
// failure, to the entry point (index.ts), the one place that sets the process's exit code.

export const EXIT_SUCCESS = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;

/**
 * A problem the user can fix, found before anything is written (a bad input, a file that does
 * not parse): reported as one clear sentence, without a stack trace.
 */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

/** Why a step failed: what the user gave it (`user-error`), or anything else (`failure`). */
export interface StepFailure {
  kind: 'user-error' | 'failure';
  /** One sentence for the log, the summary and the check run. */
  message: string;
  /** The stack of an error that is nobody's input (a bug), for the debug log. */
  trace?: string;
}

/** A failure the user can fix with their input or files: exit 2. */
export function userError(message: string): StepFailure {
  return { kind: 'user-error', message };
}

/** A failure that is not the user's input (the service, the network, a cancellation): exit 1. */
export function stepFailure(message: string): StepFailure {
  return { kind: 'failure', message };
}

/** The failure a thrown error stands for: a ConfigurationError is the user's to fix; anything else keeps its stack. */
export function failureOf(error: unknown): StepFailure {
  if (error instanceof ConfigurationError) return userError(error.message);
  const failure = stepFailure(getErrorMessage(error));
  if (error instanceof Error && error.stack) failure.trace = error.stack;
  return failure;
}

/** The exit code of a step that ended with `failure`, or succeeded (null). */
export function exitCodeOf(failure: StepFailure | null): number {
  if (failure === null) return EXIT_SUCCESS;
  return failure.kind === 'user-error' ? EXIT_BAD_INPUT : EXIT_FAILURE;
}

export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
