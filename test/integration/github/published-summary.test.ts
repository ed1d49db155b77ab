// What the step says where, from the action's step: the job summary carries what concerns the
// job itself (the JUnit file in its workspace, the other runs it stopped); the check run and the
// pull request comment, read away from the job, do not. The stop of a run the service queued
// by itself is named once, in a warning (the action's contract).

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { EXAMPLE_MODULE_DIR, exampleModuleOutcome } from '../../support/example-module-log.ts';
import { runAction } from '../../support/run-action.ts';

const GITHUB_TOKEN = 'ghs_publishedSummaryToken0123456789ab';
const workspace = mkdtempSync(join(tmpdir(), 'published-summary-'));
cpSync(EXAMPLE_MODULE_DIR, join(workspace, 'module'), { recursive: true });
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

let emulator: Emulator;
let fake: GitHubFake;
beforeEach(async () => {
  // The service queues its own run at the upload, whatever auto-queue-runs said, and the step
  // asks for a filter, so that run is not the step's: it is stopped.
  emulator = await startEmulator({
    testRuns: {
      uploadCreatesRun: true,
      respectAutoQueueRuns: false,
      autoRunDelayMs: [0, 0],
      queuedMs: 10,
      // Long enough that the service's run is still running when the step first looks, however
      // long a busy machine takes from the upload to that look: a run that had ended would be
      // named, not stopped.
      runningMs: 3000,
      outcome: exampleModuleOutcome('fail'),
    },
  });
  emulator.seedRegistryModule({ name: 'log-bucket', provider: 'aws' });
  fake = await startGitHubFake({ basePath: '/api/v3' });
});
afterEach(async () => {
  await fake.close();
  await emulator.close();
});

it('the JUnit file and the other runs stopped are in the job summary only; the stop is one warning', async () => {
  const eventPath = join(workspace, 'event.json');
  writeFileSync(eventPath, JSON.stringify({ number: 8, pull_request: { number: 8, head: { sha: 'a'.repeat(40) } } }));
  const step = await runAction({
    cwd: workspace,
    inputs: {
      mode: 'run-module-tests',
      token: emulator.token,
      'base-url': emulator.baseUrl,
      organization: emulator.organization,
      'module-directory': 'module',
      'module-name': 'log-bucket',
      'module-provider': 'aws',
      'test-filters': 'tests/failing.tftest.hcl',
      'junit-file': 'reports/junit.xml',
      'github-token': GITHUB_TOKEN,
      'check-name': 'Module tests',
      'comment-on-pr': 'true',
      'fail-on-test-failure': 'false',
    },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_API_URL: fake.url,
      GITHUB_SERVER_URL: 'https://github.example.com',
      GITHUB_REPOSITORY: 'octo-org/platform',
      GITHUB_RUN_ID: '778',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA: 'b'.repeat(40),
    },
  });
  expect(step.code).toBe(0);
  expect(readFileSync(join(workspace, 'reports/junit.xml'), 'utf8')).toContain('<testsuites');

  const own = emulator.testRuns().find((r) => r.source === 'svc-api')!;
  const stopped = emulator.testRuns().find((r) => r.source === 'svc-configuration-version')!;
  expect(stopped.cancelRequested).toBe(true);

  // The job summary says it all.
  expect(step.summary).toContain('The results are written as JUnit XML to reports/junit.xml.');
  expect(step.summary).toContain(stopped.id);
  // Away from the job: the results, not the job's bookkeeping.
  const published = [fake.comments[0]?.body ?? '', fake.checkRuns[0]?.output.summary ?? ''];
  for (const text of published) {
    expect(text).toContain(own.id);
    expect(text).not.toContain('JUnit');
    expect(text).not.toContain(stopped.id);
  }
  expect(fake.comments).toHaveLength(1);
  expect(fake.checkRuns).toHaveLength(1);

  // Named once, in the warning the action's contract asks for.
  expect(step.stdout.match(new RegExp(`^::warning::.*${stopped.id}`, 'gm'))).toHaveLength(1);
  expect(step.stdout).toMatch(new RegExp(`^::warning::Test run ${stopped.id} also tests configuration version`, 'm'));
});
