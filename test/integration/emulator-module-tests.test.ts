import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personalityFromEnvironment, startEmulator, type Emulator } from '../emulator/index.ts';
import { defaultSettings } from '../emulator/settings.ts';
import { client, waitFor } from '../emulator/test-client.ts';
import { ManualClock } from '../support/manual-clock.ts';

const ROOT = '/organizations/acme/tests/registry-modules/private/acme/network/aws';
const FAST = { queuedMs: 20, runningMs: 80, cancelGraceMs: 60 };

// These tests pin the personality whose behaviour they describe; the personalities' differences
// have their own tests below.
let emulator: Emulator;
let api: ReturnType<typeof client>;
beforeEach(async () => {
  emulator = await startEmulator({ personality: 'cli-tool', testRuns: FAST });
  emulator.seedRegistryModule({ name: 'network', provider: 'aws' });
  api = client(emulator);
});
afterEach(() => emulator.close());

async function createVersion(autoQueueRuns?: boolean, on = api) {
  const body =
    autoQueueRuns === undefined
      ? undefined
      : { data: { type: 'configuration-versions', attributes: { 'auto-queue-runs': autoQueueRuns } } };
  const reply = await on.post(`${ROOT}/test-runs/configuration-versions`, body);
  expect(reply.status).toBe(201);
  return reply.body.data as { id: string; attributes: Record<string, unknown> & { 'upload-url': string } };
}

/** A configuration version uploaded without queuing a run, ready for an explicit run. */
async function uploadedVersion(on = api): Promise<string> {
  const version = await createVersion(false, on);
  expect((await on.put(version.attributes['upload-url'], 'archive')).status).toBe(200);
  return version.id;
}

async function createRun(versionId: string, attributes: Record<string, unknown> = {}) {
  return runOn(api, versionId, attributes);
}

async function runOn(on: ReturnType<typeof client>, versionId: string, attributes: Record<string, unknown> = {}) {
  return on.post(`${ROOT}/test-runs`, {
    data: {
      type: 'test-runs',
      attributes,
      relationships: { 'configuration-version': { data: { id: versionId, type: 'configuration-versions' } } },
    },
  });
}

const getRun = async (id: string) => (await api.get(`${ROOT}/test-runs/${id}`)).body.data;
const untilStatus = (id: string, status: string) =>
  waitFor(async () => {
    const run = await getRun(id);
    return run.attributes.status === status ? run : undefined;
  });

describe('configuration versions', () => {
  it('create answers a pending version with a single-use upload-url on the upload origin', async () => {
    const version = await createVersion();
    expect(version.id).toMatch(/^cv-/);
    expect(version.attributes).toMatchObject({
      'auto-queue-runs': true,
      status: 'pending',
      'status-timestamps': {},
      'changed-files': [],
      error: null,
      'error-message': null,
      speculative: false,
      provisional: false,
    });
    expect(version.attributes['upload-url'].startsWith(`${emulator.uploadOrigin}/`)).toBe(true);
    expect(version.attributes['upload-url'].startsWith(emulator.baseUrl)).toBe(false);
    expect((await createVersion(false)).attributes['auto-queue-runs']).toBe(false);
  });

  it('the upload address takes the bytes once; a second PUT is refused and changes nothing', async () => {
    const version = await createVersion(false);
    const url = version.attributes['upload-url'];
    const first = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from([1, 2, 3]),
    });
    expect(first.status).toBe(200);
    const second = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from([9]),
    });
    expect(second.status).toBe(403);
    expect(emulator.configurationVersionArchive(version.id)).toEqual(Buffer.from([1, 2, 3]));
    const upload = emulator.requests.find((request) => request.port === 'upload');
    expect(upload?.headers.authorization).toBeUndefined();
  });

  it('an upload creates the run when auto-queue-runs is true (source svc-configuration-version)', async () => {
    const version = await createVersion();
    await api.put(version.attributes['upload-url'], 'archive');
    const runs = emulator.testRuns();
    expect(runs).toEqual([
      expect.objectContaining({
        configurationVersionId: version.id,
        source: 'svc-configuration-version',
        testDirectory: 'tests',
      }),
    ]);
  });

  it('an upload with auto-queue-runs false creates no run, unless told to ignore it', async () => {
    await api.put((await createVersion(false)).attributes['upload-url'], 'archive');
    expect(emulator.testRuns()).toEqual([]);
    emulator.configure({ testRuns: { respectAutoQueueRuns: false } });
    await api.put((await createVersion(false)).attributes['upload-url'], 'archive');
    expect(emulator.testRuns()).toHaveLength(1);
    emulator.configure({ testRuns: { uploadCreatesRun: false } });
    await api.put((await createVersion(true)).attributes['upload-url'], 'archive');
    expect(emulator.testRuns()).toHaveLength(1);
  });
});

describe('test runs', () => {
  it('walk queued -> running -> finished with counters and a log at log-read-url', async () => {
    const versionId = await uploadedVersion();
    const created = await createRun(versionId, {
      verbose: true,
      'test-directory': 'spec',
      filters: ['spec/a.tftest.hcl'],
      variables: [{ key: 'region', value: '"eu-west-1"' }],
    });
    expect(created.status).toBe(201);
    const run = created.body.data;
    expect(run.id).toMatch(/^trun-/);
    expect(run.attributes).toMatchObject({
      status: 'queued',
      source: 'svc-api',
      verbose: true,
      'test-directory': 'spec',
      filters: ['spec/a.tftest.hcl'],
      variables: [{ key: 'region', value: '"eu-west-1"' }],
      // The service's word for "no result yet" (spec 2.2 says null; the strict personality).
      'test-status': 'pending',
      'tests-passed': null,
      'test-configurable-type': 'RegistryModule',
    });
    expect(run.attributes).not.toHaveProperty('log-read-url');
    expect(Object.keys(run.attributes['status-timestamps'])).toEqual(['queued-at']);
    expect(run.relationships['configuration-version'].data).toEqual({ id: versionId, type: 'configuration-versions' });

    const running = await untilStatus(run.id, 'running');
    expect(running.attributes['status-timestamps']['started-at']).toEqual(expect.any(String));
    // cli-tool: the log is there while the run runs, without its end.
    const runningLog = await fetch(running.attributes['log-read-url']);
    expect(await runningLog.text()).not.toContain('"type":"test_summary"');
    const finished = await untilStatus(run.id, 'finished');
    expect(finished.attributes['log-read-url']).toBe(running.attributes['log-read-url']);
    expect(finished.attributes).toMatchObject({
      'test-status': 'pass',
      'tests-passed': 2,
      'tests-failed': 0,
      'tests-errored': 0,
      'tests-skipped': 0,
    });

    const logUrl: string = finished.attributes['log-read-url'];
    expect(logUrl.startsWith(`${emulator.uploadOrigin}/`)).toBe(true);
    const log = await fetch(logUrl);
    expect(log.status).toBe(200);
    expect(await log.text()).toContain('"type":"test_summary"');
    const read = emulator.requests.find((request) => request.port === 'log');
    expect(read?.headers.authorization).toBeUndefined();
  });

  it('a log that grows as the run runs: its lines appear in step with the running time; Range reads the rest (206, 416 past the end)', async () => {
    const clock = new ManualClock();
    const own = await startEmulator({ personality: 'cli-tool', testRuns: { ...FAST, runningMs: 10_000 }, clock });
    try {
      const on = client(own);
      own.seedRegistryModule({ name: 'network', provider: 'aws' });
      const log = defaultSettings('cli-tool').testRuns.outcome.log;
      const lines = log.split(/(?<=\n)/);
      const run = (await runOn(on, await uploadedVersion(on))).body.data;
      await clock.advance(FAST.queuedMs);
      const url = (await on.get(`${ROOT}/test-runs/${run.id}`)).body.data.attributes['log-read-url'] as string;
      const first = await fetch(url);
      expect(first.status).toBe(200);
      expect(await first.text()).toBe('');
      await clock.advance(5000);
      const half = await (await fetch(url)).text();
      expect(half).toBe(lines.slice(0, Math.floor(lines.length / 2)).join(''));
      const nothingYet = await fetch(url, { headers: { range: `bytes=${Buffer.byteLength(half)}-` } });
      expect(nothingYet.status).toBe(416);
      await nothingYet.arrayBuffer();
      await clock.advance(5000);
      const end = await fetch(url, { headers: { range: `bytes=${Buffer.byteLength(half)}-` } });
      expect(end.status).toBe(206);
      expect(end.headers.get('content-range')).toBe(
        `bytes ${Buffer.byteLength(half)}-${Buffer.byteLength(log) - 1}/${Buffer.byteLength(log)}`,
      );
      expect(half + (await end.text())).toBe(log);
    } finally {
      await own.close();
    }
  });

  it('strict: no log-read-url while the run runs, and the whole log whatever Range asks', async () => {
    const own = await startEmulator({
      personality: 'strict',
      testRuns: { ...FAST, runningMs: 1000, autoRunDelayMs: [0, 0] },
    });
    try {
      const on = client(own);
      own.seedRegistryModule({ name: 'network', provider: 'aws' });
      const run = (await runOn(on, await uploadedVersion(on))).body.data;
      const read = async () => (await on.get(`${ROOT}/test-runs/${run.id}`)).body.data;
      const running = await waitFor(async () => {
        const now = await read();
        return now.attributes.status === 'running' ? now : undefined;
      });
      expect(running.attributes).not.toHaveProperty('log-read-url');
      const finished = await waitFor(async () => {
        const now = await read();
        return now.attributes.status === 'finished' ? now : undefined;
      });
      const whole = await fetch(finished.attributes['log-read-url'], { headers: { range: 'bytes=10-' } });
      expect(whole.status).toBe(200);
      expect(await whole.text()).toBe(defaultSettings('strict').testRuns.outcome.log);
    } finally {
      await own.close();
    }
  });

  it('takes outcomes from nextOutcomes first, then the default outcome', async () => {
    emulator.configure({
      testRuns: {
        nextOutcomes: [
          { status: 'errored', testStatus: 'fail', passed: 0, failed: 1, errored: 2, skipped: 3, log: 'broken\n' },
        ],
      },
    });
    const versionId = await uploadedVersion();
    const first = (await createRun(versionId)).body.data;
    const second = (await createRun(versionId)).body.data;
    const errored = await untilStatus(first.id, 'errored');
    expect(errored.attributes).toMatchObject({
      'test-status': 'fail',
      'tests-failed': 1,
      'tests-errored': 2,
      'tests-skipped': 3,
    });
    expect(await (await fetch(errored.attributes['log-read-url'])).text()).toBe('broken\n');
    expect((await untilStatus(second.id, 'finished')).attributes['test-status']).toBe('pass');
  });

  it('refuses a run on a version that has not been uploaded, or does not exist (422)', async () => {
    const version = await createVersion(false);
    expect((await createRun(version.id)).status).toBe(422);
    expect((await createRun('cv-unknown')).status).toBe(422);
    expect((await api.post(`${ROOT}/test-runs`, { data: { type: 'test-runs', attributes: {} } })).status).toBe(422);
    expect((await api.post(`${ROOT}/test-runs`, { data: { type: 'runs' } })).status).toBe(422);
  });

  // On the emulator's own clock: each transition happens when the test moves time, however long
  // the requests take.
  async function onClock(testRuns: Partial<typeof FAST>) {
    const clock = new ManualClock();
    const own = await startEmulator({ personality: 'cli-tool', testRuns: { ...FAST, ...testRuns }, clock });
    own.seedRegistryModule({ name: 'network', provider: 'aws' });
    const on = client(own);
    const versionId = await uploadedVersion(on);
    const created = await on.post(`${ROOT}/test-runs`, {
      data: {
        type: 'test-runs',
        attributes: {},
        relationships: { 'configuration-version': { data: { id: versionId, type: 'configuration-versions' } } },
      },
    });
    const run = created.body.data as { id: string };
    const status = async () => (await on.get(`${ROOT}/test-runs/${run.id}`)).body.data.attributes.status as string;
    return { clock, emulator: own, api: on, run, status };
  }

  it('cancel: 409 unless running; 202 and canceled after the grace time', async () => {
    const {
      clock,
      emulator: own,
      api: on,
      run,
      status,
    } = await onClock({ queuedMs: 20, runningMs: 80, cancelGraceMs: 60 });
    try {
      const early = await on.post(`${ROOT}/test-runs/${run.id}/cancel`);
      expect(early.status).toBe(409);
      expect(early.body.errors[0].status).toBe('409');
      await clock.advance(20);
      expect(await status()).toBe('running');
      await clock.advance(10);
      const cancel = await on.post(`${ROOT}/test-runs/${run.id}/cancel`);
      expect(cancel.status).toBe(202);
      expect(cancel.text).toBe('');
      // The grace runs from the cancel; the run's own end (at 100 ms) no longer comes.
      await clock.advance(59);
      expect(await status()).toBe('running');
      await clock.advance(1);
      expect(await status()).toBe('canceled');
      expect((await on.get(`${ROOT}/test-runs/${run.id}`)).body.data.attributes['test-status']).toBeNull();
      expect(own.testRuns()[0]).toMatchObject({ cancelRequested: true, forceCanceled: false });
      expect((await on.post(`${ROOT}/test-runs/${run.id}/cancel`)).status).toBe(409);
    } finally {
      await own.close();
    }
  });

  it('force-cancel: 409 before a cancel; after one, canceled at once', async () => {
    const {
      clock,
      emulator: own,
      api: on,
      run,
      status,
    } = await onClock({ cancelGraceMs: Infinity, runningMs: 10_000 });
    try {
      await clock.advance(FAST.queuedMs);
      expect(await status()).toBe('running');
      expect((await on.post(`${ROOT}/test-runs/${run.id}/force-cancel`)).status).toBe(409);
      expect((await on.post(`${ROOT}/test-runs/${run.id}/cancel`)).status).toBe(202);
      await clock.advance(5000);
      expect(await status()).toBe('running');
      expect((await on.post(`${ROOT}/test-runs/${run.id}/force-cancel`)).status).toBe(202);
      expect(await status()).toBe('canceled');
      expect(own.testRuns()[0]!.forceCanceled).toBe(true);
      expect((await on.post(`${ROOT}/test-runs/${run.id}/force-cancel`)).status).toBe(409);
    } finally {
      await own.close();
    }
  });

  it('list filters by source, newest first; unknown runs and modules are 404', async () => {
    const version = await createVersion(true);
    await api.put(version.attributes['upload-url'], 'archive');
    const apiRun = (await createRun(version.id)).body.data;
    const all = await api.get(`${ROOT}/test-runs/`);
    expect(all.body.data.map((run: { attributes: { source: string } }) => run.attributes.source)).toEqual([
      'svc-api',
      'svc-configuration-version',
    ]);
    expect(all.body.meta.pagination['total-count']).toBe(2);
    const filtered = await api.get(`${ROOT}/test-runs?filter%5Bsource%5D=svc-api,svc`);
    expect(filtered.body.data.map((run: { id: string }) => run.id)).toEqual([apiRun.id]);
    expect((await api.get(`${ROOT}/test-runs/trun-unknown`)).status).toBe(404);
    expect((await api.get('/organizations/acme/tests/registry-modules/private/acme/nope/aws/test-runs')).status).toBe(
      404,
    );
  });

  it('module tests are refused to an organization token (404)', async () => {
    const reply = await client(emulator, emulator.organizationToken).post(`${ROOT}/test-runs/configuration-versions`);
    expect(reply.status).toBe(404);
  });
});

describe('test variables', () => {
  const variable = (attributes: Record<string, unknown>) => ({ data: { type: 'vars', attributes } });

  it('create: category must be env, value defaults to "", sensitive values are hidden', async () => {
    expect((await api.post(`${ROOT}/vars`, variable({ key: 'A', category: 'terraform' }))).status).toBe(422);
    const plain = await api.post(`${ROOT}/vars`, variable({ key: 'PLAIN', category: 'env' }));
    expect(plain.body.data.id).toMatch(/^var-/);
    expect(plain.body.data.attributes).toMatchObject({
      key: 'PLAIN',
      value: '',
      category: 'env',
      sensitive: false,
      hcl: false,
    });
    expect(plain.body.data.attributes).toHaveProperty('created-at');
    expect(plain.body.data.attributes).toHaveProperty('version-id');
    const secret = await api.post(
      `${ROOT}/vars`,
      variable({ key: 'TOKEN', value: 's3cret', category: 'env', sensitive: true }),
    );
    expect(secret.body.data.attributes.value).toBeNull();
    expect(secret.text).not.toContain('s3cret');
    const listed = await api.get(`${ROOT}/vars`);
    expect(listed.text).not.toContain('s3cret');
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.meta.pagination['total-count']).toBe(2);
    expect(emulator.testVariables({ name: 'network', provider: 'aws' }).find((v) => v.key === 'TOKEN')?.value).toBe(
      's3cret',
    );
    expect((await api.post(`${ROOT}/vars`, variable({ key: 'PLAIN', category: 'env' }))).status).toBe(422);
  });

  it('update changes what is sent (without created-at and version-id); delete answers 204', async () => {
    const id = (
      await api.post(`${ROOT}/vars`, variable({ key: 'TOKEN', value: 'a', category: 'env', sensitive: true }))
    ).body.data.id;
    const updated = await api.patch(`${ROOT}/vars/${id}`, variable({ value: 'b' }));
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes).toMatchObject({ key: 'TOKEN', value: null, sensitive: true });
    expect(updated.body.data.attributes).not.toHaveProperty('version-id');
    expect(emulator.testVariables({ name: 'network', provider: 'aws' })[0]!.value).toBe('b');
    expect((await api.patch(`${ROOT}/vars/${id}`, variable({ category: 'svc' }))).status).toBe(422);
    expect((await api.delete(`${ROOT}/vars/${id}`)).status).toBe(204);
    expect(emulator.testVariables({ name: 'network', provider: 'aws' })).toEqual([]);
    expect((await api.patch(`${ROOT}/vars/${id}`, variable({ value: 'c' }))).status).toBe(404);
  });
});

describe('personalities', () => {
  async function start(options: Parameters<typeof startEmulator>[0]) {
    const started = await startEmulator({ ...options, testRuns: { ...FAST, ...options?.testRuns } });
    started.seedRegistryModule({ name: 'network', provider: 'aws' });
    return { started, api: client(started), close: () => started.close() };
  }

  async function versionUploaded(on: ReturnType<typeof client>, autoQueueRuns: boolean): Promise<string> {
    const body = { data: { type: 'configuration-versions', attributes: { 'auto-queue-runs': autoQueueRuns } } };
    const version = (await on.post(`${ROOT}/test-runs/configuration-versions`, body)).body.data;
    expect((await on.put(version.attributes['upload-url'], 'archive')).status).toBe(200);
    return version.id;
  }

  it('come from SVC_EMULATOR_PERSONALITY, strict when it is unset; anything else is refused', () => {
    expect(personalityFromEnvironment({})).toBe('strict');
    expect(personalityFromEnvironment({ SVC_EMULATOR_PERSONALITY: 'cli-tool' })).toBe('cli-tool');
    expect(personalityFromEnvironment({ SVC_EMULATOR_PERSONALITY: 'strict' })).toBe('strict');
    expect(() => personalityFromEnvironment({ SVC_EMULATOR_PERSONALITY: 'lenient' })).toThrow(
      /SVC_EMULATOR_PERSONALITY must be one of strict, cli-tool, got "lenient"/,
    );
    expect(defaultSettings('strict').testRuns).toMatchObject({
      respectAutoQueueRuns: false,
      autoRunDelayMs: [0, 2000],
      listOrder: 'by-id',
    });
    expect(defaultSettings('cli-tool').testRuns).toMatchObject({
      respectAutoQueueRuns: true,
      autoRunDelayMs: [0, 0],
      listOrder: 'newest-first',
    });
  });

  it('strict: the upload creates a run although auto-queue-runs was false, after the drawn delay', async () => {
    const {
      started,
      api: on,
      close,
    } = await start({ personality: 'strict', testRuns: { autoRunDelayMs: [150, 150] } });
    try {
      expect(started.personality).toBe('strict');
      const versionId = await versionUploaded(on, false);
      expect(started.testRuns()).toEqual([]);
      await waitFor(async () => (started.testRuns().length > 0 ? true : undefined));
      expect(started.testRuns()).toEqual([
        expect.objectContaining({
          configurationVersionId: versionId,
          source: 'svc-configuration-version',
          verbose: false,
          filters: [],
        }),
      ]);
    } finally {
      await close();
    }
  });

  it('strict by default draws the delay from 0 to 2 s', async () => {
    const clock = new ManualClock();
    const { started, api: on, close } = await start({ personality: 'strict', clock });
    try {
      await versionUploaded(on, false);
      await clock.advance(2000);
      expect(started.testRuns()).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('cli-tool: auto-queue-runs false is honoured; true creates the run with the upload', async () => {
    const clock = new ManualClock();
    const { started, api: on, close } = await start({ personality: 'cli-tool', clock });
    try {
      await versionUploaded(on, false);
      await clock.advance(60_000);
      expect(started.testRuns()).toEqual([]);
      await versionUploaded(on, true);
      expect(started.testRuns()).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('an option overrides the personality one field at a time', async () => {
    const clock = new ManualClock();
    const {
      started,
      api: on,
      close,
    } = await start({ personality: 'strict', testRuns: { respectAutoQueueRuns: true }, clock });
    try {
      await versionUploaded(on, false);
      // Past the longest delay the personality draws.
      await clock.advance(60_000);
      expect(started.testRuns()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('lists test runs newest first (cli-tool) or in a stable order unrelated to creation (strict)', async () => {
    for (const personality of ['cli-tool', 'strict'] as const) {
      const { api: on, close } = await start({ personality, testRuns: { uploadCreatesRun: false } });
      try {
        const versionId = await versionUploaded(on, false);
        const created: string[] = [];
        for (let i = 0; i < 6; i++) created.push((await createRunOn(on, versionId)).id);
        const listed = async (): Promise<string[]> =>
          (await on.get(`${ROOT}/test-runs`)).body.data.map((run: { id: string }) => run.id);
        const first = await listed();
        expect(await listed()).toEqual(first);
        if (personality === 'cli-tool') expect(first).toEqual([...created].reverse());
        else expect(first).toEqual([...created].sort());
      } finally {
        await close();
      }
    }
  });

  it('walks statuses the spec does not name before running, when asked', async () => {
    // On a clock the test moves, one status at a time: each is read, however short it is held.
    const clock = new ManualClock();
    const { api: on, close } = await start({
      clock,
      testRuns: { uploadCreatesRun: false, unnamedStatuses: ['preparing'], queuedMs: 60, runningMs: 60 },
    });
    try {
      const run = await createRunOn(on, await versionUploaded(on, false));
      const seen: string[] = [];
      for (let step = 0; step < 4; step++) {
        seen.push((await on.get(`${ROOT}/test-runs/${run.id}`)).body.data.attributes.status as string);
        await clock.advance(60);
      }
      expect(seen).toEqual(['queued', 'preparing', 'running', 'finished']);
    } finally {
      await close();
    }
  });

  it('ends a run finished with a null test-status, or in a final status the spec does not name', async () => {
    const noResult = {
      status: 'finished',
      testStatus: null,
      passed: 0,
      failed: 0,
      errored: 0,
      skipped: 0,
      log: '',
    } as const;
    const unnamed = {
      status: 'terminated',
      testStatus: null,
      passed: 0,
      failed: 0,
      errored: 0,
      skipped: 0,
      log: '',
    } as const;
    const { api: on, close } = await start({
      testRuns: { uploadCreatesRun: false, nextOutcomes: [noResult, unnamed] },
    });
    try {
      const versionId = await versionUploaded(on, false);
      const [a, b] = [await createRunOn(on, versionId), await createRunOn(on, versionId)];
      const final = (id: string) =>
        waitFor(async () => {
          const run = (await on.get(`${ROOT}/test-runs/${id}`)).body.data;
          return run.attributes['status-timestamps']['finished-at'] ? run : undefined;
        });
      expect((await final(a.id)).attributes).toMatchObject({
        status: 'finished',
        'test-status': null,
        'tests-passed': 0,
      });
      const ended = await final(b.id);
      expect(ended.attributes.status).toBe('terminated');
      expect(ended.attributes['log-read-url']).toEqual(expect.any(String));
    } finally {
      await close();
    }
  });

  it('seeds a module history of old finished runs, listed with their creation time', async () => {
    emulator.seedTestRuns({ name: 'network', provider: 'aws' }, 3, new Date('2024-01-01T00:00:00Z'));
    const listed = (await api.get(`${ROOT}/test-runs`)).body.data;
    expect(
      listed.map((run: { attributes: { 'created-at': string; status: string } }) => [
        run.attributes['created-at'],
        run.attributes.status,
      ]),
    ).toEqual([
      ['2024-01-01T00:02:00.000Z', 'finished'],
      ['2024-01-01T00:01:00.000Z', 'finished'],
      ['2024-01-01T00:00:00.000Z', 'finished'],
    ]);
  });
});

async function createRunOn(on: ReturnType<typeof client>, versionId: string): Promise<{ id: string }> {
  const reply = await on.post(`${ROOT}/test-runs`, {
    data: {
      type: 'test-runs',
      attributes: {},
      relationships: { 'configuration-version': { data: { id: versionId, type: 'configuration-versions' } } },
    },
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}
