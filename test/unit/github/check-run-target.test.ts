import { expect, it } from 'vitest';
import { checkRunTarget } from '../../../src/github/check-run-target.ts';
import type { CheckRunContext } from '../../../src/github/check-run-target.ts';

const HEAD = 'a'.repeat(40);
const MERGE = 'b'.repeat(40);

function context(eventName: string, payload: CheckRunContext['payload'] = {}): CheckRunContext {
  return { eventName, sha: MERGE, repo: { owner: 'o', repo: 'r' }, payload };
}

const pullRequest = { pull_request: { number: 1, head: { sha: HEAD } } };

it.each(['pull_request', 'pull_request_target', 'pull_request_review', 'pull_request_review_comment'])(
  'takes the pull request head on %s',
  (eventName) => {
    expect(checkRunTarget(context(eventName, pullRequest))).toEqual({
      target: { owner: 'o', repo: 'r', headSha: HEAD },
    });
  },
);

it.each(['push', 'workflow_dispatch', 'merge_group', 'schedule'])('takes context.sha on %s', (eventName) => {
  expect(checkRunTarget(context(eventName, pullRequest))).toEqual({
    target: { owner: 'o', repo: 'r', headSha: MERGE },
  });
});

it('falls back to context.sha when a pull request event has no head sha', () => {
  expect(checkRunTarget(context('pull_request', { pull_request: { number: 1 } }))).toEqual({
    target: { owner: 'o', repo: 'r', headSha: MERGE },
  });
});

it('names the missing repository or commit', () => {
  const noRepo = { ...context('push'), repo: { owner: '', repo: '' } };
  expect(checkRunTarget(noRepo)).toEqual({ problem: expect.stringContaining('GITHUB_REPOSITORY') });
  expect(checkRunTarget({ ...context('push'), sha: '' })).toEqual({ problem: expect.stringContaining('GITHUB_SHA') });
});

it('links to the workflow run only when the run id is known', () => {
  const withRun = { ...context('push'), serverUrl: 'https://github.com/', runId: 42 };
  expect(checkRunTarget(withRun)).toEqual({
    target: { owner: 'o', repo: 'r', headSha: MERGE, detailsUrl: 'https://github.com/o/r/actions/runs/42' },
  });
  // workflowContext() holds NaN when GITHUB_RUN_ID is unset.
  expect(checkRunTarget({ ...withRun, runId: Number.NaN })).toEqual({
    target: { owner: 'o', repo: 'r', headSha: MERGE },
  });
});
