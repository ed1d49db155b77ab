// Every call to GitHub ends GITHUB_DONE_AFTER_DEADLINE_MS after the step's deadline, whatever GitHub
// does, and at the cut after a signal if that comes first. The fake GitHub drips its answer, one
// byte at a time (a degraded GitHub Enterprise Server or proxy, which keeps every idle timeout
// from firing); the step's clock is a test's, moved on by hand, so the bound lands on its
// millisecond.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckRun } from '../../../src/github/check-run.ts';
import type { CheckRunContext } from '../../../src/github/check-run.ts';
import type { GitHubLog, GitHubTuning } from '../../../src/github/client.ts';
import { commentOnPullRequest } from '../../../src/github/pr-comment.ts';
import {
  CHECK_RUN_START_MS,
  GITHUB_DONE_AFTER_DEADLINE_MS,
  GITHUB_DONE_AFTER_SIGNAL_MS,
} from '../../../src/lifetime/budgets.ts';
import { Deadline } from '../../../src/lifetime/deadline.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { ManualClock, tracked } from '../../support/manual-clock.ts';
import { testCancellation } from '../../support/test-cancellation.ts';
import type { TestCancellation } from '../../support/test-cancellation.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

const TOKEN = 'ghs_callBoundsTestToken0123456789abcdef';
const FAST: GitHubTuning = { retryUnitMs: 1, pacedWrites: false };
/** The step's `timeout`, as in the case that held a step 150 s. */
const TIMEOUT_MS = 15_000;
/** When every call to GitHub ends, from the step's start. */
const BOUND_MS = TIMEOUT_MS + GITHUB_DONE_AFTER_DEADLINE_MS;
const pushContext: CheckRunContext = {
  eventName: 'push',
  sha: '0123456789abcdef0123456789abcdef01234567',
  repo: { owner: 'octo-org', repo: 'infra' },
  payload: {},
};

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

function startModuleTests(log: GitHubLog, more: { deadline?: Deadline; cancellation?: TestCancellation }) {
  return startCheckRun({
    deadline: Deadline.after(300_000, systemClock),
    token: TOKEN,
    name: 'module tests',
    context: pushContext,
    apiUrl: fake.url,
    log,
    tuning: FAST,
    ...more,
  });
}

function comment(log: GitHubLog, deadline: Deadline) {
  return commentOnPullRequest({
    token: TOKEN,
    key: 'sync-policies acme',
    body: '## Sync policies',
    context: {
      eventName: 'pull_request',
      repo: { owner: 'octo-org', repo: 'infra' },
      payload: { pull_request: { number: 7 } },
    },
    apiUrl: fake.url,
    log,
    tuning: FAST,
    deadline,
  });
}

/**
 * Moves the clock to a millisecond before `at` (from the clock's start) and checks that `work` is
 * still waiting, then to `at`, and returns what `work` came to.
 */
async function settlesAt<T>(clock: ManualClock, work: Promise<T>, at: number): Promise<T> {
  const { promise, settled } = tracked(work);
  await clock.advance(at - 1);
  expect(settled(), `settled before ${at} ms`).toBe(false);
  await clock.advance(1);
  return promise;
}

describe('every call to GitHub ends by the step’s deadline and its reporting budget', () => {
  it('a check run whose create GitHub drips is not published after CHECK_RUN_START_MS, and the mode can start', async () => {
    const clock = new ManualClock(Date.now());
    const dripping = fake.dripNext({ method: 'POST' });
    const log = recordingLog();
    // A long timeout: the start is bounded on its own, well within it, since the mode waits for it.
    const start = startModuleTests(log, { deadline: Deadline.after(30 * 60_000, clock) });
    await dripping;

    expect(await settlesAt(clock, start, CHECK_RUN_START_MS)).toBeNull();
    expect(log.warnings).toEqual([
      `check-name: the check run "module tests" is not published: no answer from ${fake.url} before the step's time ran out.`,
    ]);
    // Sent once: an answer that never came whole is not asked for again past the bound.
    expect(fake.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 200']);
  });

  it('a comment whose listing GitHub drips is given up at the bound, with one warning and nothing written', async () => {
    const clock = new ManualClock(Date.now());
    const dripping = fake.dripNext({ method: 'GET' });
    const log = recordingLog();
    const written = comment(log, Deadline.after(TIMEOUT_MS, clock));
    await dripping;

    expect(await settlesAt(clock, written, BOUND_MS)).toBe('failed');
    expect(log.warnings).toEqual([
      `comment-on-pr: the summary is not written to the pull request: no answer from ${fake.url} before the step's time ran out.`,
    ]);
    expect(fake.requests.map((r) => r.method)).toEqual(['GET']);
    expect(fake.comments).toEqual([]);
  });

  it('a check run whose completion GitHub drips ends at the bound, not completed', async () => {
    const clock = new ManualClock(Date.now());
    const log = recordingLog();
    const handle = await startModuleTests(log, { deadline: Deadline.after(TIMEOUT_MS, clock) });
    const dripping = fake.dripNext({ method: 'PATCH' });
    const completed = handle!.complete({
      conclusion: 'success',
      title: 'Passed',
      summary: 'All good',
      annotations: [],
    });
    await dripping;

    expect(await settlesAt(clock, completed, BOUND_MS)).toEqual({ completed: false, annotationsPublished: 0 });
    expect(log.warnings[0]).toBe(
      `check-name: publishing the output of the check run "module tests" failed: no answer from ${fake.url} before the step's time ran out.`,
    );
    expect(fake.checkRuns[0]?.status).toBe('in_progress');
  });

  it('after a signal, a dripped call ends GITHUB_DONE_AFTER_SIGNAL_MS after it, long before the deadline', async () => {
    const clock = new ManualClock(Date.now());
    const cancellation = testCancellation(clock);
    const dripping = fake.dripNext({ method: 'POST' });
    const log = recordingLog();
    const start = startModuleTests(log, { deadline: Deadline.after(600_000, clock), cancellation });
    await dripping;
    await clock.advance(2000);
    cancellation.send('SIGINT');

    expect(await settlesAt(clock, start, GITHUB_DONE_AFTER_SIGNAL_MS)).toBeNull();
    expect(log.warnings).toEqual([
      `check-name: the check run "module tests" is not published: no answer from ${fake.url} before the step's time ran out.`,
    ]);
  });
});
