import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  COMMENT_BODY_LIMIT,
  commentMarker,
  commentOnPullRequest,
  stickyCommentKey,
} from '../../../src/github/pr-comment.ts';
import type { PullRequestCommentContext, PullRequestCommentLog } from '../../../src/github/pr-comment.ts';
import { writtenBy } from '../../../src/github/comment-author.ts';
import type { CommentAuthor } from '../../../src/github/comment-author.ts';
import { readInputs } from '../../../src/inputs/read.ts';
import { Deadline } from '../../../src/lifetime/deadline.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

const TOKEN = 'ghs_prCommentTestToken0123456789abcdef';
const REPO = { owner: 'octo-org', repo: 'policies' };
const SYNC_KEY = 'sync-policies acme';

interface RecordingLog extends PullRequestCommentLog {
  warnings: string[];
  debugs: string[];
  infos: string[];
}

function recordingLog(): RecordingLog {
  const warnings: string[] = [];
  const debugs: string[] = [];
  const infos: string[] = [];
  return {
    warnings,
    debugs,
    infos,
    warning: (m) => void warnings.push(m),
    debug: (m) => void debugs.push(m),
    info: (m) => void infos.push(m),
  };
}

const HEAD = 'abcdef0123456789abcdef0123456789abcdef01';
const WRITTEN_AT = new Date('2026-03-01T12:34:56Z');
/** The last line of every comment the action writes: the commit, the run and the time. */
const FOOTER =
  '<sub>Commit [`abcdef0`](https://github.example.com/octo-org/policies/commit/abcdef0123456789abcdef0123456789abcdef01)' +
  ' · [workflow run 4242](https://github.example.com/octo-org/policies/actions/runs/4242), attempt 2 · 2026-03-01 12:34 UTC</sub>';
/** A body the action writes under the sync's key. */
const written = (summary: string): string => `${commentMarker(SYNC_KEY)}\n${summary}\n\n${FOOTER}`;

function pullRequest(number = 7, eventName = 'pull_request'): PullRequestCommentContext {
  return {
    eventName,
    repo: REPO,
    payload: { pull_request: { number, head: { sha: HEAD } } },
    serverUrl: 'https://github.example.com',
    runId: 4242,
    runAttempt: 2,
  };
}

let fake: GitHubFake;
beforeEach(async () => {
  fake = await startGitHubFake();
});
afterEach(async () => {
  await fake.close();
});

function comment(
  body: string,
  more: {
    key?: string;
    context?: PullRequestCommentContext;
    log?: RecordingLog;
    token?: string;
    apiUrl?: string;
    deadline?: Deadline;
  } = {},
) {
  return commentOnPullRequest({
    deadline: Deadline.after(300_000, systemClock),
    token: more.token ?? TOKEN,
    key: more.key ?? SYNC_KEY,
    body,
    context: more.context ?? pullRequest(),
    apiUrl: more.apiUrl ?? fake.url,
    log: more.log ?? recordingLog(),
    writtenAt: WRITTEN_AT,
    ...(more.deadline ? { deadline: more.deadline } : {}),
    // Retries a millisecond apart, writes unpaced (test/integration/github/rate-limits.test.ts has the real waits).
    tuning: { retryUnitMs: 1, pacedWrites: false },
  });
}

const onPr = (number = 7) => fake.comments.filter((c) => c.issue === number);

describe('the sticky pull request comment', () => {
  it('creates the comment on the first run, then updates that same one: never a second', async () => {
    const log = recordingLog();
    expect(await comment('## Sync policies\n\nfirst run', { log })).toBe('created');
    expect(onPr()).toHaveLength(1);
    const [first] = onPr();
    expect(first?.body).toBe(written('## Sync policies\n\nfirst run'));
    expect(first?.body.startsWith('<!-- svc-ci-action: sync-policies acme -->\n')).toBe(true);

    expect(await comment('## Sync policies\n\nsecond run', { log })).toBe('updated');
    expect(await comment('## Sync policies\n\nthird run', { log })).toBe('updated');
    expect(onPr()).toHaveLength(1);
    expect(onPr()[0]?.id).toBe(first?.id);
    expect(onPr()[0]?.body).toContain('third run');
    expect(log.warnings).toEqual([]);
    expect(fake.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`)).toEqual([
      'GET /repos/octo-org/policies/issues/7/comments 200',
      'POST /repos/octo-org/policies/issues/7/comments 201',
      'GET /repos/octo-org/policies/issues/7/comments 200',
      // Whose is the comment with the marker? The workflow's token is no user, but an app's
      // installation token: GraphQL's viewer names its bot account, github-actions[bot].
      'GET /user 403',
      'POST /graphql 200',
      `PATCH /repos/octo-org/policies/issues/comments/${first?.id} 200`,
      'GET /repos/octo-org/policies/issues/7/comments 200',
      'GET /user 403',
      'POST /graphql 200',
      `PATCH /repos/octo-org/policies/issues/comments/${first?.id} 200`,
    ]);
    for (const request of fake.requests) expect(request.headers.authorization).toBe(`token ${TOKEN}`);
  });

  it('finds its comment past the first page (100 a page) among many others', async () => {
    for (let i = 0; i < 130; i++) fake.seedComment({ ...REPO, issue: 7, body: `review comment ${i}` });
    const ours = fake.seedComment({
      ...REPO,
      issue: 7,
      body: `${commentMarker(SYNC_KEY)}\nold summary`,
      user: 'github-actions[bot]',
    });
    for (let i = 0; i < 5; i++) fake.seedComment({ ...REPO, issue: 7, body: `later comment ${i}` });

    expect(await comment('new summary')).toBe('updated');
    expect(onPr()).toHaveLength(136);
    expect(fake.comments.find((c) => c.id === ours.id)?.body).toBe(written('new summary'));
    const lists = fake.requests.filter((r) => r.method === 'GET' && r.path.includes('/comments'));
    // The first page, then where GitHub's Link header points.
    expect(lists.map((r) => new URLSearchParams(r.path.split('?')[1]).get('page'))).toEqual([null, '2']);
    expect(lists.every((r) => r.path.includes('per_page=100'))).toBe(true);
  });

  it('reads every page before deciding there is none, then creates one', async () => {
    for (let i = 0; i < 201; i++) fake.seedComment({ ...REPO, issue: 7, body: `comment ${i}` });
    expect(await comment('summary')).toBe('created');
    expect(fake.requests.filter((r) => r.method === 'GET')).toHaveLength(3);
    expect(onPr()).toHaveLength(202);
  });

  it('leaves alone the comment of another mode or module, and a comment that only quotes the marker', async () => {
    const tests = fake.seedComment({
      ...REPO,
      issue: 7,
      body: `${commentMarker('run-module-tests acme/vpc/aws')}\nmodule tests`,
      user: 'github-actions[bot]',
    });
    const otherOrg = fake.seedComment({
      ...REPO,
      issue: 7,
      body: `${commentMarker('sync-policies other')}\nother org`,
      user: 'github-actions[bot]',
    });
    const quoted = fake.seedComment({ ...REPO, issue: 7, body: `> ${commentMarker(SYNC_KEY)}\nwhat is this?` });

    expect(await comment('policies', { key: SYNC_KEY })).toBe('created');
    expect(await comment('other module', { key: 'run-module-tests acme/network/aws' })).toBe('created');
    expect(await comment('vpc again', { key: 'run-module-tests acme/vpc/aws' })).toBe('updated');

    expect(onPr()).toHaveLength(5);
    expect(fake.comments.find((c) => c.id === otherOrg.id)?.body).toBe(
      `${commentMarker('sync-policies other')}\nother org`,
    );
    expect(fake.comments.find((c) => c.id === quoted.id)?.body).toBe(`> ${commentMarker(SYNC_KEY)}\nwhat is this?`);
    expect(fake.comments.find((c) => c.id === tests.id)?.body).toContain('vpc again');
    // The other pull request of the repository has none.
    expect(onPr(8)).toHaveLength(0);
  });

  it('never takes a stranger’s comment with a copied marker for its own: posts its own, and updates that', async () => {
    const copied = `${commentMarker(SYNC_KEY)}\nI wrote this`;
    const stranger = fake.seedComment({ ...REPO, issue: 7, body: copied, user: 'mallory' });
    // Another app's bot, and a user's comment made through an app, are not GitHub Actions either.
    const otherApp = fake.seedComment({ ...REPO, issue: 7, body: copied, user: 'helper[bot]', app: 'helper' });
    const viaApp = fake.seedComment({ ...REPO, issue: 7, body: copied, user: 'github-actions[bot]', app: 'helper' });

    expect(await comment('ours')).toBe('created');
    expect(await comment('ours again')).toBe('updated');

    expect(onPr()).toHaveLength(4);
    for (const theirs of [stranger, otherApp, viaApp]) {
      expect(fake.comments.find((c) => c.id === theirs.id)?.body).toBe(copied);
    }
    const ours = onPr().at(-1)!;
    expect(ours).toMatchObject({ user: 'github-actions[bot]', app: 'github-actions' });
    expect(ours.body).toContain('ours again');
    expect(fake.requests.filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual([
      `/repos/octo-org/policies/issues/comments/${ours.id}`,
    ]);
  });

  it('with a user’s token: its own earlier comment is updated, GitHub Actions’ is not its own', async () => {
    const userToken = 'ghp_userToken0123456789abcdefghijklmnop';
    const login = 'user-ghp_us'; // the fake's login for that token
    const actions = fake.seedComment({
      ...REPO,
      issue: 7,
      body: `${commentMarker(SYNC_KEY)}\nfrom the workflow's token`,
      user: 'github-actions[bot]',
    });
    const own = fake.seedComment({ ...REPO, issue: 7, body: `${commentMarker(SYNC_KEY)}\nearlier`, user: login });

    expect(await comment('now', { token: userToken })).toBe('updated');
    expect(fake.comments.find((c) => c.id === own.id)?.body).toBe(written('now'));
    expect(fake.comments.find((c) => c.id === actions.id)?.body).toContain("from the workflow's token");
    expect(onPr()).toHaveLength(2);
    expect(fake.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`)).toContain('GET /user 200');

    // The workflow's token, the other way round.
    expect(await comment('workflow', { token: TOKEN })).toBe('updated');
    expect(fake.comments.find((c) => c.id === actions.id)?.body).toBe(written('workflow'));
    expect(fake.comments.find((c) => c.id === own.id)?.body).toBe(written('now'));
  });

  it('asks who it is only when a comment carries the marker', async () => {
    fake.seedComment({ ...REPO, issue: 7, body: 'LGTM' });
    expect(await comment('first')).toBe('created');
    expect(fake.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /repos/octo-org/policies/issues/7/comments',
      'POST /repos/octo-org/policies/issues/7/comments',
    ]);
  });

  it('an edit GitHub refuses for a reason other than a permission is quoted, not blamed on one', async () => {
    fake.seedComment({ ...REPO, issue: 7, body: `${commentMarker(SYNC_KEY)}\nold`, user: 'github-actions[bot]' });
    fake.failNext(403, { method: 'PATCH', message: 'Unable to edit a comment on a locked conversation' });
    const log = recordingLog();
    expect(await comment('new', { log })).toBe('failed');
    expect(log.warnings).toEqual([
      'comment-on-pr: the summary is not written to the pull request: GitHub answered 403 for pull request #7 ' +
        '("Unable to edit a comment on a locked conversation").',
    ]);
  });

  it('without pull-requests: write (403): one warning saying so, nothing else', async () => {
    fake.denyPullRequestsWrite(TOKEN);
    const log = recordingLog();
    expect(await comment('summary', { log })).toBe('failed');
    expect(fake.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'POST 403']);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toMatch(
      /^comment-on-pr: the summary is not written to the pull request: GitHub answered 403 \("Resource not accessible by integration"\)/,
    );
    expect(log.warnings[0]).toContain('pull-requests: write');
    expect(log.warnings[0]).not.toContain(TOKEN);
    expect(fake.comments).toHaveLength(0);
  });

  it('masks the token where an answer of GitHub repeats it, and names the pull request', async () => {
    fake.failNext(404, { message: `token ${TOKEN} refused` });
    const log = recordingLog();
    expect(await comment('summary', { log })).toBe('failed');
    expect(log.warnings[0]).toContain('GitHub answered 404 for pull request #7 ("token *** refused")');
  });

  it('a server error or a lost answer is tried again; a comment GitHub wrote but answered 502 for is not written twice', async () => {
    fake.failNext(502, { method: 'GET' });
    fake.failNext(502, { method: 'POST', applied: true });
    const log = recordingLog();
    expect(await comment('first', { log })).toBe('created');
    expect(onPr()).toHaveLength(1);
    expect(fake.requests.map((r) => `${r.method} ${r.status}`)).toEqual([
      'GET 502',
      'GET 200',
      'POST 502',
      'GET 200',
      'GET 403', // GET /user, then GraphQL's viewer: the comment with the marker is the workflow token's own
      'POST 200',
    ]);

    fake.dropNext({ method: 'PATCH', applied: true });
    expect(await comment('second', { log })).toBe('updated');
    expect(onPr()).toHaveLength(1);
    expect(onPr()[0]?.body).toContain('second');

    fake.dropNext({ method: 'POST' });
    expect(await comment('other', { log, key: 'sync-policies other' })).toBe('created');
    expect(onPr()).toHaveLength(2);
    expect(log.warnings).toEqual([]);
  });

  it('GitHub unreachable or failing: a warning, no throw', async () => {
    fake.failNext(502, { count: 4 });
    const log = recordingLog();
    expect(await comment('summary', { log })).toBe('failed');
    expect(log.warnings[0]).toMatch(/GitHub answered 502/);
    const closed = recordingLog();
    await fake.close();
    expect(await comment('summary', { log: closed })).toBe('failed');
    expect(closed.warnings[0]).toMatch(/could not reach http:\/\/127\.0\.0\.1:\d+/);
    fake = await startGitHubFake();
  });

  it('on pull_request_target too; on any other event, nothing is sent', async () => {
    expect(await comment('target', { context: pullRequest(9, 'pull_request_target') })).toBe('created');
    expect(onPr(9)).toHaveLength(1);
    const before = fake.requests.length;
    const log = recordingLog();
    for (const eventName of ['push', 'schedule', 'workflow_dispatch', 'pull_request_review', '']) {
      expect(await comment('x', { context: { ...pullRequest(), eventName }, log })).toBe('not-a-pull-request');
    }
    expect(fake.requests.length).toBe(before);
    expect(log.warnings).toEqual([]);
  });

  it('a pull request event without a number, or no token: a warning and no request', async () => {
    const log = recordingLog();
    expect(await comment('x', { context: { ...pullRequest(), payload: {} }, log })).toBe('failed');
    expect(await comment('x', { token: '', log })).toBe('failed');
    expect(fake.requests).toEqual([]);
    expect(log.warnings).toHaveLength(2);
    expect(log.warnings[1]).toContain('github-token is empty');
  });

  it('stays within GitHub’s 65,536 characters, cut with a link to the run’s job summary, markup closed', async () => {
    const rows = Array.from(
      { length: 4000 },
      (_, i) => `<tr><td>policy-${i}</td><td>${'é'.repeat(10)} would update</td></tr>`,
    ).join('\n');
    const summary = `## Sync policies\n\n<details><summary>many</summary>\n\n<table>\n${rows}\n</table>\n\n</details>\n`;
    expect(summary.length).toBeGreaterThan(COMMENT_BODY_LIMIT);
    expect(await comment(summary)).toBe('created');
    const body = onPr()[0]!.body;
    expect(body.length).toBeLessThanOrEqual(COMMENT_BODY_LIMIT);
    expect(body.startsWith(commentMarker(SYNC_KEY))).toBe(true);
    expect(body).toMatch(
      /<\/table><\/details>\n\n> \[!NOTE\]\n> Cut to fit a pull request comment \(\d+ KiB left out\): the job summary of \[the workflow run\]\(https:\/\/github\.example\.com\/octo-org\/policies\/actions\/runs\/4242\) has all of it\.\n\n\n<sub>/,
    );
    // The cut never takes the footer.
    expect(body.endsWith(`\n\n${FOOTER}`)).toBe(true);
  });

  it('names the commit, the workflow run and when, with what the runner gives', async () => {
    expect(await comment('first')).toBe('created');
    expect(onPr()[0]?.body.split('\n').at(-1)).toBe(FOOTER);

    // Outside a run (no run id, no head commit in the event): only when.
    const bare: PullRequestCommentContext = {
      eventName: 'pull_request',
      repo: REPO,
      payload: { pull_request: { number: 8 } },
    };
    expect(await comment('bare', { context: bare })).toBe('created');
    expect(onPr(8)[0]?.body.split('\n').at(-1)).toBe('<sub>2026-03-01 12:34 UTC</sub>');

    // A head that is not a commit id is not linked.
    const odd = {
      ...pullRequest(9),
      payload: { pull_request: { number: 9, head: { sha: 'main](https://evil.example)' } } },
    };
    expect(await comment('odd', { context: odd })).toBe('created');
    expect(onPr(9)[0]?.body).not.toContain('evil.example');
  });
});

describe('whose comment it is, with a GitHub App’s installation token other than the workflow’s', () => {
  const APP_TOKEN = 'ghs_deployBotInstallationToken0123456789';
  const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';
  beforeEach(() => fake.appToken(APP_TOKEN, 'deploy-bot'));
  const asApp = (body: string, more: Parameters<typeof comment>[1] = {}) =>
    comment(body, { token: APP_TOKEN, ...more });
  const marked = (text: string) => `${commentMarker(SYNC_KEY)}\n${text}`;
  const requests = () => fake.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`);
  const assumedActions = /GitHub Actions' \(github-actions\[bot\]\)/;

  it('finds its own earlier comment and updates it: one comment after two runs', async () => {
    const log = recordingLog();
    expect(await asApp('first run', { log })).toBe('created');
    expect(await asApp('second run', { log })).toBe('updated');

    expect(onPr()).toHaveLength(1);
    expect(onPr()[0]).toMatchObject({ user: 'deploy-bot[bot]', app: 'deploy-bot', body: written('second run') });
    expect(requests()).toEqual([
      'GET /repos/octo-org/policies/issues/7/comments 200',
      'POST /repos/octo-org/policies/issues/7/comments 201',
      'GET /repos/octo-org/policies/issues/7/comments 200',
      // An installation token acts as no user; GraphQL's viewer names the app's bot account.
      'GET /user 403',
      'POST /graphql 200',
      `PATCH /repos/octo-org/policies/issues/comments/${onPr()[0]?.id} 200`,
    ]);
    expect(fake.requests.find((r) => r.path === '/graphql')?.body).toEqual({ query: 'query { viewer { login } }' });
    expect(log.warnings).toEqual([]);
  });

  it('leaves alone the marker in a comment of GitHub Actions, of another app, of a user, or of a user through the app', async () => {
    const theirs = [
      fake.seedComment({ ...REPO, issue: 7, body: marked('the workflow token'), user: 'github-actions[bot]' }),
      fake.seedComment({ ...REPO, issue: 7, body: marked('another app'), user: 'helper[bot]' }),
      fake.seedComment({ ...REPO, issue: 7, body: marked('a user'), user: 'mallory' }),
      // A user's token of the app writes as the user, through the app: the user's words, not the app's.
      fake.seedComment({
        ...REPO,
        issue: 7,
        body: marked('a user through the app'),
        user: 'mallory',
        app: 'deploy-bot',
      }),
      // The bot's login with another app's name on it is not the app's comment either.
      fake.seedComment({
        ...REPO,
        issue: 7,
        body: marked('through another app'),
        user: 'deploy-bot[bot]',
        app: 'helper',
      }),
    ];
    const bodies = theirs.map((c) => c.body);

    expect(await asApp('ours')).toBe('created');
    expect(await asApp('ours again')).toBe('updated');

    expect(onPr()).toHaveLength(theirs.length + 1);
    expect(theirs.map((c) => fake.comments.find((found) => found.id === c.id)?.body)).toEqual(bodies);
    const ours = onPr().at(-1)!;
    expect(ours).toMatchObject({ user: 'deploy-bot[bot]', app: 'deploy-bot', body: written('ours again') });
    expect(fake.requests.filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual([
      `/repos/octo-org/policies/issues/comments/${ours.id}`,
    ]);
  });

  it('on GitHub Enterprise Server too, whose GraphQL API is at /api/graphql', async () => {
    const server = await startGitHubFake({ basePath: '/api/v3' });
    try {
      server.appToken(APP_TOKEN, 'deploy-bot');
      expect(await asApp('first', { apiUrl: server.url })).toBe('created');
      expect(await asApp('second', { apiUrl: server.url })).toBe('updated');
      expect(server.comments).toHaveLength(1);
      expect(server.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`)).toContain(
        'POST /api/graphql 200',
      );
    } finally {
      await server.close();
    }
  });

  it('the workflow’s own token keeps its comment whichever way GitHub answers the viewer query for it', async () => {
    const answers: Array<(token: string) => void> = [
      () => {}, // github-actions[bot], as the fake answers an installation token of GitHub Actions
      (token) => fake.refuseViewer(token, 'graphql'),
      (token) => fake.refuseViewer(token, 'http'),
      (token) => fake.answerViewer(token, { login: 'github-actions' }),
      (token) => fake.answerViewer(token, { login: 'GitHub-Actions[bot]' }),
    ];
    for (const [i, answer] of answers.entries()) {
      const token = `ghs_workflowToken${i}0123456789abcdefghij`;
      answer(token);
      const number = 20 + i;
      const own = fake.seedComment({ ...REPO, issue: number, body: marked('earlier'), user: 'github-actions[bot]' });
      expect(await comment('now', { token, context: pullRequest(number) }), `answer ${i}`).toBe('updated');
      expect(fake.comments.find((c) => c.id === own.id)?.body, `answer ${i}`).toContain('now');
      expect(onPr(number), `answer ${i}`).toHaveLength(1);
    }
    expect(requests().filter((r) => r.startsWith('POST /graphql'))).toEqual([
      'POST /graphql 200',
      'POST /graphql 200',
      'POST /graphql 403',
      'POST /graphql 200',
      'POST /graphql 200',
    ]);
  });

  it('when GitHub refuses the viewer query, the token is taken for the workflow’s, as before, and a debug line says so', async () => {
    for (const [number, how] of [
      [30, 'graphql'],
      [31, 'http'],
    ] as const) {
      fake.refuseViewer(APP_TOKEN, how);
      // Its earlier comment is not recognised: a new one is written, as before this was known.
      const own = fake.seedComment({ ...REPO, issue: number, body: marked('earlier'), user: 'deploy-bot[bot]' });
      const log = recordingLog();
      expect(await asApp('now', { log, context: pullRequest(number) }), how).toBe('created');
      expect(fake.comments.find((c) => c.id === own.id)?.body).toBe(marked('earlier'));
      expect(log.warnings).toEqual([]);
      expect(
        log.debugs.find((m) => m.includes('GraphQL')),
        how,
      ).toMatch(
        /GitHub did not say which app the token belongs to: its GraphQL API answered (200|403) \("Resource not accessible by integration"\); the token is taken for the workflow's own/,
      );
      expect(log.debugs.join('\n')).toMatch(assumedActions);
    }
  });

  it('when GitHub refuses the viewer query, a comment GitHub Actions wrote with the marker is the one updated', async () => {
    fake.refuseViewer(APP_TOKEN);
    const actions = fake.seedComment({ ...REPO, issue: 35, body: marked('earlier'), user: 'github-actions[bot]' });
    expect(await asApp('now', { context: pullRequest(35) })).toBe('updated');
    expect(fake.comments.find((c) => c.id === actions.id)?.body).toBe(written('now'));
    expect(onPr(35)).toHaveLength(1);
  });

  it('a failure of the viewer query that is no refusal fails the comment: no second comment beside its own', async () => {
    const cases: Array<[number, () => void, RegExp]> = [
      [36, () => fake.failNext(502, { method: 'POST', count: 4 }), /\b502\b/],
      [37, () => fake.refuseViewer(APP_TOKEN, 'broken'), /Something went wrong while executing your query/],
    ];
    for (const [number, fail, warning] of cases) {
      fake.answerViewer(APP_TOKEN, { login: 'deploy-bot[bot]' });
      fail();
      const own = fake.seedComment({ ...REPO, issue: number, body: marked('earlier'), user: 'deploy-bot[bot]' });
      const log = recordingLog();
      expect(await asApp('now', { log, context: pullRequest(number) }), `#${number}`).toBe('failed');
      expect(log.warnings, `#${number}`).toEqual([expect.stringMatching(warning)]);
      expect(fake.comments.find((c) => c.id === own.id)?.body).toBe(marked('earlier'));
      expect(onPr(number), `#${number}`).toHaveLength(1);
      expect(log.debugs.join('\n')).not.toMatch(assumedActions);
    }
  });

  it('a viewer login that is not a bot account’s is not trusted: no comment of that login is taken for its own', async () => {
    const answers: Array<{ login: string }> = [
      { login: 'mallory' },
      { login: 'mallory[bot] ' },
      { login: 'evil bot[bot]' },
      { login: 'evil\n::stop-commands::x[bot]' },
      { login: '-dash[bot]' },
      { login: '[bot]' },
      { login: `${'a'.repeat(40)}[bot]` },
    ];
    for (const [i, viewer] of answers.entries()) {
      fake.answerViewer(APP_TOKEN, viewer);
      const number = 40 + i;
      // A comment by the login as given, through the app its name would make, carries the marker.
      const user = viewer.login;
      const slug = /^(.*)\[bot\]$/.exec(user)?.[1] ?? null;
      const theirs = fake.seedComment({ ...REPO, issue: number, body: marked('theirs'), user, app: slug });
      const log = recordingLog();
      expect(await asApp('ours', { log, context: pullRequest(number) }), JSON.stringify(viewer)).toBe('created');
      expect(fake.comments.find((c) => c.id === theirs.id)?.body).toBe(marked('theirs'));
      expect(log.debugs.join('\n'), JSON.stringify(viewer)).toMatch(
        /GitHub's GraphQL API named no bot account as the token's viewer; the token is taken for the workflow's own/,
      );
    }
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('a rate limit on the viewer query, or no answer to it, fails the comment as any other call would: nothing written', async () => {
    const clock = new ManualClock(Date.now());
    const cases: Array<[number, () => void, RegExp]> = [
      [
        50,
        () => fake.refuseViewer(APP_TOKEN, 'RATE_LIMITED'),
        /GitHub's primary rate limit held the request for pull request #50 and asked to wait \d+ s; waiting that long would go past the step's deadline .*API rate limit exceeded/,
      ],
      [
        51,
        () => fake.refuseViewer(APP_TOKEN, 'RATE_LIMIT'),
        /GitHub's primary rate limit held the request for pull request #51; it was not waited out \(GitHub answered 200: "API rate limit exceeded/,
      ],
      [
        52,
        () => fake.failNext(403, { method: 'POST', message: SECONDARY, headers: { 'retry-after': '600' } }),
        /GitHub's secondary rate limit held the request for pull request #52 and asked to wait 600 s/,
      ],
      [53, () => fake.dropNext({ method: 'POST', count: 4 }), /could not reach http:\/\/127\.0\.0\.1:\d+/],
    ];
    for (const [number, refuse, warning] of cases) {
      fake.answerViewer(APP_TOKEN, { login: 'deploy-bot[bot]' });
      refuse();
      const own = fake.seedComment({ ...REPO, issue: number, body: marked('earlier'), user: 'deploy-bot[bot]' });
      const log = recordingLog();
      const deadline = Deadline.after(60_000, clock);
      expect(await asApp('now', { log, context: pullRequest(number), deadline }), `#${number}`).toBe('failed');
      expect(log.warnings, `#${number}`).toEqual([expect.stringMatching(warning)]);
      expect(fake.comments.find((c) => c.id === own.id)?.body).toBe(marked('earlier'));
      expect(onPr(number)).toHaveLength(1);
      expect(log.debugs.join('\n')).not.toMatch(assumedActions);
    }
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });
});

describe('writtenBy', () => {
  const app: CommentAuthor = { kind: 'app', slug: 'deploy-bot', login: 'deploy-bot[bot]' };
  const user: CommentAuthor = { kind: 'user', login: 'Octo-Cat' };
  const by = (login: string, slug?: string) => ({
    user: { login },
    performed_via_github_app: slug === undefined ? null : { slug },
  });

  it('an app’s comment is its bot account’s, through the app, whatever the case of either', () => {
    expect(writtenBy(by('deploy-bot[bot]', 'deploy-bot'), app)).toBe(true);
    expect(writtenBy(by('Deploy-Bot[bot]', 'DEPLOY-BOT'), app)).toBe(true);
    expect(writtenBy(by('deploy-bot[bot]'), app)).toBe(false);
    expect(writtenBy(by('deploy-bot[bot]', 'helper'), app)).toBe(false);
    expect(writtenBy(by('deploy-bot', 'deploy-bot'), app)).toBe(false);
    expect(writtenBy(by('mallory', 'deploy-bot'), app)).toBe(false);
    expect(writtenBy(by('deploy-bot[bot]x', 'deploy-bot'), app)).toBe(false);
    expect(writtenBy({ user: null, performed_via_github_app: { slug: 'deploy-bot' } }, app)).toBe(false);
  });

  it('a user’s comment is the user’s own, not made through an app', () => {
    expect(writtenBy(by('octo-cat'), user)).toBe(true);
    expect(writtenBy(by('octo-cat', 'deploy-bot'), user)).toBe(false);
    expect(writtenBy(by('octo-dog'), user)).toBe(false);
  });
});

describe('stickyCommentKey', () => {
  const common = { token: 't', 'base-url': 'https://svc.example.com', organization: 'acme' };
  const key = (values: Record<string, string>): string => stickyCommentKey(readInputs((name) => values[name] ?? ''));

  it('names the mode, the organization of a sync and the module of module tests', () => {
    expect(key({ ...common, mode: 'sync-policies' })).toBe('sync-policies acme');
    expect(key({ ...common, mode: 'run-module-tests', 'module-name': 'vpc', 'module-provider': 'aws' })).toBe(
      'run-module-tests acme/vpc/aws',
    );
    expect(
      key({
        ...common,
        mode: 'run-module-tests',
        'module-name': 'vpc',
        'module-provider': 'aws',
        'module-namespace': 'shared',
      }),
    ).toBe('run-module-tests shared/vpc/aws');
    expect(
      key({ ...common, mode: 'upgrade-no-code-workspace', 'no-code-module-id': 'nocode-a', 'workspace-id': 'ws-a' }),
    ).toBe('upgrade-no-code-workspace');
  });

  it('a marker no name can end early', () => {
    expect(commentMarker('run-module-tests acme/a--b/aws')).toBe(
      '<!-- svc-ci-action: run-module-tests acme/a-b/aws -->',
    );
    expect(commentMarker('x -->y')).toBe('<!-- svc-ci-action: x -y -->');
  });
});
