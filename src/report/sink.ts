/**
 * Where a report goes. Nothing but the reporter writes to the job summary, outputs or
 * annotations, and it writes them through a sink: `githubSink` (github-sink.ts) on GitHub
 * Actions, `plainSink` (plain-sink.ts) for any other CI system. This file holds only what they
 * share, the types, so that each sink imports it and it imports neither. Both pass every string
 * they write through the redactor, and every line bound for stdout through the neutraliser
 * (`neutralise.ts` `neutraliseForLog`), so that no text from the service, a log or a pull request
 * becomes a runner command or reaches the log with a control character (ESC, C1) as it is. Where a
 * foreign item (a name) is put into a line, `escapeControls` keeps it on that one line.
 */

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface Annotation {
  level: AnnotationLevel;
  message: string;
  title?: string;
  /** Path relative to the repository root, so that the annotation lands on the diff. */
  file?: string;
  startLine?: number;
  endLine?: number;
  /** Columns are honoured by GitHub only when the annotation spans a single line. */
  startColumn?: number;
  endColumn?: number;
}

export interface ReportSink {
  info(message: string): void;
  /** A warning in the log (on GitHub, also an annotation without a position). */
  warning(message: string): void;
  /** An error in the log (on GitHub, also an annotation without a position). */
  error(message: string): void;
  debug(message: string): void;
  annotate(annotation: Annotation): void;
  setOutput(name: string, value: string): void;
  /** Appends Markdown to the job summary. Never throws: a failure is reported as a warning. */
  writeSummary(markdown: string): Promise<void>;
  /**
   * The summary is shown where the log is (a terminal, for the command line without
   * --summary-file): a summary that only repeats the step's error line is not written there.
   */
  readonly summaryInLog?: boolean;
  startGroup(name: string): void;
  endGroup(): void;
  /**
   * Says why the step failed. The exit code is not the sink's to set: the caller returns it to
   * the entry point (errors.ts `exitCodeOf`).
   */
  fail(message: string): void;
  /**
   * How many more annotations of this level the step can still show: GitHub keeps 10 per level
   * per step, and on GitHub `warning`, `error` and `fail` are annotations too. Unlimited elsewhere.
   */
  annotationRoom(level: AnnotationLevel): number;
  /** Masks a secret learned mid-run (an upload address) in everything written from now on. */
  addSecret(value: string): void;
  /** The text as this sink would write it, secrets masked. */
  redact(text: string): string;
}

export interface SinkOptions {
  /** Values masked in everything the sink writes (token, sensitive values, signed addresses). */
  secrets?: string[];
  /** Largest job summary written in total, in UTF-8 bytes. */
  summaryLimitBytes?: number;
}
