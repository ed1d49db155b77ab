/**
 * The step's summary as one comment on the pull request (input `comment-on-pr`), updated in
 * place on later runs: the comment is found again by a hidden marker naming the mode (and what
 * it ran on), so a pull request gets one comment per step, never a second.
 *
 * Like the check run, a courtesy on top of the step's own report: every failure here (no
 * permission, GitHub unreachable) becomes one warning, never an error of the step.
 */

import type { Inputs } from '../inputs/schema.ts';
import { formatKiB } from '../report/format.ts';
import { truncateMarkdown } from '../report/markdown.ts';
import { redactor } from '../report/redact.ts';
import { failureReason, gitHubApi, repoPath, workflowContext } from './github-api.ts';
import type { GitHubApi, GitHubLog, WorkflowContext } from './github-api.ts';

export type PullRequestCommentLog = GitHubLog;

/**
 * Where the workflow runs: the part of workflowContext() a comment needs. Of the payload only
 * `pull_request.number` is read; `serverUrl` with `runId`, when given, link to the workflow run.
 */
export type PullRequestCommentContext = Pick<WorkflowContext, 'eventName' | 'repo' | 'payload'> &
  Partial<Pick<WorkflowContext, 'serverUrl' | 'runId'>>;

export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
}

export interface IssueComment {
  id: number;
  body: string;
}

/**
 * The three calls the sticky comment makes. One small interface, so that the way GitHub is
 * called can change without touching what is sent.
 */
export interface PullRequestComments {
  /** One page of the pull request's comments, oldest first. */
  list(pullRequest: PullRequestRef, page: number, perPage: number): Promise<IssueComment[]>;
  create(pullRequest: PullRequestRef, body: string): Promise<IssueComment>;
  update(pullRequest: PullRequestRef, id: number, body: string): Promise<IssueComment>;
}

export interface CommentOnPullRequestOptions {
  /** The `github-token` input. Never logged. */
  token: string;
  /** What the marker names: the mode and what it ran on (`stickyCommentKey`). */
  key: string;
  /** Markdown, secrets already masked. */
  body: string;
  /** Default: workflowContext(), from the runner's variables. */
  context?: PullRequestCommentContext;
  /** Default: GITHUB_API_URL, else https://api.github.com. */
  apiUrl?: string;
  /** Default: GitHub's REST API (restComments). */
  comments?: PullRequestComments;
  log: PullRequestCommentLog;
}

export type CommentOutcome = 'created' | 'updated' | 'not-a-pull-request' | 'failed';

/** GitHub refuses a comment body longer than this many characters. */
export const COMMENT_BODY_LIMIT = 65_536;
const PER_PAGE = 100;
/** A pull request with more comments than this is not searched further (and gets a new one). */
const MAX_PAGES = 50;

/** The events whose payload is a pull request the step can comment on. */
const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

/** What identifies the step's comment: the mode, and what it ran on where one repository may run it twice. */
export function stickyCommentKey(inputs: Inputs): string {
  switch (inputs.mode) {
    case 'sync-policies':
      return `sync-policies ${inputs.organization}`;
    case 'run-module-tests':
      return `run-module-tests ${inputs.moduleNamespace}/${inputs.moduleName}/${inputs.moduleProvider}`;
    default:
      return inputs.mode;
  }
}

/** The first line of the comment; `-->` cannot occur in a key made of names. */
export function commentMarker(key: string): string {
  return `<!-- svc-ci-action: ${key.replace(/--+>?|>/g, '-')} -->`;
}

/** Writes `body` as the step's comment on the pull request, or updates the one already there. */
export async function commentOnPullRequest(options: CommentOnPullRequestOptions): Promise<CommentOutcome> {
  const { token, log } = options;
  const secrets = redactor([token]);
  const context = options.context ?? workflowContext();
  if (!PULL_REQUEST_EVENTS.has(context.eventName)) {
    log.debug(
      `comment-on-pr: the event is ${context.eventName || 'not a GitHub event'}, not a pull request; no comment is written.`,
    );
    return 'not-a-pull-request';
  }
  const pullRequest = pullRequestOf(context);
  const notWritten = (reason: string): CommentOutcome => {
    log.warning(secrets.redact(`comment-on-pr: the summary is not written to the pull request: ${reason}`));
    return 'failed';
  };
  if (pullRequest === undefined)
    return notWritten('the event names no pull request (GITHUB_REPOSITORY or the event payload is missing).');
  if (token.trim() === '')
    return notWritten('github-token is empty; set it to a token with the pull-requests: write permission.');

  const github = gitHubApi({ token, ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}) });
  const apiUrl = github.url;
  const comments = options.comments ?? restComments(github);
  const marker = commentMarker(options.key);
  const body = commentBody(marker, options.body, runUrl(context, pullRequest));
  try {
    const existing = await findComment(comments, pullRequest, marker);
    if (existing !== undefined) {
      await comments.update(pullRequest, existing.id, body);
      log.debug(`comment-on-pr: updated comment ${existing.id} on pull request #${pullRequest.number}`);
      return 'updated';
    }
    const created = await comments.create(pullRequest, body);
    log.debug(`comment-on-pr: created comment ${created.id} on pull request #${pullRequest.number}`);
    return 'created';
  } catch (error) {
    return notWritten(failureReason(error, apiUrl, 'pull-requests', ` for pull request #${pullRequest.number}`));
  }
}

/** The marker, then the summary, cut to what a comment holds with a link to the whole of it. */
export function commentBody(marker: string, summary: string, runLink: string | undefined): string {
  const whole = `${marker}\n${summary}`;
  if (whole.length <= COMMENT_BODY_LIMIT) return whole;
  const where = runLink ? `the job summary of [the workflow run](${runLink})` : 'the job summary of the workflow run';
  // A UTF-16 code unit takes at least one byte in UTF-8: text of at most N bytes fits N characters.
  return truncateMarkdown(
    whole,
    COMMENT_BODY_LIMIT,
    (omitted) =>
      `> [!NOTE]\n> Cut to fit a pull request comment (${formatKiB(omitted)} left out): ${where} has all of it.\n`,
  ).text;
}

/** The step's own comment: the first one that starts with its marker, on any page. */
async function findComment(
  comments: PullRequestComments,
  pullRequest: PullRequestRef,
  marker: string,
): Promise<IssueComment | undefined> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const batch = await comments.list(pullRequest, page, PER_PAGE);
    const found = batch.find((c) => c.body.startsWith(marker));
    if (found !== undefined) return found;
    if (batch.length < PER_PAGE) return undefined;
  }
  return undefined;
}

function pullRequestOf(context: PullRequestCommentContext): PullRequestRef | undefined {
  const owner = context.repo?.owner;
  const repo = context.repo?.repo;
  const number = context.payload?.pull_request?.number;
  if (typeof owner !== 'string' || owner === '' || typeof repo !== 'string' || repo === '') return undefined;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number <= 0) return undefined;
  return { owner, repo, number };
}

/** GITHUB_SERVER_URL/GITHUB_REPOSITORY/actions/runs/GITHUB_RUN_ID: where the whole summary is. */
function runUrl(context: PullRequestCommentContext, pullRequest: PullRequestRef): string | undefined {
  if (!context.serverUrl || !Number.isSafeInteger(context.runId) || (context.runId ?? 0) <= 0) return undefined;
  return `${context.serverUrl.replace(/\/+$/, '')}/${pullRequest.owner}/${pullRequest.repo}/actions/runs/${context.runId}`;
}

/** The comments API of GitHub's REST API (a pull request's comments are its issue's). */
export function restComments(github: GitHubApi): PullRequestComments {
  const comment = (data: { id: number; body?: string | null }): IssueComment => ({
    id: data.id,
    body: data.body ?? '',
  });
  const issue = ({ owner, repo, number }: PullRequestRef): string => `${repoPath(owner, repo)}/issues/${number}`;
  return {
    async list(pullRequest, page, perPage) {
      const data = await github.request<Array<{ id: number; body?: string | null }>>(
        'GET',
        `${issue(pullRequest)}/comments?per_page=${perPage}&page=${page}`,
      );
      return data.map(comment);
    },
    async create(pullRequest, body) {
      return comment(await github.request('POST', `${issue(pullRequest)}/comments`, { body }));
    },
    async update({ owner, repo }, id, body) {
      return comment(await github.request('PATCH', `${repoPath(owner, repo)}/issues/comments/${id}`, { body }));
    },
  };
}
