import { getErrorMessage } from '../../errors.ts';
import { ApiError } from '../../service/errors.ts';
import type { FailedWrite } from './writes.ts';

export interface WriteFailureContext {
  /** What was attempted, as a phrase after "the service refused": `to create workspace "net-prod"`. */
  operation: string;
  /** The ids a 404 may be about, in words: `no-code module nocode-1 or project prj-2`. */
  ids: string;
  /** What to check when the write may or may not have taken effect. */
  ifUnknown: string;
  /** A hint for a 422 (malformed or refused body), when there is a likely cause. */
  ifRefused?: string;
}

/**
 * One sentence or three for a person reading the job log, about a no-code write that failed.
 *
 * Spec 5: the no-code create, update and workspace-creation endpoints refuse organization
 * tokens, and a refusal looks like any other missing permission: 404 (spec 7). So a 404 on a
 * write names the token as the likely cause, beside an unknown id or a missing permission.
 */
export function describeWriteFailure(failed: FailedWrite, context: WriteFailureContext): string {
  if (failed.kind === 'maybe-applied' && failed.cause === 'no-answer') {
    return (
      `The request ${context.operation} ended without an answer (${failed.error.reason}), so it may or may not have ` +
      `taken effect; it was not repeated so that nothing happens twice. ${context.ifUnknown}`
    );
  }
  if (failed.kind === 'maybe-applied') {
    // A 2xx says the service took the request; without the document the spec names, what it
    // made of it is unknown, and nothing can be built on it (action-interface: no success the
    // spec does not promise).
    const { error } = failed;
    return (
      `The service answered the request ${context.operation} with ${error.status} but without ${error.expected}` +
      `${error.got ? ` (it sent ${error.got})` : ''}, so what it did is not known. ${context.ifUnknown}`
    );
  }
  if (failed.kind === 'refused' && failed.error.status === 404) {
    const { details } = failed.error;
    const said = details.length > 0 ? `; the service said: ${details.join('; ')}` : '';
    return (
      `The service refused ${context.operation} (404 not found or not authorized${said}). ` +
      'No-code create, update and workspace creation need a user or team token; organization tokens ' +
      `cannot be used for them. A 404 can also mean that ${context.ids} does not exist or that ` +
      'the token has no permission on it.'
    );
  }
  if (failed.kind === 'refused' && failed.error.status === 422 && context.ifRefused) {
    return `The service refused ${context.operation}: ${failed.error.message}. ${context.ifRefused}`;
  }
  return `Could not finish the request ${context.operation}: ${getErrorMessage(failed.error)}`;
}

/** A read of an object named by an input that failed: the input is the first thing to check. */
export function describeReadFailure(error: unknown, what: string, input: string): string {
  if (error instanceof ApiError && error.status === 404) {
    return `${what} was not found, or the token has no permission to read it (404): check the input "${input}" and the token.`;
  }
  return `${what} could not be read: ${getErrorMessage(error)}.`;
}
