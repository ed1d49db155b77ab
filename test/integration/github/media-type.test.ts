// Octokit reads the media type of every answer of GitHub with the package content-type, whose
// 3.x (the version @octokit/request asks for) takes a Content-Type with an empty parameter, such
// as a trailing semicolon a proxy may add, as the type it names. package.json holds
// content-type at 2.1.0, which reads media types as 3.x does and runs on the Node 20 the action
// supports (3.x asks for Node 22): an older one (1.x) throws on such a type, so that a success
// became a failure the warning could not explain, and a refusal lost the permission it names.

import { afterEach, beforeEach, expect, it } from 'vitest';
import type { GitHubLog } from '../../../src/github/client.ts';
import { commentOnPullRequest } from '../../../src/github/pr-comment.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';
import { Deadline } from '../../../src/lifetime/deadline.ts';

const TOKEN = 'ghs_mediaTypeTestToken0123456789abcdefgh';
const REPO = { owner: 'octo-org', repo: 'policies' };
const NOT_WRITTEN = 'comment-on-pr: the summary is not written to the pull request: ';
/** JSON's media type, with the empty parameter a trailing semicolon makes. */
const TRAILING_SEMICOLON = 'application/json; charset=utf-8;';

let fake: GitHubFake;
beforeEach(async () => {
  fake = await startGitHubFake();
});
afterEach(() => fake.close());

function comment(log: GitHubLog) {
  return commentOnPullRequest({
    deadline: Deadline.after(300_000, systemClock),
    token: TOKEN,
    key: 'sync-policies acme',
    body: '## Sync policies',
    context: { eventName: 'pull_request', repo: REPO, payload: { pull_request: { number: 7 } } },
    apiUrl: fake.url,
    log,
    tuning: { retryUnitMs: 1, pacedWrites: false },
  });
}

function recordingLog(): GitHubLog & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, warning: (m) => void warnings.push(m), info: () => {}, debug: () => {} };
}

it('a listing answered with JSON under a Content-Type with a trailing semicolon is read as JSON', async () => {
  fake.answerNext(200, '[]', { method: 'GET', contentType: TRAILING_SEMICOLON });
  const log = recordingLog();
  expect(await comment(log)).toBe('created');
  expect(log.warnings).toEqual([]);
  expect(fake.comments.filter((c) => c.issue === 7)).toHaveLength(1);
});

it('a refusal under such a Content-Type still names the permission the token lacks', async () => {
  fake.failNext(403, {
    method: 'POST',
    message: 'Resource not accessible by integration',
    headers: { 'content-type': TRAILING_SEMICOLON },
  });
  const log = recordingLog();
  expect(await comment(log)).toBe('failed');
  expect(log.warnings).toHaveLength(1);
  expect(log.warnings[0]).toMatch(
    new RegExp(`^${NOT_WRITTEN}GitHub answered 403 \\("Resource not accessible by integration"\\)`),
  );
  expect(log.warnings[0]).toContain('pull-requests: write');
});
