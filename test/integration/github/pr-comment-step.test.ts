// comment-on-pr as a runner starts the action: the main step with the event and the API address
// from the environment, the service emulator and the GitHub fake on 127.0.0.1.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { exampleModuleOutcome } from '../../support/example-module-log.ts';
import { runAction } from '../../support/run-action.ts';

const root = join(import.meta.dirname, '../../github', '..', '..');
const GITHUB_TOKEN = 'ghs_stepCommentToken0123456789abcdefgh';
const dir = mkdtempSync(join(tmpdir(), 'pr-comment-step-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let emulator: Emulator;
let fake: GitHubFake;
beforeAll(async () => {
  emulator = await startEmulator({ testRuns: { queuedMs: 10, runningMs: 30, outcome: exampleModuleOutcome('fail') } });
  emulator.seedRegistryModule({ name: 'log-bucket', provider: 'aws' });
  emulator.seedPolicy({
    name: 'restrict-instance-types',
    enforcementLevel: 'advisory',
    code: 'main = rule { true }\n',
  });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  fake = await startGitHubFake({ basePath: '/api/v3' });
});
afterEach(() => fake.close());

function step(inputs: Record<string, string>, eventName = 'pull_request') {
  const eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify({ number: 31, pull_request: { number: 31, head: { sha: 'a'.repeat(40) } } }));
  return runAction({
    cwd: root,
    inputs: {
      token: emulator.token,
      'base-url': emulator.baseUrl,
      organization: emulator.organization,
      'github-token': GITHUB_TOKEN,
      'comment-on-pr': 'true',
      ...inputs,
    },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: root,
      GITHUB_API_URL: fake.url,
      GITHUB_SERVER_URL: 'https://github.example.com',
      GITHUB_REPOSITORY: 'octo-org/platform',
      GITHUB_RUN_ID: '777',
      GITHUB_RUN_ATTEMPT: '3',
      GITHUB_EVENT_NAME: eventName,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA: 'b'.repeat(40),
    },
  });
}

const policies = {
  mode: 'sync-policies',
  'policy-files': 'examples/policies/*.native\nexamples/policies/*.rego',
  'dry-run': 'true',
};
const moduleTests = {
  mode: 'run-module-tests',
  'module-directory': 'examples/module',
  'module-name': 'log-bucket',
  'module-provider': 'aws',
};

describe('comment-on-pr from the action step', () => {
  it('writes the job summary as one comment, and updates it on the next run; a stranger’s copy of its marker is left alone', async () => {
    const copied = `<!-- svc-ci-action: sync-policies ${emulator.organization} -->\nnot the action's`;
    const stranger = fake.seedComment({
      owner: 'octo-org',
      repo: 'platform',
      issue: 31,
      body: copied,
      user: 'mallory',
    });
    const first = await step(policies);
    expect(first.code).toBe(0);
    expect(fake.comments).toHaveLength(2);
    const comment = fake.comments[1];
    expect(comment).toMatchObject({ owner: 'octo-org', repo: 'platform', issue: 31, user: 'github-actions[bot]' });
    // The job summary as the step wrote it (the file gets one more line break from @actions/core),
    // then the commit, the run and when.
    const [body, footer] = comment!.body.split(/\n\n(?=<sub>[^\n]*$)/);
    expect(body?.trimEnd()).toBe(
      `<!-- svc-ci-action: sync-policies ${emulator.organization} -->\n${first.summary}`.trimEnd(),
    );
    expect(footer).toMatch(
      /^<sub>Commit \[`aaaaaaa`\]\(https:\/\/github\.example\.com\/octo-org\/platform\/commit\/a{40}\) · \[workflow run 777\]\(https:\/\/github\.example\.com\/octo-org\/platform\/actions\/runs\/777\), attempt 3 · \d{4}-\d\d-\d\d \d\d:\d\d UTC<\/sub>$/,
    );
    expect(comment?.body).toContain('```diff\n--- restrict-instance-types (service, ');
    // The token of the service never reaches GitHub.
    expect(comment?.body).not.toContain(emulator.token);

    const second = await step(policies);
    expect(second.code).toBe(0);
    expect(fake.comments).toHaveLength(2);
    expect(fake.comments[1]?.id).toBe(comment?.id);
    expect(fake.comments[0]).toMatchObject({ id: stranger.id, body: copied, user: 'mallory' });
    expect(fake.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`)).toEqual([
      'GET /api/v3/repos/octo-org/platform/issues/31/comments 200',
      'GET /api/v3/user 403',
      'POST /api/graphql 200',
      'POST /api/v3/repos/octo-org/platform/issues/31/comments 201',
      'GET /api/v3/repos/octo-org/platform/issues/31/comments 200',
      'GET /api/v3/user 403',
      // GitHub Enterprise Server answers GraphQL beside /api/v3, at /api/graphql.
      'POST /api/graphql 200',
      `PATCH /api/v3/repos/octo-org/platform/issues/comments/${comment?.id} 200`,
    ]);
    expect(first.stdout + second.stdout).not.toContain('::warning::');
  });

  it('module tests get a comment of their own beside the sync’s; a failing step still fails, and still comments', async () => {
    await step(policies);
    const tests = await step(moduleTests);
    expect(tests.code).toBe(1);
    expect(fake.comments.map((c) => c.body.split('\n')[0])).toEqual([
      `<!-- svc-ci-action: sync-policies ${emulator.organization} -->`,
      `<!-- svc-ci-action: run-module-tests ${emulator.organization}/log-bucket/aws -->`,
    ]);
    expect(fake.comments[1]?.body).toContain('Module tests failed');
  });

  it('without pull-requests: write: a warning saying so, and the step’s result unchanged', async () => {
    fake.denyPullRequestsWrite(GITHUB_TOKEN);
    const denied = await step(policies);
    expect(denied.code).toBe(0);
    expect(denied.stdout).toMatch(
      /::warning::comment-on-pr: the summary is not written to the pull request: GitHub answered 403 .*pull-requests: write/,
    );
    // Only where the runner is told to mask it.
    expect(denied.stdout.split('\n').filter((l) => l.includes(GITHUB_TOKEN))).toEqual([`::add-mask::${GITHUB_TOKEN}`]);
    expect(fake.comments).toHaveLength(0);

    const failing = await step(moduleTests);
    expect(failing.code).toBe(1);
  });

  it('off a pull request, or without the input, sends nothing to GitHub', async () => {
    expect((await step(policies, 'push')).code).toBe(0);
    expect((await step({ ...policies, 'comment-on-pr': 'false' })).code).toBe(0);
    expect(fake.requests).toEqual([]);
  });
});
