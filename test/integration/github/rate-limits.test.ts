// GitHub's limits and faults against the fake GitHub over real HTTP: rate limits waited out as
// GitHub asks (real waits of a few seconds, where the throttling plugin's own timer is what is
// proven), never past the step's deadline or after its cancellation (an injected clock: nothing
// waits), server errors and lost answers tried again, a host name that does not resolve given up
// at once and a resolver that did not answer asked again.

import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { LookupFunction } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckRun } from '../../../src/github/check-run.ts';
import type { CheckRunContext } from '../../../src/github/check-run.ts';
import type { GitHubLog, GitHubTuning } from '../../../src/github/client.ts';
import { commentOnPullRequest } from '../../../src/github/pr-comment.ts';
import type { CommentOnPullRequestOptions } from '../../../src/github/pr-comment.ts';
import { Deadline } from '../../../src/lifetime/deadline.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { testCancellation } from '../../support/test-cancellation.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

const TOKEN = 'ghs_rateLimitTestToken0123456789abcdef';
const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';
const PRIMARY = 'API rate limit exceeded for installation ID 4242.';
const FAST: GitHubTuning = { retryUnitMs: 1, pacedWrites: false };
const SHA = '0123456789abcdef0123456789abcdef01234567';
const pushContext: CheckRunContext = {
  eventName: 'push',
  sha: SHA,
  repo: { owner: 'octo-org', repo: 'infra' },
  payload: {},
};

interface RecordingLog extends GitHubLog {
  warnings: string[];
  infos: string[];
}

function recordingLog(): RecordingLog {
  const warnings: string[] = [];
  const infos: string[] = [];
  return { warnings, infos, warning: (m) => void warnings.push(m), info: (m) => void infos.push(m), debug: () => {} };
}

function comment(fake: GitHubFake, more: Partial<CommentOnPullRequestOptions> = {}) {
  return commentOnPullRequest({
    deadline: Deadline.after(300_000, systemClock),
    token: TOKEN,
    key: 'sync-policies acme',
    body: '## Sync policies',
    context: {
      eventName: 'pull_request',
      repo: { owner: 'octo-org', repo: 'infra' },
      payload: { pull_request: { number: 7 } },
    },
    apiUrl: fake.url,
    log: recordingLog(),
    tuning: FAST,
    ...more,
  });
}

/** Seconds since the epoch, as `x-ratelimit-reset` gives them. */
const epochSeconds = (ms: number): number => Math.ceil(ms / 1000);

describe('rate limits waited out as GitHub asks (real waits)', { concurrent: true }, () => {
  it('a comment refused for the secondary rate limit with retry-after: 2 is sent again 2 s later: posted, no permission warning', async () => {
    const fake = await startGitHubFake();
    try {
      fake.failNext(403, { method: 'POST', message: SECONDARY, headers: { 'retry-after': '2' } });
      const log = recordingLog();
      expect(await comment(fake, { log })).toBe('created');

      const posts = fake.requests.filter((r) => r.method === 'POST');
      expect(posts.map((r) => r.status)).toEqual([403, 201]);
      expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(2000);
      expect(fake.comments).toHaveLength(1);
      expect(log.warnings).toEqual([]);
      expect(log.infos.join('\n')).toMatch(/GitHub's secondary rate limit holds POST .*: waiting 2 s/);
    } finally {
      await fake.close();
    }
  });

  it('a comment answered 429 with x-ratelimit-remaining: 0 and a reset 3 s ahead is sent again after the reset', async () => {
    const fake = await startGitHubFake();
    try {
      const reset = epochSeconds(Date.now() + 3000);
      fake.failNext(429, {
        method: 'POST',
        message: PRIMARY,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-limit': '5000', 'x-ratelimit-reset': String(reset) },
      });
      const log = recordingLog();
      expect(await comment(fake, { log })).toBe('created');

      const posts = fake.requests.filter((r) => r.method === 'POST');
      expect(posts.map((r) => r.status)).toEqual([429, 201]);
      expect(posts[1]!.at).toBeGreaterThanOrEqual(reset * 1000);
      expect(log.warnings).toEqual([]);
      expect(log.infos.join('\n')).toContain("GitHub's primary rate limit holds POST");
    } finally {
      await fake.close();
    }
  });

  it('a check run refused 403 with x-ratelimit-remaining: 0 is created after the reset', async () => {
    const fake = await startGitHubFake();
    try {
      const reset = epochSeconds(Date.now() + 3000);
      fake.failNext(403, {
        message: PRIMARY,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      });
      const log = recordingLog();
      const handle = await startCheckRun({
        deadline: Deadline.after(300_000, systemClock),
        token: TOKEN,
        name: 'module tests',
        context: pushContext,
        apiUrl: fake.url,
        log,
        tuning: FAST,
      });
      expect(handle).not.toBeNull();
      expect(fake.requests.map((r) => r.status)).toEqual([403, 201]);
      expect(fake.requests[1]!.at).toBeGreaterThanOrEqual(reset * 1000);
      expect(log.warnings).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it('writes go a second apart, as GitHub advises', async () => {
    const fake = await startGitHubFake();
    // When each update was sent, as undici reports it on its diagnostics channel (Node's fetch,
    // which Octokit uses, publishes there): the pacing is the client's, and the time a request
    // takes to arrive varies with the machine's load.
    const sent: number[] = [];
    const onCreate = (message: unknown): void => {
      const request = (message as { request: { method: string; origin: string } }).request;
      if (request.method === 'PATCH' && fake.url.startsWith(request.origin)) sent.push(performance.now());
    };
    subscribe('undici:request:create', onCreate);
    try {
      const handle = await startCheckRun({
        deadline: Deadline.after(300_000, systemClock),
        token: TOKEN,
        name: 'paced',
        context: pushContext,
        apiUrl: fake.url,
        log: recordingLog(),
      });
      const annotations = Array.from({ length: 60 }, (_, i) => ({
        path: 'main.tf',
        startLine: i + 1,
        level: 'notice' as const,
        message: `note ${i}`,
      }));
      await handle?.complete({ conclusion: 'success', title: 't', summary: 's', annotations });
      expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(3);
      expect(sent).toHaveLength(3);
      // The throttle spaces the writes' starts a second apart; each then reaches undici after a
      // few turns of a busy event loop, so the spacing seen here is about a second, never the few
      // milliseconds of unpaced writes.
      expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(800);
      expect(sent[2]! - sent[1]!).toBeGreaterThanOrEqual(800);
    } finally {
      unsubscribe('undici:request:create', onCreate);
      await fake.close();
    }
  });
});

describe('never past the step’s deadline, nothing after its cancellation', () => {
  let fake: GitHubFake;
  beforeEach(async () => {
    fake = await startGitHubFake();
  });
  afterEach(() => fake.close());

  it('a secondary limit without retry-after asks a minute; 30 s before the deadline it is given up at once, saying why', async () => {
    const clock = new ManualClock();
    fake.failNext(403, { method: 'POST', message: SECONDARY });
    const log = recordingLog();
    const started = Date.now();
    expect(await comment(fake, { log, deadline: Deadline.after(30_000, clock) })).toBe('failed');

    // Not the minute GitHub asked for: a wait would have held the call 60 s, far past this bound,
    // which leaves a busy machine all the room it needs.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(fake.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'POST 403']);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toBe(
      "comment-on-pr: the summary is not written to the pull request: GitHub's secondary rate limit held the request for pull request #7 " +
        "and asked to wait 60 s; waiting that long would go past the step's deadline (input `timeout`) " +
        `(GitHub answered 403: "${SECONDARY}").`,
    );
    expect(log.warnings[0]).not.toContain('permission');
    expect(fake.comments).toHaveLength(0);
  });

  it('a quota that resets past the deadline is not waited for', async () => {
    const clock = new ManualClock(Date.now());
    fake.failNext(403, {
      message: PRIMARY,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(epochSeconds(Date.now() + 600_000)) },
    });
    const log = recordingLog();
    const handle = await startCheckRun({
      token: TOKEN,
      name: 'module tests',
      context: pushContext,
      apiUrl: fake.url,
      log,
      tuning: FAST,
      deadline: Deadline.after(60_000, clock),
    });
    expect(handle).toBeNull();
    expect(fake.requests).toHaveLength(1);
    expect(log.warnings[0]).toMatch(
      /GitHub's primary rate limit held the request and asked to wait 60\d s; waiting that long would go past the step's deadline/,
    );
  });

  it('a server error is not tried again when the back-off would end past the deadline', async () => {
    const clock = new ManualClock();
    fake.seedComment({
      owner: 'octo-org',
      repo: 'infra',
      issue: 7,
      body: '<!-- svc-ci-action: sync-policies acme -->\nold',
      user: 'github-actions[bot]',
    });
    fake.failNext(502, { method: 'PATCH', count: 4 });
    const log = recordingLog();
    // The first retry would come 1 s after the failure; the deadline is half a second away.
    const outcome = await comment(fake, { log, tuning: { pacedWrites: false }, deadline: Deadline.after(500, clock) });
    expect(outcome).toBe('failed');
    expect(fake.requests.filter((r) => r.method === 'PATCH').map((r) => r.status)).toEqual([502]);
    expect(log.warnings[0]).toContain('GitHub answered 502 for pull request #7');
  });

  it('after the step’s cancellation no wait begins', async () => {
    const clock = new ManualClock();
    const cancellation = testCancellation(clock);
    cancellation.send('SIGINT');
    fake.failNext(403, { method: 'POST', message: SECONDARY, headers: { 'retry-after': '1' } });
    const log = recordingLog();
    expect(await comment(fake, { log, cancellation, deadline: Deadline.after(600_000, clock) })).toBe('failed');
    expect(fake.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'POST 403']);
    expect(log.warnings[0]).toContain(
      "GitHub's secondary rate limit held the request for pull request #7 and asked to wait 1 s; the step was cancelled",
    );
  });
});

describe('host names', () => {
  let fake: GitHubFake;
  beforeEach(async () => {
    fake = await startGitHubFake();
  });
  afterEach(() => fake.close());

  /** A resolver that answers each name's lookups in turn from `answers` (an error code, or an address). */
  function resolver(answers: string[]): { lookup: LookupFunction; asked: string[] } {
    const asked: string[] = [];
    const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      asked.push(hostname);
      const answer = answers.shift() ?? 'ENOTFOUND';
      if (!answer.includes('.')) {
        const error = Object.assign(new Error(`getaddrinfo ${answer} ${hostname}`), { code: answer, hostname });
        callback(error);
      } else if (options.all) callback(null, [{ address: answer, family: 4 }]);
      else callback(null, answer, 4);
    }) as unknown as LookupFunction;
    return { lookup, asked };
  }

  const unresolved = () => `http://github.invalid:${new URL(fake.url).port}`;

  it('a host name that does not resolve (ENOTFOUND) fails the call at once, naming the host', async () => {
    const { lookup, asked } = resolver(['ENOTFOUND', '127.0.0.1']);
    const log = recordingLog();
    expect(await comment(fake, { log, apiUrl: unresolved(), tuning: { ...FAST, lookup } })).toBe('failed');
    expect(asked).toEqual(['github.invalid']);
    expect(fake.requests).toEqual([]);
    expect(log.warnings).toEqual([
      'comment-on-pr: the summary is not written to the pull request: the host name github.invalid of ' +
        `${unresolved()} does not resolve (ENOTFOUND): check GITHUB_API_URL and the runner's DNS.`,
    ]);
  });

  it('a resolver that did not answer (EAI_AGAIN) is asked again', async () => {
    const { lookup, asked } = resolver(['EAI_AGAIN', 'EAI_AGAIN', '127.0.0.1']);
    const log = recordingLog();
    expect(await comment(fake, { log, apiUrl: unresolved(), tuning: { ...FAST, lookup } })).toBe('created');
    expect(asked.length).toBeGreaterThanOrEqual(3);
    expect(fake.comments).toHaveLength(1);
    expect(log.warnings).toEqual([]);
  });
});
