import { exitCodeOf, failureOf, stepFailure } from './errors.ts';
import type { StepFailure } from './errors.ts';
import { startCheckRun } from './github/check-run.ts';
import { GITHUB_DONE_AFTER_SIGNAL_MS } from './lifetime/budgets.ts';
import type { GitHubClientOptions } from './github/client.ts';
import type { CheckAnnotation, CheckRunHandle, CheckRunResult } from './github/check-run.ts';
import { commentOnPullRequest, stickyCommentKey } from './github/pr-comment.ts';
import { readActionInput, readInputs, secretsAsGiven } from './inputs/read.ts';
import { secretsOf } from './inputs/schema.ts';
import type { InputReader } from './inputs/read.ts';
import type { Inputs } from './inputs/schema.ts';
import { isAbortError, raceAbort } from './lifetime/abort.ts';
import { CancelledError } from './lifetime/cancellation.ts';
import type { Cancellation } from './lifetime/cancellation.ts';
import { systemClock } from './lifetime/clock.ts';
import type { Clock } from './lifetime/clock.ts';
import { Deadline } from './lifetime/deadline.ts';
import { abortAfterFirstSignal } from './lifetime/grace.ts';
import { runMode, TOKEN_NEEDED } from './modes/index.ts';
import type { ModeResult } from './modes/mode.ts';
import { checkRunShortfallNote, emitAnnotations, routeAnnotations } from './report/annotations.ts';
import { escapeHtml } from './report/markdown.ts';
import { setOutputs } from './report/outputs.ts';
import { githubSink } from './report/github-sink.ts';
import type { Annotation, ReportSink } from './report/sink.ts';
import { saveState } from './state.ts';
import { runStep } from './step.ts';
import type { StartedStep } from './step.ts';

export interface RunOptions {
  read?: InputReader;
  sink?: ReportSink;
  /** Check runs and pull request comments are GitHub features; other CI systems leave them out. */
  checkRuns?: boolean;
  saveState?: (name: string, value: string) => void;
  workspaceRoot?: string;
  /**
   * Where the step's GitHub client goes (default GITHUB_API_URL) and how it paces its writes:
   * for tests, each with a GitHub of its own.
   */
  github?: Pick<GitHubClientOptions, 'apiUrl' | 'tuning'>;
  /** The clock of the step's waits and limits: the real one, unless a test brings its own. */
  clock?: Clock;
}

/** Runs the chosen mode from start to end and returns the process exit code. */
export async function run(options: RunOptions = {}): Promise<number> {
  const sink = options.sink ?? githubSink();
  const read = options.read ?? readActionInput;
  return runStep({
    sink,
    clock: options.clock ?? systemClock,
    secretsAsGiven: secretsAsGiven(read),
    // An input action.yml does not declare is named through the sink, counted with its other warnings.
    readInputs: () => readInputs(read, (message) => sink.warning(message)),
    secretsOf,
    clientOptions: (inputs) => ({
      baseUrl: inputs.baseUrl,
      token: inputs.token,
      tokenNeeded: TOKEN_NEEDED[inputs.mode],
    }),
    refused: (failure, inputs) => refused(sink, failure, inputs?.mode),
    work: (step) => runModeAndReport(step, options),
  });
}

/** The main step's work: the mode, then its report, check run and comment; the exit code. */
async function runModeAndReport(step: StartedStep<Inputs>, options: RunOptions): Promise<number> {
  const { sink, inputs, client, cancellation, clock } = step;
  // GitHub's rate limits are waited out within the step's `timeout`, counted from its start.
  const github = {
    ...options.github,
    token: inputs.githubToken,
    log: sink,
    deadline: Deadline.after(inputs.timeoutMs, clock),
    cancellation,
  } satisfies GitHubClientOptions;
  const checkRun =
    inputs.checkName && options.checkRuns !== false ? await startCheckRun({ ...github, name: inputs.checkName }) : null;
  try {
    const result = await runMode(inputs, {
      sink,
      client,
      cancellation,
      clock,
      saveState: options.saveState ?? saveState,
      workspaceRoot: options.workspaceRoot ?? process.env.GITHUB_WORKSPACE ?? process.cwd(),
      annotationsOnCheckRun: checkRun !== null,
    });
    // Said once on the pull request's diff (report/annotations.ts `routeAnnotations`); any the
    // check run could not publish are emitted as workflow commands after all, so none is lost.
    const { onCheckRun, asCommands } = routeAnnotations(result.annotations, checkRun !== null);
    const failure = await report(sink, result, asCommands);
    // Side by side: after a signal, both share the little time left before the runner's kill.
    await Promise.all([
      completeCheckRun(checkRun, github, {
        conclusion: result.conclusion,
        title: sink.redact(result.title),
        summary: sink.redact(result.publishedSummary ?? result.summary),
        annotations: onCheckRun.map((a) => toCheckAnnotation(sink, a)),
      }),
      commentSummary(inputs, options, github, result.publishedSummary ?? result.summary),
    ]);
    // Past those GitHub confirmed: the handle counts them as its batches are taken, also when the
    // time after a signal ran out before the check run was completed (none is written twice).
    const unpublished = onCheckRun.slice(checkRun?.annotationsPublished ?? 0);
    if (unpublished.length > 0) {
      const { heldBack } = emitAnnotations(sink, unpublished);
      // The job summary was written before GitHub answered (a kill after a signal must not lose
      // it), so it says only that these were sent; what became of them is said after it.
      await sink.writeSummary(checkRunShortfallNote(onCheckRun.length, unpublished.length, heldBack.length));
    }
    return exitCodeOf(failure);
  } catch (error) {
    const aborted = cancellation.signal.aborted && (isAbortError(error) || error instanceof CancelledError);
    // A cancellation is the step's end, not a bug: no stack for it.
    const failure = aborted ? stepFailure('The step was cancelled before it finished.') : failureOf(error);
    const summary = endedEarlySummary(failure, inputs.mode, aborted);
    await sink.writeSummary(summary);
    const code = failed(sink, failure);
    await Promise.all([
      // The title says what happened, the summary why: the page states the verdict once.
      completeCheckRun(checkRun, github, {
        conclusion: aborted ? 'cancelled' : 'failure',
        title: `${inputs.mode} ${aborted ? 'was cancelled' : 'failed'}`,
        summary: sink.redact(failure.message),
        annotations: [],
      }),
      commentSummary(inputs, options, github, summary),
    ]);
    return code;
  }
}

/**
 * The step's own report comes first: whatever happens to the check run, the log and summary have
 * it. `annotations`: those emitted as workflow commands (those a check run carries are not). Its
 * failure: the mode's, or, when an output was refused for being out of its documented form
 * (report/outputs.ts), that.
 */
async function report(
  sink: ReportSink,
  result: ModeResult,
  annotations: readonly Annotation[],
): Promise<StepFailure | null> {
  // First, before anything else is written through the sink: nothing is written between the
  // mode's result and here, so what this holds back is what the mode's summary lists as held
  // back (report/annotations.ts `capForSink`, from the room the sink had when it was made).
  emitAnnotations(sink, annotations);
  const refused = setOutputs(sink, result.outputs);
  await sink.writeSummary(result.summary);
  if (result.failure !== null) for (const problem of refused) sink.error(problem);
  const failure = result.failure ?? (refused.length > 0 ? stepFailure(refused.join(' ')) : null);
  if (failure !== null) sink.fail(failure.message);
  else sink.info(result.title);
  return failure;
}

/** The step's cancellation, and its deadline, whose clock counts the time after a signal. */
type AfterSignal = { cancellation: Cancellation; deadline: Deadline };

/** Completes the check run, if there is one, within what is left after a signal. */
async function completeCheckRun(
  checkRun: CheckRunHandle | null,
  github: AfterSignal,
  result: CheckRunResult,
): Promise<void> {
  if (checkRun === null) return;
  await boundedAfterSignal(github, checkRun.complete(result));
}

/** With `comment-on-pr`, the summary as the step's one comment on the pull request. */
async function commentSummary(
  inputs: Inputs,
  options: RunOptions,
  github: GitHubClientOptions & { log: ReportSink; cancellation: Cancellation },
  summary: string,
): Promise<void> {
  if (!inputs.commentOnPr || options.checkRuns === false) return;
  await boundedAfterSignal(
    github,
    commentOnPullRequest({ ...github, key: stickyCommentKey(inputs), body: github.log.redact(summary) }),
  );
}

/**
 * Once the runner has signalled, what is sent to GitHub gets what is left before its kill,
 * counted from the signal's arrival as every bound after a signal is (the GitHub client cuts its
 * own requests then too), not the 30 s a request to GitHub may otherwise take.
 */
async function boundedAfterSignal<T>(
  { cancellation, deadline }: AfterSignal,
  work: Promise<T>,
): Promise<T | undefined> {
  const bound = abortAfterFirstSignal(cancellation, GITHUB_DONE_AFTER_SIGNAL_MS, deadline.clock);
  try {
    return await raceAbort(work, bound.signal);
  } catch (error) {
    if (!isAbortError(error, bound.signal)) throw error;
    return undefined;
  } finally {
    bound.dispose();
  }
}

function toCheckAnnotation(sink: ReportSink, a: Annotation): CheckAnnotation {
  const annotation: CheckAnnotation = {
    path: a.file!,
    startLine: a.startLine ?? 1,
    level: a.level === 'error' ? 'failure' : a.level,
    message: sink.redact(a.message),
  };
  if (a.endLine !== undefined) annotation.endLine = a.endLine;
  if (a.title !== undefined) annotation.title = sink.redact(a.title);
  return annotation;
}

/**
 * The job summary of a step that ended before its mode could report: a heading that carries the
 * verdict as every mode's does, and the failure's own sentence (what was wrong and what to do), so
 * that the job's page says why it failed.
 */
function endedEarlySummary(failure: StepFailure, mode: string | undefined, cancelled = false): string {
  const how = cancelled ? 'cancelled' : failure.kind === 'user-error' ? 'refused' : 'failed';
  return `## ${cancelled ? '⏹️' : '❌'} ${mode ?? 'svc-ci-action'}: ${how}\n\n${escapeHtml(failure.message)}\n`;
}

/** Reports a failure that ended the step before its mode started, in the log and the job summary; its exit code. */
async function refused(sink: ReportSink, failure: StepFailure, mode?: string): Promise<number> {
  // Its one sentence is the error line; where the summary is shown in the log it would say it twice.
  if (sink.summaryInLog !== true) await sink.writeSummary(endedEarlySummary(failure, mode));
  return failed(sink, failure);
}

/** Reports a failure that ended the step early; its exit code. */
function failed(sink: ReportSink, failure: StepFailure): number {
  // A bug's trace, for whoever debugs it.
  if (failure.trace !== undefined) sink.debug(failure.trace);
  sink.fail(failure.message);
  return exitCodeOf(failure);
}
