/**
 * Creating an object on GitHub exactly once over an unreliable connection. A create that failed
 * with a server error or a dropped connection may have taken effect all the same (GitHub is known
 * to answer 502 to a comment it then shows): the retry plugin would send it again and make a
 * second one. So a create is sent without the plugin's retries, and after such a failure the
 * object is looked for before it is created again. Rate limits are not in question: GitHub
 * refused those requests, and the throttling plugin sends them again.
 */

import { isAbortError } from '../lifetime/abort.ts';
import { answeredStatus, isUnknownHost } from './failure.ts';

/** The `request` options of a create: the retry plugin leaves it to createOnce (src/create-once.ts). */
export const NOT_RETRIED_BY_PLUGIN = { retries: 0 } as const;

/** A server error, or a connection lost without an answer (not a name that does not resolve, not an abort). */
export function mayHaveTakenEffect(error: unknown): boolean {
  const status = answeredStatus(error);
  if (status !== undefined) return status >= 500;
  return !isUnknownHost(error) && !isAbortError(error);
}
