/**
 * What the action takes of GitHub's answers. An answer is read whole into memory, so it is
 * bounded (MAX_GITHUB_ANSWER_BYTES); a success carries the JSON document GitHub's API documents,
 * and each call holds that document to its shape (a listing is a list of its items). An answer
 * the action does not take fails that call, naming it: read as nothing, an empty page of
 * comments would have a second sticky comment written. A message quotes at most a short one-line
 * excerpt of what GitHub sent (QUOTED_ANSWER): an error page of megabytes must not become one
 * line of the job's log.
 */

import { clip, quoteClipped } from '../text.ts';

/**
 * The most of one answer the action reads: 32 MiB, the service client's bound too. The largest
 * answers it asks GitHub for, pages of 100 comments of at most 65,536 characters each, hold
 * about 7 MB of ASCII and 20 of a script of three bytes a character; a larger answer is not
 * GitHub's (a proxy's page, a wrong GITHUB_API_URL), and read whole it would take the runner's
 * memory: a 400 MiB listing once took 2.5 GB.
 */
export const MAX_GITHUB_ANSWER_BYTES = 32 * 1024 * 1024;

/** The longest excerpt of GitHub's text a message quotes: GitHub's own messages are a sentence or two. */
export const QUOTED_ANSWER = 200;

/** The name of the failure of a call whose answer the action does not take. */
const UNEXPECTED_ANSWER = 'UnexpectedGitHubAnswer';

/** The failure of a call whose answer the action does not take: too large, or out of its documented shape. */
export function unexpectedAnswer(message: string): Error {
  const error = new Error(message);
  error.name = UNEXPECTED_ANSWER;
  return error;
}

/**
 * That failure, when `error` is one or wraps one: Octokit makes what its fetch throws (the
 * transport's bound on an answer) the cause of an error of its own.
 */
export function unexpectedAnswerOf(error: unknown): Error | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; depth++) {
    if (e.name === UNEXPECTED_ANSWER) return e;
    e = e.cause;
  }
  return undefined;
}

/**
 * Text or a value GitHub sent, as a message quotes it: on one line as JSON shows it, cut to
 * QUOTED_ANSWER characters. The token is masked before the cut, which could otherwise leave a
 * part of it that no masking recognises.
 */
export function quotedAnswer(value: unknown, redact: (text: string) => string): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return quoteClipped(redact(value), QUOTED_ANSWER);
  return clip(redact(JSON.stringify(value) ?? typeof value), QUOTED_ANSWER);
}

/**
 * The failure of a call whose answer is not the document its API documents: `request` as
 * `GET /user`, `what` as `a user with a login`.
 */
export function outOfShape(request: string, data: unknown, what: string, redact: (text: string) => string): Error {
  return unexpectedAnswer(`GitHub answered ${request} with ${quotedAnswer(data, redact)}, not ${what}.`);
}

/** A request as a message names it (`GET /repos/o/r/issues/7/comments`), by the address its answer came from. */
export function requestName(method: string, url: string): string {
  return URL.canParse(url) ? `${method} ${new URL(url).pathname}` : method;
}

/** What a body held, in words for a message: `no body`, or an excerpt and its media type (`"<html>…" (text/html)`). */
export function describeBody(text: string, contentType: string | null, redact: (text: string) => string): string {
  if (text.trim() === '') return 'no body';
  return `${quotedAnswer(text, redact)} (${mediaType(contentType) ?? 'no Content-Type'})`;
}

/** `application/json` of `application/json; charset=utf-8`; undefined when there is none. */
export function mediaType(contentType: string | null): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type === undefined || type === '' ? undefined : type;
}
