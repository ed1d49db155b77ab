/**
 * Text the action did not write (a policy name from the service, a test name from a log, a file
 * name from a pull request) must never become a workflow command when it reaches stdout. The
 * GitHub runner reads stdout line by line and acts on:
 *
 * - `::name ...::data` at the start of a line, after any leading white space as .NET's
 *   `TrimStart()` sees it (every Unicode White_Space character, U+0085 included);
 * - `##[name ...]data` anywhere in a line (the legacy syntax, still honoured);
 * - where a line starts: after `\n`, a bare `\r`, or `\r\n` (and, to be safe, the Unicode line
 *   breaks U+0085, U+2028, U+2029, VT and FF, which other readers honour).
 *
 * Its `StartsWith("::")` and `IndexOf("##[")` are culture-sensitive, and ICU's comparison ignores
 * zero-width and control characters: `:` + U+200B + `:` may still read as `::`. So those
 * characters count as absent when the patterns are looked for, and the escape itself is a
 * visible character.
 *
 * The text stays readable: every line break becomes `\n`, a line that would start with `::`
 * gets a backslash before it (`\::set-output ...`), and `##[` becomes `##\[`. Nothing else is
 * touched.
 */

/** Characters ICU's comparison ignores: controls and format characters that are not white space. */
const IGNORED = String.raw`[[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]--[\p{White_Space}]]`;

const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/** A line that the runner would read as starting with `::`. */
const LEADING_COMMAND = new RegExp(String.raw`^((?:\p{White_Space}|${IGNORED})*)(:${IGNORED}*:)`, 'v');

/** `##[`, with anything ICU ignores between its characters. */
const LEGACY_COMMAND = new RegExp(String.raw`#${IGNORED}*#${IGNORED}*(?=\[)`, 'gv');

/** The text with every line break a plain `\n` and no line that the runner reads as a command. */
export function neutraliseCommands(text: string): string {
  if (!/[:#\r\v\f\u0085\u2028\u2029]/.test(text)) return text;
  return text.replace(LINE_BREAK, '\n').split('\n').map(neutraliseLine).join('\n');
}

function neutraliseLine(line: string): string {
  return line.replace(LEGACY_COMMAND, '$&\\').replace(LEADING_COMMAND, '$1\\$2');
}

/**
 * Where GitHub renders Markdown (a pull request comment, the job summary, a check run), `@name`
 * and `@org/team` notify people and `#123` or `GH-123` links an issue (and tells its
 * subscribers): text the action did not write must do neither. A zero-width joiner after the `@`,
 * `#` or `GH-` breaks GitHub's patterns and leaves the text as it reads. GitHub takes an `@` as a
 * mention only after a character that is not a letter, digit or `_`, so an e-mail address and a
 * `repo@v1` keep theirs; a reference may follow a repository name (`org/repo#12`), so every `#`
 * before a digit gets one. Text in code (a code block, `<code>`) is not looked at by GitHub and
 * needs none.
 */
export function neutraliseMentions(text: string): string {
  if (!/[@#]|gh-/i.test(text)) return text;
  return text.replace(MENTION, '$&\u200D');
}

const MENTION = /(?<![A-Za-z0-9_])@(?=[A-Za-z0-9])|#(?=[0-9])|(?<![A-Za-z0-9_])GH-(?=[0-9])/gi;
