// The JUnit report from real logs of the test command (terraform 1.11, `terraform test -json`),
// checked against the command's own `-junit-xml` output for the same modules, and read back
// with an XML parser as a reporter would read it.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderJUnitReport, renderJUnitWithoutRun } from '../../../src/modes/run-module-tests/results/junit.ts';
import type { JUnitReportInput } from '../../../src/modes/run-module-tests/results/junit.ts';
import { parseTestLogText } from '../../../src/modes/run-module-tests/results/test-log/parser.ts';
import type { ParsedTestLog } from '../../../src/modes/run-module-tests/results/test-log/types.ts';

const FIXTURES = join(import.meta.dirname, '../../junit', 'fixtures');
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

/** Every character outside XML 1.0's `Char` production. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

interface XmlCase {
  name: string;
  classname: string;
  time?: string;
  file?: string;
  line?: string;
  failure?: { message: string; type?: string; text?: string };
  error?: { message: string; type?: string; text?: string };
  skipped?: { message: string };
}
interface XmlSuite {
  name: string;
  tests: string;
  failures: string;
  errors: string;
  skipped: string;
  time?: string;
  file?: string;
  testcase: XmlCase[];
  'system-err'?: string;
}
interface XmlReport {
  testsuites: {
    name?: string;
    tests?: string;
    failures?: string;
    errors?: string;
    skipped?: string;
    time?: string;
    testsuite: XmlSuite[];
  };
}

function read(xml: string): XmlReport {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    textNodeName: 'text',
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: false,
    isArray: (name) => name === 'testsuite' || name === 'testcase',
  });
  return parser.parse(xml) as XmlReport;
}

function runFacts(summary: ParsedTestLog['summary'], status = 'finished') {
  return {
    id: 'trun-Abc123',
    attributes: {
      status,
      'test-status': summary?.status === 'pass' ? 'pass' : summary?.status === 'fail' ? 'fail' : null,
      'tests-passed': summary?.passed ?? null,
      'tests-failed': summary?.failed ?? null,
      'tests-errored': summary?.errored ?? null,
      'tests-skipped': summary?.skipped ?? null,
    },
  } as JUnitReportInput['run'];
}

function report(
  log: string,
  more: Partial<JUnitReportInput> = {},
): { xml: string; parsed: ParsedTestLog; doc: XmlReport } {
  const parsed = parseTestLogText(log);
  const xml = renderJUnitReport({
    name: 'Module tests: acme/storage/aws',
    run: runFacts(parsed.summary, parsed.summary?.status === 'error' ? 'errored' : 'finished'),
    parsed,
    moduleDirectory: 'modules/storage',
    ...more,
  });
  return { xml, parsed, doc: read(xml) };
}

/** What each test case came to: [suite, classname, name, result element]. */
function outcomes(doc: XmlReport): string[][] {
  return doc.testsuites.testsuite.flatMap((s) =>
    s.testcase.map((c) => [
      s.name,
      c.classname,
      c.name,
      c.failure ? 'failure' : c.error ? 'error' : c.skipped ? 'skipped' : 'pass',
    ]),
  );
}

describe('JUnit report from real test logs', () => {
  for (const module of ['example-module', 'edge-module']) {
    it(`${module}: the same suites, test cases and results as the test command's own -junit-xml`, () => {
      const { doc } = report(fixture(`${module}.jsonl`));
      // The test command's own file leaves control characters in; no parser should need to see them.
      const theirs = read(fixture(`${module}.terraform-junit.xml`).replace(new RegExp(NOT_XML_CHAR.source, 'gu'), ''));
      expect(outcomes(doc)).toEqual(outcomes(theirs));
      for (const [ours, reference] of doc.testsuites.testsuite.map(
        (s, i) => [s, theirs.testsuites.testsuite[i]!] as const,
      )) {
        expect([ours.tests, ours.failures, ours.errors, ours.skipped]).toEqual([
          reference.tests,
          reference.failures,
          reference.errors,
          reference.skipped,
        ]);
      }
    });
  }

  it('counts match the run’s counters on the whole report and add up over the suites', () => {
    const { doc, parsed } = report(fixture('edge-module.jsonl'));
    const all = doc.testsuites;
    const summary = parsed.summary!;
    expect(summary).toEqual({ status: 'error', passed: 2, failed: 1, errored: 2, skipped: 1 });
    expect(Number(all.tests)).toBe(summary.passed + summary.failed + summary.errored + summary.skipped);
    expect([all.failures, all.errors, all.skipped].map(Number)).toEqual([
      summary.failed,
      summary.errored,
      summary.skipped,
    ]);
    for (const key of ['tests', 'failures', 'errors', 'skipped'] as const) {
      expect(all.testsuite.reduce((n, s) => n + Number(s[key]), 0)).toBe(Number(all[key]));
    }
    expect(all.name).toBe('Module tests: acme/storage/aws');
  });

  it('a failed run block: every assertion message, with its file and line in the repository', () => {
    const { doc } = report(fixture('edge-module.jsonl'));
    const text = doc.testsuites.testsuite.find((s) => s.name === 'tests/text.tftest.hcl')!;
    expect(text.file).toBe('modules/storage/tests/text.tftest.hcl');
    const failed = text.testcase.find((c) => c.name === 'markup_in_messages')!;
    expect(failed.classname).toBe('tests/text.tftest.hcl');
    expect(failed.file).toBe('modules/storage/tests/text.tftest.hcl');
    expect(failed.line).toBe('9');
    expect(failed.failure?.type).toBe('Test assertion failed');
    // Markup, quotes, `]]>` and the bell character: escaped, and the bell (not XML) removed.
    expect(failed.failure?.message).toBe(
      '2 problems; the first: Test assertion failed: Name was "a<b>&"c"" <not> plain &  bell; ]]> end (modules/storage/tests/text.tftest.hcl:9)',
    );
    const body = failed.failure?.text ?? '';
    expect(body).toContain(
      'Error: Test assertion failed\n  at modules/storage/tests/text.tftest.hcl:9\n  9 |     condition     = output.name == "plain"\n\nName was "a<b>&"c"" <not> plain &  bell; ]]> end',
    );
    expect(body).toContain('Error: Test assertion failed\n  at modules/storage/tests/text.tftest.hcl:14');
    expect(body).toContain('A second failed assertion in the same run block.');
  });

  it('an errored run block gives an error, the blocks the command skipped after it a skipped', () => {
    const { doc } = report(fixture('edge-module.jsonl'));
    const errors = doc.testsuites.testsuite.find((s) => s.name === 'tests/errors.tftest.hcl')!;
    const [passed, errored, skipped] = errors.testcase;
    expect(passed).toMatchObject({ name: 'reads_its_own_file' });
    expect(passed?.failure ?? passed?.error ?? passed?.skipped).toBeUndefined();
    expect(errored?.error?.type).toBe('Invalid function argument');
    expect(errored?.error?.message).toMatch(
      /^Invalid function argument: Invalid value for "path" parameter: no file exists at "\.\/no-such-file\.txt"; .*\(modules\/storage\/main\.tf:14\)$/,
    );
    expect(errored?.error?.text).toContain('  at modules/storage/main.tf:14');
    // The problem is in main.tf, not the test file: no line of the test file to point at.
    expect(errored?.line).toBeUndefined();
    expect(skipped?.name).toBe('never_reached');
    expect(skipped?.skipped?.message).toContain('skipped this run block');
    expect(skipped?.time).toBeUndefined();
  });

  it('each test case has its time in seconds, from the log’s timestamps; the suites and the report their sums', () => {
    const { doc } = report(fixture('edge-module.jsonl'));
    const slow = doc.testsuites.testsuite.find((s) => s.name === 'tests/slow.tftest.hcl')!;
    // starting 02:19:27.054…, complete 02:19:30.102…: the block applied a three-second sleep.
    expect(slow.testcase[0]?.time).toBe('3.048');
    expect(slow.time).toBe('3.048');
    const cases = doc.testsuites.testsuite.flatMap((s) => s.testcase);
    const sum = cases.reduce((n, c) => n + Number(c.time ?? 0), 0);
    expect(Number(doc.testsuites.time)).toBeCloseTo(sum, 2);
    expect(cases.filter((c) => c.time === undefined).map((c) => c.name)).toEqual(['never_reached']);
  });

  it('holds no character XML cannot hold, whatever the log held', () => {
    // Written as JSON escapes, as the log would carry them.
    const name = JSON.stringify('ret\u0000en\u001b[31mtion\uFFFE\uD800"<&>').slice(1, -1);
    const hostile = fixture('example-module.jsonl').replaceAll('retention_is_capped_at_a_year', name);
    const { xml, doc } = report(hostile);
    expect(xml).not.toMatch(NOT_XML_CHAR);
    expect(outcomes(doc)).toContainEqual([
      'tests/failing.tftest.hcl',
      'tests/failing.tftest.hcl',
      'reten[31mtion"<&>',
      'failure',
    ]);
  });

  it('run blocks that never finished (the job was cancelled) are skipped, with the reason', () => {
    const cut = fixture('example-module.jsonl').split('\n').slice(0, 7).join('\n');
    const parsed = parseTestLogText(cut);
    const xml = renderJUnitReport({
      name: 'Module tests: acme/storage/aws',
      run: {
        id: 'trun-1',
        attributes: {
          status: 'canceled',
          'test-status': null,
          'tests-passed': null,
          'tests-failed': null,
          'tests-errored': null,
          'tests-skipped': null,
        },
      },
      parsed,
      moduleDirectory: '.',
      unfinished: 'the job was cancelled, and the test run with it',
    });
    const doc = read(xml);
    expect(outcomes(doc).map((o) => o.slice(2))).toEqual([
      ['tags_mark_the_module', 'pass'],
      ['retention_is_capped_at_a_year', 'failure'],
      ['cost_center_tag_is_required', 'skipped'],
      ['bucket_name_has_suffix', 'skipped'],
      ['default_retention', 'skipped'],
      ['rejects_uppercase_names', 'skipped'],
      ['test run trun-1', 'error'],
    ]);
    expect(doc.testsuites.testsuite[0]?.testcase[2]?.skipped?.message).toBe(
      'Not run: the job was cancelled, and the test run with it.',
    );
    expect(doc.testsuites.testsuite[0]?.testcase[0]?.file).toBe('tests/failing.tftest.hcl');
  });

  it('diagnostics of a test file outside its run blocks go to the suite’s system-err', () => {
    const log = [
      JSON.stringify({ type: 'test_abstract', test_abstract: { 'tests/a.tftest.hcl': ['one'] } }),
      JSON.stringify({
        type: 'test_run',
        '@testfile': 'tests/a.tftest.hcl',
        '@testrun': 'one',
        test_run: { path: 'tests/a.tftest.hcl', run: 'one', progress: 'complete', status: 'pass' },
      }),
      JSON.stringify({
        type: 'diagnostic',
        '@testfile': 'tests/a.tftest.hcl',
        diagnostic: { severity: 'error', summary: 'Failed to destroy <resources>', detail: 'terraform_data.x' },
      }),
      JSON.stringify({
        type: 'test_file',
        '@testfile': 'tests/a.tftest.hcl',
        test_file: { path: 'tests/a.tftest.hcl', progress: 'complete', status: 'error' },
      }),
    ].join('\n');
    const { doc } = report(log);
    expect(doc.testsuites.testsuite[0]?.['system-err']).toBe(
      'Error: Failed to destroy <resources>\n\nterraform_data.x',
    );
  });

  it('without a log: one test case for the run, from its counters, saying why', () => {
    const xml = renderJUnitReport({
      name: 'Module tests: acme/storage/aws',
      run: {
        id: 'trun-9',
        attributes: {
          status: 'finished',
          'test-status': 'fail',
          'tests-passed': 4,
          'tests-failed': 2,
          'tests-errored': 0,
          'tests-skipped': 0,
        },
      },
      logError: 'the service answered 404',
      moduleDirectory: '.',
    });
    const doc = read(xml);
    expect(outcomes(doc)).toEqual([
      ['Module tests: acme/storage/aws', 'Module tests: acme/storage/aws', 'test run trun-9', 'failure'],
    ]);
    expect(doc.testsuites.testsuite[0]?.testcase[0]?.failure?.message).toBe(
      'The test log could not be read (the service answered 404); the test run reports 4 passed, 2 failed, 0 errored, 0 skipped.',
    );
  });
});

/** A run with the given status and test-status and no counters. */
function bareRun(status: string, testStatus: 'pass' | 'fail' | null = null): JUnitReportInput['run'] {
  return {
    id: 'trun-7',
    attributes: {
      status,
      'test-status': testStatus,
      'tests-passed': null,
      'tests-failed': null,
      'tests-errored': null,
      'tests-skipped': null,
    },
  };
}

/** The report's totals, and the error of each test case that has one, as [type, message]. */
function verdict(xml: string): { totals: number[]; errors: string[][] } {
  const doc = read(xml);
  const t = doc.testsuites;
  return {
    totals: [t.tests, t.failures, t.errors, t.skipped].map(Number),
    errors: t.testsuite.flatMap((s) =>
      s.testcase.filter((c) => c.error).map((c) => [c.name, c.error!.type ?? '', c.error!.message]),
    ),
  };
}

describe('a run without a result never reads as a pass', () => {
  // The log of a run stopped before its first test file: no test case of its own.
  const EMPTY_LOG = parseTestLogText('');
  const base = { name: 'Module tests: acme/storage/aws', moduleDirectory: '.' };

  it('cancelled with the job: one test case, an error saying so', () => {
    const xml = renderJUnitReport({ ...base, run: bareRun('canceled'), parsed: EMPTY_LOG, interruption: 'cancelled' });
    expect(verdict(xml)).toEqual({
      totals: [1, 0, 1, 0],
      errors: [['test run trun-7', 'cancelled', 'Cancelled: the job was cancelled, and test run trun-7 with it.']],
    });
  });

  it('timed out: one test case, an error saying so, with the status the run was in', () => {
    const xml = renderJUnitReport({ ...base, run: bareRun('running'), parsed: EMPTY_LOG, interruption: 'timed-out' });
    expect(verdict(xml)).toEqual({
      totals: [1, 0, 1, 0],
      errors: [
        ['test run trun-7', 'timed out', 'Timed out: the wait for test run trun-7 ran out while it was running.'],
      ],
    });
  });

  it('errored, with a log that names no errored run block: one error saying so', () => {
    const xml = renderJUnitReport({ ...base, run: bareRun('errored'), parsed: EMPTY_LOG });
    expect(verdict(xml)).toEqual({
      totals: [1, 0, 1, 0],
      errors: [['test run trun-7', 'errored', 'Errored: test run trun-7 errored without a result for its run blocks.']],
    });
  });

  it('errored, with its errored run blocks in the log: they say why, and no other case is added', () => {
    const { doc } = report(fixture('edge-module.jsonl'), { run: bareRun('errored') });
    const names = doc.testsuites.testsuite.flatMap((s) => s.testcase.map((c) => c.name));
    expect(names).not.toContain('test run trun-7');
    expect(Number(doc.testsuites.errors)).toBeGreaterThan(0);
  });

  it('finished without a test-status, or in a status the spec does not name: no result, said so', () => {
    expect(verdict(renderJUnitReport({ ...base, run: bareRun('finished'), parsed: EMPTY_LOG })).errors).toEqual([
      ['test run trun-7', 'no result', 'No result: test run trun-7 finished, but its test-status is null.'],
    ]);
    expect(
      verdict(renderJUnitReport({ ...base, run: bareRun('terminated', 'pass'), parsed: EMPTY_LOG })).errors,
    ).toEqual([
      [
        'test run trun-7',
        'no result',
        'No result: test run trun-7 ended as "terminated" (a status the service\'s API documentation does not name).',
      ],
    ]);
  });

  it('a run the step could no longer follow: no result, with the status last seen', () => {
    const xml = renderJUnitReport({ ...base, run: bareRun('running'), parsed: EMPTY_LOG, interruption: 'lost' });
    expect(verdict(xml).errors).toEqual([
      [
        'test run trun-7',
        'no result',
        'No result: test run trun-7 could not be followed to its end (last seen running).',
      ],
    ]);
  });

  it('run blocks that passed before a timeout do not make the report green: the run’s error stands beside them', () => {
    const cut = fixture('example-module.jsonl').split('\n').slice(0, 5).join('\n');
    const xml = renderJUnitReport({
      ...base,
      run: bareRun('running'),
      parsed: parseTestLogText(cut),
      interruption: 'timed-out',
      unfinished: 'the wait for the test run timed out',
    });
    const { totals, errors } = verdict(xml);
    expect(totals[2]).toBe(1);
    expect(errors.map((e) => e[1])).toEqual(['timed out']);
  });

  it('without a log: the error says why, and that the log could not be read', () => {
    const xml = renderJUnitReport({ ...base, run: bareRun('canceled'), logError: 'no log-read-url' });
    expect(verdict(xml)).toEqual({
      totals: [1, 0, 1, 0],
      errors: [
        [
          'test run trun-7',
          'cancelled',
          'Cancelled: test run trun-7 was cancelled before it finished. The test log could not be read (no log-read-url); the test run reports 0 passed, 0 failed, 0 errored, 0 skipped.',
        ],
      ],
    });
  });

  it('a passed run without a log is one passing test case, as before', () => {
    const xml = renderJUnitReport({ ...base, run: bareRun('finished', 'pass'), logError: 'no log-read-url' });
    expect(verdict(xml)).toEqual({ totals: [1, 0, 0, 0], errors: [] });
  });

  it('a step that ended before it had a run: one test case with the step’s reason', () => {
    expect(verdict(renderJUnitWithoutRun('Module tests: m', 'cancelled', 'The step was cancelled.'))).toEqual({
      totals: [1, 0, 1, 0],
      errors: [['test run', 'cancelled', 'The step was cancelled.']],
    });
    expect(verdict(renderJUnitWithoutRun('Module tests: m', 'failed', 'The upload failed.'))).toEqual({
      totals: [1, 0, 1, 0],
      errors: [['test run', 'no result', 'The upload failed.']],
    });
  });
});
