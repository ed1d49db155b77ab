import { exitCodeOf, failureOf, stepFailure } from './errors.ts';
import type { StepFailure } from './errors.ts';
import { startCheckRun } from './github/check-run.ts';
import type { CheckAnnotation, CheckRunHandle, CheckRunResult } from './github/check-run.ts';
import { commentOnPullRequest, stickyCommentKey } from './github/pr-comment.ts';
import { readActionInput, readInputs } from './inputs/read.ts';
import { secretsOf } from './inputs/schema.ts';
import type { InputReader } from './inputs/read.ts';
import type { Inputs } from './inputs/schema.ts';
import { isAbortError, raceAbort } from './lifetime/abort.ts';
import { CancelledError, createCancellation, RUNNER_KILL_AFTER_MS } from './lifetime/cancellation.ts';
import type { Cancellation } from './lifetime/cancellation.ts';
import { abortAfterFirstSignal } from './lifetime/grace.ts';
import { runMode, TOKEN_NEEDED } from './modes/index.ts';
import type { ModeResult } from './modes/mode.ts';
import { emitAnnotations } from './report/annotations.ts';
import { escapeHtml } from './report/markdown.ts';
import { setOutputs } from './report/outputs.ts';
import { githubSink } from './report/github-sink.ts';
import type { Annotation, ReportSink } from './report/sink.ts';
import { createServiceClient, describeRequest } from './service/client.ts';
import type { ServiceClient } from './service/client.ts';
import { saveState } from './state.ts';

export interface RunOptions {
  read?: InputReader;
  sink?: ReportSink;
  /** Check runs and pull request comments are GitHub features; other CI systems leave them out. */
  checkRuns?: boolean;
  saveState?: (name: string, value: string) => void;
  workspaceRoot?: string;
}

/** Runs the chosen mode from start to end and returns the process exit code. */
export async function run(options: RunOptions = {}): Promise<number> {
  const sink = options.sink ?? githubSink();
  let inputs: Inputs;
  try {
    inputs = readInputs(options.read ?? readActionInput);
  } catch (error) {
    return failed(sink, failureOf(error));
  }
  for (const secret of secretsOf(inputs)) sink.addSecret(secret);

  const cancellation = createCancellation();
  let client: ServiceClient;
  try {
    client = createServiceClient({
      baseUrl: inputs.baseUrl,
      token: inputs.token,
      tokenNeeded: TOKEN_NEEDED[inputs.mode],
      onRequest: (e) => sink.debug(describeRequest(e)),
    });
  } catch (error) {
    cancellation.dispose();
    return failed(sink, failureOf(error));
  }
  const checkRun =
    inputs.checkName && options.checkRuns !== false
      ? await startCheckRun({ token: inputs.githubToken, name: inputs.checkName, log: sink })
      : null;
  try {
    const result = await runMode(inputs, {
      sink,
      client,
      cancellation,
      saveState: options.saveState ?? saveState,
      workspaceRoot: options.workspaceRoot ?? process.env.GITHUB_WORKSPACE ?? process.cwd(),
    });
    await report(sink, result);
    // Side by side: after a signal, both share the little time left before the runner's kill.
    await Promise.all([
      completeCheckRun(checkRun, cancellation, {
        conclusion: result.conclusion,
        title: sink.redact(result.title),
        summary: sink.redact(result.publishedSummary ?? result.summary),
        annotations: result.annotations.filter((a) => a.file).map((a) => toCheckAnnotation(sink, a)),
      }),
      commentSummary(inputs, options, sink, cancellation, result.publishedSummary ?? result.summary),
    ]);
    return exitCodeOf(result.failure);
  } catch (error) {
    const aborted = cancellation.signal.aborted && (isAbortError(error) || error instanceof CancelledError);
    // A cancellation is the step's end, not a bug: no stack for it.
    const failure = aborted ? stepFailure('The step was cancelled before it finished.') : failureOf(error);
    const summary = `## ${inputs.mode}: ${aborted ? 'cancelled' : 'failed'}\n\n${escapeHtml(failure.message)}\n`;
    await sink.writeSummary(summary);
    const code = failed(sink, failure);
    const shown = sink.redact(failure.message);
    await Promise.all([
      completeCheckRun(checkRun, cancellation, {
        conclusion: aborted ? 'cancelled' : 'failure',
        title: shown,
        summary: shown,
        annotations: [],
      }),
      commentSummary(inputs, options, sink, cancellation, summary),
    ]);
    return code;
  } finally {
    const signalled = cancellation.signal.aborted;
    cancellation.dispose();
    await client.close({ now: signalled });
  }
}

/** The step's own report comes first: whatever happens to the check run, the log and summary have it. */
async function report(sink: ReportSink, result: ModeResult): Promise<void> {
  emitAnnotations(sink, result.annotations);
  setOutputs(sink, result.outputs);
  await sink.writeSummary(result.summary);
  if (result.failure !== null) sink.fail(result.failure.message);
  else sink.info(result.title);
}

async function completeCheckRun(
  checkRun: CheckRunHandle | null,
  cancellation: Cancellation,
  result: CheckRunResult,
): Promise<void> {
  if (checkRun === null) return;
  await boundedAfterSignal(cancellation, checkRun.complete(result));
}

/** With `comment-on-pr`, the summary as the step's one comment on the pull request. */
async function commentSummary(
  inputs: Inputs,
  options: RunOptions,
  sink: ReportSink,
  cancellation: Cancellation,
  summary: string,
): Promise<void> {
  if (!inputs.commentOnPr || options.checkRuns === false) return;
  await boundedAfterSignal(
    cancellation,
    commentOnPullRequest({
      token: inputs.githubToken,
      key: stickyCommentKey(inputs),
      body: sink.redact(summary),
      log: sink,
    }),
  );
}

/**
 * The runner kills the process 10 s after the first signal (action-interface "Cancellation"):
 * once it has signalled, what is sent to GitHub gets what is left of that, counted from the
 * signal's arrival as every bound after a signal is, not the 30 s a request to GitHub may
 * otherwise take.
 */
async function boundedAfterSignal(cancellation: Cancellation, work: Promise<unknown>): Promise<void> {
  const bound = abortAfterFirstSignal(cancellation, GITHUB_DONE_AFTER_SIGNAL_MS);
  try {
    await raceAbort(work, bound.signal);
  } catch (error) {
    if (!isAbortError(error, bound.signal)) throw error;
  } finally {
    bound.dispose();
  }
}

/** A second before the kill: for the process to end its last request and exit on its own. */
const GITHUB_DONE_AFTER_SIGNAL_MS = RUNNER_KILL_AFTER_MS - 1000;

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

/** Reports a failure that ended the step early; its exit code. */
function failed(sink: ReportSink, failure: StepFailure): number {
  // A bug's trace, for whoever debugs it.
  if (failure.trace !== undefined) sink.debug(failure.trace);
  sink.fail(failure.message);
  return exitCodeOf(failure);
}
