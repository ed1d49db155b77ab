// GitHub's answers are read whole, so they are bounded: an answer past MAX_GITHUB_ANSWER_BYTES fails
// its call, naming it, and the rest is not read (the fake GitHub streams it only as fast as the
// client reads). A message quotes at most a short one-line excerpt of what GitHub sent, the token
// masked before the cut.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_GITHUB_ANSWER_BYTES, QUOTED_ANSWER } from '../../../src/github/answers.ts';
import type { GitHubLog } from '../../../src/github/client.ts';
import { commentOnPullRequest } from '../../../src/github/pr-comment.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';
import { Deadline } from '../../../src/lifetime/deadline.ts';

const TOKEN = 'ghs_answerSizeTestToken0123456789abcdef';
const MiB = 1024 * 1024;
const LISTING = '/repos/octo-org/infra/issues/7/comments';
const NOT_WRITTEN = 'comment-on-pr: the summary is not written to the pull request: ';

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

function comment(log: GitHubLog) {
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
    log,
    tuning: { retryUnitMs: 1, pacedWrites: false },
  });
}

describe('GitHub’s answers are bounded', () => {
  it('a comment listing larger than the bound fails the comment, naming the request, without reading the rest', async () => {
    const bytes = 2 * MAX_GITHUB_ANSWER_BYTES;
    const stream = fake.streamNext({ method: 'GET', bytes });
    const log = recordingLog();
    expect(await comment(log)).toBe('failed');
    await stream.finished;

    expect(log.warnings).toEqual([
      `${NOT_WRITTEN}GitHub's answer to GET ${LISTING} is more than 32 MiB, larger than the 32 MiB the action reads ` +
        'of one answer; the rest was not read. Check GITHUB_API_URL and any proxy between the runner and GitHub.',
    ]);
    // What the connection's buffers took beyond the bound, never the whole.
    expect(stream.sent).toBeLessThan(bytes);
    // Not asked again, and no comment written for want of a listing.
    expect(fake.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200']);
    expect(fake.comments).toEqual([]);
  });

  it('one whose Content-Length is larger is refused before its body is read', async () => {
    const bytes = MAX_GITHUB_ANSWER_BYTES + 16 * MiB;
    const stream = fake.streamNext({ method: 'GET', bytes, declared: true });
    const log = recordingLog();
    expect(await comment(log)).toBe('failed');
    await stream.finished;

    expect(log.warnings).toEqual([
      `${NOT_WRITTEN}GitHub's answer to GET ${LISTING} is ${bytes} bytes (its Content-Length), larger than the 32 MiB ` +
        'the action reads of one answer; the rest was not read. Check GITHUB_API_URL and any proxy between the runner and GitHub.',
    ]);
    expect(stream.sent).toBeLessThan(MAX_GITHUB_ANSWER_BYTES);
    expect(fake.comments).toEqual([]);
  });

  it('an answer of exactly the bound is read', async () => {
    fake.streamNext({ method: 'GET', bytes: MAX_GITHUB_ANSWER_BYTES });
    const log = recordingLog();
    expect(await comment(log)).toBe('created');
    expect(log.warnings).toEqual([]);
  });
});

describe('a message quotes a short one-line excerpt of what GitHub sent', () => {
  it('an error of 8 MiB on many lines is quoted as its first 200 characters, on one line', async () => {
    const message = `Validation Failed\n${'body is wrong\n'.repeat((8 * MiB) / 14)}`;
    fake.failNext(422, { method: 'POST', message });
    const log = recordingLog();
    expect(await comment(log)).toBe('failed');

    expect(log.warnings).toHaveLength(1);
    const [warning] = log.warnings as [string];
    expect(warning).toMatch(
      /^comment-on-pr: the summary is not written to the pull request: GitHub answered 422 for pull request #7 \("Validation Failed\\nbody is wrong\\nbody is wrong\\n.*…"\)\.$/,
    );
    expect(warning).not.toContain('\n');
    const quoted = /\((".*")\)\.$/.exec(warning)?.[1];
    expect(quoted).toHaveLength(QUOTED_ANSWER);
  });

  it('the token is masked before the cut: no part of it shows where the excerpt ends inside it', async () => {
    // The excerpt's 200 characters end inside the token.
    fake.failNext(404, { message: `${'x'.repeat(QUOTED_ANSWER - 10)}${TOKEN} was refused` });
    const log = recordingLog();
    expect(await comment(log)).toBe('failed');
    expect(log.warnings[0]).toMatch(/GitHub answered 404 for pull request #7 \("x+\*\*\* was…"\)\.$/);
    expect(log.warnings[0]).not.toContain(TOKEN.slice(0, 6));
  });
});
