import * as core from '@actions/core';
import { getErrorMessage } from '../errors.ts';
import { neutraliseForLog } from './neutralise.ts';
import { redactor } from './redact.ts';
import { GITHUB_ANNOTATIONS_PER_LEVEL } from './annotations.ts';
import type { Annotation, AnnotationLevel, ReportSink, SinkOptions } from './sink.ts';
import { GITHUB_SUMMARY_LIMIT_BYTES, summaryBudget } from './summary-budget.ts';

/**
 * The sink of a GitHub Actions step: log lines and annotations as workflow commands on stdout,
 * outputs to the file named by GITHUB_OUTPUT, the summary to the file named by
 * GITHUB_STEP_SUMMARY (all through @actions/core). Every line, annotation property and group
 * name goes out masked, its control characters escaped and neutralised: the failure line too,
 * whether it is an annotation or, past GitHub's ten, a plain line. @actions/core escapes only
 * `%`, `\r` and `\n` (and `:` and `,` in a property): ESC and the C1 controls would reach the log as
 * they are.
 */
export function githubSink(options: SinkOptions = {}): ReportSink {
  const secrets = redactor();
  const budget = summaryBudget(options.summaryLimitBytes ?? GITHUB_SUMMARY_LIMIT_BYTES);
  const redact = (text: string): string => secrets.redact(text);
  // Everything written to stdout: secrets masked first, then no control character but the line
  // breaks of a message (one of the action's may take several lines), and nothing the runner
  // would run. An item (an annotation's title or file, a group's name) stays on one line.
  const shown = (text: string): string => neutraliseForLog(redact(text), { lineBreaks: true });
  const item = (text: string): string => neutraliseForLog(redact(text));

  const registerWithRunner = process.env.GITHUB_ACTIONS === 'true';
  // A secret is met more than once (the token as given, then as read): one `::add-mask::` each.
  const added = new Set<string>();
  const addSecret = (value: string): void => {
    if (value.trim() === '' || added.has(value)) return;
    added.add(value);
    secrets.add(value);
    // The runner masks it too, in whatever else reaches the log (a stack trace, a child's output).
    // Only a GitHub runner (which always sets GITHUB_ACTIONS) reads `::add-mask::`; anywhere
    // else the line would print the very secret it hides.
    if (registerWithRunner) {
      // @actions/core escapes \r and \n in the value; a value from the service (an upload
      // address) could still hold a Unicode line break that a reader splits at, leaving the rest
      // of the value to be read as a command. Each such piece is registered on its own instead.
      for (const piece of value.split(/[\v\f\u0085\u2028\u2029]/)) if (piece.trim() !== '') core.setSecret(piece);
    }
  };
  for (const secret of options.secrets ?? []) addSecret(secret);
  const written: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  // A warning is an annotation on GitHub, whoever writes it: each takes one of the level's room.
  const warning = (message: string): void => {
    written.warning++;
    core.warning(shown(message));
  };

  return {
    info(message) {
      core.info(shown(message));
    },
    warning,
    error(message) {
      written.error++;
      core.error(shown(message));
    },
    debug(message) {
      core.debug(shown(message));
    },
    annotate(annotation) {
      written[annotation.level]++;
      const properties = annotationProperties(annotation, item);
      const message = shown(annotation.message);
      if (annotation.level === 'error') core.error(message, properties);
      else if (annotation.level === 'warning') core.warning(message, properties);
      else core.notice(message, properties);
    },
    setOutput(name, value) {
      try {
        // Without GITHUB_OUTPUT (an old runner), @actions/core prints `::set-output` to stdout.
        core.setOutput(name, process.env.GITHUB_OUTPUT ? redact(value) : shown(value));
      } catch (error) {
        // GITHUB_OUTPUT names a file that is gone: the outputs are lost, the step's work is not.
        warning(`Output ${name} could not be written: ${getErrorMessage(error)}`);
      }
    },
    async writeSummary(markdown) {
      const text = budget.fit(redact(markdown));
      if (text === '') return;
      try {
        await core.summary.emptyBuffer().addRaw(text, true).write();
      } catch (error) {
        core.summary.emptyBuffer();
        // A summary that cannot be written must not fail a step whose work succeeded.
        warning(`The job summary could not be written: ${getErrorMessage(error)}`);
      }
    },
    startGroup(name) {
      core.startGroup(item(name));
    },
    endGroup() {
      core.endGroup();
    },
    fail(message) {
      // The line only: the exit code is the entry point's to set (errors.ts), so core.setFailed,
      // which sets it too, is not used.
      if (written.error < GITHUB_ANNOTATIONS_PER_LEVEL) {
        written.error++;
        core.error(shown(message));
        return;
      }
      // GitHub would drop an eleventh error annotation: the reason goes to the log instead.
      core.info(shown(`Error: ${message}`));
    },
    annotationRoom(level) {
      return Math.max(0, GITHUB_ANNOTATIONS_PER_LEVEL - written[level]);
    },
    addSecret,
    redact,
  };
}

/** The title and the file, each one item on one line; the positions that are whole numbers. */
function annotationProperties(annotation: Annotation, item: (text: string) => string): core.AnnotationProperties {
  const properties: core.AnnotationProperties = {};
  if (annotation.title !== undefined && annotation.title !== '') properties.title = item(annotation.title);
  if (annotation.file !== undefined && annotation.file !== '') properties.file = item(annotation.file);
  if (isLine(annotation.startLine)) properties.startLine = annotation.startLine;
  if (isLine(annotation.endLine)) properties.endLine = annotation.endLine;
  if (isLine(annotation.startColumn)) properties.startColumn = annotation.startColumn;
  if (isLine(annotation.endColumn)) properties.endColumn = annotation.endColumn;
  return properties;
}

function isLine(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value > 0;
}
