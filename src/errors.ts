// User errors apart from failures, decided here and nowhere else. A step that fails because of
// what the user gave it (an input, files that do not validate, ids the service does not know),
// found before anything is written, exits 2; any other failure exits 1, a write the service
// refuses included. The action and its command line return the code, and the post step its
// failure, to the entry point (index.ts), the one place that sets the process's exit code.
//
// Every error class of the action, and where it lives (a layer below may not import one above,
// so each is beside what raises it; test/unit/lint/error-classes.test.ts holds this list to the tree).
// A ConfigurationError, or one of its kind, is the user's to fix and exits 2; any other, 1.
//
//   ConfigurationError         here                    a bad input or file, found before anything is written
//   CancelledError             lifetime/cancellation   the runner's signal ended the step
//   FileChangedError           files/regular-file      (a ConfigurationError) a file changed between check and read
//   NotARegularFileError       files/regular-file      (a ConfigurationError) no regular file where one is read
//   FileTooLargeError          files/regular-file      (a ConfigurationError) a file larger than its kind's limit
//   OpenedOutsideError         files/reader            (a ConfigurationError) a file opened where the rule refuses it
//   LinksOutsideBoundaryError  slug/refused-links      (a ConfigurationError) links the confinement refuses to pack
//   ModuleRootError            slug/module-root        (a ConfigurationError) the module directory cannot be packed
//   ApiError                   service/errors          the service answered with an error status
//   AmbiguousWriteError        service/errors          a write that may or may not have taken effect
//   NetworkError               service/errors          no answer, after the retries allowed
//   HostNotFoundError          service/errors          (a ConfigurationError) no such host: base-url or the proxy
//   RedirectError              service/errors          a redirect that is not followed
//   UnexpectedResponseError    service/errors          a 2xx answer that is not the document the spec shows
//   UntrustedCertificateError  service/errors          the service's TLS certificate was refused
//   AnswerTooLargeError        service/errors          an answer larger than the client reads
//   PaginationError            service/errors          a list whose pages do not end as announced
//   HclSyntaxError             modes/sync-policies     a policy configuration that does not parse
//   SettingsNotAppliedError    modes/sync-policies     the service kept other settings than those sent
//   SetupError                 modes/run-module-tests  a part of a test run's setup failed, named

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
