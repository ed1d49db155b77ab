import { readActionMetadata } from './action-metadata.ts';
import type { ActionMetadata } from './action-metadata.ts';
import { COMMON_INPUTS, MODE_INPUTS, MODES, isRequiredIn } from './inputs/schema.ts';
import type { InputName, Mode } from './inputs/schema.ts';
import { EXIT_BAD_INPUT, run } from './main.ts';
import { neutraliseCommands } from './report/neutralise.ts';
import { plainSink } from './report/plain-sink.ts';

/** Inputs that take several lines: a repeated flag adds a line. */
const MULTI_LINE = new Set(['policy-files', 'policy-sets', 'test-filters', 'test-variables', 'test-env-variables', 'workspace-id', 'workspace-variables']);
/** Inputs of the action that make no sense on the command line. */
const GITHUB_ONLY = new Set(['mode', 'github-token', 'check-name', 'comment-on-pr']);
const CLI_FLAGS = ['summary-file', 'output-file', 'debug', 'help'];

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

/**
 * `svc-ci-action <mode> --flag value ...` for CI systems other than GitHub Actions: flags and
 * environment variables become the very inputs the action reads, and run() does the rest.
 * Exit codes: 0 success, 1 failure, 2 bad input.
 */
export async function runCli(args: string[], io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  const metadata = readActionMetadata();
  const [mode, ...rest] = args;
  if (mode === undefined || mode === '--help' || mode === '-h' || mode === 'help') {
    io.stdout.write(generalHelp());
    return mode === undefined ? EXIT_BAD_INPUT : 0;
  }
  if (!(MODES as readonly string[]).includes(mode)) {
    io.stderr.write(`error: unknown mode "${mode}"; one of ${MODES.join(', ')}.\n\n${generalHelp()}`);
    return EXIT_BAD_INPUT;
  }
  const names = inputsOf(mode as Mode);
  let parsed: ParsedFlags;
  try {
    parsed = parseFlags(rest, names, metadata);
  } catch (error) {
    io.stderr.write(`error: ${(error as Error).message}\nRun "svc-ci-action ${mode} --help" for the flags of this mode.\n`);
    return EXIT_BAD_INPUT;
  }
  if (parsed.help) {
    io.stdout.write(modeHelp(mode as Mode, metadata));
    return 0;
  }
  const read = (name: string): string => {
    if (name === 'mode') return mode;
    return parsed.inputs.get(name) ?? io.env[envName(name)] ?? io.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '';
  };
  const sinkOptions: Parameters<typeof plainSink>[0] = { stdout: io.stdout, debug: parsed.debug };
  if (parsed.summaryFile) sinkOptions.summaryFile = parsed.summaryFile;
  if (parsed.outputFile) sinkOptions.outputFile = parsed.outputFile;
  const restore = translateWorkflowCommands(parsed.debug);
  try {
    return await run({ read, sink: plainSink(sinkOptions), checkRuns: false });
  } finally {
    restore();
  }
}

/**
 * Libraries of the Actions toolkit (@actions/glob) log through @actions/core, which writes
 * workflow commands such as `::debug::...` to stdout. Outside GitHub nobody interprets them, so
 * they are dropped, or shown as plain debug lines with --debug.
 */
function translateWorkflowCommands(debug: boolean): () => void {
  const original = process.stdout.write;
  process.stdout.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
    if (typeof chunk === 'string' && chunk.startsWith('::debug::')) {
      if (!debug) return true;
      // The paths it names come from the repository: printed plain, they must not become commands.
      chunk = neutraliseCommands(`debug: ${chunk.slice('::debug::'.length)}`);
    }
    return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof process.stdout.write;
  return () => {
    process.stdout.write = original;
  };
}

interface ParsedFlags {
  inputs: Map<string, string>;
  summaryFile?: string;
  outputFile?: string;
  debug: boolean;
  help: boolean;
}

function parseFlags(args: string[], names: string[], metadata: ActionMetadata): ParsedFlags {
  const result: ParsedFlags = { inputs: new Map(), debug: false, help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-h') {
      result.help = true;
      continue;
    }
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new Error(`unexpected argument "${arg}"; flags look like --name value.`);
    const name = match[1]!;
    if (!names.includes(name) && !CLI_FLAGS.includes(name)) throw new Error(`unknown flag --${name}.`);
    const isSwitch = name === 'help' || name === 'debug' || isBooleanInput(metadata, name);
    let value = match[2];
    if (value === undefined) {
      const next = args[i + 1];
      // No positional arguments exist, so a switch takes the next word as its value only when
      // it is not another flag: `--dry-run --prune true` and `--dry-run` alone both work.
      if (isSwitch && (next === undefined || next.startsWith('--'))) value = 'true';
      else if (next === undefined || next.startsWith('--')) throw new Error(`flag --${name} needs a value.`);
      else value = args[++i]!;
    }
    if (name === 'help') result.help = value === 'true';
    else if (name === 'debug') result.debug = value === 'true';
    else if (name === 'summary-file') result.summaryFile = value;
    else if (name === 'output-file') result.outputFile = value;
    else {
      const previous = result.inputs.get(name);
      if (previous !== undefined && !MULTI_LINE.has(name)) throw new Error(`flag --${name} is given twice.`);
      result.inputs.set(name, previous === undefined ? value : `${previous}\n${value}`);
    }
  }
  return result;
}

function inputsOf(mode: Mode): InputName[] {
  return [...COMMON_INPUTS, ...MODE_INPUTS[mode]].filter((n) => !GITHUB_ONLY.has(n));
}

function isBooleanInput(metadata: ActionMetadata, name: string): boolean {
  const d = metadata.inputs[name]?.default;
  return d === 'true' || d === 'false';
}

/** `base-url` → `SVC_BASE_URL`. */
export function envName(input: string): string {
  return `SVC_${input.replace(/-/g, '_').toUpperCase()}`;
}

function generalHelp(): string {
  return [
    'Usage: svc-ci-action <mode> [--flag value ...]',
    '',
    'Modes:',
    ...MODES.map((m) => `  ${m}`),
    '',
    'Run "svc-ci-action <mode> --help" for the flags of a mode. Every flag can also be given as an',
    'environment variable: --base-url as SVC_BASE_URL (or INPUT_BASE-URL, as in GitHub Actions).',
    'Exit codes: 0 success, 1 failure, 2 bad input.',
    '',
  ].join('\n');
}

function modeHelp(mode: Mode, metadata: ActionMetadata): string {
  const lines = [`Usage: svc-ci-action ${mode} [--flag value ...]`, '', 'Flags:'];
  for (const name of inputsOf(mode)) {
    const meta = metadata.inputs[name];
    if (!meta) continue;
    const shownDefault = meta.default && !meta.default.includes('${{') ? ` (default: ${meta.default.replace(/\n/g, ', ')})` : '';
    const required = isRequiredIn(mode, name) ? ' (required)' : '';
    lines.push(`  --${name}${required}${shownDefault}`, ...wrap(meta.description, 6), `      env: ${envName(name)}`);
  }
  lines.push(
    '',
    'Command line only:',
    '  --summary-file PATH   append the Markdown summary to PATH instead of printing it',
    '  --output-file PATH    append the outputs (name=value lines) to PATH instead of printing them',
    '  --debug               print debug lines (requests, retries)',
    '',
    'Outputs are printed as name=value lines. Exit codes: 0 success, 1 failure, 2 bad input.',
    '',
  );
  return lines.join('\n');
}

function wrap(text: string, indent: number, width = 96): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width - indent) {
      out.push(' '.repeat(indent) + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(' '.repeat(indent) + line);
  return out;
}
