/**
 * The Octokit every GitHub call goes through, loaded only when a step talks to GitHub
 * (client.ts `openGitHub`): the Actions toolkit's client with GitHub's retry and throttling
 * plugins, on our own connections (transport.ts), and the step's limits on every wait.
 *
 * - Rate limits are the throttling plugin's: a secondary limit is waited out for `retry-after`
 *   seconds (a minute when GitHub gives none), the quota until `x-ratelimit-reset`, each only
 *   when the wait ends before the step's deadline and the step was not cancelled.
 * - Server errors and dropped connections are the retry plugin's: three more tries, 1, 4 and 9
 *   seconds apart, again only within the deadline. A host name that does not resolve is not
 *   tried again; a resolver that did not answer is. Nor is an answer the action does not take
 *   (answers.ts): asked again, GitHub or what stands in its way would answer the same.
 * - Every request ends GITHUB_DONE_AFTER_DEADLINE_MS after the step's deadline, or at the cut
 *   after a signal if that comes first, whatever GitHub does: one bound for the client, on its
 *   transport, so that no call can be sent without it.
 */

import { getOctokit } from '@actions/github';
import type { Octokit as OctokitCore } from '@octokit/core';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import type { ThrottlingOptions } from '@octokit/plugin-throttling';
import { abortAfterFirstSignal } from '../lifetime/grace.ts';
import { redactor } from '../report/redact.ts';
import {
  GITHUB_DONE_AFTER_DEADLINE_MS,
  GITHUB_DONE_AFTER_SIGNAL_MS,
  GITHUB_RETRY_UNIT_MS,
} from '../lifetime/budgets.ts';
import { Deadline } from '../lifetime/deadline.ts';
import { unexpectedAnswerOf } from './answers.ts';
import { apiBaseUrl } from './client.ts';
import type { GitHubClient, GitHubClientOptions, Octokit, RateLimitKind, UnwaitedRateLimit } from './client.ts';
import { answeredStatus, isUnknownHost } from './failure.ts';
import { gitHubTransport } from './transport.ts';

const API_VERSION = '2022-11-28';

/**
 * Answers the retry plugin leaves alone: those a repeat would not change, and the rate limits
 * (403, 429), which the throttling plugin waits out as GitHub asks instead of on a back-off.
 */
const NOT_RETRIED = [400, 401, 403, 404, 410, 422, 429, 451];

/** A rate limit that still holds a request after this many waits is given up. */
const MAX_RATE_LIMIT_WAITS = 4;

/**
 * A limiter group for the throttling plugin's pacing of writes that lets every write through at
 * once (its `write` and `notifications` groups, as the plugin keys and schedules them).
 */
const UNPACED = {
  key: () => ({ schedule: <T>(_job: unknown, run: () => T): T => run() }),
} as unknown as NonNullable<ThrottlingOptions['write']>;

/** What the plugins keep in a request's `request` options. */
interface RetrySettings {
  /** Tries after the first; 0 stops the retry plugin. */
  retries?: number;
  /** The retry plugin's count of tries so far. */
  retryCount?: number;
}

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const apiUrl = apiBaseUrl(options.apiUrl);
  const { log, deadline, cancellation } = options;
  const secrets = redactor([options.token]);
  const unit = options.tuning?.retryUnitMs ?? GITHUB_RETRY_UNIT_MS;
  const cut = cancellation
    ? abortAfterFirstSignal(cancellation, GITHUB_DONE_AFTER_SIGNAL_MS, deadline.clock)
    : undefined;
  const bound = callBound(deadline, cut?.signal);
  const transport = gitHubTransport({
    ...(options.tuning?.lookup ? { lookup: options.tuning.lookup } : {}),
    ...(bound === undefined ? {} : { signal: bound }),
    redact: (text) => secrets.redact(text),
  });
  let unwaited: UnwaitedRateLimit | undefined;

  /** Why a wait of `ms` may not begin now, if it may not. */
  const refusal = (ms: number): UnwaitedRateLimit['reason'] | undefined => {
    if (cancellation?.signal.aborted) return 'cancelled';
    if (deadline !== undefined && deadline.clock.now() + ms > deadline.at) return 'deadline';
    return undefined;
  };

  const limits = (octokit: OctokitCore): void => {
    octokit.hook.before('request', (request) => {
      // Octokit hands every request the same `request` options object; the plugins count each
      // request's tries in it, so each request gets its own.
      request.request = { ...request.request };
      request.headers['x-github-api-version'] = API_VERSION;
    });
    octokit.hook.error('request', (error: Error, request) => {
      const settings = request.request as RetrySettings;
      const status = answeredStatus(error) ?? 500;
      if (isUnknownHost(error) || unexpectedAnswerOf(error) !== undefined) {
        settings.retries = 0;
      } else if (status >= 500 || !NOT_RETRIED.includes(status)) {
        // The retry plugin's back-off before its next try: (tries so far + 1)² units.
        const reason = refusal(((settings.retryCount ?? 0) + 1) ** 2 * unit);
        if (reason !== undefined) {
          settings.retries = 0;
          log.debug(`GitHub: ${request.method} ${request.url} is not tried again (${reason}).`);
        }
      }
      throw error;
    });
  };

  const onRateLimit =
    (kind: RateLimitKind) =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number): boolean => {
      const waitMs = retryAfter * 1000;
      const reason = retryCount >= MAX_RATE_LIMIT_WAITS ? 'tries' : refusal(waitMs);
      if (reason !== undefined) {
        unwaited = { kind, waitMs, reason };
        return false;
      }
      log.info(
        `GitHub's ${kind} rate limit holds ${request.method} ${request.url}: waiting ${retryAfter} s, as GitHub asks, before sending it again.`,
      );
      return true;
    };

  const quiet = (message: string): void => log.debug(secrets.redact(`GitHub client: ${message}`));
  const octokit: Octokit = getOctokit(
    options.token,
    {
      baseUrl: apiUrl,
      userAgent: 'svc-ci-action',
      request: { fetch: transport.fetch },
      log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
      retry: { doNotRetry: NOT_RETRIED, retryAfterBaseValue: unit },
      throttle: {
        onRateLimit: onRateLimit('primary'),
        onSecondaryRateLimit: onRateLimit('secondary'),
        ...(options.tuning?.pacedWrites === false ? { write: UNPACED, notifications: UNPACED } : {}),
      },
    },
    limits,
    retry,
    throttling,
  );

  return {
    apiUrl,
    octokit,
    get unwaited() {
      return unwaited;
    },
    redact: (text) => secrets.redact(text),
    async close() {
      cut?.dispose();
      await transport.close();
    },
  };
}

/**
 * What ends every request: GITHUB_DONE_AFTER_DEADLINE_MS after the step's deadline (the check run
 * and the comment are written after the mode, which may end at it), or `cut`, whichever fires first.
 */
function callBound(deadline: Deadline | undefined, cut: AbortSignal | undefined): AbortSignal | undefined {
  const end =
    deadline === undefined ? undefined : new Deadline(deadline.at + GITHUB_DONE_AFTER_DEADLINE_MS, deadline.clock);
  if (end === undefined) return cut;
  return cut === undefined ? end.signal : AbortSignal.any([end.signal, cut]);
}
