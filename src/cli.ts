import { posix } from 'node:path';
import packageJson from '../package.json' with { type: 'json' };
import { readActionMetadata } from './action-metadata.ts';
import type { ActionMetadata } from './action-metadata.ts';
import { generalHelp, modeHelp, usage } from './cli-help.ts';
import { COMMAND_LINE_FLAGS, envName, inputFlagsOf, isSwitch, modesWithFlag } from './cli-flags.ts';
import { commandLineSink } from './cli-sink.ts';
import { terminalWidth } from './report/terminal-summary.ts';
import type { TerminalWriter } from './cli-sink.ts';
import { INPUTS, MODES, gitHubOnlyReason, isMode, takesLines } from './inputs/schema.ts';
import { didYouMean } from './text.ts';
import type { InputName, Mode } from './inputs/schema.ts';
import { EXIT_BAD_INPUT, EXIT_SUCCESS } from './errors.ts';
import { run } from './main.ts';

export { envName } from './cli-flags.ts';

export interface CliIo {
  stdout: TerminalWriter;
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

/**
 * `svc-ci-action <mode> --flag value ...` for CI systems other than GitHub Actions: flags and
 * environment variables become the very inputs the action reads, and run() does the rest.
 * Exit codes: 0 success, 1 failure, 2 bad input.
 */
export async function runCli(
  args: string[],
  io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env },
): Promise<number> {
  const [mode, ...rest] = args;
  if (mode === undefined) {
    io.stderr.write(usage());
    return EXIT_BAD_INPUT;
  }
  if (mode === '--version') {
    io.stdout.write(`${packageJson.version}\n`);
    return EXIT_SUCCESS;
  }
  if (mode === '--help' || mode === '-h' || mode === 'help') {
    io.stdout.write(generalHelp(packageJson.version));
    return EXIT_SUCCESS;
  }
  if (!isMode(mode)) {
    const what = mode.startsWith('-')
      ? `${mode} comes after a mode.`
      : `unknown mode "${mode}".${didYouMean(mode, MODES)}`;
    io.stderr.write(`error: ${what}\n\n${usage()}`);
    return EXIT_BAD_INPUT;
  }

  const metadata = readActionMetadata();
  let parsed: ParsedFlags;
  try {
    parsed = parseFlags(mode, rest, metadata);
  } catch (error) {
    io.stderr.write(
      `error: ${(error as Error).message}\nRun "svc-ci-action ${mode} --help" for the flags of this mode.\n`,
    );
    return EXIT_BAD_INPUT;
  }
  if (parsed.help) {
    io.stdout.write(modeHelp(mode, metadata));
    return EXIT_SUCCESS;
  }
  const offered = new Set<string>(inputFlagsOf(mode));
  const read = (name: string): string => {
    if (name === 'mode') return mode;
    // An input this mode has no flag for is not read from the environment either.
    if (!offered.has(name)) return '';
    return (
      parsed.inputs.get(name) ?? io.env[envName(name)] ?? io.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? ''
    );
  };
  const sink = commandLineSink({
    stdout: io.stdout,
    inputs: new Set(Object.keys(metadata.inputs)),
    envName,
    debug: parsed.debug,
    color: io.stdout.isTTY === true && !io.env.NO_COLOR && io.env.TERM !== 'dumb',
    ...widthOf(io),
    ...(parsed.summaryFile ? { summaryFile: parsed.summaryFile } : {}),
    ...(parsed.outputFile ? { outputFile: parsed.outputFile } : {}),
  });
  return run({ read, sink, checkRuns: false });
}

function widthOf(io: CliIo): { width?: number } {
  const width = terminalWidth(io.env, io.stdout);
  return width === undefined ? {} : { width };
}

interface ParsedFlags {
  inputs: Map<string, string>;
  summaryFile?: string;
  outputFile?: string;
  debug: boolean;
  help: boolean;
}

function parseFlags(mode: Mode, args: string[], metadata: ActionMetadata): ParsedFlags {
  const names: string[] = inputFlagsOf(mode);
  const result: ParsedFlags = { inputs: new Map(), debug: false, help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-h') {
      result.help = true;
      continue;
    }
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new Error(unexpectedArgument(args, i));
    const name = match[1]!;
    if (!names.includes(name) && !(COMMAND_LINE_FLAGS as readonly string[]).includes(name))
      throw new Error(notAFlag(mode, name));
    let value = match[2];
    if (value === undefined) {
      const next = args[i + 1];
      // No positional arguments exist, so a switch takes the next word as its value only when
      // it is not another flag: `--dry-run --prune true` and `--dry-run` alone both work.
      if (isSwitch(metadata, name) && (next === undefined || next.startsWith('--'))) value = 'true';
      else if (next === undefined || next.startsWith('--')) throw new Error(`--${name} needs a value.`);
      else value = args[++i]!;
    }
    if (name === 'help') result.help = value === 'true';
    else if (name === 'debug') result.debug = value === 'true';
    else if (name === 'summary-file') result.summaryFile = value;
    else if (name === 'output-file') result.outputFile = value;
    else {
      const previous = result.inputs.get(name);
      if (previous !== undefined && !takesLines(name as InputName)) throw new Error(`--${name} is given twice.`);
      result.inputs.set(name, previous === undefined ? value : `${previous}\n${value}`);
    }
  }
  return result;
}

/**
 * Why the word at `index` is refused: no flag takes it. After a flag and its value, the likely
 * cause is a pattern the shell expanded into several files before the command saw it.
 */
function unexpectedArgument(args: readonly string[], index: number): string {
  const arg = args[index]!;
  const flag = index >= 2 ? /^--([a-z][a-z0-9-]*)$/.exec(args[index - 2]!)?.[1] : undefined;
  if (flag === undefined || args[index - 1]!.startsWith('--')) {
    return `unexpected argument "${arg}"; flags look like --name value.`;
  }
  const words = [args[index - 1]!];
  for (let j = index; j < args.length && !args[j]!.startsWith('--'); j++) words.push(args[j]!);
  const head = `unexpected argument "${arg}" after --${flag} ${args[index - 1]}: a flag takes one value`;
  if (flag !== 'policy-files') return `${head}; quote a value that holds spaces, and repeat the flag for each value.`;
  return (
    `${head}. Likely the shell expanded an unquoted pattern into these ${words.length} files: ` +
    `quote it so that it reaches the command whole, --${flag} '${patternOf(words)}'.`
  );
}

/** A pattern that matches the files a shell expanded one into, as a person would have written it. */
function patternOf(files: readonly string[]): string {
  const dirs = [...new Set(files.map((f) => posix.dirname(f)))];
  const exts = [...new Set(files.map((f) => posix.extname(f)))];
  const ext = exts.length === 1 ? exts[0]! : '';
  if (dirs.length === 1) return `${dirs[0] === '.' ? '' : `${dirs[0]}/`}*${ext}`;
  // The directory all of them are under.
  let common = dirs[0]!.split('/');
  for (const dir of dirs.slice(1)) {
    const parts = dir.split('/');
    let k = 0;
    while (k < common.length && common[k] === parts[k]) k++;
    common = common.slice(0, k);
  }
  return `${common.length > 0 && common[0] !== '.' ? `${common.join('/')}/` : ''}**/*${ext}`;
}

/** Why --name is refused: a flag of other modes, GitHub's alone, or no flag at all. */
function notAFlag(mode: Mode, name: string): string {
  if (name === 'mode') return `--mode is not a flag: the mode is the first argument (${mode} here).`;
  const gitHubOnly = name in INPUTS ? gitHubOnlyReason(name as InputName) : undefined;
  if (gitHubOnly !== undefined) return `--${name} is not a flag: ${gitHubOnly}.`;
  const modes = modesWithFlag(name);
  if (modes.length > 0) {
    const why = name === 'timeout' ? `: ${mode} never waits for the service` : '';
    return `--${name} is not a flag of ${mode}${why} (it is a flag of ${modes.join(' and ')}).`;
  }
  const flags = [...inputFlagsOf(mode), ...COMMAND_LINE_FLAGS];
  return `unknown flag --${name}.${didYouMean(name, flags, (flag) => `--${flag}`)}`;
}
