/**
 * Where a check run goes: the repository and the commit, read from the workflow's context.
 */

import { workflowRunUrl } from './workflow-context.ts';
import type { WorkflowContext } from './workflow-context.ts';

/**
 * The part of the workflow's context a check run needs: workflowContext() reads it from the
 * runner's variables; tests and other CI systems can build one by hand. Of the payload only
 * `pull_request.head.sha` is read; `serverUrl` with `runId`, when given, link the check run
 * back to the workflow run.
 */
export type CheckRunContext = Pick<WorkflowContext, 'eventName' | 'sha' | 'repo' | 'payload'> &
  Partial<Pick<WorkflowContext, 'serverUrl' | 'runId'>>;

export interface CheckRunTarget {
  owner: string;
  repo: string;
  headSha: string;
  detailsUrl?: string;
}

export type CheckRunTargetResult = { target: CheckRunTarget } | { problem: string };

export function checkRunTarget(context: CheckRunContext): CheckRunTargetResult {
  const owner = context.repo?.owner;
  const repo = context.repo?.repo;
  if (typeof owner !== 'string' || owner === '' || typeof repo !== 'string' || repo === '') {
    return {
      problem: 'there is no repository to publish to (GITHUB_REPOSITORY is not set: not running in GitHub Actions?)',
    };
  }

  const headSha = commitOf(context);
  if (headSha === undefined) {
    return { problem: 'there is no commit to publish on (GITHUB_SHA is not set: not running in GitHub Actions?)' };
  }

  const target: CheckRunTarget = { owner, repo, headSha };
  const detailsUrl = workflowRunUrl({ ...context, repo: { owner, repo } });
  if (detailsUrl !== undefined) target.detailsUrl = detailsUrl;
  return { target };
}

/**
 * The commit people look at. On pull request events (`pull_request`, `pull_request_target` and
 * the review events) GITHUB_SHA is a merge commit or the base branch's head, which the pull
 * request page never shows: the check run belongs on the pull request's head commit.
 */
function commitOf(context: CheckRunContext): string | undefined {
  const pullRequestHead = context.payload?.pull_request?.head?.sha;
  if (context.eventName?.startsWith('pull_request') && typeof pullRequestHead === 'string' && pullRequestHead !== '') {
    return pullRequestHead;
  }
  return typeof context.sha === 'string' && context.sha !== '' ? context.sha : undefined;
}
