/**
 * A test run's results as JUnit XML, in the form the common reporters read (Jenkins, GitLab's
 * `artifacts:reports:junit`, the JUnit report actions) and the test command's own `-junit-xml`
 * writes: one `testsuite` per test file, one `testcase` per run block (`classname` the file,
 * `name` the block, `time` in seconds), a `failure` for a failed block with its assertion
 * messages at their file and line, an `error` for an errored one, `skipped` for one that did not
 * run. `tests`, `failures`, `errors` and `skipped` are counted on every level.
 *
 * A run without a result of its own (cancelled, timed out, errored, lost, finished without a
 * `test-status`) adds one test case for the run as a whole holding an `error` that says why: a
 * report of no test cases, or of passes and skips only, reads as green in every reporter.
 *
 * Pure: text in, text out. Everything in it came from the log or the service, so every string is
 * escaped, characters XML 1.0 cannot hold (control characters, lone surrogates) are removed, and
 * no one is mentioned (a reporter posts these names and messages where GitHub renders them), but
 * in a `file` attribute, which reporters match against the repository's paths.
 */

import { neutraliseMentions } from '../../../report/neutralise.ts';
import type { ParsedTestLog, TestDiagnostic, TestRunBlockResult, TestStatus } from './test-log/types.ts';
import type { TestRunFacts } from './test-log/summary.ts';
import { repositoryPath } from './test-log/summary.ts';
import type { Interruption } from './ending.ts';
import { describeTestRunStatus, isNamedStatus, testResultOf } from '../test-run/status.ts';

export interface JUnitReportInput {
  /** Name of the whole report, such as `Module tests: acme/storage/aws`. */
  name: string;
  run: TestRunFacts;
  /** The parsed log; absent when it could not be read. */
  parsed?: ParsedTestLog;
  /** Why the log could not be read. */
  logError?: string;
  /** The module directory (`module-directory`), so that `file` attributes name repository paths. */
  moduleDirectory: string;
  repositoryRoot?: string;
  /** Why run blocks without a final status did not finish (the wait timed out, the job was
   *  cancelled); they are reported as skipped with this reason. */
  unfinished?: string;
  /** Why the step stopped following the run before it ended by itself. */
  interruption?: Interruption['kind'];
}

interface Case {
  name: string;
  classname: string;
  file?: string;
  line?: number;
  timeMs?: number;
  result?: { element: 'failure' | 'error' | 'skipped'; message: string; type?: string; text?: string };
}

interface Suite {
  name: string;
  file?: string;
  cases: Case[];
  /** Diagnostics of the file that belong to no run block. */
  systemErr?: string;
}

/** The JUnit XML document of a test run. */
export function renderJUnitReport(input: JUnitReportInput): string {
  const missing = missingResult(input);
  const suites = input.parsed ? suitesFromLog(input.parsed, input) : [suiteWithoutLog(input, missing)];
  const errored = suites.some((s) => s.cases.some((c) => c.result?.element === 'error'));
  // An errored run whose log already holds its errored run blocks says why by itself.
  if (input.parsed && missing && !(missing.type === 'errored' && errored)) {
    suites.push({ name: input.name, cases: [runCase(input, missing)] });
  }
  return renderSuites(input.name, suites);
}

/**
 * The JUnit XML document of a step that ended before it had a test run (the job was cancelled,
 * the upload failed): one test case holding an `error` with the step's reason.
 */
export function renderJUnitWithoutRun(name: string, ended: 'cancelled' | 'failed', reason: string): string {
  const type = ended === 'cancelled' ? 'cancelled' : 'no result';
  return renderSuites(name, [
    { name, cases: [{ name: 'test run', classname: name, result: { element: 'error', type, message: reason } }] },
  ]);
}

function renderSuites(name: string, suites: readonly Suite[]): string {
  const total = tally(suites.flatMap((s) => s.cases));
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites${attributes({ name, ...total })}>`];
  for (const suite of suites) {
    const counts = tally(suite.cases);
    lines.push(`  <testsuite${attributes({ name: suite.name, ...counts, file: suite.file })}>`);
    for (const c of suite.cases) {
      const attrs = attributes({
        name: c.name,
        classname: c.classname,
        time: seconds(c.timeMs),
        file: c.file,
        line: c.line,
      });
      if (!c.result) {
        lines.push(`    <testcase${attrs}/>`);
        continue;
      }
      const { element, message, type, text } = c.result;
      const head = `<${element}${attributes({ message, type })}`;
      lines.push(`    <testcase${attrs}>`);
      lines.push(
        text === undefined ? `      ${head}/>` : `      ${head}>${escapeText(neutraliseMentions(text))}</${element}>`,
      );
      lines.push('    </testcase>');
    }
    if (suite.systemErr !== undefined)
      lines.push(`    <system-err>${escapeText(neutraliseMentions(suite.systemErr))}</system-err>`);
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

function suitesFromLog(parsed: ParsedTestLog, input: JUnitReportInput): Suite[] {
  return parsed.files.map((file) => {
    const path = repositoryPath(input.moduleDirectory, file.path, input.repositoryRoot);
    const ofFile = parsed.diagnostics.filter((d) => d.testFile === file.path);
    const suite: Suite = {
      name: file.path,
      file: path,
      cases: file.runs.map((run) =>
        blockCase(
          run,
          file.path,
          path,
          ofFile.filter((d) => d.testRun === run.name),
          input,
        ),
      ),
    };
    const fileLevel = ofFile.filter((d) => d.testRun === undefined);
    if (fileLevel.length > 0) suite.systemErr = fileLevel.map((d) => diagnosticText(d, input)).join('\n\n');
    return suite;
  });
}

function blockCase(
  run: TestRunBlockResult,
  logPath: string,
  path: string,
  diagnostics: TestDiagnostic[],
  input: JUnitReportInput,
): Case {
  const c: Case = { name: run.name, classname: logPath, file: path };
  if (run.elapsedMs !== undefined && run.status !== 'skip' && run.status !== 'pending') c.timeMs = run.elapsedMs;
  const errors = diagnostics.filter((d) => d.severity === 'error');
  // The line a reporter puts its own annotation on: the first problem in the test file itself.
  const inFile = errors.find((d) => d.range?.filename === logPath);
  if ((run.status === 'fail' || run.status === 'error') && inFile?.range) c.line = inFile.range.start.line;
  const result = resultOf(run.status, errors.length > 0 ? errors : diagnostics, input);
  if (result) c.result = result;
  return c;
}

function resultOf(status: TestStatus, diagnostics: TestDiagnostic[], input: JUnitReportInput): Case['result'] {
  switch (status) {
    case 'pass':
      return undefined;
    case 'skip':
      return {
        element: 'skipped',
        message: 'The test command skipped this run block (an earlier one in its file errored, for example).',
      };
    case 'pending':
      return {
        element: 'skipped',
        message: `Not run: ${input.unfinished ?? 'the test run ended before this run block finished'}.`,
      };
    case 'fail':
    case 'error': {
      const element = status === 'fail' ? 'failure' : 'error';
      const first = diagnostics[0];
      if (!first) {
        return {
          element,
          message: `The run block ${status === 'fail' ? 'failed' : 'errored'}; the log gives no diagnostic for it.`,
        };
      }
      const message =
        diagnostics.length === 1
          ? oneLine(first, input)
          : `${diagnostics.length} problems; the first: ${oneLine(first, input)}`;
      return {
        element,
        message,
        type: first.summary || undefined,
        text: diagnostics.map((d) => diagnosticText(d, input)).join('\n\n'),
      };
    }
  }
}

/** Why a run has no result of its own, as the `type` and message of its `error`. */
interface MissingResult {
  type: 'cancelled' | 'timed out' | 'errored' | 'no result';
  message: string;
}

/** Undefined when the run finished with a result (a `test-status` of `pass`, `fail`, `error` or `skip`). */
function missingResult(input: JUnitReportInput): MissingResult | undefined {
  const { id, attributes: a } = input.run;
  const status = describeTestRunStatus(a.status);
  switch (input.interruption) {
    case 'cancelled':
      return { type: 'cancelled', message: `Cancelled: the job was cancelled, and test run ${id} with it.` };
    case 'timed-out':
      return {
        type: 'timed out',
        message: `Timed out: the wait for test run ${id} ran out while it was ${status}.`,
      };
    case 'lost':
      return {
        type: 'no result',
        message: `No result: test run ${id} could not be followed to its end (last seen ${status}).`,
      };
    case undefined:
      break;
  }
  if (a.status === 'canceled') {
    return { type: 'cancelled', message: `Cancelled: test run ${id} was cancelled before it finished.` };
  }
  if (a.status === 'errored')
    return { type: 'errored', message: `Errored: test run ${id} errored without a result for its run blocks.` };
  if (!isNamedStatus(a.status)) {
    return { type: 'no result', message: `No result: test run ${id} ended as ${status}.` };
  }
  if (a.status !== 'finished') return { type: 'no result', message: `No result: test run ${id} is still ${status}.` };
  if (testResultOf(input.run) === 'none') {
    return {
      type: 'no result',
      message: `No result: test run ${id} finished, but its test-status is ${JSON.stringify(a['test-status'] ?? null)}.`,
    };
  }
  return undefined;
}

/** The one test case that stands for the run as a whole. */
function runCase(input: JUnitReportInput, missing: MissingResult, more = ''): Case {
  return {
    name: `test run ${input.run.id}`,
    classname: input.name,
    result: { element: 'error', type: missing.type, message: `${missing.message}${more}` },
  };
}

/** The run's counters when the log could not be read: one test case for the run as a whole. */
function suiteWithoutLog(input: JUnitReportInput, missing: MissingResult | undefined): Suite {
  const a = input.run.attributes;
  const counts = `${a['tests-passed'] ?? 0} passed, ${a['tests-failed'] ?? 0} failed, ${a['tests-errored'] ?? 0} errored, ${a['tests-skipped'] ?? 0} skipped`;
  const why = `The test log could not be read (${input.logError ?? 'no log'}); the test run reports ${counts}.`;
  if (missing) return { name: input.name, cases: [runCase(input, missing, ` ${why}`)], systemErr: why };
  const c: Case = { name: `test run ${input.run.id}`, classname: input.name };
  const result = testResultOf(input.run);
  if (result === 'failed') c.result = { element: 'failure', message: why };
  if (result === 'errored') c.result = { element: 'error', type: 'errored', message: why };
  return { name: input.name, cases: [c], systemErr: why };
}

/** `Error: Test assertion failed` / `at tests/a.tftest.hcl:23` / the code / the message. */
function diagnosticText(d: TestDiagnostic, input: JUnitReportInput): string {
  const label = d.severity === 'error' ? 'Error' : d.severity === 'warning' ? 'Warning' : 'Note';
  const lines = [`${label}: ${d.summary}`];
  if (d.range)
    lines.push(
      `  at ${repositoryPath(input.moduleDirectory, d.range.filename, input.repositoryRoot)}:${d.range.start.line}`,
    );
  if (d.address) lines.push(`  resource ${d.address}`);
  if (d.snippet) {
    const start = d.snippet.startLine;
    d.snippet.code
      .split('\n')
      .forEach((code, i) => lines.push(start === undefined ? `  | ${code}` : `  ${start + i} | ${code}`));
  }
  if (d.detail) lines.push('', d.detail);
  return lines.join('\n');
}

function oneLine(d: TestDiagnostic, input: JUnitReportInput): string {
  const detail = d.detail
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim();
  const where = d.range
    ? ` (${repositoryPath(input.moduleDirectory, d.range.filename, input.repositoryRoot)}:${d.range.start.line})`
    : '';
  return `${detail ? `${d.summary}: ${detail}` : d.summary}${where}`;
}

function tally(cases: readonly Case[]): {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  time?: string;
} {
  let timed = 0;
  let anyTime = false;
  for (const c of cases) {
    if (c.timeMs === undefined) continue;
    anyTime = true;
    timed += c.timeMs;
  }
  const count = (element: string): number => cases.filter((c) => c.result?.element === element).length;
  return {
    tests: cases.length,
    failures: count('failure'),
    errors: count('error'),
    skipped: count('skipped'),
    time: anyTime ? seconds(timed) : undefined,
  };
}

function seconds(ms: number | undefined): string | undefined {
  return ms === undefined ? undefined : (ms / 1000).toFixed(3);
}

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(
      ([key, value]) =>
        ` ${key}="${escapeAttribute(key === 'file' ? String(value) : neutraliseMentions(String(value)))}"`,
    )
    .join('');
}

/**
 * Characters XML 1.0 allows (its `Char` production): tab, newline, carriage return, and from
 * U+0020 on, without the surrogates and U+FFFE/U+FFFF. The rest cannot appear even escaped.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlSafe(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

function escapeText(text: string): string {
  return xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Line breaks and tabs as references, or a parser would turn them into spaces. */
function escapeAttribute(text: string): string {
  return escapeText(text)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}
