/**
 * What the check run and the pull request comment share about talking to GitHub: the client,
 * where the API is, and the limits every call keeps. Calls go through the Actions toolkit's
 * Octokit (@actions/github) with GitHub's own retry and throttling plugins, loaded only when a
 * step talks to GitHub (github/octokit.ts): a step that does not pays nothing for them at start.
 *
 * Each of the check run and the comment masks the token in what it logs with the sinks' redactor
 * (report/redact.ts), built for that token: the log it is given need not be a sink that knows it.
 */

import type { LookupFunction } from 'node:net';
import type { GitHub as OctokitWithRest } from '@actions/github/lib/utils';
import type { Cancellation } from '../lifetime/cancellation.ts';
import type { Deadline } from '../lifetime/deadline.ts';

export interface GitHubLog {
  info(message: string): void;
  warning(message: string): void;
  debug(message: string): void;
}

/** The Actions toolkit's Octokit, its REST methods and `paginate` included. */
export type Octokit = InstanceType<typeof OctokitWithRest>;

/** GitHub's limit that held a request back: its quota (primary) or its pace (secondary). */
export type RateLimitKind = 'primary' | 'secondary';

/** Why a rate limit was not waited out. */
export interface UnwaitedRateLimit {
  kind: RateLimitKind;
  /** What GitHub asked to wait. */
  waitMs: number;
  /** `deadline`: the wait would end past the step's deadline; `cancelled`: the step was cancelled; `tries`: still held after several waits. */
  reason: 'deadline' | 'cancelled' | 'tries';
}

export interface GitHubClientOptions {
  /** The `github-token` input. Never logged. */
  token: string;
  /** Default: GITHUB_API_URL, else https://api.github.com. */
  apiUrl?: string;
  log: GitHubLog;
  /**
   * The step's deadline (input `timeout`, from the step's start): a rate limit or a retry is
   * waited out only when the wait ends before it, and every request ends GITHUB_DONE_AFTER_DEADLINE_MS
   * (lifetime/budgets.ts) after it, however slowly GitHub answers. Its clock is the one both read.
   */
  deadline: Deadline;
  /**
   * The step's cancellation: after its first signal no wait is begun, and what is still in
   * flight is cut GITHUB_DONE_AFTER_SIGNAL_MS (lifetime/budgets.ts) after that signal, before the runner's kill.
   */
  cancellation?: Cancellation;
  tuning?: GitHubTuning;
}

export interface GitHubTuning {
  /**
   * The unit of the retry plugin's back-off after a server error or a dropped connection: it
   * waits 1, 4, then 9 of them (default 1000 ms, GitHub's advice). Rate limits are always
   * waited in real seconds, as GitHub gives them.
   */
  retryUnitMs?: number;
  /**
   * `false` sends writes without the throttling plugin's pacing (a second between writes, three
   * between those that notify people, as GitHub advises): for tests that make many writes.
   */
  pacedWrites?: boolean;
  /** Resolves host names instead of the system's resolver (tests resolve names their own way). */
  lookup?: LookupFunction;
}

export interface GitHubClient {
  /** The API's base address, without a trailing slash. */
  readonly apiUrl: string;
  readonly octokit: Octokit;
  /** The last rate limit that was not waited out, if one was not. */
  readonly unwaited: UnwaitedRateLimit | undefined;
  /** The text with the token masked: for what a message quotes of an answer, before it is cut. */
  readonly redact: (text: string) => string;
  /** Ends the client's connections and its bound after a signal. */
  close(): Promise<void>;
}

/** The explicit address, else GITHUB_API_URL (GitHub Enterprise Server), else github.com's. */
export function apiBaseUrl(explicit: string | undefined): string {
  const url = explicit || process.env.GITHUB_API_URL || 'https://api.github.com';
  return url.replace(/\/+$/, '');
}
