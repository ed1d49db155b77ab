// The report as the command line shows it: the plain sink, plus what a person at a terminal
// needs from it. Messages name flags (`--base-url`), not the action's inputs; the summary is text
// unless --summary-file asks for the Markdown; the outputs are `name=value` lines, but the long
// JSON of `result` is written only to --output-file.

import { plainSink } from './report/plain-sink.ts';
import type { TextWriter } from './report/plain-sink.ts';
import type { ReportSink } from './report/sink.ts';
import { renderSummaryForTerminal } from './report/terminal-summary.ts';

/** Outputs too long for a terminal line: written only to --output-file. */
export const FILE_ONLY_OUTPUTS: ReadonlySet<string> = new Set(['result']);

export interface TerminalWriter extends TextWriter {
  isTTY?: boolean;
  columns?: number;
}

export interface CommandLineSinkOptions {
  stdout: TerminalWriter;
  /** Names of the action's inputs: where a message names one, it names the flag instead. */
  inputs: ReadonlySet<string>;
  /** The environment variable that sets an input, named in "is required" messages. */
  envName: (input: string) => string;
  summaryFile?: string;
  outputFile?: string;
  debug: boolean;
  /** ANSI styles in the summary (a terminal that shows colour, and no NO_COLOR). */
  color: boolean;
  /** The terminal's width (terminalWidth), which the summary's tables fit; undefined: no cut. */
  width?: number;
}

export function commandLineSink(options: CommandLineSinkOptions): ReportSink {
  const base = plainSink({
    stdout: options.stdout,
    debug: options.debug,
    ...(options.summaryFile ? { summaryFile: options.summaryFile } : {}),
    ...(options.outputFile ? { outputFile: options.outputFile } : {}),
  });
  const flags = (text: string): string => inputsAsFlags(text, options.inputs, options.envName);
  return {
    ...base,
    summaryInLog: !options.summaryFile,
    info: (message) => base.info(flags(message)),
    warning: (message) => base.warning(flags(message)),
    error: (message) => base.error(flags(message)),
    fail: (message) => base.fail(flags(message)),
    annotate: (annotation) => base.annotate({ ...annotation, message: flags(annotation.message) }),
    setOutput(name, value) {
      if (!options.outputFile && FILE_ONLY_OUTPUTS.has(name)) return;
      base.setOutput(name, value);
    },
    async writeSummary(markdown) {
      if (options.summaryFile) return base.writeSummary(flags(markdown));
      // Secrets are masked after rendering too: the base sink redacts what it prints.
      return base.writeSummary(
        renderSummaryForTerminal(flags(markdown), {
          color: options.color,
          ...(options.width !== undefined ? { width: options.width } : {}),
        }),
      );
    },
  };
}

/**
 * `Input "base-url" must be…` → `--base-url must be…`, `the organization input` →
 * `--organization`, `Inputs "a" and "b"` → `--a and --b`. A missing input also says which
 * environment variable can give it (a token is better kept off the command line, where other
 * users of the machine can read it). Only names of inputs are rewritten.
 */
export function inputsAsFlags(text: string, inputs: ReadonlySet<string>, envName: (input: string) => string): string {
  const flag = (name: string, whole: string): string => (inputs.has(name) ? `--${name}` : whole);
  // A quote as a message writes it, or as the job summary's Markdown escapes it.
  const q = '(?:"|&quot;)';
  const name = '([a-z][a-z0-9-]*)';
  return (
    text
      .replace(new RegExp(`\\b[Ii]nput ${q}${name}${q} is required\\b`, 'g'), (whole, input: string) =>
        inputs.has(input) ? `--${input} (or ${envName(input)}) is required` : whole,
      )
      .replace(new RegExp(`\\b[Ii]nputs ${q}${name}${q} and ${q}${name}${q}`, 'g'), (whole, a: string, b: string) =>
        inputs.has(a) && inputs.has(b) ? `--${a} and --${b}` : whole,
      )
      .replace(
        new RegExp(`\\b[Ii]nput (?:${q}${name}${q}|\`${name}\`)`, 'g'),
        (whole, quoted?: string, ticked?: string) => flag((quoted ?? ticked)!, whole),
      )
      // `--registry-module-id (to allow a module) or "no-code-module-id"`
      .replace(
        new RegExp(`(--[a-z][a-z0-9-]*(?: \\([^)]*\\))? or )${q}${name}${q}`, 'g'),
        (whole, before: string, input: string) => (inputs.has(input) ? `${before}--${input}` : whole),
      )
      .replace(/\b(?:[Tt]he )?([a-z][a-z0-9-]*) input\b/g, (whole, input: string) => flag(input, whole))
  );
}
