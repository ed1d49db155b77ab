import { randomUUID } from 'node:crypto';
import * as core from '@actions/core';
import { getErrorMessage } from '../errors.ts';
import { redactor } from './redact.ts';
import { GITHUB_ANNOTATIONS_PER_LEVEL } from './annotations.ts';
import type { Annotation, AnnotationLevel, ReportSink, SinkOptions } from './sink.ts';
import { GITHUB_SUMMARY_LIMIT_BYTES, summaryBudget } from './summary-budget.ts';

/**
 * The sink of a GitHub Actions step: log lines and annotations as workflow commands on stdout,
 * outputs to the file named by GITHUB_OUTPUT, the summary to the file named by
 * GITHUB_STEP_SUMMARY (all through @actions/core).
 */
export function githubSink(options: SinkOptions = {}): ReportSink {
  const secrets = redactor();
  const budget = summaryBudget(options.summaryLimitBytes ?? GITHUB_SUMMARY_LIMIT_BYTES);
  const redact = (text: string): string => secrets.redact(text);

  const registerWithRunner = process.env.GITHUB_ACTIONS === 'true';
  const addSecret = (value: string): void => {
    if (value.trim() === '') return;
    secrets.add(value);
    // The runner masks it too, in whatever else reaches the log (a stack trace, a child's output).
    // Only a GitHub runner (which always sets GITHUB_ACTIONS) reads `::add-mask::`; anywhere
    // else the line would print the very secret it hides.
    if (registerWithRunner) core.setSecret(value);
  };
  for (const secret of options.secrets ?? []) addSecret(secret);
  const written: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };

  return {
    info(message) {
      core.info(neutraliseCommands(redact(message)));
    },
    warning(message) {
      written.warning++;
      core.warning(redact(message));
    },
    error(message) {
      written.error++;
      core.error(redact(message));
    },
    debug(message) {
      core.debug(redact(message));
    },
    annotate(annotation) {
      written[annotation.level]++;
      const properties = annotationProperties(annotation, redact);
      const message = redact(annotation.message);
      if (annotation.level === 'error') core.error(message, properties);
      else if (annotation.level === 'warning') core.warning(message, properties);
      else core.notice(message, properties);
    },
    setOutput(name, value) {
      try {
        core.setOutput(name, redact(value));
      } catch (error) {
        // GITHUB_OUTPUT names a file that is gone: the outputs are lost, the step's work is not.
        core.warning(redact(`Output ${name} could not be written: ${getErrorMessage(error)}`));
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
        core.warning(redact(`The job summary could not be written: ${getErrorMessage(error)}`));
      }
    },
    startGroup(name) {
      core.startGroup(redact(name));
    },
    endGroup() {
      core.endGroup();
    },
    fail(message) {
      if (written.error < GITHUB_ANNOTATIONS_PER_LEVEL) {
        written.error++;
        core.setFailed(redact(message));
        return;
      }
      // GitHub would drop an eleventh error annotation: the reason goes to the log instead, and
      // the step fails all the same.
      core.info(`Error: ${redact(message)}`);
      process.exitCode = 1;
    },
    annotationRoom(level) {
      return Math.max(0, GITHUB_ANNOTATIONS_PER_LEVEL - written[level]);
    },
    addSecret,
    redact,
  };
}

function annotationProperties(annotation: Annotation, redact: (text: string) => string): core.AnnotationProperties {
  const properties: core.AnnotationProperties = {};
  if (annotation.title !== undefined && annotation.title !== '') properties.title = redact(annotation.title);
  if (annotation.file !== undefined && annotation.file !== '') properties.file = redact(annotation.file);
  if (isLine(annotation.startLine)) properties.startLine = annotation.startLine;
  if (isLine(annotation.endLine)) properties.endLine = annotation.endLine;
  if (isLine(annotation.startColumn)) properties.startColumn = annotation.startColumn;
  if (isLine(annotation.endColumn)) properties.endColumn = annotation.endColumn;
  return properties;
}

function isLine(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value > 0;
}

/**
 * A plain log line that starts with `::` would be read by the runner as a workflow command
 * (text from a test log could set an output or stop masking). Such text is written between
 * `stop-commands` markers, the runner's own way of printing untrusted text.
 */
function neutraliseCommands(message: string): string {
  if (!/^\s*::/m.test(message)) return message;
  const token = `stop-${randomUUID()}`;
  return `::stop-commands::${token}\n${message}\n::${token}::`;
}

