// One annotation per failed assertion on the pull request's diff: with `check-name`, the check
// run carries the annotations that have a position, and they are not also written as workflow
// commands; when the check run could not take them, they are written as workflow commands after
// all. The step from main's run(), a failing test run of examples/module on the emulator, the
// fake GitHub over real HTTP.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/main.ts';
import { plainSink } from '../../src/report/plain-sink.ts';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/index.ts';
import { startGitHubFake } from '../github-fake/server.ts';
import type { GitHubFake } from '../github-fake/server.ts';
import { exampleModuleOutcome, FAILING_RUNS } from '../support/example-module-log.ts';

const root = join(import.meta.dirname, '..', '..');
const SHA = '5555555555555555555555555555555555555555';
const GITHUB_TOKEN = 'ghs_annotationChannelToken0123456789ab';

let emulator: Emulator;
let fake: GitHubFake;
beforeAll(async () => {
  emulator = await startEmulator({ testRuns: { queuedMs: 10, runningMs: 30, outcome: exampleModuleOutcome('fail') } });
  emulator.seedRegistryModule({ name: 'log-bucket', provider: 'aws' });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  fake = await startGitHubFake();
  vi.stubEnv('GITHUB_API_URL', fake.url);
  vi.stubEnv('GITHUB_REPOSITORY', 'octo-org/infra-modules');
  vi.stubEnv('GITHUB_EVENT_NAME', 'push');
  vi.stubEnv('GITHUB_EVENT_PATH', '');
  vi.stubEnv('GITHUB_SHA', SHA);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});

/** The failing test run with `check-name`; what the step printed. */
async function step(moduleDirectory = 'examples/module'): Promise<{ code: number; lines: string[] }> {
  const inputs: Record<string, string> = {
    mode: 'run-module-tests',
    token: emulator.token,
    'base-url': emulator.baseUrl,
    organization: emulator.organization,
    'module-directory': moduleDirectory,
    'module-name': 'log-bucket',
    'module-provider': 'aws',
    'check-name': 'Module tests',
    'github-token': GITHUB_TOKEN,
  };
  const out: string[] = [];
  const code = await run({
    read: (name) => inputs[name] ?? '',
    sink: plainSink({ stdout: { write: (t: string) => out.push(t) } }),
    saveState: () => undefined,
    workspaceRoot: root,
  });
  return { code, lines: out.join('').split('\n') };
}

/** The annotations on a file the step printed (`file:line:column: level: message`). */
const onFiles = (lines: string[]): string[] => lines.filter((l) => /^examples\/module\/tests\/\S+:\d+/.test(l));

describe('with check-name, each failed assertion is annotated once on the diff', () => {
  it('the check run carries them, and they are not also workflow commands', async () => {
    const { code, lines } = await step();
    expect(code).toBe(1);
    expect(fake.checkRuns).toHaveLength(1);
    const carried = fake.checkRuns[0]!.annotations.filter((a) => a.annotation_level === 'failure');
    expect(carried).toHaveLength(FAILING_RUNS.length);
    expect(carried.every((a) => a.path === 'examples/module/tests/failing.tftest.hcl')).toBe(true);
    expect(onFiles(lines)).toEqual([]);
  });

  it('without the check run (no checks: write), the workflow commands carry them', async () => {
    fake.denyChecksWrite(GITHUB_TOKEN);
    const { lines } = await step();
    expect(fake.checkRuns).toHaveLength(0);
    expect(onFiles(lines).filter((l) => l.includes(': error: '))).toHaveLength(FAILING_RUNS.length);
  });

  it('a check run that refused the annotations: they are written as workflow commands after all', async () => {
    // The create goes through; the update that carries the annotations is refused (and not retried).
    fake.failNext(422, { method: 'PATCH', message: 'Invalid request.' });
    const { lines } = await step();
    expect(fake.checkRuns[0]?.status).toBe('completed');
    expect(fake.checkRuns[0]?.annotations).toEqual([]);
    expect(onFiles(lines).filter((l) => l.includes(': error: '))).toHaveLength(FAILING_RUNS.length);
  });

  it('more failed assertions than GitHub keeps as workflow commands: the summary says each is on the diff, by the check run', async () => {
    // A real log of the test command: 12 run blocks, each with a failed assertion.
    const log = readFileSync(join(import.meta.dirname, 'fixtures', 'many-failures.jsonl'), 'utf8');
    emulator.configure({
      testRuns: {
        outcome: { status: 'finished', testStatus: 'fail', passed: 0, failed: 12, errored: 0, skipped: 0, log },
      },
    });
    try {
      const { lines } = await step('test/github/fixtures/many-failures');
      const carried = fake.checkRuns[0]!.annotations.filter((a) => a.annotation_level === 'failure');
      expect(carried).toHaveLength(12);
      const summary = lines.join('\n');
      expect(summary).toContain('Annotations: 12 annotations, all on the diff');
      expect(summary).not.toContain('summary only');
    } finally {
      emulator.configure({ testRuns: { outcome: exampleModuleOutcome('fail') } });
    }
  });
});
