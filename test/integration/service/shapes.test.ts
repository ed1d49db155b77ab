// Ids, statuses, results and counters from the service are held to their documented shapes
// before anything uses or prints them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnexpectedResponseError } from '../../../src/service/errors.ts';
import type { ModuleRef } from '../../../src/service/module-tests.ts';
import { describeStatus, isIdWithPrefix, isStatusName, shapeProblem } from '../../../src/service/shapes.ts';
import { caught, startHarness } from '../../service/harness.ts';
import type { Harness } from '../../service/harness.ts';

describe('shapeProblem', () => {
  it('accepts the shapes the spec documents, statuses it does not name included', () => {
    expect(
      shapeProblem('test-runs', {
        id: 'trun-KFg8DWiRz8Wm4ZNT',
        attributes: { status: 'queued', 'test-status': null, 'tests-passed': 0 },
      }),
    ).toBeUndefined();
    expect(
      shapeProblem('workspace-upgrade', { id: 'run-CZcmD7eagjhyX0vN', attributes: { status: 'post_plan_running' } }),
    ).toBeUndefined();
    expect(shapeProblem('policies', { id: 'pol-3yVQZvHzf5j3WRJ1', attributes: { name: 'anything' } })).toBeUndefined();
    expect(shapeProblem('organizations', { id: 'acme' })).toBeUndefined();
    expect(isStatusName('planned_and_saved')).toBe(true);
  });

  it.each([
    ['test-runs', { id: 'pol-abc', attributes: { status: 'queued' } }, 'an id that is not a `trun-` id ("pol-abc")'],
    [
      'test-runs',
      { id: 'trun-abc\n::set-output name=a::b', attributes: { status: 'queued' } },
      'an id that is not a `trun-` id ("trun-abc\\n::set-output name=a::b")',
    ],
    ['policies', { id: 'pol-a/../../x' }, 'an id that is not a `pol-` id ("pol-a/../../x")'],
    [
      'test-runs',
      { id: 'trun-a', attributes: { status: 'old ##[set-output name=deleted;]x' } },
      'a status that is not a status name ("old ##[set-output name=deleted;]x")',
    ],
    ['test-runs', { id: 'trun-a', attributes: {} }, 'a status that is not a status name (none)'],
    [
      'workspace-upgrade',
      { id: 'run-a', attributes: { status: 'Planned' } },
      'a status that is not a status name ("Planned")',
    ],
    [
      'test-runs',
      { id: 'trun-a', attributes: { status: 'finished', 'test-status': 'pass; rm -rf' } },
      'a test-status that is none of pending, skip, pass, fail, error or null ("pass; rm -rf")',
    ],
    [
      'test-runs',
      { id: 'trun-a', attributes: { status: 'finished', 'tests-failed': '3' } },
      'a tests-failed that is not a count ("3")',
    ],
    [
      'test-runs',
      { id: 'trun-a', attributes: { status: 'finished', 'tests-passed': -1 } },
      'a tests-passed that is not a count (-1)',
    ],
  ])('refuses a %s holding %j', (type, resource, problem) => {
    expect(shapeProblem(type, resource)).toBe(problem);
  });

  it('holds ids to a prefix, letters and digits, and a sane length', () => {
    expect(isIdWithPrefix('ws-abc123', 'ws')).toBe(true);
    expect(isIdWithPrefix('ws-', 'ws')).toBe(false);
    expect(isIdWithPrefix(`ws-${'a'.repeat(65)}`, 'ws')).toBe(false);
    expect(isIdWithPrefix('ws-a\u200bb', 'ws')).toBe(false);
    expect(isIdWithPrefix(42, 'ws')).toBe(false);
  });
});

describe('answers of the wrong shape', () => {
  let h: Harness;
  let module: ModuleRef;
  beforeEach(async () => {
    h = await startHarness({ testRuns: { queuedMs: 20, runningMs: 2000 } });
    h.emulator.seedRegistryModule({ name: 'vpc', provider: 'aws' });
    module = { organization: h.emulator.organization, name: 'vpc', provider: 'aws' };
  });
  afterEach(() => h.close());

  it('a test run whose status is not a status name is a failure naming what came back', async () => {
    const version = await h.client.moduleTests.createConfigurationVersion(module);
    await h.client.moduleTests.uploadConfiguration(version.attributes['upload-url']!, Buffer.from('archive'));
    const run = await h.client.moduleTests.createTestRun(module, { configurationVersionId: version.id });
    h.emulator.inject({
      method: 'GET',
      path: `/test-runs/${run.id}`,
      kind: {
        type: 'rewrite',
        body: (doc) => ((doc.data.attributes.status = 'running\r::save-state name=testRunId::trun-other'), doc),
      },
    });
    const error = await caught(h.client.moduleTests.getTestRun(module, run.id));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toMatch(
      /^GET \/api\/v2\/organizations\/acme\/tests\/registry-modules\/private\/acme\/vpc\/aws\/test-runs\/trun-\w+: the service answered 200 with a `test-runs` document holding a status that is not a status name \("running\\r::save-state name=testRunId::trun-other"\)$/,
    );
  });

  it('a list item with an id of the wrong shape fails the list', async () => {
    h.emulator.seedPolicy({ name: 'a' });
    h.emulator.inject({
      method: 'GET',
      path: /\/policies$/,
      kind: { type: 'rewrite', body: (doc) => ((doc.data[0].id = 'pol-1 ##[add-path]/tmp'), doc) },
    });
    const error = await caught(h.client.policies.list(h.emulator.organization));
    expect((error as Error).message).toContain(
      'with a list of `policies` holding an id that is not a `pol-` id ("pol-1 ##[add-path]/tmp")',
    );
  });
});

describe('describeStatus', () => {
  const named = new Set(['queued', 'running']);

  it('shows a named status as it is', () => {
    expect(describeStatus('running', named)).toBe('running');
  });

  it('quotes one it does not name, escaped and cut, and says so', () => {
    expect(describeStatus('preparing', named)).toBe(
      `"preparing" (a status the service's API documentation does not name)`,
    );
    const odd = describeStatus(`x\n::error::${'y'.repeat(100)}`, named);
    expect(odd).toMatch(/^"x\\n::error::y+…" \(a status the service's API documentation does not name\)$/);
    expect(odd.indexOf(' (a status')).toBe(66);
  });
});
