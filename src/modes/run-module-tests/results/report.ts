// What the mode hands to the reporter: annotations, outputs, the job summary and whether the step
// fails, for every way a run can end (final, timed out, cancelled with the job) and for a step
// that stopped before any run existed.

import { getErrorMessage, stepFailure } from '../../../errors.ts';
import type { CheckRunConclusion } from '../../../github/check-run.ts';
import type { RunModuleTestsInputs } from '../../../inputs/schema.ts';
import { capForSink, routeAnnotations } from '../../../report/annotations.ts';
import type { AnnotationRoom } from '../../../report/annotations.ts';
import { formatBytes, formatDuration } from '../../../report/format.ts';
import { capitalise, plural } from '../../../text.ts';
import { details, heading, joinBlocks, paragraph, table } from '../../../report/markdown.ts';
import type { Annotation } from '../../../report/sink.ts';
import { writeWorkspaceFile } from '../../../files/workspace-file.ts';
import type { ModuleRef } from '../../../service/module-tests.ts';
import type { TestRun } from '../../../service/types.ts';
import type { ModeResult } from '../../mode.ts';
import type { NotRun, RunEnding } from './ending.ts';
import { renderJUnitReport, renderJUnitWithoutRun } from './junit.ts';
import { moduleLabel } from '../module-ref.ts';
import { otherRunsNote } from '../test-run/other-runs.ts';
import type { OtherRun } from '../test-run/other-runs.ts';
import type { Setup, StartedTestRun } from '../test-run/start.ts';
import { renderTestRunSummary, testRunAnnotations } from './test-log/summary.ts';
import { describeTestRunStatus, isNamedStatus, testResultOf } from '../test-run/status.ts';

/** The module the step tests and the archive of it: known before any request. */
export interface TestedModule {
  inputs: RunModuleTestsInputs;
  module: ModuleRef;
  workspaceRoot: string;
  /** The annotations with a file and line go on the diff through a check run (ModeContext). */
  annotationsOnCheckRun: boolean;
  configuration: { files: number; bytes: number; ignored: number };
}

const MAX_DIAGNOSTICS_IN_RESULT = 100;

/**
 * The report of a run the step followed: to its end, or until it stopped it. `sink`: the step's,
 * read for the room it has left for annotations, so this is made when the step has written all
 * but its report (main.ts writes the annotations before anything else).
 */
export function testRunResult(
  tested: TestedModule,
  setup: Setup,
  started: StartedTestRun,
  ending: RunEnding,
  sink: AnnotationRoom,
): ModeResult {
  const { inputs } = tested;
  const { run, interruption } = ending;
  const { parsed } = ending.log;
  const a = run.attributes;
  const label = moduleLabel(tested.module);
  const annotations: Annotation[] = parsed
    ? testRunAnnotations(parsed, inputs.moduleDirectory, { repositoryRoot: tested.workspaceRoot })
    : [];
  // The JUnit file first: one that could not be written is one more annotation, and it comes
  // before the run's, so that it is the first GitHub's cap keeps of what room is left (each of
  // the run's is in the summary's table whatever the cap keeps).
  const junit = writeJUnit(tested, ending, label);
  const annotated = junit.warning ? [junit.warning, ...annotations] : annotations;
  // Those sent to the check run, and those GitHub's cap keeps from the workflow commands: what
  // main.ts's emitAnnotations will hold back of the same annotations, on the same sink, since
  // nothing is written through it between this result and that emit.
  const routes = routeAnnotations(annotated, tested.annotationsOnCheckRun);
  const { heldBack } = capForSink(sink, routes.asCommands);

  const { title, failure, conclusion, testsFailed } = verdictOf(run, interruption, inputs, label);
  const notes = notesOf(run, interruption, started, inputs, testsFailed);
  // For the job's own readers only: the other runs it stopped, and the file in its workspace.
  const jobNotes = [otherRunsNote(ending.others, setup.version?.id, run.id), junit.note ?? ''].filter((n) => n !== '');

  const summaryInput: Parameters<typeof renderTestRunSummary>[0] = {
    run,
    moduleDirectory: inputs.moduleDirectory,
    annotations,
    heldBackAnnotations: heldBack,
    checkRunAnnotations: routes.onCheckRun,
    module: label,
    notes,
  };
  if (parsed) summaryInput.parsed = parsed;
  if (ending.log.error !== undefined) summaryInput.logError = ending.log.error;
  if (interruption !== undefined) summaryInput.interruption = interruption.kind;
  const runDetails = detailsSection(tested, setup);

  return {
    title,
    summary: joinBlocks(renderTestRunSummary({ ...summaryInput, notes: [...notes, ...jobNotes] }), runDetails),
    publishedSummary: joinBlocks(renderTestRunSummary(summaryInput), runDetails),
    annotations: annotated,
    outputs: {
      'junit-file': junit.path,
      'test-run-id': run.id,
      status: a.status,
      'test-status': a['test-status'] ?? '',
      'tests-passed': a['tests-passed'],
      'tests-failed': a['tests-failed'],
      'tests-errored': a['tests-errored'],
      'tests-skipped': a['tests-skipped'],
      result: resultJson(tested, setup, started, ending, annotations),
    },
    failure: failure === null ? null : stepFailure(failure),
    conclusion,
  };
}

/** The verdict on a run the step followed: the check run's title and conclusion, and the step's failure, if any. */
function verdictOf(
  run: TestRun,
  interruption: RunEnding['interruption'],
  inputs: RunModuleTestsInputs,
  label: string,
): { title: string; failure: string | null; conclusion: CheckRunConclusion; testsFailed: boolean } {
  const a = run.attributes;
  const result = testResultOf(run);
  const testsFailed = result === 'failed' || result === 'errored' || a.status === 'errored';
  let failure: string | null = null;
  let conclusion: CheckRunConclusion;
  let title: string;
  if (interruption?.kind === 'cancelled') {
    title = `Module tests cancelled: ${label}`;
    failure = `The step was cancelled: ${interruption.note}`;
    conclusion = 'cancelled';
  } else if (interruption?.kind === 'timed-out') {
    title = `Module tests timed out: ${label}`;
    failure =
      `Timed out after ${formatDuration(inputs.timeoutMs)} waiting for test run ${run.id} (still ${describeTestRunStatus(interruption.statusAtTimeout)}); ` +
      `${interruption.note} Raise the timeout input if the tests need longer.`;
    conclusion = 'timed_out';
  } else if (interruption?.kind === 'lost') {
    title = `Test run ${run.id} could not be followed to its end`;
    failure =
      `Test run ${run.id} could not be followed to its end (last seen ${describeTestRunStatus(a.status)}): ` +
      `${interruption.error}. ${capitalise(interruption.note)}`;
    conclusion = 'failure';
  } else if (a.status === 'canceled') {
    title = `Test run ${run.id} was cancelled`;
    failure = `Test run ${run.id} was cancelled before it finished (not by this step).`;
    conclusion = 'cancelled';
  } else if (!isNamedStatus(a.status)) {
    // No success the spec does not promise: a final status it does not name says nothing of the tests.
    title = `Test run ${run.id} ended in a status the service's API documentation does not name: ${label}`;
    failure = `Test run ${run.id} ended as ${describeTestRunStatus(a.status)}: nothing says whether the tests passed.`;
    conclusion = 'failure';
  } else if (a.status === 'finished' && result === 'none') {
    // Spec 2.2: test-status is null until a result exists (the service says `pending`). Not a
    // test failure, so fail-on-test-failure does not excuse it.
    title = `Test run ${run.id} has no result: ${label}`;
    failure = `Test run ${run.id} finished without a result: its test-status is ${JSON.stringify(a['test-status'] ?? null)}, so nothing says the tests passed.`;
    conclusion = 'failure';
  } else if (testsFailed) {
    const verb = result === 'errored' ? 'errored' : 'failed';
    title =
      a.status === 'errored' ? `Test run errored: ${label}` : `Module tests ${verb}: ${label} (${countsText(run)})`;
    const what =
      a.status === 'errored'
        ? `Test run ${run.id} errored`
        : `Module tests ${verb}: ${countsText(run)} (test run ${run.id})`;
    failure = inputs.failOnTestFailure ? `${what}; see the annotations and the job summary.` : null;
    conclusion = inputs.failOnTestFailure ? 'failure' : 'neutral';
  } else if (a.status === 'finished' && result === 'passed') {
    title = `Module tests passed: ${label} (${countsText(run)})`;
    conclusion = 'success';
  } else if (a.status === 'finished' && result === 'skipped') {
    // As the test command itself: no test failed, so the step does not fail; but nothing was
    // tested, which the check run and the summary say rather than a pass.
    title = `Module tests skipped, none ran: ${label} (${countsText(run)})`;
    conclusion = 'neutral';
  } else {
    // Only a run followed to its end gets here; should one not have ended, it is no success.
    title = `Test run ${run.id} did not end: ${label}`;
    failure = `Test run ${run.id} is still ${describeTestRunStatus(a.status)}; it has no result.`;
    conclusion = 'failure';
  }

  return { title, failure, conclusion, testsFailed };
}

/** What the summary says beside the results, for every reader: how far the run and the step's own wishes agreed. */
function notesOf(
  run: TestRun,
  interruption: RunEnding['interruption'],
  started: StartedTestRun,
  inputs: RunModuleTestsInputs,
  testsFailed: boolean,
): string[] {
  const a = run.attributes;
  const result = testResultOf(run);
  // How the run was started (adopted or created) is the log's (start.ts says it there): a
  // reader of the results cannot act on it.
  const notes: string[] = [];
  if (result === 'skipped' && interruption === undefined && a.status === 'finished') {
    notes.push('Every test was skipped (test-status skip): no test ran, so nothing was tested.');
  }
  if (started.differences.length > 0) {
    notes.push(`The service did not keep every requested option: ${started.differences.join('; ')}.`);
  }
  if (interruption?.kind === 'lost') notes.push(`The run could not be followed to its end: ${interruption.error}.`);
  // The note is written to follow "The step was cancelled: "; on its own it is a sentence.
  if (interruption !== undefined) notes.push(capitalise(interruption.note));
  if (
    testsFailed &&
    !inputs.failOnTestFailure &&
    interruption?.kind !== 'cancelled' &&
    interruption?.kind !== 'timed-out'
  ) {
    notes.push('With fail-on-test-failure set to false, the step succeeds although tests failed.');
  }
  return notes;
}

/** Why run blocks without a final status did not finish, as the JUnit report says it. */
const UNFINISHED: Record<NonNullable<RunEnding['interruption']>['kind'], string> = {
  cancelled: 'the job was cancelled, and the test run with it',
  'timed-out': 'the wait for the test run timed out',
  lost: 'the test run could not be followed to its end',
};

/**
 * The `junit-file` input: the results as JUnit XML in the workspace, for a reporter to publish.
 * A file that cannot be written is a warning: the tests ran, and their results are reported.
 */
function writeJUnit(
  tested: TestedModule,
  ending: RunEnding,
  label: string,
): { path: string; note?: string; warning?: Annotation } {
  const path = tested.inputs.junitFile;
  if (path === '') return { path: '' };
  const input: Parameters<typeof renderJUnitReport>[0] = {
    name: `Module tests: ${label}`,
    run: ending.run,
    moduleDirectory: tested.inputs.moduleDirectory,
    repositoryRoot: tested.workspaceRoot,
  };
  if (ending.log.parsed) input.parsed = ending.log.parsed;
  if (ending.log.error !== undefined) input.logError = ending.log.error;
  if (ending.interruption !== undefined) {
    input.unfinished = UNFINISHED[ending.interruption.kind];
    input.interruption = ending.interruption.kind;
  }
  return writeJUnitFile(tested, renderJUnitReport(input));
}

/** A file that cannot be written is a warning: the tests ran, and their results are reported. */
function writeJUnitFile(tested: TestedModule, xml: string): { path: string; note?: string; warning?: Annotation } {
  const path = tested.inputs.junitFile;
  try {
    writeWorkspaceFile(tested.workspaceRoot, path, xml);
    return { path, note: `The results are written as JUnit XML to ${path}.` };
  } catch (error) {
    const message = `junit-file: the JUnit report was not written to ${path}: ${getErrorMessage(error)}`;
    return { path: '', note: `${message}.`, warning: { level: 'warning', title: 'JUnit report', message } };
  }
}

/** The outputs of a step that has no test run to speak of (a dry run, a step that ended early). */
export const NO_TEST_RUN_OUTPUTS = {
  'junit-file': '',
  'test-run-id': '',
  status: '',
  'test-status': '',
  'tests-passed': '',
  'tests-failed': '',
  'tests-errored': '',
  'tests-skipped': '',
} as const;

/**
 * The step ended before it had a test run to follow: a failure, or a cancelled job. `others`:
 * runs of the configuration version (started by the service on upload) that it stopped.
 */
export function noRunResult(
  tested: TestedModule,
  setup: Setup,
  notRun: NotRun,
  others: readonly OtherRun[],
): ModeResult {
  const label = moduleLabel(tested.module);
  const cancelled = notRun.kind === 'cancelled';
  const headline = cancelled ? `⏹️ Module tests cancelled: ${label}` : `❌ Module tests not run: ${label}`;
  const othersNote = otherRunsNote(others, setup.version?.id);
  const junit =
    tested.inputs.junitFile === ''
      ? { path: '' }
      : writeJUnitFile(tested, renderJUnitWithoutRun(`Module tests: ${label}`, notRun.kind, notRun.note));
  const top = heading(headline);
  const runDetails = detailsSection(tested, setup);
  return {
    title: cancelled ? `Module tests cancelled: ${label}` : `Module tests not run: ${label}`,
    summary: joinBlocks(
      top,
      paragraph(notRun.note),
      othersNote && paragraph(othersNote),
      junit.note !== undefined && paragraph(junit.note),
      runDetails,
    ),
    publishedSummary: joinBlocks(top, paragraph(notRun.note), runDetails),
    annotations: junit.warning ? [junit.warning] : [],
    outputs: {
      ...NO_TEST_RUN_OUTPUTS,
      'junit-file': junit.path,
      result: {
        module: label,
        'configuration-version-id': setup.version?.id ?? null,
        'test-run-id': null,
        canceled: cancelled,
        error: notRun.note,
        'other-runs': others.map(({ id, outcome }) => ({ id, outcome })),
      },
    },
    failure: stepFailure(notRun.note),
    conclusion: cancelled ? 'cancelled' : 'failure',
  };
}

/** The run options asked for, the archive and the variables: what a reader checks when a result surprises. */
function detailsSection(tested: TestedModule, setup: Setup): string {
  const { inputs, configuration } = tested;
  const rows: Array<[string, string]> = [];
  if (setup.version) rows.push(['Configuration version', setup.version.id]);
  rows.push([
    'Configuration archive',
    `${plural(configuration.files, 'file')}, ${formatBytes(configuration.bytes)}` +
      (configuration.ignored > 0
        ? `, ${plural(configuration.ignored, 'path')} left out by .terraformignore and the defaults`
        : ''),
  ]);
  rows.push(['module-directory', inputs.moduleDirectory]);
  rows.push(['test-directory', inputs.testDirectory]);
  rows.push(['test-filters', inputs.testFilters.length > 0 ? inputs.testFilters.join(', ') : 'all test files']);
  rows.push([
    'test-variables',
    inputs.testVariables.length > 0 ? inputs.testVariables.map((v) => v.key).join(', ') : 'none',
  ]);
  rows.push(['verbose', String(inputs.verbose)]);
  if (setup.variables) {
    const { created, updated, deleted } = setup.variables;
    const parts = [
      created.length > 0 ? `created ${created.join(', ')}` : '',
      updated.length > 0 ? `updated ${updated.join(', ')}` : '',
      deleted.length > 0 ? `deleted ${deleted.join(', ')}` : '',
    ];
    const text = parts.filter((p) => p !== '').join('; ');
    if (text !== '') rows.push(['Test environment variables (sensitive)', text]);
  }
  return details('Run details', table(['Setting', 'Value'], rows));
}

function resultJson(
  tested: TestedModule,
  setup: Setup,
  started: StartedTestRun,
  ending: RunEnding,
  annotations: Annotation[],
): Record<string, unknown> {
  const a = ending.run.attributes;
  const parsed = ending.log.parsed;
  return {
    module: moduleLabel(tested.module),
    'configuration-version-id': setup.version?.id ?? null,
    'test-run-id': ending.run.id,
    status: a.status,
    'test-status': a['test-status'],
    'tests-passed': a['tests-passed'],
    'tests-failed': a['tests-failed'],
    'tests-errored': a['tests-errored'],
    'tests-skipped': a['tests-skipped'],
    adopted: started.adopted,
    'other-runs': ending.others.map(({ id, outcome }) => ({ id, outcome })),
    'timed-out': ending.interruption?.kind === 'timed-out',
    canceled: ending.interruption?.kind === 'cancelled',
    'log-read': parsed !== undefined,
    files: (parsed?.files ?? []).map((f) => ({
      path: f.path,
      status: f.status,
      runs: f.runs.map((r) => ({ name: r.name, status: r.status })),
    })),
    annotations: annotations.slice(0, MAX_DIAGNOSTICS_IN_RESULT).map((x) => ({
      level: x.level,
      file: x.file ?? null,
      line: x.startLine ?? null,
      title: x.title ?? null,
      message: x.message,
    })),
  };
}

function countsText(run: TestRun): string {
  const a = run.attributes;
  const parts: string[] = [`${a['tests-passed'] ?? 0} passed`];
  if (a['tests-failed']) parts.push(`${a['tests-failed']} failed`);
  if (a['tests-errored']) parts.push(`${a['tests-errored']} errored`);
  if (a['tests-skipped']) parts.push(`${a['tests-skipped']} skipped`);
  return parts.join(', ');
}
