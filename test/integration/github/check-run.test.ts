import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCheckRun } from '../../../src/github/check-run.ts';
import type { CheckAnnotation, CheckRunContext, CheckRunLog } from '../../../src/github/check-run.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';
import { Deadline } from '../../../src/lifetime/deadline.ts';

const TOKEN = 'ghs_checkRunTestToken0123456789abcdef';
const HEAD_SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const MERGE_SHA = 'fedcba98765432100123456789abcdeffedcba98';
const PUSH_SHA = '0123456789abcdef0123456789abcdef01234567';
/** Retries a millisecond apart, writes unpaced: the tests of waiting say so. */
const FAST = { retryUnitMs: 1, pacedWrites: false };

interface RecordingLog extends CheckRunLog {
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

function pullRequestContext(): CheckRunContext {
  return {
    eventName: 'pull_request',
    sha: MERGE_SHA,
    repo: { owner: 'octo-org', repo: 'infra-modules' },
    payload: { pull_request: { number: 7, head: { sha: HEAD_SHA } } },
  };
}

function pushContext(): CheckRunContext {
  return { eventName: 'push', sha: PUSH_SHA, repo: { owner: 'octo-org', repo: 'infra-modules' }, payload: {} };
}

function annotations(count: number): CheckAnnotation[] {
  return Array.from({ length: count }, (_, i) => ({
    path: `tests/case_${i}.tftest.hcl`,
    startLine: i + 1,
    level: i % 3 === 0 ? 'failure' : i % 3 === 1 ? 'warning' : 'notice',
    message: `assertion ${i} failed`,
    title: `run "case_${i}"`,
  }));
}

let fake: GitHubFake;
beforeEach(async () => {
  fake = await startGitHubFake();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});

/** The check run "module tests" of a push, on the fake, with the fast timings. */
function startModuleTests(log: CheckRunLog): ReturnType<typeof startCheckRun> {
  return startCheckRun({
    deadline: Deadline.after(300_000, systemClock),
    token: TOKEN,
    tuning: FAST,
    name: 'module tests',
    context: pushContext(),
    apiUrl: fake.url,
    log,
  });
}

describe('startCheckRun', () => {
  it('creates the check run in_progress on the pull request head commit, not GITHUB_SHA', async () => {
    const log = recordingLog();
    const before = Date.now();
    const handle = await startCheckRun({
      deadline: Deadline.after(300_000, systemClock),
      token: TOKEN,
      tuning: FAST,
      name: 'module tests',
      context: pullRequestContext(),
      apiUrl: fake.url,
      log,
    });

    expect(handle).not.toBeNull();
    expect(fake.requests).toHaveLength(1);
    const [create] = fake.requests;
    expect(create?.method).toBe('POST');
    expect(create?.path).toBe('/repos/octo-org/infra-modules/check-runs');
    expect(create?.status).toBe(201);
    const body = create?.body as Record<string, unknown>;
    expect(body.head_sha).toBe(HEAD_SHA);
    expect(body.name).toBe('module tests');
    expect(body.status).toBe('in_progress');
    expect(body.started_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Date.parse(body.started_at as string)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(handle?.id).toBe(fake.checkRuns[0]?.id);
    expect(handle?.url).toBe(`https://github.com/octo-org/infra-modules/runs/${handle?.id}`);
    expect(fake.checkRuns[0]?.status).toBe('in_progress');
    expect(log.warnings).toEqual([]);
  });

  it('uses the pull request head on pull_request_target too', async () => {
    const context = { ...pullRequestContext(), eventName: 'pull_request_target', sha: PUSH_SHA };
    await startCheckRun({
      deadline: Deadline.after(300_000, systemClock),
      token: TOKEN,
      tuning: FAST,
      name: 'module tests',
      context,
      apiUrl: fake.url,
      log: recordingLog(),
    });
    expect((fake.requests[0]?.body as Record<string, unknown>).head_sha).toBe(HEAD_SHA);
  });

  it('uses GITHUB_SHA (context.sha) on a push', async () => {
    await startModuleTests(recordingLog());
    expect((fake.requests[0]?.body as Record<string, unknown>).head_sha).toBe(PUSH_SHA);
  });

  it('links the check run to the workflow run when the context names it', async () => {
    const context = { ...pushContext(), serverUrl: 'https://github.example.com', runId: 987654321 };
    await startCheckRun({
      deadline: Deadline.after(300_000, systemClock),
      token: TOKEN,
      tuning: FAST,
      name: 'module tests',
      context,
      apiUrl: fake.url,
      log: recordingLog(),
    });
    expect(fake.checkRuns[0]?.details_url).toBe(
      'https://github.example.com/octo-org/infra-modules/actions/runs/987654321',
    );
  });

  it('sends the token to the API address given, and nowhere else', async () => {
    const elsewhere = await startGitHubFake();
    try {
      // GITHUB_API_URL names another server: the explicit address wins and that one sees nothing.
      vi.stubEnv('GITHUB_API_URL', elsewhere.url);
      const log = recordingLog();
      const handle = await startModuleTests(log);
      await handle?.complete({
        conclusion: 'success',
        title: 'ok',
        summary: 'all passed',
        annotations: annotations(3),
      });

      expect(fake.requests.length).toBe(3);
      for (const request of fake.requests) expect(request.headers.authorization).toBe(`token ${TOKEN}`);
      expect(elsewhere.requests).toEqual([]);
      expect([...log.warnings, ...log.debugs].join('\n')).not.toContain(TOKEN);
    } finally {
      await elsewhere.close();
    }
  });

  it('warns once and returns null when the token lacks checks: write (403)', async () => {
    fake.denyChecksWrite(TOKEN);
    const log = recordingLog();
    const handle = await startCheckRun({
      deadline: Deadline.after(300_000, systemClock),
      token: TOKEN,
      tuning: FAST,
      name: 'module tests',
      context: pullRequestContext(),
      apiUrl: fake.url,
      log,
    });

    expect(handle).toBeNull();
    expect(fake.requests.map((r) => r.status)).toEqual([403]);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain('check-name');
    expect(log.warnings[0]).toContain('Resource not accessible by integration');
    expect(log.warnings[0]).toContain('checks: write');
    // A pull request from a fork gets a read-only token: the warning says why, as the comment's does.
    expect(log.warnings[0]).toContain('from a fork, GitHub gives the workflow a read-only token');
    expect(log.warnings[0]).not.toContain(TOKEN);
  });

  it('warns and returns null without a request when there is no repository', async () => {
    const outsideGitHub: CheckRunContext = { eventName: '', sha: '', repo: undefined, payload: {} };
    const log = recordingLog();
    const handle = await startCheckRun({
      deadline: Deadline.after(300_000, systemClock),
      token: TOKEN,
      tuning: FAST,
      name: 'module tests',
      context: outsideGitHub,
      apiUrl: fake.url,
      log,
    });

    expect(handle).toBeNull();
    expect(fake.requests).toEqual([]);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain('GITHUB_REPOSITORY');
  });

  it('warns and returns null when there is no commit', async () => {
    const log = recordingLog();
    const handle = await startCheckRun({
      deadline: Deadline.after(300_000, systemClock),
      token: TOKEN,
      tuning: FAST,
      name: 'module tests',
      context: { ...pushContext(), sha: '' },
      apiUrl: fake.url,
      log,
    });
    expect(handle).toBeNull();
    expect(fake.requests).toEqual([]);
    expect(log.warnings[0]).toContain('GITHUB_SHA');
  });

  it('warns and returns null when GitHub cannot be reached', async () => {
    const gone = await startGitHubFake();
    const address = gone.url;
    await gone.close();
    const log = recordingLog();
    const handle = await startCheckRun({
      deadline: Deadline.after(300_000, systemClock),
      token: TOKEN,
      tuning: FAST,
      name: 'module tests',
      context: pushContext(),
      apiUrl: address,
      log,
    });
    expect(handle).toBeNull();
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain(`could not reach ${address}`);
  });

  it('tries a create that met server errors again, looking first for the check run it may have made', async () => {
    fake.failNext(502, { method: 'POST', count: 2, message: 'Bad Gateway' });
    const log = recordingLog();
    const handle = await startModuleTests(log);
    expect(handle).not.toBeNull();
    expect(fake.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`)).toEqual([
      'POST /repos/octo-org/infra-modules/check-runs 502',
      `GET /repos/octo-org/infra-modules/commits/${PUSH_SHA}/check-runs 200`,
      'POST /repos/octo-org/infra-modules/check-runs 502',
      `GET /repos/octo-org/infra-modules/commits/${PUSH_SHA}/check-runs 200`,
      'POST /repos/octo-org/infra-modules/check-runs 201',
    ]);
    expect(fake.checkRuns).toHaveLength(1);
    expect(log.warnings).toEqual([]);
  });

  it('a create GitHub carried out but answered 502 (or whose answer was lost): that check run, never a second', async () => {
    fake.failNext(502, { method: 'POST', applied: true });
    const first = await startModuleTests(recordingLog());
    expect(first?.id).toBe(fake.checkRuns[0]?.id);
    fake.dropNext({ method: 'POST', applied: true });
    const second = await startModuleTests(recordingLog());
    // The earlier check run of the same name and commit (a re-run, say) is not taken for this one.
    expect(second?.id).toBe(fake.checkRuns[1]?.id);
    expect(fake.checkRuns).toHaveLength(2);
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.status)).toEqual([502, 0]);
  });

  it('warns and returns null when server errors go on', async () => {
    fake.failNext(502, { count: 20, message: 'Bad Gateway' });
    const log = recordingLog();
    const handle = await startModuleTests(log);
    expect(handle).toBeNull();
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain('GitHub answered 502');
    // The create once (it may have taken effect), then the look for it, with the retry plugin's three more tries.
    expect(fake.requests.map((r) => r.method).join(' ')).toBe('POST GET GET GET GET');
  });

  it('masks the token where an answer of GitHub repeats it', async () => {
    fake.failNext(403, { message: `token ${TOKEN} refused` });
    const log = recordingLog();
    await startModuleTests(log);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain('GitHub answered 403 ("token *** refused")');
    // A 403 that is neither a rate limit nor a missing permission is quoted, not blamed on one.
    expect(log.warnings[0]).not.toContain('permission');
  });

  it('reads GITHUB_API_URL when no address is given (an Enterprise Server path included)', async () => {
    const enterprise = await startGitHubFake({ basePath: '/api/v3' });
    try {
      vi.stubEnv('GITHUB_API_URL', `${enterprise.url}/`);
      const handle = await startCheckRun({
        deadline: Deadline.after(300_000, systemClock),
        token: TOKEN,
        tuning: FAST,
        name: 'module tests',
        context: pushContext(),
        log: recordingLog(),
      });
      expect(handle).not.toBeNull();
      expect(enterprise.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
        'POST /api/v3/repos/octo-org/infra-modules/check-runs 201',
      ]);
      expect(fake.requests).toEqual([]);
    } finally {
      await enterprise.close();
    }
  });
});

describe('CheckRunHandle.complete', () => {
  it('publishes 120 annotations in batches of 50, then completes with the conclusion', async () => {
    const log = recordingLog();
    const handle = await startCheckRun({
      deadline: Deadline.after(300_000, systemClock),
      token: TOKEN,
      tuning: FAST,
      name: 'module tests',
      context: pullRequestContext(),
      apiUrl: fake.url,
      log,
    });
    const all = annotations(120);
    const outcome = await handle?.complete({
      conclusion: 'failure',
      title: '3 of 120 tests failed',
      summary: '## Module tests\n\nfailed',
      text: 'details',
      annotations: all,
    });

    expect(outcome).toEqual({ completed: true, annotationsPublished: 120 });
    const updates = fake.requests.slice(1);
    expect(updates.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(
      Array(4).fill(`PATCH /repos/octo-org/infra-modules/check-runs/${handle?.id} 200`),
    );
    const bodies = updates.map((r) => r.body as Record<string, any>);
    expect(bodies.slice(0, 3).map((b) => b.output.annotations.length)).toEqual([50, 50, 20]);
    for (const body of bodies.slice(0, 3)) {
      expect(body.output.title).toBe('3 of 120 tests failed');
      expect(body.output.summary).toBe('## Module tests\n\nfailed');
      expect(body.output.text).toBe('details');
      expect(body.status).toBeUndefined();
      expect(body.conclusion).toBeUndefined();
    }
    const final = bodies[3];
    expect(final?.status).toBe('completed');
    expect(final?.conclusion).toBe('failure');
    expect(final?.completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const stored = fake.checkRuns[0];
    expect(stored?.status).toBe('completed');
    expect(stored?.conclusion).toBe('failure');
    expect(stored?.annotations).toHaveLength(120);
    expect(stored?.annotations[0]).toEqual({
      path: 'tests/case_0.tftest.hcl',
      start_line: 1,
      end_line: 1,
      annotation_level: 'failure',
      message: 'assertion 0 failed',
      title: 'run "case_0"',
    });
    expect(stored?.annotations.map((a) => a.start_line)).toEqual(all.map((a) => a.startLine));
    expect(log.warnings).toEqual([]);
  });

  it('sends the output once and completes when there are no annotations', async () => {
    const handle = await startModuleTests(recordingLog());
    await handle?.complete({ conclusion: 'success', title: 'all passed', summary: 'ok', annotations: [] });
    const bodies = fake.requests.slice(1).map((r) => r.body as Record<string, any>);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({ output: { title: 'all passed', summary: 'ok' } });
    expect(bodies[1]?.conclusion).toBe('success');
    expect(fake.checkRuns[0]?.output.summary).toBe('ok');
  });

  it('states the verdict once: the title says it, and a first heading that says it again is left out', async () => {
    const start = () => startModuleTests(recordingLog());
    const restated = await start();
    await restated?.complete({
      conclusion: 'failure',
      title: 'Module tests failed: acme/log_bucket/aws (1 failed, 2 passed)',
      summary: '## ❌ Module tests failed: acme/log\\_bucket/aws\n\n**1 failed**, 2 passed\n\n### Test files\n',
      annotations: [],
    });
    expect(fake.checkRuns[0]?.output.summary).toBe('**1 failed**, 2 passed\n\n### Test files\n');

    const other = await start();
    await other?.complete({
      conclusion: 'success',
      title: '2 policies created',
      summary: '## Sync policies: acme\n\nok',
      annotations: [],
    });
    expect(fake.checkRuns[1]?.output).toMatchObject({
      title: '2 policies created',
      summary: '## Sync policies: acme\n\nok',
    });
  });

  it('cuts a summary over 65535 characters with a note, which GitHub then accepts', async () => {
    const handle = await startModuleTests(recordingLog());
    const summary = Array.from({ length: 4000 }, (_, i) => `| case_${i} | failed | assertion did not hold |`).join(
      '\n',
    );
    expect(summary.length).toBeGreaterThan(65535);
    const outcome = await handle?.complete({
      conclusion: 'failure',
      title: 'many',
      summary,
      annotations: annotations(1),
    });

    expect(outcome?.completed).toBe(true);
    const sent = (fake.requests[1]?.body as Record<string, any>).output.summary as string;
    expect(fake.requests[1]?.status).toBe(200);
    expect(sent.length).toBeLessThanOrEqual(65535);
    expect(sent).toContain('65535 characters');
    expect(summary.startsWith(sent.slice(0, 60000))).toBe(true);
  });

  it('tries a batch that met a server error again: every annotation arrives, once', async () => {
    const log = recordingLog();
    const handle = await startModuleTests(log);
    fake.failNext(500, { after: 1 });
    fake.dropNext({ after: 3 });
    const outcome = await handle?.complete({
      conclusion: 'failure',
      title: 't',
      summary: 's',
      annotations: annotations(120),
    });

    expect(outcome).toEqual({ completed: true, annotationsPublished: 120 });
    expect(fake.requests.slice(1).map((r) => r.status)).toEqual([200, 500, 200, 0, 200, 200]);
    expect(fake.checkRuns[0]?.annotations).toHaveLength(120);
    expect(log.warnings).toEqual([]);
  });

  it('warns when a batch keeps failing, still completes the check run, and says how many were published', async () => {
    const log = recordingLog();
    const handle = await startModuleTests(log);
    // The first batch goes through; the second is refused, and refused again on each of the retries.
    fake.failNext(500, { after: 1, count: 4 });
    const outcome = await handle?.complete({
      conclusion: 'failure',
      title: 't',
      summary: 's',
      annotations: annotations(120),
    });

    expect(outcome).toEqual({ completed: true, annotationsPublished: 50 });
    // What the handle says it has published, for a caller that stopped waiting.
    expect(handle?.annotationsPublished).toBe(50);
    expect(fake.requests.slice(1).map((r) => r.status)).toEqual([200, 500, 500, 500, 500, 200]);
    expect((fake.requests.at(-1)?.body as Record<string, any>).conclusion).toBe('failure');
    expect(fake.checkRuns[0]?.status).toBe('completed');
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain('annotations 51-100 of 120');
    expect(log.warnings[0]).toContain('GitHub answered 500');
  });

  it('still puts the summary on the check run when the first output update fails', async () => {
    const log = recordingLog();
    const handle = await startModuleTests(log);
    fake.failNext(503, { count: 4 });
    const outcome = await handle?.complete({
      conclusion: 'failure',
      title: 'title',
      summary: 'summary',
      annotations: annotations(2),
    });

    expect(outcome).toEqual({ completed: true, annotationsPublished: 0 });
    expect(fake.checkRuns[0]?.output).toEqual({ title: 'title', summary: 'summary', text: null });
    expect(fake.checkRuns[0]?.conclusion).toBe('failure');
    expect(log.warnings).toHaveLength(1);
  });

  it('warns, never throws, when completing fails', async () => {
    const log = recordingLog();
    const handle = await startModuleTests(log);
    fake.denyChecksWrite(TOKEN);
    const outcome = await handle?.complete({ conclusion: 'success', title: 't', summary: 's', annotations: [] });

    expect(outcome).toEqual({ completed: false, annotationsPublished: 0 });
    expect(log.warnings).toHaveLength(2);
    expect(log.warnings.every((w) => w.includes('checks: write') && !w.includes(TOKEN))).toBe(true);
  });

  it('sends nothing on a second call', async () => {
    const handle = await startModuleTests(recordingLog());
    const result = { conclusion: 'cancelled', title: 't', summary: 's', annotations: [] } as const;
    const [first, second] = await Promise.all([handle?.complete(result), handle?.complete(result)]);
    expect(first?.completed).toBe(true);
    expect(second?.completed).toBe(false);
    expect(fake.requests).toHaveLength(3);
  });
});

describe('the GitHub fake', () => {
  it('refuses more than 50 annotations in one request, as GitHub does', async () => {
    const create = await fetch(`${fake.url}/repos/o/r/check-runs`, {
      method: 'POST',
      headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'n', head_sha: PUSH_SHA }),
    });
    expect(create.status).toBe(201);
    const { id } = (await create.json()) as { id: number };
    const tooMany = Array.from({ length: 51 }, (_, i) => ({
      path: 'a.tf',
      start_line: i + 1,
      end_line: i + 1,
      annotation_level: 'notice',
      message: 'm',
    }));
    const update = await fetch(`${fake.url}/repos/o/r/check-runs/${id}`, {
      method: 'PATCH',
      headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ output: { title: 't', summary: 's', annotations: tooMany } }),
    });
    expect(update.status).toBe(422);
    expect(fake.checkRuns[0]?.annotations).toEqual([]);
  });
});
