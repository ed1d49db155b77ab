/**
 * What the check run and the pull request comment share about talking to GitHub: the workflow's
 * context, the REST client, where the API is, how long a request may take, and why a request
 * failed. Each of them masks the token in what it logs with the sinks' redactor (report/redact.ts),
 * built for that token: the log it is given need not be a sink that knows it.
 *
 * Requests go through the Actions toolkit's HTTP client: the one @actions/core already ships,
 * which honours HTTPS_PROXY / HTTP_PROXY / NO_PROXY as every toolkit action does. A client of its
 * own (Octokit) would bring a second HTTP stack and its own copy of undici for the few calls a
 * step makes.
 */

import { readFileSync } from 'node:fs';
import { HttpClient } from '@actions/http-client';
import { getErrorMessage } from '../errors.ts';
import { isObject, parseJsonObject, parseJsonOrUndefined } from '../json-object.ts';

/** A request to GitHub whose connection stays silent this long is given up (the step must not hang on it). */
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000;

export interface GitHubLog {
  warning(message: string): void;
  debug(message: string): void;
}

/** Where the workflow runs, as the runner describes it. */
export interface WorkflowContext {
  readonly eventName: string;
  readonly sha: string;
  /** Undefined outside GitHub Actions (no GITHUB_REPOSITORY). */
  readonly repo: { readonly owner: string; readonly repo: string } | undefined;
  /** The event's payload (the file GITHUB_EVENT_PATH names); empty when there is none. */
  readonly payload: {
    readonly pull_request?: {
      readonly number?: unknown;
      readonly head?: { readonly sha?: unknown };
      readonly [key: string]: unknown;
    };
  };
  readonly serverUrl: string;
  /** NaN when GITHUB_RUN_ID is unset. */
  readonly runId: number;
}

/** GITHUB_REPOSITORY, GITHUB_EVENT_NAME, GITHUB_SHA, GITHUB_EVENT_PATH, GITHUB_SERVER_URL, GITHUB_RUN_ID. */
export function workflowContext(env: NodeJS.ProcessEnv = process.env): WorkflowContext {
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    sha: env.GITHUB_SHA ?? '',
    repo: owner && repo ? { owner, repo } : undefined,
    payload: readEvent(env.GITHUB_EVENT_PATH),
    serverUrl: env.GITHUB_SERVER_URL || 'https://github.com',
    runId: Number.parseInt(env.GITHUB_RUN_ID ?? '', 10),
  };
}

/** The event's payload; an empty one when there is no file or it is not a JSON object. */
function readEvent(path: string | undefined): WorkflowContext['payload'] {
  if (!path) return {};
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  return parseJsonObject(text) ?? {};
}

/** The explicit address, else GITHUB_API_URL (GitHub Enterprise Server), else github.com's. */
export function apiBaseUrl(explicit: string | undefined): string {
  const url = explicit || process.env.GITHUB_API_URL || 'https://api.github.com';
  return url.replace(/\/+$/, '');
}

/** GitHub answered, with a status outside 2xx. */
export class GitHubApiError extends Error {
  override name = 'GitHubApiError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface GitHubApi {
  /** The API's base address, without a trailing slash. */
  readonly url: string;
  /** Sends `body` as JSON to `path` (below the base address); the parsed answer, or GitHubApiError. */
  request<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T>;
}

/**
 * A client of GitHub's REST API. The token goes as a bearer token, which GitHub takes for every
 * kind of token; it is never logged.
 */
export function gitHubApi(options: { token: string; apiUrl?: string }): GitHubApi {
  const url = apiBaseUrl(options.apiUrl);
  // No keep-alive: a finished step holds no socket open, so the process ends when its work does.
  const http = new HttpClient('svc-ci-action', [], { socketTimeout: GITHUB_REQUEST_TIMEOUT_MS, keepAlive: false });
  const headers = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${options.token}`,
    'x-github-api-version': '2022-11-28',
  };
  return {
    url,
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      const data = body === undefined ? null : JSON.stringify(body);
      const response = await http.request(
        method,
        `${url}${path}`,
        data,
        data === null ? headers : { ...headers, 'content-type': 'application/json' },
      );
      const text = await response.readBody();
      const status = response.message.statusCode ?? 0;
      const parsed = parseJsonOrUndefined(text);
      if (status < 200 || status > 299) {
        const message = isObject(parsed) && typeof parsed.message === 'string' ? parsed.message : `HTTP ${status}`;
        throw new GitHubApiError(status, message);
      }
      return parsed as T;
    },
  };
}

/** `/repos/OWNER/REPO`, each part encoded. */
export function repoPath(owner: string, repo: string): string {
  return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}

/** The HTTP status of a response GitHub gave, or undefined when no response came. */
export function answeredStatus(error: unknown): number | undefined {
  return error instanceof GitHubApiError ? error.status : undefined;
}

/**
 * Why a request to GitHub failed, for the one warning it becomes: what GitHub answered and, for
 * a 403, the permission (`checks`, `pull-requests`) the job must give the token. `about` names
 * what the request was about (` for pull request #7`) where the warning does not.
 */
export function failureReason(error: unknown, apiUrl: string, permission: string, about = ''): string {
  const status = answeredStatus(error);
  const message = getErrorMessage(error);
  if (status === 403) {
    return (
      `GitHub answered 403 (${message}). The github-token needs the ${permission}: write permission: ` +
      `add \`permissions: ${permission}: write\` to the job, or set github-token to a token that has it. ` +
      'On a pull request from a fork, GitHub gives the workflow a read-only token: the summary is only in the job summary.'
    );
  }
  if (status !== undefined) return `GitHub answered ${status}${about} (${message}).`;
  return `could not reach ${apiUrl}: ${message}.`;
}
