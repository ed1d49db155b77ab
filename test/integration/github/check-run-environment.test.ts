import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';

const run = promisify(execFile);
const SCRIPT = join(import.meta.dirname, '../../github', 'start-from-environment.ts');
const TOKEN = 'ghs_environmentTestToken0123456789abc';
const HEAD_SHA = '1111111111111111111111111111111111111111';
const GITHUB_SHA = '2222222222222222222222222222222222222222';

let fake: GitHubFake;
let dir: string;
beforeEach(async () => {
  fake = await startGitHubFake({ basePath: '/api/v3' });
  dir = await mkdtemp(join(tmpdir(), 'check-run-event-'));
});
afterEach(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * Runs the script in a fresh Node process (the one running the tests: Node 24, which strips the
 * types) whose environment holds only what a runner would set, never this process's GITHUB_*.
 */
async function startFromEnvironment(eventName: string, event: unknown): Promise<{ id: number | null; stderr: string }> {
  const eventPath = join(dir, 'event.json');
  await writeFile(eventPath, JSON.stringify(event));
  const { stdout, stderr } = await run(process.execPath, [SCRIPT], {
    env: {
      PATH: process.env.PATH ?? '',
      GITHUB_API_URL: fake.url,
      GITHUB_REPOSITORY: 'octo-org/infra-modules',
      GITHUB_EVENT_NAME: eventName,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA,
      CHECK_RUN_TOKEN: TOKEN,
    },
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null') as { id: number | null };
  return { id: result.id, stderr };
}

it('reads the API address, repository, event and commit from the environment (pull_request)', async () => {
  const { id, stderr } = await startFromEnvironment('pull_request', {
    number: 12,
    pull_request: { number: 12, head: { sha: HEAD_SHA, ref: 'feature' } },
  });

  expect(stderr).not.toContain('warning:');
  expect(stderr).not.toContain(TOKEN);
  expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
    'POST /api/v3/repos/octo-org/infra-modules/check-runs 201',
    `PATCH /api/v3/repos/octo-org/infra-modules/check-runs/${id} 200`,
    `PATCH /api/v3/repos/octo-org/infra-modules/check-runs/${id} 200`,
  ]);
  expect(fake.requests.every((r) => r.headers.authorization === `token ${TOKEN}`)).toBe(true);
  expect(fake.checkRuns[0]).toMatchObject({ head_sha: HEAD_SHA, status: 'completed', conclusion: 'success' });
  expect(fake.checkRuns[0]?.annotations.map((a) => a.path)).toEqual(['main.tf']);
});

it('uses GITHUB_SHA on a push', async () => {
  const { id } = await startFromEnvironment('push', { ref: 'refs/heads/main', after: GITHUB_SHA });
  expect(id).not.toBeNull();
  expect(fake.checkRuns[0]?.head_sha).toBe(GITHUB_SHA);
});
