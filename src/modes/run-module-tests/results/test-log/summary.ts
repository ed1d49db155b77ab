import { posix } from 'node:path';
import {
  type Content,
  type Html,
  codeBlock,
  countsLine,
  details,
  heading,
  html,
  inlineCode,
  joinBlocks,
  link,
  paragraph,
  renderHtml,
  strong,
  table,
} from '../../../../report/markdown.ts';
import { GITHUB_ANNOTATIONS_PER_LEVEL } from '../../../../report/annotations.ts';
import { formatPreciseDuration } from '../../../../report/format.ts';
import { clip, plural } from '../../../../text.ts';
import type { Annotation } from '../../../../report/sink.ts';
import type { TestRun, TestRunAttributes } from '../../../../service/types.ts';
import type { Interruption } from '../ending.ts';
import { describeTestRunStatus, isNamedStatus, testResultOf } from '../../test-run/status.ts';
import type { ParsedTestLog, TestDiagnostic, TestStatus } from './types.ts';

/**
 * The run as the service reports it (2.2). Its counters are the authority for the totals; the
 * log gives the detail and the file positions.
 */
export interface TestRunFacts {
  id: TestRun['id'];
  attributes: Pick<
    TestRunAttributes,
    'status' | 'test-status' | 'tests-passed' | 'tests-failed' | 'tests-errored' | 'tests-skipped'
  >;
}

export interface TestRunSummaryInput {
  run: TestRunFacts;
  /** The parsed log; absent when it could not be read. */
  parsed?: ParsedTestLog;
  /** The module directory relative to the repository root (the `module-directory` input). */
  moduleDirectory: string;
  /** Why the log could not be read, when it could not. */
  logError?: string;
  /**
   * Why the action stopped following the run before it ended: `timed-out` at its `timeout`,
   * `cancelled` with the job (and the run with it). A run it could no longer read (`lost`) is
   * reported as last seen.
   */
  interruption?: Interruption['kind'];
  /** Every annotation of the run; computed from `parsed` when not given. */
  annotations?: readonly Annotation[];
  /**
   * The annotations GitHub's cap keeps off the diff (report/annotations.ts `capForSink`): some of
   * `annotations` themselves, the same objects.
   */
  heldBackAnnotations?: readonly Annotation[];
  /**
   * The annotations sent to the check run (report/annotations.ts `routeAnnotations`), the same
   * objects as in `annotations`. The summary is written before GitHub answers, so it says they
   * were sent, not that they are on the diff.
   */
  checkRunAnnotations?: readonly Annotation[];
  /** How the module is named in the headline, e.g. `acme/vpc/aws`. */
  module?: string;
  /** Address of the run in the service's interface, linked when http(s). */
  runUrl?: string;
  /** More sentences for the notes under the totals (how the run was started, ...). */
  notes?: readonly string[];
}

const STATUS_EMOJI: Record<TestStatus, string> = {
  pass: '✅',
  fail: '❌',
  error: '⛔',
  skip: '⏭️',
  pending: '⏳',
};

/** Longest diagnostic detail shown in the summary; the log holds the rest. */
const MAX_DETAIL_SHOWN = 4000;
/** The annotations table gives the gist; the failures section above it has the whole detail. */
const MAX_MESSAGE_IN_TABLE = 300;
/** Failed run blocks shown with their messages; more are folded. */
const FAILURES_SHOWN = 5;

/**
 * One annotation per diagnostic that has a source position: on the file (its path relative to
 * the repository root, so that it lands on the pull request's diff) and line, an error for an
 * error and a warning otherwise. The title names the test file and run block.
 */
export function testRunAnnotations(
  parsed: ParsedTestLog,
  moduleDirectory: string,
  options: { repositoryRoot?: string } = {},
): Annotation[] {
  const annotations: Annotation[] = [];
  for (const d of parsed.diagnostics) {
    if (!d.range) continue;
    const context = testContext(d);
    const annotation: Annotation = {
      level: d.severity === 'error' ? 'error' : 'warning',
      title: context ?? d.summary,
      message: context ? joinText(d.summary, d.detail) : d.detail || d.summary,
      file: repositoryPath(moduleDirectory, d.range.filename, options.repositoryRoot),
      startLine: d.range.start.line,
    };
    const end = d.range.end;
    if (end && end.line >= d.range.start.line) annotation.endLine = end.line;
    // GitHub honours columns only on a single-line annotation.
    if (end && end.line === d.range.start.line && d.range.start.column !== undefined) {
      annotation.startColumn = d.range.start.column;
      if (end.column !== undefined && end.column >= d.range.start.column) annotation.endColumn = end.column;
    }
    annotations.push(annotation);
  }
  return annotations;
}

/**
 * The path of a file the log names (relative to the module root) as seen from the repository
 * root: `modules/vpc` + `./tests/a.tftest.hcl` → `modules/vpc/tests/a.tftest.hcl`; with the
 * module at the root (`.`), the bare file name.
 */
export function repositoryPath(moduleDirectory: string, filename: string, repositoryRoot?: string): string {
  const file = filename.replace(/\\/g, '/');
  let directory = moduleDirectory.replace(/\\/g, '/').trim() || '.';
  if (repositoryRoot && posix.isAbsolute(directory)) {
    directory = posix.relative(repositoryRoot.replace(/\\/g, '/'), directory) || '.';
  }
  const joined = posix.isAbsolute(file) ? posix.normalize(file) : posix.normalize(posix.join(directory, file));
  return joined.replace(/^(\.\/)+/, '').replace(/\/$/, '');
}

/** The job summary of a test run. */
export function renderTestRunSummary(input: TestRunSummaryInput): string {
  const { run, parsed } = input;
  const annotations = input.annotations ?? (parsed ? testRunAnnotations(parsed, input.moduleDirectory) : []);
  const channels: AnnotationChannels = {
    heldBack: new Set(input.heldBackAnnotations),
    checkRun: new Set(input.checkRunAnnotations),
  };

  return joinBlocks(
    heading(headline(input), 2),
    totalsLine(run, parsed),
    runLine(input),
    notes(input),
    parsed && failuresSection(parsed, input.moduleDirectory),
    parsed && filesSection(parsed),
    parsed && otherDiagnosticsSection(parsed, input.moduleDirectory),
    annotationsSection(annotations, channels),
    parsed && leftoversSection(parsed),
    parsed && showTail(input) && tailSection(parsed),
  );
}

function headline(input: TestRunSummaryInput): string {
  const a = input.run.attributes;
  const suffix = input.module ? `: ${input.module}` : '';
  if (input.interruption === 'cancelled') return `⏹️ Module tests cancelled${suffix}`;
  // A run cancelled because the wait timed out is reported as the timeout it was.
  if (input.interruption === 'timed-out') return `⏱️ Module tests timed out${suffix}`;
  if (a.status === 'canceled') return `⏹️ Module tests cancelled${suffix}`;
  if (a.status === 'errored') return `⛔ Module test run errored${suffix}`;
  // A status the spec does not name says nothing of the tests, whatever test-status says.
  if (!isNamedStatus(a.status)) return `❓ Module test run ended as ${describeTestRunStatus(a.status)}${suffix}`;
  const result = testResultOf(input.run);
  if (result === 'failed') return `❌ Module tests failed${suffix}`;
  if (result === 'errored') return `⛔ Module tests errored${suffix}`;
  if (a.status !== 'finished') return `❓ Module test run still ${a.status}${suffix}`;
  if (result === 'passed') return `✅ Module tests passed${suffix}`;
  if (result === 'skipped') return `⏭️ Module tests skipped, none ran${suffix}`;
  // Spec 2.2: test-status is null until a result exists; a run that ended without one passed nothing.
  return `❓ Module test run finished without a result${suffix}`;
}

function totalsLine(run: TestRunFacts, parsed: ParsedTestLog | undefined): string {
  const a = run.attributes;
  const fromRun = [a['tests-passed'], a['tests-failed'], a['tests-errored'], a['tests-skipped']];
  if (fromRun.some((n) => n !== null && n !== undefined) || !parsed?.summary) {
    return countsLine([
      ['passed', a['tests-passed']],
      ['failed', a['tests-failed']],
      ['errored', a['tests-errored']],
      ['skipped', a['tests-skipped']],
    ]);
  }
  const s = parsed.summary;
  return joinBlocks(
    countsLine([
      ['passed', s.passed],
      ['failed', s.failed],
      ['errored', s.errored],
      ['skipped', s.skipped],
    ]),
    paragraph('(The run gave no counts; these are from its log.)'),
  );
}

function runLine(input: TestRunSummaryInput): string {
  const a = input.run.attributes;
  const id = input.runUrl ? link(inlineCode(input.run.id), input.runUrl) : inlineCode(input.run.id);
  return paragraph(
    'Test run',
    id,
    '· status',
    inlineCode(a.status),
    '· test status',
    inlineCode(a['test-status'] ?? 'none'),
  );
}

function notes(input: TestRunSummaryInput): string {
  const lines: Content[][] = [];
  if (input.interruption === 'timed-out') {
    lines.push([
      'The action stopped waiting when the',
      inlineCode('timeout'),
      'ran out; the results below are those known then.',
    ]);
  }
  if (input.interruption === 'cancelled') lines.push(['The job was cancelled, and the test run with it.']);
  for (const note of input.notes ?? []) lines.push([note]);
  if (input.logError !== undefined) {
    lines.push([`The test log could not be read (${input.logError}); only the run's counters are reported.`]);
  }
  const parsed = input.parsed;
  if (parsed?.interrupted && input.interruption !== 'cancelled')
    lines.push(['The test command reports that it was interrupted.']);
  if (parsed && parsed.diagnosticsOmitted > 0) {
    lines.push([`The log held ${plural(parsed.diagnosticsOmitted, 'more diagnostic')} than are listed here.`]);
  }
  if (parsed && parsed.runBlocksOmitted > 0) {
    lines.push([
      `The log held ${plural(parsed.runBlocksOmitted, 'more run block')} than are listed here; the counts are the run's own.`,
    ]);
  }
  if (parsed && parsed.leftoversOmitted > 0) {
    lines.push([
      `The log named ${plural(parsed.leftoversOmitted, 'more leftover resource or entry', 'more leftover resources or entries')} than are listed here.`,
    ]);
  }
  return lines.map((parts) => paragraph(...parts)).join('\n');
}

function filesSection(parsed: ParsedTestLog): string {
  if (parsed.files.length === 0) return '';
  // A log that times no run block (a test command without progress messages) gets no column of
  // blank cells; where it times some, a run block it did not time (one skipped) says so.
  const timed = parsed.files.some((file) => file.runs.some((r) => r.elapsedMs !== undefined));
  const parts = [heading('Test files', 3)];
  for (const file of parsed.files) {
    parts.push(heading(`${STATUS_EMOJI[file.status]} ${file.path} (${file.status})`, 4));
    if (file.runs.length === 0) continue;
    parts.push(
      table(
        timed ? ['Run block', 'Result', 'Elapsed'] : ['Run block', 'Result'],
        file.runs.map((r) => [
          r.name,
          `${STATUS_EMOJI[r.status]} ${r.status}`,
          ...(timed ? [r.elapsedMs === undefined ? '—' : formatPreciseDuration(r.elapsedMs)] : []),
        ]),
      ),
    );
  }
  return joinBlocks(...parts);
}

/**
 * Each failed or errored run block with its messages, where a reviewer sees them at once; past
 * the first few, the rest are folded so that a run with many failures stays readable.
 */
function failuresSection(parsed: ParsedTestLog, moduleDirectory: string): string {
  const blocks: Array<{ label: Html; body: string }> = [];
  for (const file of parsed.files) {
    const fileLevel = parsed.diagnostics.filter((d) => d.testFile === file.path && d.testRun === undefined);
    if ((file.status === 'fail' || file.status === 'error') && fileLevel.length > 0) {
      blocks.push({
        label: html(`${STATUS_EMOJI[file.status]} ${renderHtml(file.path)}: ${file.status}`),
        body: diagnosticsMarkdown(fileLevel, moduleDirectory),
      });
    }
    for (const run of file.runs) {
      if (run.status !== 'fail' && run.status !== 'error') continue;
      const own = parsed.diagnostics.filter((d) => d.testFile === file.path && d.testRun === run.name);
      blocks.push({
        label: html(
          `${STATUS_EMOJI[run.status]} ${renderHtml(file.path)} › run ${renderHtml(`"${run.name}"`)}: ${run.status}`,
        ),
        body:
          own.length > 0
            ? diagnosticsMarkdown(own, moduleDirectory)
            : paragraph('The log gives no diagnostic for this run block.'),
      });
    }
  }
  if (blocks.length === 0) return '';
  const shown = blocks.slice(0, FAILURES_SHOWN);
  const folded = blocks.slice(FAILURES_SHOWN);
  return joinBlocks(
    heading(`Failed and errored run blocks (${blocks.length})`, 3),
    ...shown.map((b) => joinBlocks(paragraph(strong(b.label)), b.body)),
    folded.length > 0 &&
      details(
        `${plural(folded.length, 'more failed or errored run block')}`,
        joinBlocks(...folded.map((b) => joinBlocks(paragraph(strong(b.label)), b.body))),
      ),
  );
}

/** Diagnostics the failures section does not show: warnings of passing runs, errors outside any test. */
function otherDiagnosticsSection(parsed: ParsedTestLog, moduleDirectory: string): string {
  const failed = new Set<string>();
  for (const file of parsed.files) {
    if (file.status === 'fail' || file.status === 'error') failed.add(contextKey(file.path, undefined));
    for (const run of file.runs) {
      if (run.status === 'fail' || run.status === 'error') failed.add(contextKey(file.path, run.name));
    }
  }
  const others = parsed.diagnostics.filter(
    (d) => d.testFile === undefined || !failed.has(contextKey(d.testFile, d.testRun)),
  );
  if (others.length === 0) return '';
  const errors = others.filter((d) => d.severity === 'error').length;
  const warnings = others.length - errors;
  const label = `Other diagnostics: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  return joinBlocks(
    heading('Other diagnostics', 3),
    details(label, diagnosticsMarkdown(others, moduleDirectory), { open: errors > 0 }),
  );
}

/**
 * Where the annotations went, each as the very annotation (not its text: two alike, one written
 * and one held back, are marked each as it went).
 */
interface AnnotationChannels {
  heldBack: Set<Annotation>;
  checkRun: Set<Annotation>;
}

function annotationsSection(annotations: readonly Annotation[], channels: AnnotationChannels): string {
  if (annotations.length === 0) return '';
  const kept = annotations.filter((a) => channels.heldBack.has(a)).length;
  const sent = annotations.filter((a) => channels.checkRun.has(a)).length;
  const note =
    kept > 0
      ? paragraph(
          `GitHub shows at most ${GITHUB_ANNOTATIONS_PER_LEVEL} annotations of each level per step, ` +
            `the step's own warnings and errors among them: ${kept} of these ${annotations.length} ${kept === 1 ? 'is' : 'are'} listed only here.`,
        )
      : '';
  const onTheDiff = (a: Annotation): string => {
    if (channels.checkRun.has(a)) return 'sent to the check run';
    return channels.heldBack.has(a) ? 'summary only' : 'yes';
  };
  const rows = annotations.map((a) => [
    a.level,
    inlineCode(a.startLine ? `${a.file ?? ''}:${a.startLine}` : (a.file ?? '')),
    a.title ?? '',
    clip(a.message, MAX_MESSAGE_IN_TABLE),
    onTheDiff(a),
  ]);
  const listed = table(['Level', 'Location', 'Test', 'Message', 'On the diff'], rows);
  if (kept > 0) return joinBlocks(heading('Annotations', 3), note, listed);
  // None held back: the table only repeats what the failures above say, so it is folded. Those
  // sent to the check run are not said to be on the diff: GitHub answers after this is written
  // (main.ts adds a paragraph when it did not take them).
  const where = sent === 0 ? 'all on the diff' : `${sent === annotations.length ? 'all' : sent} sent to the check run`;
  return details(`Annotations: ${plural(annotations.length, 'annotation')}, ${where}`, listed);
}

function leftoversSection(parsed: ParsedTestLog): string {
  const withResources = parsed.leftovers.filter((l) => l.resources.length > 0 || l.message !== '');
  if (withResources.length === 0) return '';
  const blocks = withResources.map((l) =>
    joinBlocks(
      paragraph(strong(contextLabel(l.testFile, l.testRun) ?? 'Test run'), l.message),
      l.resources.length > 0 ? codeBlock(l.resources.join('\n')) : '',
    ),
  );
  return joinBlocks(
    heading('⚠️ Resources that may need cleaning up by hand', 3),
    paragraph('The test command could not destroy everything the tests created:'),
    ...blocks,
  );
}

function showTail(input: TestRunSummaryInput): boolean {
  const parsed = input.parsed;
  if (!parsed || parsed.tail.length === 0) return false;
  return input.run.attributes.status === 'errored' || parsed.files.length === 0;
}

function tailSection(parsed: ParsedTestLog): string {
  return details(
    `Last ${plural(parsed.tail.length, 'line')} of the test log`,
    codeBlock(parsed.tail.join('\n'), 'text'),
    {
      open: true,
    },
  );
}

function diagnosticsMarkdown(diagnostics: readonly TestDiagnostic[], moduleDirectory: string): string {
  return joinBlocks(
    ...diagnostics.map((d) => {
      const where = d.range
        ? inlineCode(`${repositoryPath(moduleDirectory, d.range.filename)}:${d.range.start.line}`)
        : '';
      const label = d.severity === 'error' ? 'Error:' : d.severity === 'warning' ? 'Warning:' : 'Note:';
      const detail = clip(d.detail, MAX_DETAIL_SHOWN);
      return joinBlocks(
        paragraph(strong(label), d.summary, where ? 'at' : '', where),
        d.address ? paragraph('Resource', inlineCode(d.address)) : '',
        d.snippet ? codeBlock(numberLines(d.snippet.code, d.snippet.startLine), 'hcl') : '',
        detail ? codeBlock(detail, 'text') : '',
      );
    }),
  );
}

function numberLines(code: string, startLine: number | undefined): string {
  if (startLine === undefined) return code;
  const lines = code.split('\n');
  const width = String(startLine + lines.length - 1).length;
  return lines.map((line, i) => `${String(startLine + i).padStart(width)} | ${line}`).join('\n');
}

function testContext(d: TestDiagnostic): string | undefined {
  return contextLabel(d.testFile, d.testRun);
}

function contextLabel(testFile: string | undefined, testRun: string | undefined): string | undefined {
  if (testFile && testRun) return `${testFile} › run "${testRun}"`;
  if (testFile) return testFile;
  if (testRun) return `run "${testRun}"`;
  return undefined;
}

function contextKey(testFile: string | undefined, testRun: string | undefined): string {
  return JSON.stringify([testFile ?? null, testRun ?? null]);
}

function joinText(summary: string, detail: string): string {
  return detail ? `${summary}\n\n${detail}` : summary;
}
