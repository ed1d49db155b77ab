// The GitHub runner's reading of a step's stdout, ported from actions/runner so that tests can
// see exactly which workflow commands a step's output holds:
//
// - ProcessInvoker reads stdout with StreamReader.ReadLine: a line ends at `\r\n`, `\r` or `\n`.
// - OutputManager.OnDataReceived hands a line holding `##[` or `::` to
//   ActionCommandManager.TryProcessCommand, which tries ActionCommand.TryParseV2 and then
//   ActionCommand.TryParse.
// - TryParseV2: `message.TrimStart()` (.NET White_Space, U+0085 included), then the line must
//   start with `::`; the command info runs to the next `::`; the name ends at the first space;
//   properties are `,`-separated `name=value` pairs; the rest is the data.
// - TryParse (legacy): the first `##[` anywhere in the line (here: any `##[`); the command info
//   runs to the next `]`; properties are `;`-separated; the rest is the data.
// - Command names are matched without regard to case. `::stop-commands::TOKEN` suspends every
//   command until a line whose command is TOKEN.
//
// Three readings are stricter than the runner as shipped, so that the tests cannot pass on a
// runner detail that may change: U+0085, U+2028, U+2029, VT and FF also end a line (a reader
// that honours Unicode line breaks would split there); every `##[` of a line is tried, not only
// the first; and each line is parsed a second time with the characters left out that ICU's
// culture-sensitive comparison ignores (the runner's `StartsWith("::")` and `IndexOf("##[")`
// are culture-sensitive, so a zero-width character between the colons may not stop a match).

/** Commands the runner registers (its command extensions and `stop-commands`). */
export const RUNNER_COMMANDS = [
  'stop-commands',
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'debug',
  'warning',
  'error',
  'notice',
  'group',
  'endgroup',
  'echo',
] as const;

export interface RunnerCommand {
  /** The command name as written (the runner compares names without regard to case). */
  command: string;
  properties: Record<string, string>;
  data: string;
  syntax: 'v2' | 'legacy';
  /** The line as read. */
  line: string;
}

/** Lines as the runner reads them, split also at the Unicode line breaks (see above). */
export function runnerLines(stdout: string): string[] {
  const lines = stdout.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);
  // ReadLine yields no empty line after a final line break.
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Characters that ICU's comparison ignores: controls and format characters that are not white space. */
const ICU_IGNORED = new RegExp(String.raw`[[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]--[\p{White_Space}]]`, 'gv');

/** .NET's String.TrimStart(): Unicode White_Space, U+0085 and U+00A0 included. */
const LEADING_WHITE_SPACE = /^\p{White_Space}+/u;

/**
 * Every command the runner would act on in `stdout`, in order. Lines inside a
 * `stop-commands` block are skipped, as the runner skips them; the markers themselves are listed.
 */
export function findRunnerCommands(stdout: string): RunnerCommand[] {
  const registered = new Set<string>(RUNNER_COMMANDS);
  let stopToken: string | undefined;
  const found: RunnerCommand[] = [];
  for (const line of runnerLines(stdout)) {
    const command = parseLine(line, registered, stopToken);
    if (command === undefined) continue;
    const name = command.command.toLowerCase();
    if (stopToken !== undefined) {
      if (name !== stopToken) continue;
      registered.delete(stopToken);
      stopToken = undefined;
      found.push(command);
      continue;
    }
    if (name === 'stop-commands') {
      stopToken = command.data.toLowerCase();
      registered.add(stopToken);
    }
    found.push(command);
  }
  return found;
}

function parseLine(line: string, registered: Set<string>, stopToken: string | undefined): RunnerCommand | undefined {
  const names = stopToken === undefined ? registered : new Set([...registered, stopToken]);
  for (const text of new Set([line, line.replace(ICU_IGNORED, '')])) {
    if (!text.includes('##[') && !text.includes('::')) continue;
    const command = parseV2(text, names) ?? parseLegacy(text, names);
    if (command) return { ...command, line };
  }
  return undefined;
}

/** ActionCommand.TryParseV2. */
function parseV2(message: string, registered: Set<string>): Omit<RunnerCommand, 'line'> | undefined {
  const trimmed = message.replace(LEADING_WHITE_SPACE, '');
  if (!trimmed.startsWith('::')) return undefined;
  const end = trimmed.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = trimmed.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (command === '' || !registered.has(command.toLowerCase())) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info
      .slice(space + 1)
      .trim()
      .split(',')
      .filter((p) => p !== '')) {
      const parts = splitPair(pair);
      if (parts) properties[parts[0]] = unescapeProperty(parts[1]);
    }
  }
  return { command, properties, data: unescapeData(trimmed.slice(end + 2)), syntax: 'v2' };
}

/**
 * ActionCommand.TryParse: the legacy `##[name key=value;...]data` form, anywhere in a line. The
 * runner looks only at the first `##[`; every one is tried here (stricter, as above).
 */
function parseLegacy(message: string, registered: Set<string>): Omit<RunnerCommand, 'line'> | undefined {
  for (let prefix = message.indexOf('##['); prefix >= 0; prefix = message.indexOf('##[', prefix + 1)) {
    const bracket = message.indexOf(']', prefix);
    if (bracket < 0) return undefined;
    const info = message.slice(prefix + 3, bracket);
    const space = info.indexOf(' ');
    const command = space < 0 ? info : info.slice(0, space);
    if (command === '' || !registered.has(command.toLowerCase())) continue;
    const properties: Record<string, string> = {};
    if (space > 0) {
      for (const pair of info
        .slice(space + 1)
        .split(';')
        .filter((p) => p !== '')) {
        const parts = splitPair(pair);
        if (parts) properties[parts[0]] = unescapeLegacy(parts[1]);
      }
    }
    return { command, properties, data: unescapeLegacy(message.slice(bracket + 1)), syntax: 'legacy' };
  }
  return undefined;
}

/** `Split('=', count: 2, RemoveEmptyEntries)`, kept only when it yields two parts. */
function splitPair(pair: string): [string, string] | undefined {
  const rest = pair.replace(/^=+/, '');
  const eq = rest.indexOf('=');
  if (eq <= 0 || eq === rest.length - 1) return undefined;
  return [rest.slice(0, eq), rest.slice(eq + 1)];
}

function replaceAll(text: string, mappings: ReadonlyArray<readonly [string, string]>): string {
  let out = text;
  for (const [escaped, plain] of mappings) out = out.split(escaped).join(plain);
  return out;
}

function unescapeData(text: string): string {
  return replaceAll(text, [
    ['%0D', '\r'],
    ['%0A', '\n'],
    ['%25', '%'],
  ]);
}

function unescapeProperty(text: string): string {
  return replaceAll(text, [
    ['%0D', '\r'],
    ['%0A', '\n'],
    ['%3A', ':'],
    ['%2C', ','],
    ['%25', '%'],
  ]);
}

function unescapeLegacy(text: string): string {
  return replaceAll(text, [
    ['%3B', ';'],
    ['%0D', '\r'],
    ['%0A', '\n'],
    ['%5D', ']'],
    ['%25', '%'],
  ]);
}
