// An answer of GitHub not in its documented shape fails that call, saying what came instead; it
// is never read as an empty list. Read as one, an empty page of comments had every run write a
// second sticky comment, and an empty lookup of check runs a second check run. The fake GitHub
// answers each call of the step out of shape in turn.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckRun } from '../../../src/github/check-run.ts';
import type { CheckRunContext } from '../../../src/github/check-run.ts';
import type { GitHubLog } from '../../../src/github/client.ts';
import { commentMarker, commentOnPullRequest } from '../../../src/github/pr-comment.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';
import { Deadline } from '../../../src/lifetime/deadline.ts';

const TOKEN = 'ghs_answerShapesTestToken0123456789abcdef';
const REPO = { owner: 'octo-org', repo: 'policies' };
const KEY = 'sync-policies acme';
const NOT_WRITTEN = 'comment-on-pr: the summary is not written to the pull request: ';
const FAST = { retryUnitMs: 1, pacedWrites: false };

interface RecordingLog extends GitHubLog {
  warnings: string[];
}

function recordingLog(): RecordingLog {
  const warnings: string[] = [];
  return { warnings, warning: (m) => void warnings.push(m), info: () => {}, debug: () => {} };
}

let fake: GitHubFake;
beforeEach(async () => {
  fake = await startGitHubFake();
});
afterEach(() => fake.close());

function comment(number: number, log: GitHubLog, token = TOKEN) {
  return commentOnPullRequest({
    deadline: Deadline.after(300_000, systemClock),
    token,
    key: KEY,
    body: '## Sync policies',
    context: { eventName: 'pull_request', repo: REPO, payload: { pull_request: { number } } },
    apiUrl: fake.url,
    log,
    tuning: FAST,
  });
}

/** The step's comment from an earlier run on pull request `number`, written by `user`. */
function earlierComment(number: number, user = 'github-actions[bot]') {
  return fake.seedComment({ ...REPO, issue: number, body: `${commentMarker(KEY)}\nearlier`, user });
}

const onPr = (number: number) => fake.comments.filter((c) => c.issue === number);
const LISTING = 'GET /repos/octo-org/policies/issues/7/comments';

describe('the listing of a pull request’s comments', () => {
  const cases: Array<[string, () => void, string]> = [
    [
      'an empty body',
      () => fake.answerNext(200, '', { method: 'GET' }),
      `GitHub answered ${LISTING} 200 with no body, not the JSON document its API documents.`,
    ],
    [
      'null',
      () => fake.answerNext(200, 'null', { method: 'GET' }),
      `GitHub answered ${LISTING} with null, not a list of comments.`,
    ],
    [
      'an object',
      () => fake.answerNext(200, '{"comments":[]}', { method: 'GET' }),
      `GitHub answered ${LISTING} with {"comments":[]}, not a list of comments.`,
    ],
    [
      'a list of numbers',
      () => fake.answerNext(200, '[1,2]', { method: 'GET' }),
      `GitHub answered ${LISTING} with [1,2], not a list of comments.`,
    ],
    [
      'a comment whose id is no number',
      () => fake.answerNext(200, '[{"id":"7","body":"x"}]', { method: 'GET' }),
      `GitHub answered ${LISTING} with [{"id":"7","body":"x"}], not a list of comments.`,
    ],
    [
      'a proxy’s page',
      () => fake.answerNext(200, '<html>\n<body>Gateway</body>\n</html>', { method: 'GET', contentType: 'text/html' }),
      `GitHub answered ${LISTING} 200 with "<html>\\n<body>Gateway</body>\\n</html>" (text/html), not the JSON document its API documents.`,
    ],
    [
      'JSON’s media type, not JSON',
      () => fake.answerNext(200, '[{"id":', { method: 'GET' }),
      `GitHub answered ${LISTING} 200 with "[{\\"id\\":" (application/json), not the JSON document its API documents.`,
    ],
    [
      // Octokit's paginate reads a 409 as the end of a listing (after the retries of any answer it does not know).
      'a 409',
      () => fake.failNext(409, { method: 'GET', message: 'Conflict', count: 4 }),
      `GitHub answered 409 for pull request #7 ("Conflict").`,
    ],
  ];
  it.each(cases)(
    'answered with %s fails the comment: one warning, and the earlier comment stays the only one',
    async (_, answer, warning) => {
      const earlier = earlierComment(7);
      answer();
      const log = recordingLog();
      expect(await comment(7, log)).toBe('failed');
      expect(log.warnings).toEqual([`${NOT_WRITTEN}${warning}`]);
      expect(onPr(7)).toEqual([earlier]);
      expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    },
  );

  it('a page out of shape past the first fails the comment too', async () => {
    for (let i = 0; i < 100; i++) fake.seedComment({ ...REPO, issue: 7, body: `review comment ${i}` });
    earlierComment(7);
    fake.answerNext(200, '', { method: 'GET', after: 1 });
    const log = recordingLog();
    expect(await comment(7, log)).toBe('failed');
    expect(log.warnings).toEqual([
      `${NOT_WRITTEN}GitHub answered ${LISTING} 200 with no body, not the JSON document its API documents.`,
    ]);
    expect(onPr(7)).toHaveLength(101);
  });
});

describe('who the token is', () => {
  it('a user that GET /user names without a login fails the comment, nothing written', async () => {
    const userToken = 'ghp_userToken0123456789abcdefghijklmnop';
    const earlier = earlierComment(20, 'user-ghp_us');
    fake.answerNext(200, '{"id":1,"type":"User"}', { method: 'GET', after: 1 });
    const log = recordingLog();
    expect(await comment(20, log, userToken)).toBe('failed');
    expect(log.warnings).toEqual([
      `${NOT_WRITTEN}GitHub answered GET /user with {"id":1,"type":"User"}, not a user with a login.`,
    ]);
    expect(onPr(20)).toEqual([earlier]);
  });

  it.each([[{ login: 42 }], [{ name: 'deploy-bot[bot]' }], ['deploy-bot[bot]'], [null]])(
    'a viewer GraphQL answers as %j fails the comment: the app’s own comment is not taken for another’s',
    async (viewer) => {
      const appToken = 'ghs_deployBotInstallationToken0123456789';
      fake.appToken(appToken, 'deploy-bot');
      fake.answerViewer(appToken, viewer);
      const own = earlierComment(30, 'deploy-bot[bot]');
      const log = recordingLog();
      expect(await comment(30, log, appToken)).toBe('failed');
      expect(log.warnings).toEqual([
        `${NOT_WRITTEN}GitHub's GraphQL API answered query { viewer { login } } with ${JSON.stringify({ viewer })}, not a viewer with a login.`,
      ]);
      expect(onPr(30)).toEqual([own]);
    },
  );
});

describe('the answers to writes', () => {
  it('an edit answered 200 with no comment is a failure, not an update', async () => {
    earlierComment(40);
    fake.answerNext(200, '', { method: 'PATCH' });
    const log = recordingLog();
    expect(await comment(40, log)).toBe('failed');
    expect(log.warnings).toEqual([
      `${NOT_WRITTEN}GitHub answered PATCH /repos/octo-org/policies/issues/comments/${onPr(40)[0]?.id} 200 with no body, ` +
        'not the JSON document its API documents.',
    ]);
  });
});

describe('check runs', () => {
  const SHA = '0123456789abcdef0123456789abcdef01234567';
  const context: CheckRunContext = { eventName: 'push', sha: SHA, repo: REPO, payload: {} };
  const start = (log: GitHubLog) =>
    startCheckRun({
      deadline: Deadline.after(300_000, systemClock),
      token: TOKEN,
      name: 'module tests',
      context,
      apiUrl: fake.url,
      log,
      tuning: FAST,
    });
  const lookup = `GET /repos/octo-org/policies/commits/${SHA}/check-runs`;

  it.each([
    ['', `GitHub answered ${lookup} 200 with no body, not the JSON document its API documents.`],
    ['{"total_count":0}', `GitHub answered ${lookup} with {"total_count":0}, not a list of check runs.`],
  ])(
    'a lookup after a failed create answered %j is no "not there": the check run is not created twice',
    async (body, warning) => {
      // The create took effect, but its answer was lost.
      fake.failNext(502, { method: 'POST', applied: true });
      fake.answerNext(200, body, { method: 'GET' });
      const log = recordingLog();
      expect(await start(log)).toBeNull();
      expect(log.warnings).toEqual([`check-name: the check run "module tests" is not published: ${warning}`]);
      expect(fake.checkRuns).toHaveLength(1);
    },
  );

  it('a create answered with no body is looked for, and found', async () => {
    fake.answerNext(201, '', { method: 'POST', applied: true });
    const log = recordingLog();
    const handle = await start(log);
    expect(fake.checkRuns).toHaveLength(1);
    expect(handle?.id).toBe(fake.checkRuns[0]?.id);
    expect(log.warnings).toEqual([]);
  });
});
