/**
 * Where the workflow runs, as the runner describes it in its variables: what the check run and
 * the pull request comment are about, and the workflow run they link to.
 */

import { readFileSync } from 'node:fs';
import { parseJsonObject } from '../json-object.ts';

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
  /** NaN when GITHUB_RUN_ATTEMPT is unset. */
  readonly runAttempt: number;
}

/**
 * GITHUB_REPOSITORY, GITHUB_EVENT_NAME, GITHUB_SHA, GITHUB_EVENT_PATH, GITHUB_SERVER_URL,
 * GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT.
 */
export function workflowContext(env: NodeJS.ProcessEnv = process.env): WorkflowContext {
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    sha: env.GITHUB_SHA ?? '',
    repo: owner && repo ? { owner, repo } : undefined,
    payload: readEvent(env.GITHUB_EVENT_PATH),
    serverUrl: env.GITHUB_SERVER_URL || 'https://github.com',
    runId: Number.parseInt(env.GITHUB_RUN_ID ?? '', 10),
    runAttempt: Number.parseInt(env.GITHUB_RUN_ATTEMPT ?? '', 10),
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

/**
 * GITHUB_SERVER_URL/OWNER/REPO/actions/runs/GITHUB_RUN_ID: the workflow run's page, where its job
 * summary is. Undefined when the context names no run.
 */
export function workflowRunUrl(
  context: Partial<Pick<WorkflowContext, 'serverUrl' | 'runId' | 'repo'>>,
): string | undefined {
  const { serverUrl, runId, repo } = context;
  if (!serverUrl || repo === undefined || runId === undefined || !Number.isSafeInteger(runId) || runId <= 0) {
    return undefined;
  }
  return `${serverUrl.replace(/\/+$/, '')}/${repo.owner}/${repo.repo}/actions/runs/${runId}`;
}
