import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { getErrorMessage } from '../errors.ts';
import { neutraliseForLog } from './neutralise.ts';
import { redactor } from './redact.ts';
import type { Annotation, ReportSink, SinkOptions } from './sink.ts';
import { summaryBudget } from './summary-budget.ts';

export interface TextWriter {
  write(text: string): unknown;
}

export interface PlainSinkOptions extends SinkOptions {
  /** Where log lines, annotations and (by default) outputs and the summary go. Default stdout. */
  stdout?: TextWriter;
  /** Append the Markdown summary to this file instead of printing it. */
  summaryFile?: string;
  /** Append outputs (`name=value` lines) to this file instead of printing them. */
  outputFile?: string;
  /** Print debug lines. */
  debug?: boolean;
}

/**
 * The sink for CI systems other than GitHub Actions: plain lines a person or a log parser can
 * read. Annotations follow the `file:line:column: level: message` convention that compilers use
 * and most CI systems recognise; outputs are `name=value` lines, with a multi-line value in the
 * same `name<<DELIMITER` form GitHub's output file uses.
 */
export function plainSink(options: PlainSinkOptions = {}): ReportSink {
  const out = options.stdout ?? process.stdout;
  const secrets = redactor(options.secrets ?? []);
  const budget = summaryBudget(options.summaryLimitBytes ?? Number.POSITIVE_INFINITY);
  const redact = (text: string): string => secrets.redact(text);
  // Stdout may still be read by a GitHub runner (the command line run from a workflow step), and
  // is read by a terminal or another CI system's log viewer: secrets masked first, then no control
  // character but the line breaks of a message, and nothing the runner would run. An item (an
  // annotation's title or file, a group's name) stays on one line.
  const shown = (text: string): string => neutraliseForLog(redact(text), { lineBreaks: true });
  const item = (text: string): string => neutraliseForLog(redact(text));
  const line = (text: string): void => {
    out.write(`${shown(text)}\n`);
  };

  return {
    info(message) {
      line(message);
    },
    warning(message) {
      line(`warning: ${message}`);
    },
    error(message) {
      line(`error: ${message}`);
    },
    debug(message) {
      if (options.debug) line(`debug: ${message}`);
    },
    annotate(annotation) {
      const { title, file } = annotation;
      line(
        annotationLine({
          ...annotation,
          ...(title === undefined ? {} : { title: item(title) }),
          ...(file === undefined ? {} : { file: item(file) }),
        }),
      );
    },
    setOutput(name, value) {
      if (options.outputFile) {
        try {
          appendFileSync(options.outputFile, outputLines(name, redact(value)));
          return;
        } catch (error) {
          line(`warning: output ${name} could not be written to ${options.outputFile}: ${getErrorMessage(error)}`);
        }
      }
      out.write(outputLines(name, shown(value)));
    },
    async writeSummary(markdown) {
      const text = budget.fit(redact(markdown));
      if (text === '') return;
      const body = text.endsWith('\n') ? text : `${text}\n`;
      if (options.summaryFile) {
        try {
          await appendFile(options.summaryFile, body, 'utf8');
          return;
        } catch (error) {
          line(`warning: the summary could not be written to ${options.summaryFile}: ${getErrorMessage(error)}`);
        }
      }
      // The summary printed whole: its lines, and the tabs of the code it quotes, as they are. On
      // a terminal (the command line, without --summary-file) it was rendered there, the colours
      // added after every control of the Markdown was escaped (terminal-summary.ts): they are
      // kept. Markdown that was bound for a file never had any.
      const colours = options.summaryFile === undefined;
      out.write(`\n${neutraliseForLog(body, { lineBreaks: true, tabs: true, colours })}`);
    },
    startGroup(name) {
      line(`── ${item(name)}`);
    },
    endGroup() {},
    annotationRoom() {
      return Number.POSITIVE_INFINITY;
    },
    fail(message) {
      line(`error: ${message}`);
    },
    addSecret(value) {
      secrets.add(value);
    },
    redact,
  };
}

/** `file:line:column: level: title: message`, continuation lines indented. */
export function annotationLine(annotation: Annotation): string {
  let location = '';
  if (annotation.file) {
    location = annotation.file;
    if (annotation.startLine) {
      location += `:${annotation.startLine}`;
      if (annotation.startColumn) location += `:${annotation.startColumn}`;
    }
    location += ': ';
  }
  const title = annotation.title ? `${annotation.title}: ` : '';
  const [first = '', ...rest] = annotation.message.replace(/\r\n?/g, '\n').trimEnd().split('\n');
  const continuation = rest.map((l) => (l === '' ? '' : `    ${l}`));
  return [`${location}${annotation.level}: ${title}${first}`, ...continuation].join('\n');
}

/** `name=value`, or for a value on several lines `name<<DELIMITER`, the lines, `DELIMITER`. */
export function outputLines(name: string, value: string): string {
  if (!/[\r\n]/.test(value)) return `${name}=${value}\n`;
  let delimiter = 'EOF';
  while (value.includes(delimiter)) delimiter = `EOF_${randomUUID()}`;
  return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
}
