/**
 * The step's summary as one comment on the pull request (input `comment-on-pr`), updated in
 * place on later runs: the comment is found again by a hidden marker naming the mode (and what
 * it ran on), so a pull request gets one comment per step, never a second. Only a comment the
 * token's own identity wrote is taken for it (comment-author.ts).
 *
 * Like the check run, a courtesy on top of the step's own report: every failure here (no
 * permission, GitHub unreachable) becomes one warning, never an error of the step.
 */

import { getErrorMessage } from '../errors.ts';
import type { Inputs } from '../inputs/schema.ts';
import { isObject } from '../json-object.ts';
import { formatKiB } from '../report/format.ts';
import { truncateMarkdown } from '../report/markdown.ts';
import { redactor } from '../report/redact.ts';
import { outOfShape, requestName } from './answers.ts';
import type { GitHubClient, GitHubClientOptions, GitHubLog } from './client.ts';
import { tokenAuthor, writtenBy } from './comment-author.ts';
import type { AuthoredComment, CommentAuthor } from './comment-author.ts';
import { createOnce } from '../create-once.ts';
import { mayHaveTakenEffect, NOT_RETRIED_BY_PLUGIN } from './create-once.ts';
import { failureReason } from './failure.ts';
import { openGitHub } from './open-github.ts';
import { pagesOf } from './pages.ts';
import type { Listing, Page } from './pages.ts';
import { workflowContext, workflowRunUrl } from './workflow-context.ts';
import type { WorkflowContext } from './workflow-context.ts';

export type PullRequestCommentLog = GitHubLog;

/**
 * Where the workflow runs: the part of workflowContext() a comment needs. Of the payload only
 * `pull_request.number` and `pull_request.head.sha` (the commit the comment names) are read;
 * `serverUrl` with `runId` (and `runAttempt`), when given, link to the workflow run.
 */
export type PullRequestCommentContext = Pick<WorkflowContext, 'eventName' | 'repo' | 'payload'> &
  Partial<Pick<WorkflowContext, 'serverUrl' | 'runId' | 'runAttempt'>>;

export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
}

export interface IssueComment {
  id: number;
  body: string;
}

/** The token, the API's address, the log and the step's limits (client.ts), and: */
export interface CommentOnPullRequestOptions extends GitHubClientOptions {
  /** What the marker names: the mode and what it ran on (`stickyCommentKey`). */
  key: string;
  /** Markdown, secrets already masked. */
  body: string;
  /** Default: workflowContext(), from the runner's variables. */
  context?: PullRequestCommentContext;
  /** When the comment says it was written. Default: now. */
  writtenAt?: Date;
}

export type CommentOutcome = 'created' | 'updated' | 'not-a-pull-request' | 'failed';

/** GitHub refuses a comment body longer than this many characters. */
export const COMMENT_BODY_LIMIT = 65_536;
const PER_PAGE = 100;
/** A pull request with more comments than this many pages is not searched further (and gets a new one). */
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

  let github: GitHubClient;
  try {
    github = await openGitHub(options);
  } catch (error) {
    return notWritten(`the GitHub client did not start: ${getErrorMessage(error)}.`);
  }
  const marker = commentMarker(options.key);
  const runLink = workflowRunUrl({ ...context, repo: pullRequest });
  const footer = provenance(context, pullRequest, runLink, options.writtenAt ?? new Date());
  const body = commentBody(marker, options.body, runLink, footer);
  // Asked once, and only when a comment carries the marker.
  let author: Promise<CommentAuthor> | undefined;
  // What GitHub answered the question is quoted in a debug line: the token masked, as everywhere here.
  const authorLog = { ...log, debug: (message: string) => log.debug(secrets.redact(message)) };
  const whoWrites = (): Promise<CommentAuthor> => (author ??= tokenAuthor(github, authorLog));
  const find = (): Promise<IssueComment | undefined> => findComment(github, pullRequest, marker, whoWrites, log);
  try {
    const existing = await find();
    if (existing !== undefined) {
      commentIn(
        await github.octokit.rest.issues.updateComment({ ...repoOf(pullRequest), comment_id: existing.id, body }),
        'PATCH',
        github,
      );
      log.debug(`comment-on-pr: updated comment ${existing.id} on pull request #${pullRequest.number}`);
      return 'updated';
    }
    const created = await createOnce(
      async () =>
        commentIn(
          await github.octokit.rest.issues.createComment({
            ...repoOf(pullRequest),
            issue_number: pullRequest.number,
            body,
            request: NOT_RETRIED_BY_PLUGIN,
          }),
          'POST',
          github,
        ),
      find,
      mayHaveTakenEffect,
    );
    log.debug(`comment-on-pr: created comment ${created.id} on pull request #${pullRequest.number}`);
    return 'created';
  } catch (error) {
    return notWritten(failureReason(error, github, 'pull-requests', ` for pull request #${pullRequest.number}`));
  } finally {
    await github.close();
  }
}

/**
 * The marker, then the summary, cut to what a comment holds with a link to the whole of it, then
 * the footer (which a cut never takes).
 */
export function commentBody(marker: string, summary: string, runLink: string | undefined, footer = ''): string {
  const end = footer === '' ? '' : `\n\n${footer}`;
  const whole = `${marker}\n${summary}`;
  if (whole.length + end.length <= COMMENT_BODY_LIMIT) return `${whole}${end}`;
  const where = runLink ? `the job summary of [the workflow run](${runLink})` : 'the job summary of the workflow run';
  // A UTF-16 code unit takes at least one byte in UTF-8: text of at most N bytes fits N characters.
  const cut = truncateMarkdown(
    whole,
    COMMENT_BODY_LIMIT - end.length,
    (omitted) =>
      `> [!NOTE]\n> Cut to fit a pull request comment (${formatKiB(omitted)} left out): ${where} has all of it.\n`,
  ).text;
  return `${cut}${end}`;
}

/**
 * The comment's last line: which commit it speaks of (the pull request's head, linked), which
 * workflow run wrote it (linked, with its attempt) and when, so that a reader of an updated
 * comment knows what it describes.
 */
function provenance(
  context: PullRequestCommentContext,
  pullRequest: PullRequestRef,
  runLink: string | undefined,
  writtenAt: Date,
): string {
  const parts: string[] = [];
  const head = context.payload?.pull_request?.head?.sha;
  if (typeof head === 'string' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(head)) {
    const server = (context.serverUrl || 'https://github.com').replace(/\/+$/, '');
    parts.push(`Commit [\`${head.slice(0, 7)}\`](${server}/${pullRequest.owner}/${pullRequest.repo}/commit/${head})`);
  }
  if (runLink !== undefined) {
    const attempt = context.runAttempt;
    const which = attempt !== undefined && Number.isSafeInteger(attempt) && attempt > 0 ? `, attempt ${attempt}` : '';
    parts.push(`[workflow run ${context.runId}](${runLink})${which}`);
  }
  parts.push(`${writtenAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  return `<sub>${parts.join(' · ')}</sub>`;
}

/**
 * The step's own comment: the first one that starts with its marker and that the token's
 * identity wrote, on any page. A comment with the marker that someone else wrote is passed over.
 * A page out of its documented shape fails the search: read as no comment, it would have a
 * second one written.
 */
async function findComment(
  github: GitHubClient,
  pullRequest: PullRequestRef,
  marker: string,
  whoWrites: () => Promise<CommentAuthor>,
  log: GitHubLog,
): Promise<IssueComment | undefined> {
  const first = (): Promise<Page> =>
    github.octokit.rest.issues.listComments({
      ...repoOf(pullRequest),
      issue_number: pullRequest.number,
      per_page: PER_PAGE,
    });
  for await (const comments of pagesOf(github, first, COMMENT_LISTING)) {
    for (const comment of comments) {
      if (!(comment.body ?? '').startsWith(marker)) continue;
      if (writtenBy(comment, await whoWrites())) return commentOf(comment);
      log.debug(
        `comment-on-pr: comment ${comment.id} carries the marker but was written by ${comment.user?.login ?? 'someone else'}: left alone`,
      );
    }
  }
  return undefined;
}

/** A comment as GitHub lists and answers it: the fields the step reads. */
interface ListedComment extends AuthoredComment {
  id: number;
  body?: string | null;
}

const COMMENT_LISTING: Listing<ListedComment> = {
  what: 'a list of comments',
  itemsOf: (data) => (Array.isArray(data) && data.every(isListedComment) ? data : undefined),
  maxPages: MAX_PAGES,
};

/** Whether `value` has the fields of a comment the step reads, each of its documented type. */
function isListedComment(value: unknown): value is ListedComment {
  if (!isObject(value) || !Number.isSafeInteger(value.id)) return false;
  const body = value.body;
  return (
    (body === undefined || body === null || typeof body === 'string') &&
    hasOptionalName(value.user, 'login') &&
    hasOptionalName(value.performed_via_github_app, 'slug')
  );
}

/** Absent, null, or an object whose `name` is absent or a string (a comment's user, its app). */
function hasOptionalName(value: unknown, name: string): boolean {
  if (value === undefined || value === null) return true;
  return isObject(value) && (value[name] === undefined || typeof value[name] === 'string');
}

/** The comment a create or an edit answered, or the failure of that call when the answer is no comment. */
function commentIn(answer: Page, method: string, github: GitHubClient): IssueComment {
  if (!isListedComment(answer.data)) {
    throw outOfShape(requestName(method, answer.url), answer.data, 'a comment', github.redact);
  }
  return commentOf(answer.data);
}

function commentOf(data: ListedComment): IssueComment {
  return { id: data.id, body: data.body ?? '' };
}

function repoOf(pullRequest: PullRequestRef): { owner: string; repo: string } {
  return { owner: pullRequest.owner, repo: pullRequest.repo };
}

function pullRequestOf(context: PullRequestCommentContext): PullRequestRef | undefined {
  const owner = context.repo?.owner;
  const repo = context.repo?.repo;
  const number = context.payload?.pull_request?.number;
  if (typeof owner !== 'string' || owner === '' || typeof repo !== 'string' || repo === '') return undefined;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number <= 0) return undefined;
  return { owner, repo, number };
}
