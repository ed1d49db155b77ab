import type { CheckRunConclusion } from '../github/check-run.ts';
import type { Cancellation } from '../lifetime/cancellation.ts';
import type { Clock } from '../lifetime/clock.ts';
import type { StepFailure } from '../errors.ts';
import type { OutputValue } from '../report/outputs.ts';
import type { Annotation, ReportSink } from '../report/sink.ts';
import type { ServiceClient } from '../service/client.ts';

/** What every mode gets: where to log, how to reach the service, and the step's lifetime. */
export interface ModeContext {
  sink: ReportSink;
  client: ServiceClient;
  cancellation: Cancellation;
  /** The clock of the mode's waits and limits: the step's (a tuning of the mode may bring a test's). */
  clock: Clock;
  /** State handed to the post step (core.saveState on GitHub). */
  saveState: (name: string, value: string) => void;
  /** The repository root: annotation paths are relative to it. */
  workspaceRoot: string;
  /** A check run carries the annotations that have a file and line (main publishes them there,
   *  not as workflow commands), so GitHub's cap on workflow-command annotations does not hold
   *  them back from the diff. Default false. */
  annotationsOnCheckRun?: boolean;
}

/**
 * What a mode hands to the reporter. The mode only logs progress; annotations, outputs, the
 * summary, the check run and the step's failure are all written by main from this.
 */
export interface ModeResult {
  /** One line: what happened (check run title, last log line). */
  title: string;
  /** Markdown for the job summary. */
  summary: string;
  /**
   * The summary as the check run and the pull request comment show it, read away from the job:
   * without the lines that concern only the job's own run (a file written in its workspace, the
   * bookkeeping of what it stopped). Absent: `summary`.
   */
  publishedSummary?: string;
  annotations: Annotation[];
  outputs: Record<string, OutputValue>;
  /** Why the step fails, the user's input or not (errors.ts); null when it succeeds. */
  failure: StepFailure | null;
  conclusion: CheckRunConclusion;
}
