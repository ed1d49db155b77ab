// Foreign text printed to the log has C0 and C1 control characters (ESC included) shown escaped
// and stays on one line (action-interface "Foreign text printed to the log ..."): the rule
// (escapeControls), and every way the sinks print a text to stdout, as the runner and a terminal
// would read it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testRunAnnotations } from '../../../src/modes/run-module-tests/results/test-log/summary.ts';
import { parseTestLogText } from '../../../src/modes/run-module-tests/results/test-log/parser.ts';
import { githubSink } from '../../../src/report/github-sink.ts';
import { escapeControls, neutraliseForLog } from '../../../src/report/neutralise.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import type { ReportSink } from '../../../src/report/sink.ts';
import { renderSummaryForTerminal } from '../../../src/report/terminal-summary.ts';
import { statusReporter } from '../../../src/report/wait-status.ts';
import { HOSTILE_STRINGS } from '../../support/hostile-strings.ts';
import { findRunnerCommands, runnerLines } from '../../support/runner-commands.ts';

/* eslint-disable no-control-regex -- control characters are what these tests are about */
/** Any control character, line breaks included. */
const ANY_CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/;
/** Any control character but `\n`, the one line break a sink writes. */
const CONTROL_BUT_NEWLINE = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]/;
/** Any control character but the layout of a summary printed whole: `\n` and tabs. */
const CONTROL_BUT_LAYOUT = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]/;
/* eslint-enable no-control-regex */

/** Names a test log, a service or a pull request can hand the action, and how the log shows each. */
const NAMES = [
  ['tests/\x1b[2K\rgone.tftest.hcl', 'tests/\\x1b[2K\\rgone.tftest.hcl'],
  [
    'link \x1b]8;;https://evil.example/\x07here\x1b]8;;\x1b\\',
    'link \\x1b]8;;https://evil.example/\\x07here\\x1b]8;;\\x1b\\',
  ],
  ['a\n::error::forged', 'a\\n::error::forged'],
  ['\u009b31mred\u009b0m \u009d0;title\u009c', '\\u009b31mred\\u009b0m \\u009d0;title\\u009c'],
  ['nel\u0085ls\u2028ps\u2029', 'nel\\u0085ls\\u2028ps\\u2029'],
  ['nul\x00bel\x07bs\x08vt\x0bff\x0cdel\x7f', 'nul\\x00bel\\x07bs\\x08vt\\x0bff\\x0cdel\\x7f'],
  ['tab\there\r\nnext\rover', 'tab\\there\\r\\nnext\\rover'],
] as const;

describe('escapeControls', () => {
  it.each(NAMES)('shows every control character of %j escaped, on one line', (raw, shown) => {
    expect(escapeControls(raw)).toBe(shown);
    expect(runnerLines(escapeControls(raw))).toHaveLength(1);
  });

  it('escapes each of C0, DEL, C1, U+2028 and U+2029, and nothing else', () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, c) => c),
      ...Array.from({ length: 0x21 }, (_, c) => 0x7f + c),
      0x2028,
      0x2029,
    ];
    for (const code of controls) {
      const shown = escapeControls(`<${String.fromCharCode(code)}>`);
      expect(shown, `U+${code.toString(16)}`).toMatch(/^<\\(?:[nrt]|x[0-9a-f]{2}|u[0-9a-f]{4})>$/);
      expect(shown).not.toMatch(ANY_CONTROL);
    }
    expect(escapeControls('\x1b')).toBe('\\x1b');
    expect(escapeControls('\x7f')).toBe('\\x7f');
    expect(escapeControls('\u009b')).toBe('\\u009b');
    for (const text of ['plain', 'a: b, c::d', 'C:\\path\\to', 'ünïcödé ✅ 🚀', '\u00a0\u200b\u00ff', '']) {
      expect(escapeControls(text)).toBe(text);
    }
  });

  it("keeps the action's own layout where asked: its line breaks, tabs, colours; nothing else", () => {
    expect(escapeControls('one\ntwo\r\nthree\rover\x0bfour', { lineBreaks: true })).toBe(
      'one\ntwo\nthree\\rover\\x0bfour',
    );
    expect(escapeControls('a\u0085b\u2028c\u2029d', { lineBreaks: true })).toBe('a\\u0085b\\u2028c\\u2029d');
    expect(escapeControls('\tcode\n', { lineBreaks: true, tabs: true })).toBe('\tcode\n');
    expect(escapeControls('\tcode', { lineBreaks: true })).toBe('\\tcode');
    // Colours (SGR) stay whole; every other sequence, and a C1 CSI, is shown escaped.
    const sequences = '\x1b[1mbold\x1b[22m \x1b[36;1mcode\x1b[39m \x1b[2K \x1b[1A \x1b]8;;x\x07 \u009b31m';
    expect(escapeControls(sequences, { colours: true })).toBe(
      '\x1b[1mbold\x1b[22m \x1b[36;1mcode\x1b[39m \\x1b[2K \\x1b[1A \\x1b]8;;x\\x07 \\u009b31m',
    );
    expect(escapeControls('\x1b[31mred', {})).toBe('\\x1b[31mred');
  });

  it('is idempotent, and with the runner commands neutralised leaves one line without a command', () => {
    for (const text of [...HOSTILE_STRINGS, ...NAMES.map(([raw]) => raw)]) {
      const once = escapeControls(text);
      expect(escapeControls(once)).toBe(once);
      const line = neutraliseForLog(text);
      expect(runnerLines(line)).toHaveLength(1);
      expect(findRunnerCommands(`${line}\n`)).toEqual([]);
      expect(findRunnerCommands(`${neutraliseForLog(text, { lineBreaks: true })}\n`)).toEqual([]);
    }
  });
});

/** A test log in the `-json` format whose file, run block and diagnostic carry `file` and `run`. */
function testLog(file: string, run: string): string {
  const line = (fields: Record<string, unknown>): string =>
    JSON.stringify({ '@level': 'info', '@message': 'm', '@timestamp': '2024-05-01T12:00:00.000000Z', ...fields });
  return [
    line({ type: 'test_abstract', test_abstract: { [file]: [run] } }),
    line({ type: 'test_run', '@testfile': file, '@testrun': run, test_run: { path: file, run, status: 'fail' } }),
    line({
      type: 'diagnostic',
      '@testfile': file,
      '@testrun': run,
      diagnostic: {
        severity: 'error',
        summary: 'Test assertion failed \x1b[2K',
        detail: 'first line \u009b2K\nsecond line',
        range: { filename: file, start: { line: 3, column: 1, byte: 0 }, end: { line: 3, column: 9, byte: 0 } },
      },
    }),
  ].join('\n');
}

/**
 * The name as a test file's: a path is normalised on its way to an annotation (`//` and a backslash are
 * separators), so a name with them is a run block's only, beside the first name as its file.
 */
function asFile(raw: string, shown: string): readonly [string, string] {
  return /\/\/|\\/.test(raw) ? NAMES[0] : [raw, shown];
}

/** Every way a sink writes a line of text, each given `text`. */
function writeEverything(sink: ReportSink, text: string): void {
  sink.info(text);
  sink.warning(text);
  sink.error(text);
  sink.debug(text);
  sink.startGroup(text);
  sink.endGroup();
  sink.fail(text);
  sink.setOutput('status', text);
}

describe('the GitHub sink', () => {
  let stdout = '';
  let realWrite: typeof process.stdout.write;
  const saved = { output: process.env['GITHUB_OUTPUT'] };
  beforeEach(() => {
    stdout = '';
    // Outputs through stdout (`::set-output`), as an old runner without GITHUB_OUTPUT takes them.
    delete process.env['GITHUB_OUTPUT'];
    realWrite = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => {
      stdout += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof process.stdout.write;
  });
  afterEach(() => {
    process.stdout.write = realWrite;
    if (saved.output !== undefined) process.env['GITHUB_OUTPUT'] = saved.output;
  });

  it('writes no control character to stdout, whatever a line, an output or a group name holds', () => {
    const sink = githubSink();
    for (const [raw] of NAMES) writeEverything(sink, raw);
    expect(stdout).not.toMatch(CONTROL_BUT_NEWLINE);
    for (const [, shown] of NAMES) expect(stdout).toContain(shown);
    // The only commands are the sink's own, and a name forges none.
    expect(new Set(findRunnerCommands(stdout).map((c) => c.command))).toEqual(
      new Set(['warning', 'error', 'debug', 'group', 'endgroup', 'set-output']),
    );
    const groups = findRunnerCommands(stdout).filter((c) => c.command === 'group');
    expect(groups.map((c) => c.data)).toEqual(NAMES.map(([, shown]) => shown));
  });

  it("writes annotations from a hostile test log with one-line titles and files, the message's own lines kept", () => {
    const sink = githubSink();
    for (const [raw, shown] of NAMES) {
      stdout = '';
      const [file, fileShown] = asFile(raw, shown);
      const [annotation] = testRunAnnotations(parseTestLogText(testLog(file, raw)), 'modules/m');
      sink.annotate(annotation!);
      expect(stdout).not.toMatch(CONTROL_BUT_NEWLINE);
      const [command, ...more] = findRunnerCommands(stdout);
      expect(more).toEqual([]);
      expect(command!.command).toBe('error');
      // @actions/core escapes `\n` in a property: unescaped, the title and the file are one line each.
      expect(command!.properties['title']).toBe(`${fileShown} › run "${shown}"`);
      expect(command!.properties['file']).toBe(`modules/m/${fileShown}`);
      expect(command!.data).toBe('Test assertion failed \\x1b[2K\n\nfirst line \\u009b2K\nsecond line');
    }
  });
});

describe('the plain sink', () => {
  const capture = () => {
    let text = '';
    return { out: { write: (t: string) => void (text += t) }, text: () => text };
  };

  it('writes no control character but its line ends, whatever a line, an output or a group name holds', () => {
    const c = capture();
    const sink = plainSink({ stdout: c.out, debug: true });
    for (const [raw] of NAMES) writeEverything(sink, raw);
    expect(c.text()).not.toMatch(CONTROL_BUT_NEWLINE);
    const lines = c.text().split('\n');
    for (const [, shown] of NAMES) expect(lines).toContain(`── ${shown}`);
    expect(findRunnerCommands(c.text())).toEqual([]);
  });

  it('writes annotations from a hostile test log on one line each but the lines of their own message', () => {
    for (const [raw, shown] of NAMES) {
      const c = capture();
      const sink = plainSink({ stdout: c.out });
      const [file, fileShown] = asFile(raw, shown);
      for (const annotation of testRunAnnotations(parseTestLogText(testLog(file, raw)), 'modules/m'))
        sink.annotate(annotation);
      expect(c.text()).toBe(
        [
          `modules/m/${fileShown}:3:1: error: ${fileShown} › run "${shown}": Test assertion failed \\x1b[2K`,
          '',
          '    first line \\u009b2K',
          '    second line',
          '',
        ].join('\n'),
      );
    }
  });

  it("prints a summary with its lines and tabs; colours only where the command line's renderer added them", async () => {
    const markdown = '## Results\n\n```\n\tcode \x1b[2K\u009b1A\n```\n\n| a |\n|---|\n| \x1b[31mred\x1b[0m |\n';
    const c = capture();
    await plainSink({ stdout: c.out }).writeSummary(renderSummaryForTerminal(markdown, { color: true }));
    // Every escape sequence printed is one of the renderer's colours.
    // eslint-disable-next-line no-control-regex
    expect(c.text().replace(/\x1b\[[0-9;]*m/g, '')).not.toMatch(CONTROL_BUT_LAYOUT);
    expect(c.text()).toContain('\\x1b[2K\\u009b1A');
    expect(c.text()).toContain('\\x1b[31mred\\x1b[0m');
    expect(c.text()).toContain('\x1b[1mRESULTS\x1b[22m');

    // A summary file that cannot be written: its Markdown is printed instead, never rendered.
    const d = capture();
    await plainSink({ stdout: d.out, summaryFile: '/nonexistent/dir/summary.md' }).writeSummary(markdown);
    expect(d.text()).toContain('\tcode \\x1b[2K\\u009b1A');
    expect(d.text()).toContain('| \\x1b[31mred\\x1b[0m |');
    expect(d.text()).not.toMatch(CONTROL_BUT_LAYOUT);
  });
});

describe('the rest of what is printed', () => {
  it('a status line of a long wait shows the status on its one line', () => {
    const lines: string[] = [];
    statusReporter((line) => lines.push(line))('\x1b[2K\rqueued\n::error::x', 0);
    expect(lines).toEqual(['\\x1b[2K\\rqueued\\n::error::x (0s elapsed)']);
  });

  it('the summary rendered for a terminal: control characters of the Markdown and its entities escaped', () => {
    const rendered = renderSummaryForTerminal(
      'Run \x1b]8;;https://evil.example\x07x &#27;[2K &#x9b;\n\n```\n\ta\x1b[2K\n```',
    );
    expect(rendered).toBe('Run \\x1b]8;;https://evil.example\\x07x \\x1b[2K \\u009b\n\n    \ta\\x1b[2K\n');
  });
});
