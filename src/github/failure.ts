/**
 * Why a request to GitHub failed, told apart for the one warning it becomes: a rate limit that
 * could not be waited out, a permission the token lacks (GitHub says so in its answer), an
 * answer the action does not take (answers.ts), any other answer quoted (a short excerpt of
 * GitHub's message, on one line), a host name that does not resolve, or no answer at all.
 */

import { getErrorMessage } from '../errors.ts';
import { isAbortError } from '../lifetime/abort.ts';
import { isObject } from '../json-object.ts';
import { quotedAnswer, unexpectedAnswerOf } from './answers.ts';
import type { GitHubClient, RateLimitKind, UnwaitedRateLimit } from './client.ts';

/** What failureReason needs of the client: where it is, what it did not wait out, its masking. */
type ClientFacts = Pick<GitHubClient, 'apiUrl' | 'unwaited' | 'redact'>;

/** GitHub's answer, as Octokit's RequestError carries it. */
interface Answered {
  status: number;
  /** GitHub's message, as it sent it (any length, any lines); undefined when it gave none. */
  message: string | undefined;
  headers: Record<string, string | undefined>;
  /** The errors a GraphQL answer lists (GitHub answers a refused query 200 with them); none for REST. */
  graphqlErrors: unknown[];
}

/**
 * What GitHub answered, or undefined when no answer came. Octokit's RequestError has the response;
 * @octokit/graphql's GraphqlResponseError (a query answered with errors) has the body's errors
 * and the headers, but its `response` is the body; the throttling plugin's GraphQL rate-limit error
 * has the response, errors in its body.
 */
function answerOf(error: unknown): Answered | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'GraphqlResponseError' && 'errors' in error && Array.isArray(error.errors)) {
    const headers = 'headers' in error && isObject(error.headers) ? (error.headers as Answered['headers']) : {};
    return { status: 200, message: firstMessage(error.errors), headers, graphqlErrors: error.errors };
  }
  if (!('response' in error) || !isObject(error.response)) return undefined;
  const { status, data, headers } = error.response;
  if (typeof status !== 'number') return undefined;
  const graphqlErrors = isObject(data) && Array.isArray(data.errors) ? (data.errors as unknown[]) : [];
  const message = isObject(data) && typeof data.message === 'string' ? data.message : firstMessage(graphqlErrors);
  return { status, message, headers: isObject(headers) ? (headers as Answered['headers']) : {}, graphqlErrors };
}

/** The message of the first error a GraphQL answer lists. */
function firstMessage(errors: unknown[]): string | undefined {
  const [first] = errors;
  return isObject(first) && typeof first.message === 'string' ? first.message : undefined;
}

/**
 * GitHub names a GraphQL error of its primary rate limit by its `type`: `RATE_LIMITED` (what its
 * documentation shows and the throttling plugin waits out), also seen as `RATE_LIMIT`.
 */
const GRAPHQL_RATE_LIMITED = new Set(['RATE_LIMITED', 'RATE_LIMIT']);

/**
 * The HTTP status of a response GitHub gave (200 for a GraphQL query it answered with errors), or
 * undefined when no response came.
 */
export function answeredStatus(error: unknown): number | undefined {
  return answerOf(error)?.status;
}

/**
 * Whether GitHub refused the request outright: a 403 that is no rate limit, or a GraphQL answer
 * whose errors say the token may not see what it asked (type `FORBIDDEN`). Not a 5xx, nor an
 * answer with other errors: those may be gone on the next try.
 */
export function refusedOutright(error: unknown): boolean {
  const answer = answerOf(error);
  if (answer === undefined || rateLimitOf(error) !== undefined) return false;
  if (answer.status === 403) return true;
  return answer.graphqlErrors.some((e) => isObject(e) && e.type === 'FORBIDDEN');
}

/** What GitHub answered, as a message quotes it (`403 ("Resource not accessible by integration")`). */
export function answerText(error: unknown, github: Pick<GitHubClient, 'redact'>): string | undefined {
  const answer = answerOf(error);
  return answer === undefined ? undefined : `${answer.status}${inParentheses(quotedMessage(answer, github))}`;
}

/** GitHub's message as a message quotes it: a short excerpt on one line; undefined when it gave none. */
function quotedMessage(answer: Answered, github: Pick<GitHubClient, 'redact'>): string | undefined {
  return answer.message === undefined ? undefined : quotedAnswer(answer.message, github.redact);
}

function inParentheses(text: string | undefined): string {
  return text === undefined ? '' : ` (${text})`;
}

/**
 * The rate limit a refusal names, as GitHub documents them: a 403 or 429 whose message speaks of
 * a secondary rate limit, or one with `x-ratelimit-remaining: 0` (the quota is spent until
 * `x-ratelimit-reset`); or a GraphQL answer whose errors say the quota is spent.
 */
export function rateLimitOf(error: unknown): RateLimitKind | undefined {
  const answer = answerOf(error);
  if (answer === undefined) return undefined;
  if (answer.graphqlErrors.some((e) => isObject(e) && GRAPHQL_RATE_LIMITED.has(String(e.type)))) return 'primary';
  if (answer.status !== 403 && answer.status !== 429) return undefined;
  if (/\bsecondary rate\b/i.test(answer.message ?? '')) return 'secondary';
  if (answer.headers['x-ratelimit-remaining'] === '0') return 'primary';
  return undefined;
}

/** The first error code (`ENOTFOUND`, `ECONNRESET`, ...) in an error or its causes. */
export function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A host name the resolver says does not exist: asking again will not make it exist (a resolver
 * that did not answer, EAI_AGAIN, is asked again).
 */
export function isUnknownHost(error: unknown): boolean {
  return errorCode(error) === 'ENOTFOUND';
}

const WHY_NOT_WAITED: Record<UnwaitedRateLimit['reason'], string> = {
  deadline: "waiting that long would go past the step's deadline (input `timeout`)",
  cancelled: 'the step was cancelled',
  tries: 'it still held after several waits',
};

/**
 * Why a request to GitHub failed, for the one warning it becomes. `permission` names what the job
 * must give the token (`checks`, `pull-requests`) when GitHub says it lacks it; `about` names
 * what the request was about (` for pull request #7`) where the warning does not.
 */
export function failureReason(error: unknown, github: ClientFacts, permission: string, about = ''): string {
  const unexpected = unexpectedAnswerOf(error);
  if (unexpected !== undefined) return unexpected.message;
  const answer = answerOf(error);
  if (answer !== undefined) {
    const said = quotedMessage(answer, github);
    const limit = rateLimitOf(error);
    if (limit !== undefined) {
      const unwaited = github.unwaited?.kind === limit ? github.unwaited : undefined;
      const asked = unwaited ? ` and asked to wait ${Math.ceil(unwaited.waitMs / 1000)} s` : '';
      const why = unwaited ? WHY_NOT_WAITED[unwaited.reason] : 'it was not waited out';
      const answered = `GitHub answered ${answer.status}${said === undefined ? '' : `: ${said}`}`;
      return `GitHub's ${limit} rate limit held the request${about}${asked}; ${why} (${answered}).`;
    }
    if (answer.status === 403 && /resource not accessible by integration/i.test(answer.message ?? '')) {
      return (
        `GitHub answered 403${inParentheses(said)}. The github-token needs the ${permission}: write permission: ` +
        `add \`permissions: ${permission}: write\` to the job, or set github-token to a token that has it. ` +
        'On a pull request from a fork, GitHub gives the workflow a read-only token: the summary is only in the job summary.'
      );
    }
    return `GitHub answered ${answer.status}${about}${inParentheses(said)}.`;
  }
  if (isUnknownHost(error)) {
    const host = new URL(github.apiUrl).hostname;
    return `the host name ${host} of ${github.apiUrl} does not resolve (ENOTFOUND): check GITHUB_API_URL and the runner's DNS.`;
  }
  if (isAbortError(error)) return `no answer from ${github.apiUrl} before the step's time ran out.`;
  return `could not reach ${github.apiUrl}: ${getErrorMessage(error)}.`;
}
