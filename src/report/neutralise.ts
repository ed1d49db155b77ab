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
 * Text the action did not write shows every control character escaped where it is printed
 * (action-interface "Foreign text printed to the log has C0 and C1 control characters (ESC
 * included) shown escaped and stays on one line"): a log viewer or terminal acts on ESC (`ESC [2K`
 * erases a line, `ESC ]8;;` opens a link, `ESC [31m` recolours), on the C1 introducers that stand
 * for them (U+009B is a CSI of its own), on a bare `\r` (the line is written over) and on every
 * line break, so that one name from a log could erase, recolour or forge lines of the job's log.
 *
 * Escaped: C0 (U+0000–U+001F), DEL, C1 (U+0080–U+009F, U+0085 included) and the Unicode line and
 * paragraph separators U+2028 and U+2029, as `\n`, `\r` and `\t`, `\x1b` (C0 and DEL) or `\u009b`
 * (C1 and the separators). By default nothing is kept, so that one item (a test file's name, a
 * run block's, a policy's) prints as one line: the rule where a foreign item is put into a line.
 * `kept` is for the action's own layout around foreign text, in what the sinks print as a whole:
 *
 * - `lineBreaks`: `\n` stays (and `\r\n` becomes `\n`): the action's own messages may take
 *   several lines; a bare `\r` is still shown escaped.
 * - `tabs`: a tab stays (the code of a summary printed in full).
 * - `colours`: an SGR sequence `ESC [ digits ; m` stays whole, the only escape sequence the
 *   command line's summary renderer writes (colours and bold; it moves, erases and links nothing).
 */
export function escapeControls(text: string, kept: ControlsKept = {}): string {
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(CONTROL, (control) => {
    if (control === '\r\n') return kept.lineBreaks ? '\n' : '\\r\\n';
    if (control.length > 1) return kept.colours ? control : `\\x1b${control.slice(1)}`;
    if ((control === '\n' && kept.lineBreaks) || (control === '\t' && kept.tabs)) return control;
    return escapeControl(control);
  });
}

export interface ControlsKept {
  lineBreaks?: boolean;
  tabs?: boolean;
  colours?: boolean;
}

/* eslint-disable no-control-regex -- control characters are what is looked for */
const ANY_CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/;
/** `\r\n` and SGR sequences first: each is taken whole, before its characters one by one. */
const CONTROL = /\r\n|\x1b\[[0-9;]*m|[\x00-\x1f\x7f-\x9f\u2028\u2029]/g;
/* eslint-enable no-control-regex */

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeControl(control: string): string {
  const code = control.charCodeAt(0);
  const short = SHORT_ESCAPES[control];
  if (short !== undefined) return short;
  // C0 and DEL are ASCII, a byte each: `\x1b`. C1 is not (U+009B is two bytes in UTF-8): `\u009b`.
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Text as a sink prints it to stdout: its control characters escaped (but what `kept` names),
 * then no line of it a runner command. Every line, annotation and group name of both sinks goes
 * through here, after its secrets are masked: a message of the action's own with `lineBreaks`,
 * one item (an annotation's title or file, a group's name) without, so that it stays one line.
 */
export function neutraliseForLog(text: string, kept: ControlsKept = {}): string {
  return neutraliseCommands(escapeControls(text, kept));
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
