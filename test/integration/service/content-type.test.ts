// Every request the client can send, and the media type it declares. The spec says all requests
// use `application/vnd.api+json` but the uploads; the real service answers 415 to a POST, PATCH
// or DELETE that declares nothing, body or none (a cancel, a confirm, a delete), and the emulator
// does the same in both personalities. A call missing from the table fails the coverage check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONALITIES } from '../../emulator/api.ts';
import type { RecordedRequest } from '../../emulator/api.ts';
import { JSON_API } from '../../../src/service/request.ts';
import type { ServiceClient } from '../../../src/service/client.ts';
import type { ModuleRef } from '../../../src/service/module-tests.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { header, startHarness } from '../../service/harness.ts';
import { startedRun } from '../../service/started-run.ts';
import type { Harness } from '../../service/harness.ts';

const OCTET_STREAM = 'application/octet-stream';

interface Ids {
  module: ModuleRef;
  policyId: string;
  testRunId: string;
  uploadedVersionId: string;
  variableId: string;
  uploadUrl: string;
  noCodeModuleId: string;
  workspaceId: string;
  /** The workspace of `upgradeId`. */
  upgradedWorkspaceId: string;
  projectId: string;
  registryModuleId: string;
  upgradeId: string;
}

interface Call {
  /** The client call, as `area.method`. */
  call: string;
  /** The method and path (ids as `:id`) the call sends. */
  endpoint: string;
  /** The media type it must declare; undefined: none (a read sends no body). */
  type: string | undefined;
  send(client: ServiceClient, ids: Ids, organization: string): Promise<unknown>;
}

const CALLS: Call[] = [
  {
    call: 'policies.create',
    endpoint: 'POST /organizations/:id/policies',
    type: JSON_API,
    send: (c, _, org) => c.policies.create(org, { name: 'ct-created', enforcementLevel: 'advisory' }),
  },
  {
    call: 'policies.show',
    endpoint: 'GET /policies/:id',
    type: undefined,
    send: (c, ids) => c.policies.show(ids.policyId),
  },
  {
    call: 'policies.update',
    endpoint: 'PATCH /policies/:id',
    type: JSON_API,
    send: (c, ids) => c.policies.update(ids.policyId, { description: 'changed' }),
  },
  {
    call: 'policies.uploadCode',
    endpoint: 'PUT /policies/:id/upload',
    type: OCTET_STREAM,
    send: (c, ids) => c.policies.uploadCode(ids.policyId, 'main = rule { true }\n'),
  },
  {
    call: 'policies.list',
    endpoint: 'GET /organizations/:id/policies',
    type: undefined,
    send: (c, _, org) => c.policies.list(org),
  },
  {
    call: 'policies.delete',
    endpoint: 'DELETE /policies/:id',
    type: JSON_API,
    send: (c, ids) => c.policies.delete(ids.policyId),
  },
  {
    call: 'moduleTests.createConfigurationVersion',
    endpoint: 'POST {TESTROOT}/test-runs/configuration-versions',
    type: JSON_API,
    send: (c, ids) => c.moduleTests.createConfigurationVersion(ids.module),
  },
  {
    call: 'moduleTests.createTestRun',
    endpoint: 'POST {TESTROOT}/test-runs',
    type: JSON_API,
    send: (c, ids) => c.moduleTests.createTestRun(ids.module, { configurationVersionId: ids.uploadedVersionId }),
  },
  {
    call: 'moduleTests.uploadConfiguration',
    endpoint: 'PUT {upload-url}',
    type: OCTET_STREAM,
    send: (c, ids) => c.moduleTests.uploadConfiguration(ids.uploadUrl, new Uint8Array([1, 2, 3])),
  },
  {
    call: 'moduleTests.listTestRuns',
    endpoint: 'GET {TESTROOT}/test-runs',
    type: undefined,
    send: (c, ids) => c.moduleTests.listTestRuns(ids.module),
  },
  {
    call: 'moduleTests.getTestRun',
    endpoint: 'GET {TESTROOT}/test-runs/:id',
    type: undefined,
    send: (c, ids) => c.moduleTests.getTestRun(ids.module, ids.testRunId),
  },
  {
    call: 'moduleTests.cancelTestRun',
    endpoint: 'POST {TESTROOT}/test-runs/:id/cancel',
    type: JSON_API,
    send: (c, ids) => c.moduleTests.cancelTestRun(ids.module, ids.testRunId),
  },
  {
    call: 'moduleTests.forceCancelTestRun',
    endpoint: 'POST {TESTROOT}/test-runs/:id/force-cancel',
    type: JSON_API,
    send: (c, ids) => c.moduleTests.forceCancelTestRun(ids.module, ids.testRunId),
  },
  {
    call: 'moduleTests.createVariable',
    endpoint: 'POST {TESTROOT}/vars',
    type: JSON_API,
    send: (c, ids) => c.moduleTests.createVariable(ids.module, { key: 'CT_CREATED', value: 'x' }),
  },
  {
    call: 'moduleTests.listVariables',
    endpoint: 'GET {TESTROOT}/vars',
    type: undefined,
    send: (c, ids) => c.moduleTests.listVariables(ids.module),
  },
  {
    call: 'moduleTests.updateVariable',
    endpoint: 'PATCH {TESTROOT}/vars/:id',
    type: JSON_API,
    send: (c, ids) => c.moduleTests.updateVariable(ids.module, ids.variableId, { value: 'y' }),
  },
  {
    call: 'moduleTests.deleteVariable',
    endpoint: 'DELETE {TESTROOT}/vars/:id',
    type: JSON_API,
    send: (c, ids) => c.moduleTests.deleteVariable(ids.module, ids.variableId),
  },
  {
    call: 'noCode.createModule',
    endpoint: 'POST /organizations/:id/no-code-modules',
    type: JSON_API,
    send: (c, ids, org) => c.noCode.createModule(org, { registryModuleId: ids.registryModuleId, enabled: true }),
  },
  {
    call: 'noCode.updateModule',
    endpoint: 'PATCH /no-code-modules/:id',
    type: JSON_API,
    send: (c, ids) => c.noCode.updateModule(ids.noCodeModuleId, { enabled: true }),
  },
  {
    call: 'noCode.readModule',
    endpoint: 'GET /no-code-modules/:id',
    type: undefined,
    send: (c, ids) => c.noCode.readModule(ids.noCodeModuleId, { includeVariableOptions: true }),
  },
  {
    call: 'noCode.readWorkspace',
    endpoint: 'GET /workspaces/:id',
    type: undefined,
    send: (c, ids) => c.noCode.readWorkspace(ids.workspaceId),
  },
  {
    call: 'noCode.createWorkspace',
    endpoint: 'POST /no-code-modules/:id/workspaces',
    type: JSON_API,
    send: (c, ids) => c.noCode.createWorkspace(ids.noCodeModuleId, { name: 'ct-workspace', projectId: ids.projectId }),
  },
  {
    call: 'noCode.initiateUpgrade',
    endpoint: 'POST /no-code-modules/:id/workspaces/:id/upgrade',
    type: JSON_API,
    send: (c, ids) => c.noCode.initiateUpgrade(ids.noCodeModuleId, ids.workspaceId),
  },
  {
    call: 'noCode.readUpgrade',
    endpoint: 'GET /no-code-modules/:id/workspaces/:id/upgrade/:id',
    type: undefined,
    send: (c, ids) => c.noCode.readUpgrade(ids.noCodeModuleId, ids.upgradedWorkspaceId, ids.upgradeId),
  },
  {
    call: 'noCode.confirmUpgrade',
    endpoint: 'POST /no-code-modules/:id/workspaces/:id/upgrade/:id',
    type: JSON_API,
    send: (c, ids) => c.noCode.confirmUpgrade(ids.noCodeModuleId, ids.upgradedWorkspaceId, ids.upgradeId),
  },
];

/** The calls of a client area that send a request of their own (the rest are built on them:
 *  `createOnce`, `findByName`, `iterateTestRuns`, `createVariableOnce`, `readLog` and
 *  `downloadCode`, which go to addresses the service gives, read-only). */
const COMPOSED = new Set([
  'policies.createOnce',
  'policies.findByName',
  'policies.downloadCode',
  'moduleTests.iterateTestRuns',
  'moduleTests.createVariableOnce',
  'moduleTests.readLog',
]);

describe.each(PERSONALITIES)('the media type of every request (%s)', (personality) => {
  let harness: Harness;
  let ids: Ids;

  beforeAll(async () => {
    // Runs that stay running and plans that stop at once, so that a cancel, a force-cancel and
    // a confirm each meet the state in which the service accepts them.
    const clock = new ManualClock();
    harness = await startHarness({
      personality,
      clock,
      rateLimitPerSecond: Infinity,
      testRuns: { uploadCreatesRun: false, runningMs: 60_000, cancelGraceMs: Infinity },
      upgrades: { steps: [], final: 'planned', applySteps: [], applyFinal: null },
    });
    const { emulator, client } = harness;
    const organization = emulator.organization;
    const module = { organization, name: 'network', provider: 'aws' };
    emulator.seedRegistryModule({ name: 'network', provider: 'aws' });
    const registryModuleId = emulator.seedRegistryModule({ name: 'storage', provider: 'aws' });
    const policyId = emulator.seedPolicy({ name: 'ct-policy', enforcementLevel: 'advisory', code: 'x' }).id;
    const version = await client.moduleTests.createConfigurationVersion(module, { autoQueueRuns: false });
    await client.moduleTests.uploadConfiguration(version.attributes['upload-url']!, new Uint8Array([0]));
    const run = await client.moduleTests.createTestRun(module, { configurationVersionId: version.id });
    const variable = await client.moduleTests.createVariable(module, { key: 'CT', value: 'v' });
    const uploadVersion = await client.moduleTests.createConfigurationVersion(module, { autoQueueRuns: false });
    const noCodeModuleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws' });
    const workspaceId = emulator.seedWorkspace({ noCodeModuleId });
    const projectId = emulator.seedProject();
    const upgradedWorkspaceId = emulator.seedWorkspace({ noCodeModuleId });
    const upgrade = startedRun(await client.noCode.initiateUpgrade(noCodeModuleId, upgradedWorkspaceId));
    ids = {
      module,
      policyId,
      testRunId: run.id,
      uploadedVersionId: version.id,
      variableId: variable.id,
      uploadUrl: uploadVersion.attributes['upload-url']!,
      noCodeModuleId,
      workspaceId,
      upgradedWorkspaceId,
      projectId,
      registryModuleId,
      upgradeId: upgrade.upgrade.id,
    };
    // The run must be running for its cancel to be accepted, and the plan stopped for its
    // confirm: both move on the emulator's clock.
    await clock.advance(1_000);
    expect((await client.moduleTests.getTestRun(module, run.id)).attributes.status).toBe('running');
    emulator.clearRequests();
  });

  afterAll(() => harness.close());

  it.each(CALLS)('$call ($endpoint)', async ({ send, type }) => {
    const { emulator, client } = harness;
    emulator.clearRequests();
    await send(client, ids, emulator.organization);
    const sent = emulator.requests.filter((r) => r.port === 'api' || r.port === 'upload');
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(contentType(request), `${request.method} ${request.path}`).toBe(type);
      expect(request.status, `${request.method} ${request.path}`).toBeLessThan(300);
    }
  });

  it('the table covers every call of the client that sends a request of its own', () => {
    const own = new Set(CALLS.map((c) => c.call));
    const areas = {
      policies: harness.client.policies,
      moduleTests: harness.client.moduleTests,
      noCode: harness.client.noCode,
    };
    const missing = Object.entries(areas).flatMap(([area, api]) =>
      Object.keys(api)
        .map((name) => `${area}.${name}`)
        .filter((call) => !own.has(call) && !COMPOSED.has(call)),
    );
    expect(missing).toEqual([]);
  });

  it('the service refuses a bodiless POST and DELETE that declares no media type (415) and changes nothing', async () => {
    const { emulator } = harness;
    const policy = emulator.seedPolicy({ name: 'ct-kept', enforcementLevel: 'advisory' });
    for (const [method, path] of [
      ['DELETE', `/policies/${policy.id}`],
      ['POST', `/no-code-modules/${ids.noCodeModuleId}/workspaces/${ids.upgradedWorkspaceId}/upgrade/${ids.upgradeId}`],
    ] as const) {
      const answer = await fetch(`${emulator.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${emulator.token}`, accept: JSON_API },
      });
      expect(answer.status, `${method} ${path}`).toBe(415);
      await answer.body?.cancel();
    }
    expect(emulator.policies().some((p) => p.id === policy.id)).toBe(true);
  });
});

function contentType(request: RecordedRequest): string | undefined {
  return header(request.headers, 'content-type')?.split(';')[0]?.trim();
}
