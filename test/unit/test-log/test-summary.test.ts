import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTestLogText } from '../../../src/modes/run-module-tests/results/test-log/parser.ts';
import type { ParsedTestLog } from '../../../src/modes/run-module-tests/results/test-log/types.ts';
import {
  renderTestRunSummary,
  repositoryPath,
  testRunAnnotations,
} from '../../../src/modes/run-module-tests/results/test-log/summary.ts';
import type { TestRunFacts } from '../../../src/modes/run-module-tests/results/test-log/summary.ts';
import { capAnnotations, routeAnnotations } from '../../../src/report/annotations.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import { machineReadableLog } from '../../emulator/default-log.ts';

const fixture = (name: string): ParsedTestLog =>
  parseTestLogText(readFileSync(new URL(`../../test-log/fixtures/${name}`, import.meta.url), 'utf8'));

const run = (attributes: Partial<TestRunFacts['attributes']> = {}): TestRunFacts => ({
  id: 'trun-Xy12',
  attributes: {
    status: 'finished',
    'test-status': 'pass',
    'tests-passed': 3,
    'tests-failed': 0,
    'tests-errored': 0,
    'tests-skipped': 0,
    ...attributes,
  },
});

/** The summary with the content of code blocks taken out. */
const outsideCode = (markdown: string): string => markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\n/gm, '');

describe('repositoryPath', () => {
  it('joins the module directory and the file name the log gives', () => {
    expect(repositoryPath('.', 'main.tf')).toBe('main.tf');
    expect(repositoryPath('', './tests/a.tftest.hcl')).toBe('tests/a.tftest.hcl');
    expect(repositoryPath('./', 'main.tf')).toBe('main.tf');
    expect(repositoryPath('modules/vpc', 'tests/a.tftest.hcl')).toBe('modules/vpc/tests/a.tftest.hcl');
    expect(repositoryPath('./modules/vpc/', './main.tf')).toBe('modules/vpc/main.tf');
    expect(repositoryPath('modules\\vpc', 'tests\\a.tftest.hcl')).toBe('modules/vpc/tests/a.tftest.hcl');
    expect(repositoryPath('modules/vpc', '../shared/locals.tf')).toBe('modules/shared/locals.tf');
  });

  it('makes an absolute module directory relative to the repository root when given one', () => {
    expect(repositoryPath('/home/runner/work/r/r/modules/vpc', 'main.tf', '/home/runner/work/r/r')).toBe(
      'modules/vpc/main.tf',
    );
    expect(repositoryPath('/home/runner/work/r/r', 'main.tf', '/home/runner/work/r/r/')).toBe('main.tf');
  });
});

describe('testRunAnnotations', () => {
  const parsed = fixture('failing.jsonl');

  it('annotates each diagnostic that has a position, on its file under the module directory', () => {
    const annotations = testRunAnnotations(parsed, 'modules/s3');
    expect(annotations).toEqual([
      {
        level: 'warning',
        title: 'tests/defaults.tftest.hcl › run "plan_defaults"',
        message: 'Argument is deprecated\n\nUse the aws_s3_bucket_acl resource instead.',
        file: 'modules/s3/main.tf',
        startLine: 7,
        endLine: 9,
      },
      {
        level: 'error',
        title: 'tests/naming.tftest.hcl › run "invalid_name"',
        message: 'Test assertion failed\n\nBucket names must be lowercase, got <My-Bucket> & friends: see `lower()`.',
        file: 'modules/s3/tests/naming.tftest.hcl',
        startLine: 18,
        endLine: 18,
        startColumn: 17,
        endColumn: 58,
      },
      {
        level: 'error',
        title: 'tests/validation.tftest.hcl › run "bad_reference"',
        message: expect.stringMatching(
          /^Reference to undeclared input variable\n\nAn input variable with the name "region"/,
        ),
        file: 'modules/s3/tests/validation.tftest.hcl',
        startLine: 9,
        endLine: 9,
        startColumn: 14,
        endColumn: 24,
      },
    ]);
  });

  it('gives bare file names for a module at the repository root', () => {
    for (const dir of ['.', './', '']) {
      expect(testRunAnnotations(parsed, dir).map((a) => a.file)).toEqual([
        'main.tf',
        'tests/naming.tftest.hcl',
        'tests/validation.tftest.hcl',
      ]);
    }
  });

  it('titles a diagnostic outside any test with its summary', () => {
    const log = parseTestLogText(
      JSON.stringify({
        type: 'diagnostic',
        diagnostic: {
          severity: 'error',
          summary: 'Unsupported argument',
          detail: 'An argument named "colour" is not expected here.',
          range: { filename: 'variables.tf', start: { line: 4, column: 3 }, end: { line: 4, column: 9 } },
        },
      }),
    );
    expect(testRunAnnotations(log, 'mod')).toEqual([
      {
        level: 'error',
        title: 'Unsupported argument',
        message: 'An argument named "colour" is not expected here.',
        file: 'mod/variables.tf',
        startLine: 4,
        endLine: 4,
        startColumn: 3,
        endColumn: 9,
      },
    ]);
  });
});

describe('renderTestRunSummary', () => {
  it('says how many run blocks and leftover resources the log held beyond what is listed', () => {
    const parsed: ParsedTestLog = { ...fixture('passing.jsonl'), runBlocksOmitted: 105_151, leftoversOmitted: 3 };
    const md = renderTestRunSummary({
      run: run({ 'tests-passed': 7 }),
      parsed,
      moduleDirectory: '.',
      module: 'acme/s3/aws',
    });
    expect(md).toContain("The log held 105151 more run blocks than are listed here; the counts are the run's own.");
    expect(md).toContain('The log named 3 more leftover resources or entries than are listed here.');
  });

  it('counts of one are said in the singular', () => {
    const parsed: ParsedTestLog = {
      ...fixture('passing.jsonl'),
      files: [],
      runBlocksOmitted: 1,
      leftoversOmitted: 1,
      diagnosticsOmitted: 1,
      tail: ['Error: exit status 1'],
    };
    const md = renderTestRunSummary({ run: run({ status: 'errored' }), parsed, moduleDirectory: '.' });
    expect(md).toContain('<summary>Last 1 line of the test log</summary>');
    expect(md).toContain('The log held 1 more run block than are listed here');
    expect(md).toContain('The log held 1 more diagnostic than are listed here.');
    expect(md).toContain('The log named 1 more leftover resource or entry than are listed here.');
    expect(md).not.toMatch(/\b1 (lines|run blocks|diagnostics|leftover resources)\b/);
  });

  it('a passing run: headline, the run’s own totals, a table per file with elapsed times', () => {
    const parsed = fixture('passing.jsonl');
    // The run's counters are the authority, even where the log says otherwise.
    const md = renderTestRunSummary({
      run: run({ 'tests-passed': 7 }),
      parsed,
      moduleDirectory: '.',
      module: 'acme/s3/aws',
    });
    expect(md.startsWith('## ✅ Module tests passed: acme/s3/aws\n')).toBe(true);
    expect(md).toContain('**7** passed · **0** failed · **0** errored · **0** skipped');
    expect(md).toContain('#### ✅ tests/defaults.tftest.hcl (pass)');
    expect(md).toContain('<tr><td>plan_defaults</td><td>✅ pass</td><td>2.3 s</td></tr>');
    expect(md).toContain('<tr><td>apply_defaults</td><td>✅ pass</td><td>4.9 s</td></tr>');
    expect(md).toContain('<tr><td>valid_name</td><td>✅ pass</td><td>1 s</td></tr>');
    expect(md).not.toContain('Failed and errored');
    expect(md).not.toContain('Annotations');
    expect(md).not.toContain('Last ');
  });

  it('times each run block the log times; a log that times none has no Elapsed column', () => {
    const outcome = { status: 'finished', testStatus: 'pass' as const, passed: 2, failed: 0, errored: 0, skipped: 1 };
    const timedLog = machineReadableLog(outcome);
    const timed = renderTestRunSummary({ run: run(), parsed: parseTestLogText(timedLog), moduleDirectory: '.' });
    expect(timed).toContain('<tr><th>Run block</th><th>Result</th><th>Elapsed</th></tr>');
    expect(timed).toContain('<tr><td>passes_1</td><td>✅ pass</td><td>120 ms</td></tr>');
    // A skipped run block never started: said, not left blank.
    expect(timed).toContain('<tr><td>skipped_1</td><td>⏭️ skip</td><td>—</td></tr>');
    // A test command that gives no progress: only the completions, no time in them.
    const untimedLog = timedLog
      .split('\n')
      .filter((line) => !line.includes('"progress":"starting","elapsed"'))
      .join('\n');
    const untimed = renderTestRunSummary({ run: run(), parsed: parseTestLogText(untimedLog), moduleDirectory: '.' });
    expect(untimed).toContain('<tr><th>Run block</th><th>Result</th></tr>');
    expect(untimed).toContain('<tr><td>passes_1</td><td>✅ pass</td></tr>');
    expect(untimed).not.toContain('Elapsed');
  });

  it('a failing run: failures with their messages shown first, every annotation listed', () => {
    const parsed = fixture('failing.jsonl');
    const md = renderTestRunSummary({
      run: run({ 'test-status': 'fail', 'tests-passed': 3, 'tests-failed': 1, 'tests-errored': 1, 'tests-skipped': 1 }),
      parsed,
      moduleDirectory: 'modules/s3',
    });
    expect(md.startsWith('## ❌ Module tests failed\n')).toBe(true);
    expect(md).toContain('**3** passed · **1** failed · **1** errored · **1** skipped');
    // Two failures: both in the open, not folded, and before the tables of every file.
    expect(md).toContain(
      '### Failed and errored run blocks (2)\n\n<strong>❌ tests/naming.tftest.hcl › run &quot;invalid_name&quot;: fail</strong>\n\n<strong>Error:</strong>',
    );
    expect(md).toContain('\n<strong>⛔ tests/validation.tftest.hcl › run &quot;bad_reference&quot;: error</strong>\n');
    expect(md).not.toMatch(/<details><summary>[❌⛔]/);
    expect(md.indexOf('### Failed and errored')).toBeLessThan(md.indexOf('### Test files'));
    expect(md).toContain(
      '<strong>Error:</strong> Test assertion failed at <code>modules/s3/tests/naming.tftest.hcl:18</code>',
    );
    expect(md).toContain('18 |     condition     = aws_s3_bucket.this.bucket == lower(var.name)');
    expect(md).toContain('<td>⏭️ skip</td>');
    // Resources left behind are called out.
    expect(md).toContain('aws_iam_role.ci (deposed a1b2c3d4)');
    // Every annotation is listed, each on the diff here (three, under the cap).
    expect(md).toContain('<code>modules/s3/main.tf:7</code>');
    expect(md).toContain('<code>modules/s3/tests/validation.tftest.hcl:9</code>');
    expect(md.match(/<td>yes<\/td><\/tr>/g)).toHaveLength(3);
    // All on the diff: the table repeats the failures above, folded.
    expect(md).toContain('<details><summary>Annotations: 3 annotations, all on the diff</summary>');
    // Text from the log is escaped wherever it is not inside a code block.
    expect(outsideCode(md)).not.toContain('<My-Bucket>');
    expect(md).toContain('&lt;My-Bucket&gt; &amp; friends');
    // The warning of a passing run and the sourceless warning are shown apart from failures.
    expect(md).toContain('Other diagnostics: 0 errors, 2 warnings');
  });

  /** A log of 14 failed assertions, one per run block, each on its line of tests/a.tftest.hcl. */
  const fourteenFailures = () =>
    parseTestLogText(
      Array.from({ length: 14 }, (_, i) =>
        JSON.stringify({
          '@testfile': 'tests/a.tftest.hcl',
          '@testrun': `r${i}`,
          type: 'diagnostic',
          diagnostic: {
            severity: 'error',
            summary: `Failure ${i}`,
            detail: '',
            range: {
              filename: 'tests/a.tftest.hcl',
              start: { line: i + 1, column: 1 },
              end: { line: i + 1, column: 2 },
            },
          },
        }),
      ).join('\n'),
    );

  it('lists the annotations held back by GitHub’s cap and says how many', () => {
    const parsed = fourteenFailures();
    const annotations = testRunAnnotations(parsed, 'm');
    const { heldBack } = capAnnotations(annotations);
    expect(heldBack).toHaveLength(5);
    const md = renderTestRunSummary({
      run: run({ 'test-status': 'fail' }),
      parsed,
      moduleDirectory: 'm',
      annotations,
      heldBackAnnotations: heldBack,
    });
    for (let i = 0; i < 14; i++) expect(md).toContain(`<code>m/tests/a.tftest.hcl:${i + 1}</code>`);
    expect(md.match(/<td>summary only<\/td>/g)).toHaveLength(5);
    expect(md).toContain('5 of these 14 are listed only here');
    // Not folded when some are only here.
    expect(md).toContain('### Annotations\n');
  });

  it('marks each of two alike annotations as it went: one on the diff, the other held back', () => {
    // Eleven errors: GitHub's cap writes nine and a "+2 more". The ninth and tenth say the same
    // thing on the same line; only the tenth is held back.
    const parsed = fourteenFailures();
    const eleven = testRunAnnotations(parsed, 'm').slice(0, 11);
    eleven[9] = { ...eleven[8]! };
    const { heldBack } = capAnnotations(eleven);
    expect(heldBack).toEqual([eleven[9], eleven[10]]);
    const md = renderTestRunSummary({
      run: run({ 'test-status': 'fail' }),
      parsed,
      moduleDirectory: 'm',
      annotations: eleven,
      heldBackAnnotations: heldBack,
    });
    const marks = [...md.matchAll(/<td>(yes|summary only)<\/td><\/tr>/g)].map((m) => m[1]);
    expect(marks).toEqual([...Array<string>(9).fill('yes'), 'summary only', 'summary only']);
    expect(md).toContain('2 of these 11 are listed only here');
  });

  it('with a check run, says the annotations were sent to it, not that they are on the diff', () => {
    // The summary is written before GitHub answers: whether they reached the diff is not known yet.
    const parsed = fourteenFailures();
    const annotations = testRunAnnotations(parsed, 'm');
    const routes = routeAnnotations(annotations, true);
    const md = renderTestRunSummary({
      run: run({ 'test-status': 'fail' }),
      parsed,
      moduleDirectory: 'm',
      annotations,
      heldBackAnnotations: capAnnotations(routes.asCommands).heldBack,
      checkRunAnnotations: routes.onCheckRun,
    });
    expect(md).toContain('<details><summary>Annotations: 14 annotations, all sent to the check run</summary>');
    expect(md.match(/<td>sent to the check run<\/td><\/tr>/g)).toHaveLength(14);
    expect(md).not.toContain('all on the diff');
    expect(md).not.toContain('<td>yes</td>');
    expect(md).not.toContain('summary only');
  });

  it('many failures: the first five in the open, the rest folded', () => {
    const lines = Array.from({ length: 7 }, (_, i) => [
      JSON.stringify({
        '@testfile': 'tests/a.tftest.hcl',
        '@testrun': `r${i}`,
        type: 'test_run',
        test_run: { path: 'tests/a.tftest.hcl', run: `r${i}`, progress: 'complete', status: 'fail' },
      }),
      JSON.stringify({
        '@testfile': 'tests/a.tftest.hcl',
        '@testrun': `r${i}`,
        type: 'diagnostic',
        diagnostic: {
          severity: 'error',
          summary: 'Test assertion failed',
          detail: `Message ${i}.`,
          range: { filename: 'tests/a.tftest.hcl', start: { line: i + 1, column: 1 } },
        },
      }),
    ]).flat();
    const md = renderTestRunSummary({
      run: run({ 'test-status': 'fail' }),
      parsed: parseTestLogText(lines.join('\n')),
      moduleDirectory: '.',
    });
    expect(md).toContain('### Failed and errored run blocks (7)');
    const folded = md.indexOf('<details><summary>2 more failed or errored run blocks</summary>');
    expect(folded).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect(md.indexOf(`Message ${i}.`)).toBeLessThan(folded);
    for (const i of [5, 6]) expect(md.indexOf(`Message ${i}.`)).toBeGreaterThan(folded);
  });

  it('an errored run: the log’s tail in <details>', () => {
    const parsed = fixture('errored.jsonl');
    const md = renderTestRunSummary({
      run: run({
        status: 'errored',
        'test-status': null,
        'tests-passed': null,
        'tests-failed': null,
        'tests-errored': null,
        'tests-skipped': null,
      }),
      parsed,
      moduleDirectory: '.',
    });
    expect(md.startsWith('## ⛔ Module test run errored\n')).toBe(true);
    expect(md).toContain('**–** passed · **–** failed · **–** errored · **–** skipped');
    expect(md).toContain('test status <code>none</code>');
    expect(md).toMatch(
      /<details open><summary>Last 11 lines of the test log<\/summary>\n\n```text\nTerraform 1.9.5\n[\s\S]*panic: runtime error[\s\S]*Error: exit status 2\n```\n\n<\/details>/,
    );
    expect(md).toContain('<td>⏳ pending</td>');
  });

  it('takes the totals from the log when the run gave none, and says so', () => {
    const md = renderTestRunSummary({
      run: run({
        'test-status': null,
        'tests-passed': null,
        'tests-failed': null,
        'tests-errored': null,
        'tests-skipped': null,
      }),
      parsed: fixture('failing.jsonl'),
      moduleDirectory: '.',
    });
    expect(md).toContain('**3** passed · **1** failed · **1** errored · **1** skipped');
    expect(md).toContain('The run gave no counts; these are from its log.');
  });

  it('timed out, cancelled, or without a log', () => {
    const timedOut = renderTestRunSummary({
      run: run({ status: 'running', 'test-status': null }),
      moduleDirectory: '.',
      interruption: 'timed-out',
    });
    expect(timedOut.startsWith('## ⏱️ Module tests timed out\n')).toBe(true);
    expect(timedOut).toContain('<code>timeout</code> ran out');

    const canceled = renderTestRunSummary({
      run: run({ status: 'canceled', 'test-status': null }),
      moduleDirectory: '.',
      interruption: 'cancelled',
    });
    expect(canceled.startsWith('## ⏹️ Module tests cancelled\n')).toBe(true);
    expect(canceled).toContain('The job was cancelled, and the test run with it.');

    const noLog = renderTestRunSummary({ run: run(), moduleDirectory: '.', logError: 'HTTP 403' });
    expect(noLog).toContain("The test log could not be read (HTTP 403); only the run's counters are reported.");
    expect(noLog).toContain('**3** passed');
  });

  it('escapes names from the log and links only an http(s) run address', () => {
    const log = [
      {
        type: 'test_abstract',
        test_abstract: { 'tests/<img src=x>.tftest.hcl': ['*bold* <script>alert(1)</script>'] },
      },
      {
        '@testfile': 'tests/<img src=x>.tftest.hcl',
        '@testrun': '*bold* <script>alert(1)</script>',
        type: 'test_run',
        test_run: { progress: 'complete', status: 'fail' },
      },
    ];
    const parsed = parseTestLogText(log.map((l) => JSON.stringify(l)).join('\n'));
    const md = renderTestRunSummary({
      run: run({ 'test-status': 'fail' }),
      parsed,
      moduleDirectory: '.',
      runUrl: 'javascript:alert(1)',
    });
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('<img');
    expect(md).not.toContain('javascript:');
    expect(md).toContain('#### ❌ tests/&lt;img src=x&gt;.tftest.hcl (fail)');
    expect(md).toContain('<td>*bold* &lt;script&gt;alert(1)&lt;/script&gt;</td>');
    expect(md).toContain('The log gives no diagnostic for this run block.');
  });

  it('leaves secrets in the log’s tail to the sink, which masks them', async () => {
    const token = 'tok-verysecret-42';
    const parsed = parseTestLogText(
      `{"type":"version","@message":"Terraform 1.9.5"}\nAuthorization: Bearer ${token}\n`,
    );
    const md = renderTestRunSummary({ run: run({ status: 'errored' }), parsed, moduleDirectory: '.' });
    expect(md).toContain(token);
    let written = '';
    const sink = plainSink({ stdout: { write: (t: string) => void (written += t) }, secrets: [token] });
    await sink.writeSummary(md);
    expect(written).toContain('Authorization: Bearer ***');
    expect(written).not.toContain(token);
  });
});
