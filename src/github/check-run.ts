/**
 * Publishes a step's results as a GitHub check run (input `check-name`): created `in_progress`
 * when the step starts, completed with its output and every annotation at the end.
 *
 * Publishing is a courtesy on top of the step's own report: every failure here (no permission,
 * no repository, GitHub unreachable) becomes one warning, never an error of the step.
 */

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
import { failureReason, gitHubApi, repoPath, workflowContext } from './github-api.ts';
import { redactor } from '../report/redact.ts';
import type { Redactor } from '../report/redact.ts';
import type { GitHubApi, GitHubLog } from './github-api.ts';

export type { CheckAnnotation, CheckAnnotationLevel } from './check-run-output.ts';
export type { CheckRunContext } from './check-run-target.ts';

export type CheckRunConclusion =
  'success' | 'failure' | 'neutral' | 'cancelled' | 'timed_out' | 'action_required' | 'skipped';

export type CheckRunLog = GitHubLog;

export interface StartCheckRunOptions {
  /** The `github-token` input. Never logged. */
  token: string;
  /** The `check-name` input. */
  name: string;
  /** Default: the workflow's (GITHUB_REPOSITORY, GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_SHA). */
  context?: CheckRunContext;
  /** Default: GITHUB_API_URL, else https://api.github.com. */
  apiUrl?: string;
  log: CheckRunLog;
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

  const github = gitHubApi({ token, ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}) });
  try {
    const data = await github.request<{ id: number; html_url?: string | null }>(
      'POST',
      `${repoPath(target.owner, target.repo)}/check-runs`,
      {
        name,
        head_sha: target.headSha,
        status: 'in_progress',
        started_at: timestamp(),
        ...(target.detailsUrl === undefined ? {} : { details_url: target.detailsUrl }),
      },
    );
    log.debug(`check run "${name}" (${data.id}) started on ${target.owner}/${target.repo}@${target.headSha}`);
    return checkRunHandle({ github, target, id: data.id, url: data.html_url ?? undefined, name, secrets, log });
  } catch (error) {
    return notPublished(failureReason(error, github.url, 'checks'));
  }
}

interface HandleParts {
  github: GitHubApi;
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
    await github.request('PATCH', `${repoPath(target.owner, target.repo)}/check-runs/${id}`, fields);
  };
  const warn = (what: string, error: unknown): void => {
    log.warning(
      secrets.redact(
        `check-name: ${what} of the check run "${name}" failed: ${failureReason(error, github.url, 'checks')}`,
      ),
    );
  };

  return {
    id,
    url: parts.url,
    async complete(result: CheckRunResult): Promise<CheckRunOutcome> {
      if (completing) {
        log.debug(`check run "${name}" (${id}) is already completed; nothing more sent`);
        return { completed: false, annotationsPublished: 0 };
      }
      completing = true;

      const output: OutputFields = {
        title: result.title,
        summary: cutToLimit(result.summary, OUTPUT_TEXT_LIMIT, SUMMARY_CUT_NOTE),
        ...(result.text === undefined ? {} : { text: cutToLimit(result.text, OUTPUT_TEXT_LIMIT, SUMMARY_CUT_NOTE) }),
      };
      const annotations = result.annotations.map(toApiAnnotation);
      // The Checks API appends the annotations of each update to those already there, and takes
      // at most 50 at a time; title and summary are required with every output.
      const batches = annotations.length === 0 ? [[]] : inBatches(annotations, ANNOTATIONS_PER_REQUEST);

      let published = 0;
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
    },
  };
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
