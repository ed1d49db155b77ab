// The job summary's table of annotations marks "summary only" exactly those that GitHub's cap
// kept from the step's workflow commands: the cap counts the warnings the step wrote before its
// report (each is an annotation on GitHub) and the step's own annotations, before the run's (a
// JUnit file that could not be written). The step as the runner starts it
// (GITHUB_ACTIONS set, inputs in INPUT_*, the summary a file: test/support/run-action.ts), on the
// emulator serving a real log of the test command: ten run blocks, each passing with a warning.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';
import { runAction } from '../../support/run-action.ts';
import { findRunnerCommands } from '../../support/runner-commands.ts';

const fixtures = join(import.meta.dirname, '../../report', 'fixtures');
/** The run blocks of fixtures/many-warnings/retention.tftest.hcl, in the log's order. */
const RUN_BLOCKS = Array.from({ length: 10 }, (_, i) => `retention_${(i + 1) * 30}_days`);

// The module in a workspace of its own: the step writes its files there, never in the repository.
const workspace = mkdtempSync(join(tmpdir(), 'held-back-annotations-'));
cpSync(join(fixtures, 'many-warnings'), join(workspace, 'module'), { recursive: true });
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

let emulator: Emulator;
beforeAll(async () => {
  const log = readFileSync(join(fixtures, 'many-warnings.jsonl'), 'utf8');
  emulator = await startEmulator({
    testRuns: {
      // No run of the service's own beside the step's, which the step would stop with a warning:
      // the step's warnings before its report are those each test asks for.
      uploadCreatesRun: false,
      queuedMs: 10,
      runningMs: 30,
      outcome: { status: 'finished', testStatus: 'pass', passed: 10, failed: 0, errored: 0, skipped: 0, log },
    },
  });
  emulator.seedRegistryModule({ name: 'log-bucket', provider: 'aws' });
});
afterAll(() => emulator.close());

/** The step with these inputs besides the module's: its exit code, stdout and job summary. */
async function step(inputs: Record<string, string>): Promise<{ code: number | null; stdout: string; summary: string }> {
  const state = join(mkdtempSync(join(workspace, 'step-')), 'state');
  writeFileSync(state, '');
  const { code, stdout, stderr, summary } = await runAction({
    cwd: workspace,
    inputs: {
      mode: 'run-module-tests',
      token: emulator.token,
      'base-url': emulator.baseUrl,
      organization: emulator.organization,
      'module-directory': 'module',
      'module-name': 'log-bucket',
      'module-provider': 'aws',
      ...inputs,
    },
    env: { GITHUB_ACTIONS: 'true', GITHUB_STATE: state, GITHUB_WORKSPACE: workspace, RUNNER_TEMP: dirname(state) },
  });
  expect(stderr).toBe('');
  return { code, stdout, summary };
}

const runBlockOf = (text: string): string => /retention_\d+_days/.exec(text)?.[0] ?? '';

/** What the step wrote as warning annotations: the run blocks of those on the module, and the rest. */
function warningCommands(stdout: string): { onModule: string[]; others: string[] } {
  const warnings = findRunnerCommands(stdout).filter((c) => c.command === 'warning');
  return {
    onModule: warnings
      .filter((c) => c.properties['file'] === 'module/main.tf')
      .map((c) => runBlockOf(c.properties['title'] ?? '')),
    others: warnings.filter((c) => c.properties['file'] === undefined).map((c) => c.data),
  };
}

/** The summary's table of annotations: each row's run block and what its last column says. */
function annotationRows(summary: string): Array<{ run: string; onTheDiff: string }> {
  return [
    ...summary.matchAll(
      /^<tr><td>warning<\/td><td><code>module\/main\.tf:11<\/code><\/td><td>(.*?)<\/td>.*<td>([^<]*)<\/td><\/tr>$/gm,
    ),
  ].map((m) => ({ run: runBlockOf(m[1]!), onTheDiff: m[2]! }));
}

/**
 * The summary's table lists every run block, and marks "yes" exactly those the workflow commands
 * put on the module (`onModule`) and "summary only" the rest.
 */
function expectMarksAsWritten(summary: string, onModule: string[]): void {
  const rows = annotationRows(summary);
  expect(rows.map((r) => r.run)).toEqual(RUN_BLOCKS);
  expect(rows.filter((r) => r.onTheDiff === 'yes').map((r) => r.run)).toEqual(onModule);
  const summaryOnly = rows.filter((r) => r.onTheDiff === 'summary only').map((r) => r.run);
  expect(summaryOnly).toEqual(RUN_BLOCKS.filter((run) => !onModule.includes(run)));
}

describe('the summary says which annotations only it lists, as GitHub was left to show them', () => {
  it.concurrent('the step warned before its report: that warning takes one of the ten', async () => {
    // No tests/ directory: the test file sits next to the module, and the step warns of it.
    const { code, stdout, summary } = await step({});
    expect(code).toBe(0);
    const { onModule, others } = warningCommands(stdout);
    expect(others[0]).toBe('The test-directory "tests" is not a directory of module: the test run may find no tests.');
    // GitHub's ten: the step's own warning, eight of the run's and one saying how many more.
    expect(others).toHaveLength(2);
    expect(others[1]).toBe('+2 more warnings; see the job summary');
    expect(onModule).toEqual(RUN_BLOCKS.slice(0, 8));

    expectMarksAsWritten(summary, onModule);
    expect(summary).toContain(
      "GitHub shows at most 10 annotations of each level per step, the step's own warnings and errors among them: " +
        '2 of these 10 are listed only here.',
    );
  });

  it.concurrent("the JUnit file's warning comes before the run's, and counts against the ten", async () => {
    // The test directory is the module's own (no warning of it); the JUnit file cannot be
    // written (its directory would be a file), which is one more warning.
    const { code, stdout, summary } = await step({ 'test-directory': '.', 'junit-file': 'module/main.tf/junit.xml' });
    expect(code).toBe(0);
    expect(summary).toContain('junit-file: the JUnit report was not written to module/main.tf/junit.xml');
    const { onModule, others } = warningCommands(stdout);
    // Eleven warnings for ten places: the step's own first, eight of the run's and one saying
    // how many more.
    expect(others).toHaveLength(2);
    expect(others[0]).toMatch(/^junit-file: the JUnit report was not written to module\/main\.tf\/junit\.xml/);
    expect(others[1]).toBe('+2 more warnings; see the job summary');
    expect(onModule).toEqual(RUN_BLOCKS.slice(0, 8));

    expectMarksAsWritten(summary, onModule);
    expect(summary).toContain(': 2 of these 10 are listed only here.');
  });
});
