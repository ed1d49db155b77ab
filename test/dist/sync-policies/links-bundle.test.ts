// A pull request that links a policy file to the runner's environment, as the built action meets
// it on a runner: the process's /proc/self/environ holds the runner's tokens and every INPUT_*,
// and the pull request comment goes out through the API, where the runner's log masking never
// sees it. The step stops before any request, and none of it reaches the comment, the summary,
// the outputs or the log.

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { runBundle } from '../../support/run-bundle.ts';

const RUNTIME_TOKEN = 'runtime-token-5b1d0c9e7f2a';
const ID_TOKEN = 'id-token-request-8c3e2a1f0d9b';
const GITHUB_TOKEN = 'ghs_linkedPolicyToken0123456789abcd';
const CHECKOUT_CREDENTIAL = 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2J1bmRsZQ==';

const dir = mkdtempSync(join(tmpdir(), 'links-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let emulator: Emulator;
let fake: GitHubFake;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  emulator.clearRequests();
  fake = await startGitHubFake({ basePath: '/api/v3' });
});
afterEach(() => fake.close());

let count = 0;
function repository(links: Record<string, string>): string {
  const root = join(dir, `repo-${++count}`);
  mkdirSync(join(root, '.git'), { recursive: true });
  mkdirSync(join(root, 'policies'), { recursive: true });
  writeFileSync(join(root, '.git', 'config'), `[http "https://github.com/"]\n\textraheader = ${CHECKOUT_CREDENTIAL}\n`);
  writeFileSync(join(root, 'policies', 'ok.native'), 'main = rule { true }\n');
  for (const [name, target] of Object.entries(links)) symlinkSync(target, join(root, name));
  return root;
}

function step(root: string, dryRun: string) {
  const eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify({ number: 7, pull_request: { number: 7, head: { sha: 'a'.repeat(40) } } }));
  return runBundle({
    bundleDir: inject('bundleDir'),
    cwd: root,
    inputs: {
      mode: 'sync-policies',
      token: emulator.token,
      'base-url': emulator.baseUrl,
      organization: emulator.organization,
      'github-token': GITHUB_TOKEN,
      'comment-on-pr': 'true',
      'dry-run': dryRun,
    },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: root,
      GITHUB_API_URL: fake.url,
      GITHUB_SERVER_URL: 'https://github.example.com',
      GITHUB_REPOSITORY: 'octo-org/policies',
      GITHUB_RUN_ID: '42',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA: 'b'.repeat(40),
      ACTIONS_RUNTIME_TOKEN: RUNTIME_TOKEN,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: ID_TOKEN,
    },
  });
}

describe('sync-policies from the built action, with policy files linked out of the checkout', () => {
  it.each([
    ['/proc/self/environ', 'false', { 'policies/x.native': '/proc/self/environ' }],
    ['/proc/self/environ', 'true', { 'policies/x.native': '/proc/self/environ' }],
    ['.git/config', 'false', { 'policies/creds.native': '../.git/config' }],
    ['.git/config', 'true', { 'policies/creds.native': '../.git/config' }],
  ])('a link to %s (dry-run: %s): exit 2, no request, nothing of it in the comment', async (_to, dryRun, links) => {
    const result = await step(repository(links), dryRun);
    expect(result.code).toBe(2);
    expect(emulator.requests).toEqual([]);
    expect(result.stdout).toContain('allow-links-outside-repository');
    // The refused step still comments, saying why; the comment holds nothing of what the link points to.
    const comments = fake.comments.map((comment) => comment.body);
    expect(comments).toHaveLength(1);
    expect(comments.join('')).toContain('allow-links-outside-repository');
    // The runner is told which values to mask (`::add-mask::`): the one place the step names them.
    const log = result.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    const everywhere = [...comments, log, result.stderr, result.summary, result.outputs].join('\n');
    for (const secret of [RUNTIME_TOKEN, ID_TOKEN, GITHUB_TOKEN, CHECKOUT_CREDENTIAL, emulator.token, 'INPUT_']) {
      expect(everywhere).not.toContain(secret);
    }
  });
});
