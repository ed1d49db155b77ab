/**
 * Publishes a step's results as a GitHub check run (input `check-name`): created `in_progress`
 * when the step starts, completed with its output and every annotation at the end.
 *
 * Publishing is a courtesy on top of the step's own report: every failure here (no permission,
 * no repository, GitHub unreachable) becomes one warning, never an error of the step.
 */

import { randomUUID } from 'node:crypto';
import {
  ANNOTATIONS_PER_REQUEST,
  OUTPUT_TEXT_LIMIT,
  SUMMARY_CUT_NOTE,
  cutToLimit,
  inBatches,
  toApiAnnotation,
} from './check-run-output.ts';
import type { ApiAnnotation, CheckAnnotation } from './check-run-output.ts';
import { checkRunTarget } from './check-run-target.ts';
import type { CheckRunContext, CheckRunTarget } from './check-run-target.ts';
import { outOfShape, requestName } from './answers.ts';
import type { GitHubClient, GitHubClientOptions, GitHubLog } from './client.ts';
import { createOnce } from '../create-once.ts';
import { mayHaveTakenEffect, NOT_RETRIED_BY_PLUGIN } from './create-once.ts';
import { failureReason } from './failure.ts';
import { openGitHub } from './open-github.ts';
import { pagesOf } from './pages.ts';
import type { Listing, Page } from './pages.ts';
import { withoutRestatedHeading } from './summary-on-github.ts';
import { workflowContext } from './workflow-context.ts';
import { getErrorMessage } from '../errors.ts';
import { isObject } from '../json-object.ts';
import { redactor } from '../report/redact.ts';
import type { Redactor } from '../report/redact.ts';
import { CHECK_RUN_START_MS } from '../lifetime/budgets.ts';
import { Deadline } from '../lifetime/deadline.ts';

export type { CheckAnnotation, CheckAnnotationLevel } from './check-run-output.ts';
export type { CheckRunContext } from './check-run-target.ts';

export type CheckRunConclusion =
  'success' | 'failure' | 'neutral' | 'cancelled' | 'timed_out' | 'action_required' | 'skipped';

export type CheckRunLog = GitHubLog;

/** The token, the API's address, the log and the step's limits (client.ts), and: */
export interface StartCheckRunOptions extends GitHubClientOptions {
  /** The `check-name` input. */
  name: string;
  /** Default: the workflow's (GITHUB_REPOSITORY, GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_SHA). */
  context?: CheckRunContext;
}

export interface CheckRunResult {
  conclusion: CheckRunConclusion;
  title: string;
  /** Markdown; cut to the Checks API's 65535 characters with a note saying so. */
  summary: string;
  /** Markdown; cut like the summary. */
  text?: string;
  annotations: readonly CheckAnnotation[];
}

export interface CheckRunOutcome {
  /** The check run reached `completed`. */
  completed: boolean;
  annotationsPublished: number;
}

export interface CheckRunHandle {
  readonly id: number;
  /** The check run's page on GitHub, when GitHub gave one. */
  readonly url: string | undefined;
  /** Publishes the output and every annotation, then completes the check run. Only the first call sends anything. */
  complete(result: CheckRunResult): Promise<CheckRunOutcome>;
  /**
   * The annotations GitHub has confirmed so far: what `complete` publishes, read while it is
   * still under way (a step whose time ran out after a signal stops waiting for it).
   */
  readonly annotationsPublished: number;
}

export async function startCheckRun(options: StartCheckRunOptions): Promise<CheckRunHandle | null> {
  const { token, name, log } = options;
  const secrets = redactor([token]);
  const notPublished = (reason: string): null => {
    log.warning(secrets.redact(`check-name: the check run "${name}" is not published: ${reason}`));
    return null;
  };

  const found = checkRunTarget(options.context ?? workflowContext());
  if ('problem' in found) return notPublished(`${found.problem}.`);
  if (token.trim() === '')
    return notPublished('github-token is empty; set it to a token with the checks: write permission.');
  const { target } = found;

  let github: GitHubClient;
  try {
    github = await openGitHub(options);
  } catch (error) {
    return notPublished(`the GitHub client did not start: ${getErrorMessage(error)}.`);
  }
  // The mode waits for the start: it is bounded on its own, well within the step's deadline.
  const start = Deadline.after(CHECK_RUN_START_MS, options.deadline.clock);
  try {
    const created = await createCheckRun(github, target, name, start.signal);
    log.debug(`check run "${name}" (${created.id}) started on ${target.owner}/${target.repo}@${target.headSha}`);
    return checkRunHandle({ github, target, id: created.id, url: created.html_url ?? undefined, name, secrets, log });
  } catch (error) {
    await github.close();
    return notPublished(failureReason(error, github, 'checks'));
  }
}

interface CreatedCheckRun {
  id: number;
  html_url?: string | null;
  external_id?: string | null;
}

/** The commit's check runs of a name: a create that may have taken effect is looked for among them. */
const CHECK_RUN_LISTING: Listing<CreatedCheckRun> = {
  what: 'a list of check runs',
  itemsOf: (data) =>
    isObject(data) && Array.isArray(data.check_runs) && data.check_runs.every(isCheckRun) ? data.check_runs : undefined,
  // A commit has one check run of a name for each time a workflow ran on it.
  maxPages: 10,
};

/** Whether `value` has the fields of a check run the step reads, each of its documented type. */
function isCheckRun(value: unknown): value is CreatedCheckRun {
  if (!isObject(value) || !Number.isSafeInteger(value.id)) return false;
  const text = (field: unknown): boolean => field === undefined || field === null || typeof field === 'string';
  return text(value.html_url) && text(value.external_id);
}

/**
 * Creates the check run, once: it carries an `external_id` of its own, by which a create that
 * failed but took effect is found among the commit's check runs of that name. An answer that is
 * no check run is such a failure.
 */
async function createCheckRun(
  github: GitHubClient,
  target: CheckRunTarget,
  name: string,
  signal: AbortSignal,
): Promise<CreatedCheckRun> {
  const { owner, repo, headSha } = target;
  const externalId = randomUUID();
  return createOnce(
    async () =>
      checkRunIn(
        await github.octokit.rest.checks.create({
          owner,
          repo,
          name,
          head_sha: headSha,
          external_id: externalId,
          status: 'in_progress',
          started_at: timestamp(),
          ...(target.detailsUrl === undefined ? {} : { details_url: target.detailsUrl }),
          request: { ...NOT_RETRIED_BY_PLUGIN, signal },
        }),
        github,
      ),
    async () => {
      const first = (): Promise<Page> =>
        github.octokit.rest.checks.listForRef({
          owner,
          repo,
          ref: headSha,
          check_name: name,
          filter: 'all',
          per_page: 100,
          request: { signal },
        });
      for await (const runs of pagesOf(github, first, CHECK_RUN_LISTING)) {
        const run = runs.find((r) => r.external_id === externalId);
        if (run !== undefined) return run;
      }
      return undefined;
    },
    mayHaveTakenEffect,
  );
}

/** The check run a create answered, or the failure of that call when the answer is none. */
function checkRunIn(answer: Page, github: GitHubClient): CreatedCheckRun {
  if (!isCheckRun(answer.data)) {
    throw outOfShape(requestName('POST', answer.url), answer.data, 'a check run', github.redact);
  }
  return answer.data;
}

interface HandleParts {
  github: GitHubClient;
  target: CheckRunTarget;
  id: number;
  url: string | undefined;
  name: string;
  /** The token, masked in what is logged. */
  secrets: Redactor;
  log: CheckRunLog;
}

function checkRunHandle(parts: HandleParts): CheckRunHandle {
  const { github, target, id, name, secrets, log } = parts;
  let completing = false;

  const update = async (fields: UpdateFields): Promise<void> => {
    await github.octokit.rest.checks.update({ owner: target.owner, repo: target.repo, check_run_id: id, ...fields });
  };
  const warn = (what: string, error: unknown): void => {
    log.warning(
      secrets.redact(
        `check-name: ${what} of the check run "${name}" failed: ${failureReason(error, github, 'checks')}`,
      ),
    );
  };

  // What GitHub has taken of the annotations, batch by batch: the handle answers it while
  // `complete` is still under way.
  let published = 0;
  return {
    id,
    url: parts.url,
    get annotationsPublished() {
      return published;
    },
    async complete(result: CheckRunResult): Promise<CheckRunOutcome> {
      if (completing) {
        log.debug(`check run "${name}" (${id}) is already completed; nothing more sent`);
        return { completed: false, annotationsPublished: 0 };
      }
      completing = true;
      try {
        return await publish(result);
      } finally {
        await github.close();
      }
    },
  };

  async function publish(result: CheckRunResult): Promise<CheckRunOutcome> {
    const output: OutputFields = {
      title: result.title,
      summary: cutToLimit(withoutRestatedHeading(result.title, result.summary), OUTPUT_TEXT_LIMIT, SUMMARY_CUT_NOTE),
      ...(result.text === undefined ? {} : { text: cutToLimit(result.text, OUTPUT_TEXT_LIMIT, SUMMARY_CUT_NOTE) }),
    };
    const annotations = result.annotations.map(toApiAnnotation);
    // The Checks API appends the annotations of each update to those already there, and takes
    // at most 50 at a time; title and summary are required with every output.
    const batches = annotations.length === 0 ? [[]] : inBatches(annotations, ANNOTATIONS_PER_REQUEST);

    let outputSent = false;
    for (const batch of batches) {
      try {
        await update({ output: batch.length === 0 ? output : { ...output, annotations: batch } });
      } catch (error) {
        const range =
          batch.length === 0
            ? 'output'
            : `annotations ${published + 1}-${published + batch.length} of ${annotations.length}`;
        warn(`publishing the ${range}`, error);
        break;
      }
      outputSent = true;
      published += batch.length;
    }
    if (published < annotations.length && published > 0) {
      log.debug(`${annotations.length - published} annotations of check run "${name}" were not published`);
    }

    try {
      await update({
        status: 'completed',
        conclusion: result.conclusion,
        completed_at: timestamp(),
        // Whatever went wrong with the annotations, the check run still carries the summary.
        ...(outputSent ? {} : { output }),
      });
    } catch (error) {
      warn('completing', error);
      return { completed: false, annotationsPublished: published };
    }
    log.debug(`check run "${name}" (${id}) completed: ${result.conclusion}, ${published} annotations`);
    return { completed: true, annotationsPublished: published };
  }
}

interface OutputFields {
  title: string;
  summary: string;
  text?: string;
  annotations?: ApiAnnotation[];
}

type UpdateFields =
  | { output: OutputFields }
  | { status: 'completed'; conclusion: CheckRunConclusion; completed_at: string; output?: OutputFields };

/** ISO 8601 as the Checks API documents it: `YYYY-MM-DDTHH:MM:SSZ`. */
function timestamp(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
}
