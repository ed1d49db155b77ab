// One annotation per failed assertion on the pull request's diff: with `check-name`, the check
// run carries the annotations that have a position, and they are not also written as workflow
// commands; when the check run could not take them, they are written as workflow commands after
// all, and the job summary says so. The step from main's run(), a failing test run of
// examples/module on the emulator, the fake GitHub over real HTTP, the job summary a real file.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../../src/main.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { exampleModuleOutcome, FAILING_RUNS } from '../../support/example-module-log.ts';
import { runBundle } from '../../support/run-bundle.ts';
import { findRunnerCommands } from '../../support/runner-commands.ts';

const root = join(import.meta.dirname, '../../github', '..', '..');
const SHA = '5555555555555555555555555555555555555555';
const GITHUB_TOKEN = 'ghs_annotationChannelToken0123456789ab';

// The four steps run side by side (each waits on the service most of its time), each with a
// GitHub of its own; the workflow's environment is the same for all.
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ testRuns: { queuedMs: 10, runningMs: 30, outcome: exampleModuleOutcome('fail') } });
  emulator.seedRegistryModule({ name: 'log-bucket', provider: 'aws' });
  vi.stubEnv('GITHUB_REPOSITORY', 'octo-org/infra-modules');
  vi.stubEnv('GITHUB_EVENT_NAME', 'push');
  vi.stubEnv('GITHUB_EVENT_PATH', '');
  vi.stubEnv('GITHUB_SHA', SHA);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await emulator.close();
});

const fakes: GitHubFake[] = [];
async function githubFake(): Promise<GitHubFake> {
  const fake = await startGitHubFake();
  fakes.push(fake);
  return fake;
}
afterAll(() => Promise.all(fakes.map((fake) => fake.close())));

const summaries = mkdtempSync(join(tmpdir(), 'annotation-channel-'));
afterAll(() => rmSync(summaries, { recursive: true, force: true }));
let steps = 0;

/**
 * The failing test run with `check-name`, on the service `on` (default the shared one): what the
 * step printed, and its job summary as written to the summary file.
 */
async function step(
  fake: GitHubFake,
  { moduleDirectory = 'examples/module', on = emulator }: { moduleDirectory?: string; on?: Emulator } = {},
): Promise<{ code: number; lines: string[]; summary: string }> {
  const summaryFile = join(summaries, `summary-${++steps}.md`);
  const inputs: Record<string, string> = {
    mode: 'run-module-tests',
    token: on.token,
    'base-url': on.baseUrl,
    organization: on.organization,
    'module-directory': moduleDirectory,
    'module-name': 'log-bucket',
    'module-provider': 'aws',
    'check-name': 'Module tests',
    'github-token': GITHUB_TOKEN,
  };
  const out: string[] = [];
  const code = await run({
    read: (name) => inputs[name] ?? '',
    sink: plainSink({ stdout: { write: (t: string) => out.push(t) }, summaryFile }),
    saveState: () => undefined,
    workspaceRoot: root,
    // The channel is under test here; GitHub's pacing of writes, in check-run.test.ts.
    github: { apiUrl: fake.url, tuning: { retryUnitMs: 1, pacedWrites: false } },
  });
  return { code, lines: out.join('').split('\n'), summary: readFileSync(summaryFile, 'utf8') };
}

/** The annotations on a test file the step printed (`file:line:column: level: message`). */
const MANY_FAILURES = 'test/github/fixtures/many-failures';

const onFiles = (lines: string[]): string[] => lines.filter((l) => /^\S+\/tests\/\S+\.tftest\.hcl:\d+/.test(l));

describe('with check-name, each failed assertion is annotated once on the diff', () => {
  it.concurrent('the check run carries them, and they are not also workflow commands', async () => {
    const fake = await githubFake();
    const { code, lines } = await step(fake);
    expect(code).toBe(1);
    expect(fake.checkRuns).toHaveLength(1);
    const carried = fake.checkRuns[0]!.annotations.filter((a) => a.annotation_level === 'failure');
    expect(carried).toHaveLength(FAILING_RUNS.length);
    expect(carried.every((a) => a.path === 'examples/module/tests/failing.tftest.hcl')).toBe(true);
    expect(onFiles(lines)).toEqual([]);
  });

  it.concurrent('without the check run (no checks: write), the workflow commands carry them', async () => {
    const fake = await githubFake();
    fake.denyChecksWrite(GITHUB_TOKEN);
    const { lines } = await step(fake);
    expect(fake.checkRuns).toHaveLength(0);
    expect(onFiles(lines).filter((l) => l.includes(': error: '))).toHaveLength(FAILING_RUNS.length);
  });

  it.concurrent(
    'a check run that refused the annotations: they are written as workflow commands after all',
    async () => {
      const fake = await githubFake();
      // The create goes through; the update that carries the annotations is refused (and not retried).
      fake.failNext(422, { method: 'PATCH', message: 'Invalid request.' });
      const { lines, summary } = await step(fake);
      expect(fake.checkRuns[0]?.status).toBe('completed');
      expect(fake.checkRuns[0]?.annotations).toEqual([]);
      expect(onFiles(lines).filter((l) => l.includes(': error: '))).toHaveLength(FAILING_RUNS.length);
      // All of them on the diff after all: the summary says where they went, and no more.
      expect(summary.trimEnd()).toMatch(
        /\n\nGitHub did not confirm the 2 annotations sent to the check run, so they were written as the step's annotations instead\.$/,
      );
    },
  );

  /**
   * The step on a real log of the test command: 12 run blocks, each with a failed assertion. By
   * default in this process, on the plain sink; `run` starts it otherwise.
   */
  async function twelveFailures(
    fake: GitHubFake,
    run: (fake: GitHubFake, on: Emulator) => ReturnType<typeof step> = (github, on) =>
      step(github, { moduleDirectory: MANY_FAILURES, on }),
  ): ReturnType<typeof step> {
    const log = readFileSync(join(import.meta.dirname, '../../github', 'fixtures', 'many-failures.jsonl'), 'utf8');
    const service = await startEmulator({
      testRuns: {
        queuedMs: 10,
        runningMs: 30,
        outcome: { status: 'finished', testStatus: 'fail', passed: 0, failed: 12, errored: 0, skipped: 0, log },
      },
    });
    try {
      service.seedRegistryModule({ name: 'log-bucket', provider: 'aws' });
      return await run(fake, service);
    } finally {
      await service.close();
    }
  }

  /**
   * The step as a runner starts it: a process of its own (from its source), GITHUB_ACTIONS set,
   * so that GitHub's own count of annotations holds, the step's error for the failed tests among
   * them.
   */
  async function onRunner(fake: GitHubFake, on: Emulator): ReturnType<typeof step> {
    const home = mkdtempSync(join(summaries, 'runner-'));
    const state = join(home, 'state');
    writeFileSync(state, '');
    const ran = await runBundle({
      entry: join(root, 'src', 'index.ts'),
      cwd: root,
      inputs: {
        mode: 'run-module-tests',
        token: on.token,
        'base-url': on.baseUrl,
        organization: on.organization,
        'module-directory': MANY_FAILURES,
        'module-name': 'log-bucket',
        'module-provider': 'aws',
        'check-name': 'Module tests',
        'github-token': GITHUB_TOKEN,
      },
      env: {
        GITHUB_ACTIONS: 'true',
        GITHUB_API_URL: fake.url,
        GITHUB_REPOSITORY: 'octo-org/infra-modules',
        GITHUB_EVENT_NAME: 'push',
        GITHUB_SHA: SHA,
        GITHUB_WORKSPACE: root,
        GITHUB_STATE: state,
        RUNNER_TEMP: home,
      },
    });
    expect(ran.stderr).toBe('');
    return { code: ran.code ?? -1, lines: ran.stdout.split('\n'), summary: ran.summary };
  }

  it.concurrent(
    'more failed assertions than GitHub keeps as workflow commands: the summary says each was sent to the check run',
    async () => {
      const fake = await githubFake();
      const { code, lines, summary } = await twelveFailures(fake);
      expect(code).toBe(1);
      const carried = fake.checkRuns[0]!.annotations.filter((a) => a.annotation_level === 'failure');
      expect(carried).toHaveLength(12);
      expect(onFiles(lines)).toEqual([]);
      // Written before GitHub answered, the summary claims no more than that they were sent.
      expect(summary).toContain('<summary>Annotations: 12 annotations, all sent to the check run</summary>');
      expect(summary.match(/<td>sent to the check run<\/td><\/tr>/g)).toHaveLength(12);
      expect(summary).not.toContain('on the diff');
      expect(summary).not.toContain('summary only');
      // GitHub took them all: nothing to add.
      expect(summary).not.toContain('GitHub did not confirm');
    },
  );

  it.concurrent(
    'a check run that refused 12 annotations: 9 and a "+3 more" are workflow commands, and the summary says so',
    async () => {
      const fake = await githubFake();
      fake.failNext(422, { method: 'PATCH', message: 'Invalid request.' });
      const { code, lines, summary } = await twelveFailures(fake);
      expect(code).toBe(1);
      expect(fake.checkRuns[0]?.status).toBe('completed');
      expect(fake.checkRuns[0]?.annotations).toEqual([]);
      // GitHub's cap on workflow commands: nine on their lines and one saying how many more.
      const errors = onFiles(lines).filter((l) => l.includes(': error: '));
      expect(errors).toHaveLength(9);
      const more = lines.filter((l) => l.startsWith('error: +'));
      expect(more).toEqual(['error: +3 more errors; see the job summary']);
      expect(errors.length + more.length).toBeLessThanOrEqual(10);
      // The summary was written before GitHub answered, and claims nothing the answer undid; the
      // paragraph after it says what became of the annotations.
      expect(summary).not.toContain('all on the diff');
      expect(summary).toContain('<summary>Annotations: 12 annotations, all sent to the check run</summary>');
      expect(
        summary
          .trimEnd()
          .endsWith(
            "GitHub did not confirm the 12 annotations sent to the check run, so they were written as the step's " +
              "annotations instead, up to GitHub's limit of 10 of each level per step: 3 of them are listed only in " +
              'this summary.',
          ),
      ).toBe(true);
      // Every one of them is still in the summary's table.
      expect(summary.match(/<td>sent to the check run<\/td><\/tr>/g)).toHaveLength(12);
    },
  );

  it.concurrent(
    'on a runner, the step\'s own error is one of GitHub\'s ten: 8 and a "+4 more" are written, and the summary says 4',
    async () => {
      const fake = await githubFake();
      fake.failNext(422, { method: 'PATCH', message: 'Invalid request.' });
      const { code, lines, summary } = await twelveFailures(fake, onRunner);
      expect(code).toBe(1);
      expect(fake.checkRuns[0]?.annotations).toEqual([]);
      const errors = findRunnerCommands(lines.join('\n')).filter((c) => c.command === 'error');
      const onTheirLines = errors.filter((c) => c.properties['file']?.startsWith(`${MANY_FAILURES}/`));
      expect(onTheirLines).toHaveLength(8);
      expect(errors.map((c) => c.data)).toContain('+4 more errors; see the job summary');
      // GitHub keeps ten: the step's failure, eight on their lines, one saying how many more.
      expect(errors).toHaveLength(10);
      expect(summary.trimEnd()).toMatch(/: 4 of them are listed only in this summary\.$/);
    },
  );
});
