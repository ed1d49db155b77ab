// Every no-code call against the emulator, including the answers the spec does not show.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AmbiguousWriteError, ApiError, UnexpectedResponseError } from '../../../src/service/errors.ts';
import { moduleVersionIn, workspaceNameOf } from '../../../src/service/no-code.ts';
import { APPLY_STEPS } from '../../emulator/api.ts';
import type { UpgradeBehaviour } from '../../emulator/api.ts';
import { caught, startHarness } from '../../service/harness.ts';
import { startedRun } from '../../service/started-run.ts';
import type { Harness } from '../../service/harness.ts';

const PLANNED_THEN_APPLIED: Partial<UpgradeBehaviour> = {
  steps: ['pending', 'planning'],
  final: 'planned',
  applySteps: [...APPLY_STEPS],
  applyFinal: 'applied',
};

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ upgrades: { stepMs: 20 } });
});
afterEach(async () => {
  await h.close();
});

async function waitUpgrade(moduleId: string, workspaceId: string, runId: string, until: string): Promise<void> {
  for (;;) {
    const { upgrade } = await h.client.noCode.readUpgrade(moduleId, workspaceId, runId);
    if (upgrade.attributes.status === until) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('no-code modules', () => {
  it('allows a module, reads it with its variable options and updates it', async () => {
    const registryModuleId = h.emulator.seedRegistryModule({ name: 'bucket', provider: 'aws' });
    const created = await h.client.noCode.createModule(h.emulator.organization, {
      registryModuleId,
      enabled: true,
      variableOptions: [{ variableName: 'region', variableType: 'string', options: ['eu-west-1', 'us-east-1'] }],
    });
    expect(created.id).toMatch(/^nocode-/);
    expect(created.attributes.enabled).toBe(true);
    expect(JSON.parse(h.emulator.writeRequests()[0]!.body.toString()).data.relationships['registry-module']).toEqual({
      data: { id: registryModuleId, type: 'registry-module' },
    });

    const read = await h.client.noCode.readModule(created.id, { includeVariableOptions: true });
    expect(read.noCodeModule.id).toBe(created.id);
    expect(read.variableOptions).toHaveLength(1);
    const options = read.variableOptions[0]!;
    expect(options.attributes).toEqual({
      'variable-name': 'region',
      'variable-type': 'string',
      options: ['eu-west-1', 'us-east-1'],
    });
    expect(h.emulator.requests.at(-1)?.rawQuery).toBe('include=variable_options');
    expect((await h.client.noCode.readModule(created.id)).variableOptions).toEqual([]);

    const updated = await h.client.noCode.updateModule(created.id, {
      enabled: false,
      variableOptions: [{ id: options.id, variableName: 'region', variableType: 'string', options: ['eu-west-1'] }],
    });
    expect(updated.attributes.enabled).toBe(false);
    expect(h.emulator.noCodeModules()[0]).toMatchObject({ enabled: false, registryModuleId });
    expect(h.emulator.noCodeModules()[0]?.variableOptions).toMatchObject([{ id: options.id, options: ['eu-west-1'] }]);
  });

  it('repeats an update whose options all name their set, and not one that would add a set', async () => {
    const id = h.emulator.seedNoCodeModule({ moduleName: 'net', provider: 'aws', enabled: true });
    h.emulator.inject({ method: 'PATCH', kind: { type: 'drop-after' } });
    await h.client.noCode.updateModule(id, { enabled: false });
    expect(h.emulator.writeRequests().filter((r) => r.method === 'PATCH')).toHaveLength(2);

    h.emulator.inject({ method: 'PATCH', kind: { type: 'drop-after' } });
    const error = await caught(
      h.client.noCode.updateModule(id, {
        variableOptions: [{ variableName: 'x', variableType: 'string', options: ['a'] }],
      }),
    );
    expect(error).toBeInstanceOf(AmbiguousWriteError);
    expect(h.emulator.noCodeModules()[0]?.variableOptions).toHaveLength(1);
  });

  it('refuses a bad module with 422 and an unknown id with 404', async () => {
    const invalid = (await caught(
      h.client.noCode.createModule(h.emulator.organization, { registryModuleId: 'mod-nope' }),
    )) as ApiError;
    expect(invalid.status).toBe(422);
    expect(invalid.message).toMatch(/\(422\); the service said: invalid attribute: registry module mod-nope not found/);
    const missing = (await caught(h.client.noCode.readModule('nocode-nope'))) as ApiError;
    expect(missing.status).toBe(404);
    expect(missing.message).toMatch(
      /^GET \/api\/v2\/no-code-modules\/nocode-nope: not found, or the token has no permission to see it \(404\)/,
    );
  });

  it('creates a workspace with auto_apply, the project and variables', async () => {
    const moduleId = h.emulator.seedNoCodeModule({ moduleName: 'net', provider: 'aws', enabled: true });
    const projectId = h.emulator.seedProject();
    const workspace = await h.client.noCode.createWorkspace(moduleId, {
      name: 'net-prod',
      description: 'prod',
      autoApply: true,
      projectId,
      vars: [
        { key: 'cidr', value: '"10.0.0.0/16"', category: 'svc', hcl: true },
        { key: 'AWS_REGION', value: 'eu-west-1', category: 'env', sensitive: true },
      ],
    });
    expect(workspace.id).toMatch(/^ws-/);
    expect(workspace.attributes.name).toBe('net-prod');
    expect(h.emulator.workspaces()[0]).toMatchObject({
      name: 'net-prod',
      projectId,
      autoApply: true,
      noCodeModuleId: moduleId,
    });
    expect(h.emulator.workspaces()[0]?.vars).toHaveLength(2);
  });

  it('initiates an upgrade, follows the plan, confirms it (text, JSON message or no content) and follows the apply', async () => {
    const moduleId = h.emulator.seedNoCodeModule({ moduleName: 'net', provider: 'aws', enabled: true });
    for (const confirmAnswer of ['text', 'message', 'no-content'] as const) {
      const workspaceId = h.emulator.seedWorkspace({ noCodeModuleId: moduleId });
      // A plan that stops at `planned`, and an apply the service reports.
      h.emulator.setUpgradeBehaviour(workspaceId, { confirmAnswer, ...PLANNED_THEN_APPLIED });
      const started = startedRun(
        await h.client.noCode.initiateUpgrade(moduleId, workspaceId, [
          { key: 'size', value: 'large', category: 'svc' },
        ]),
      );
      expect(started.upgrade.id).toMatch(/^run-/);
      expect(started.upgrade.type).toBe('workspace-upgrade');
      // Spec 2.8 shows only the workspace's id.
      expect(started.workspaceName).toBeNull();
      await waitUpgrade(moduleId, workspaceId, started.upgrade.id, 'planned');
      const confirmed = await h.client.noCode.confirmUpgrade(moduleId, workspaceId, started.upgrade.id);
      if (confirmAnswer === 'no-content') expect(confirmed.message).toBeNull();
      else expect(confirmed.message).toMatch(/upgrade confirmed/);
      expect(h.emulator.upgrades().find((u) => u.runId === started.upgrade.id)).toMatchObject({
        confirmed: true,
        workspaceId,
      });
      await waitUpgrade(moduleId, workspaceId, started.upgrade.id, 'applied');
    }
  });

  it('shows a confirm answered with JSON other than an object as its text', async () => {
    const moduleId = h.emulator.seedNoCodeModule({ moduleName: 'net', provider: 'aws', enabled: true });
    const workspaceId = h.emulator.seedWorkspace({ noCodeModuleId: moduleId });
    h.emulator.setUpgradeBehaviour(workspaceId, { confirmAnswer: 'message', ...PLANNED_THEN_APPLIED });
    const started = startedRun(await h.client.noCode.initiateUpgrade(moduleId, workspaceId));
    await waitUpgrade(moduleId, workspaceId, started.upgrade.id, 'planned');
    // Spec 4.3: "not shown beyond a plain message"; a JSON string or list is shown as it came.
    h.emulator.inject({
      method: 'POST',
      path: new RegExp(`/upgrade/${started.upgrade.id}$`),
      kind: { type: 'rewrite', body: (json) => [json.message] },
    });
    const confirmed = await h.client.noCode.confirmUpgrade(moduleId, workspaceId, started.upgrade.id);
    expect(confirmed.message).toMatch(/^\["[^"]*upgrade confirmed[^"]*"\]$/);
  });

  it('reads a workspace at its links.self; the version in its source-module-id and a version pin', async () => {
    const moduleId = h.emulator.seedNoCodeModule({
      moduleName: 'net',
      provider: 'aws',
      enabled: true,
      versionPin: '2.0.1',
    });
    const workspaceId = h.emulator.seedWorkspace({
      noCodeModuleId: moduleId,
      name: 'net-prod',
      moduleVersion: '1.4.0',
    });
    const workspace = await h.client.noCode.readWorkspace(workspaceId);
    expect(workspace).toMatchObject({ id: workspaceId, type: 'workspaces', attributes: { name: 'net-prod' } });
    expect(moduleVersionIn(workspace.attributes['source-module-id'])).toBe('1.4.0');
    expect(moduleVersionIn('2.0.1')).toBe('2.0.1');
    expect(moduleVersionIn('private/acme/net/aws/v1.0.0-rc.1')).toBe('v1.0.0-rc.1');
    for (const odd of ['private/acme/net/aws', 'private/acme/net/aws/latest', '1.0', '::warning::x', null, 3]) {
      expect(moduleVersionIn(odd)).toBeNull();
    }
    expect(workspaceNameOf('net-prod')).toBe('net-prod');
    expect(workspaceNameOf('@team ::error::x')).toBeNull();
  });

  it('reads the workspace name from `included` when an answer carries it', async () => {
    const moduleId = h.emulator.seedNoCodeModule({ moduleName: 'net', provider: 'aws', enabled: true });
    const workspaceId = h.emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'net-prod' });
    h.emulator.setUpgradeBehaviour(workspaceId, { includeWorkspace: true });
    const started = startedRun(await h.client.noCode.initiateUpgrade(moduleId, workspaceId));
    expect(started.workspaceName).toBe('net-prod');
    expect((await h.client.noCode.readUpgrade(moduleId, workspaceId, started.upgrade.id)).workspaceName).toBe(
      'net-prod',
    );
    // A name that is not of the documented shape (letters, numbers, -, _) is left out.
    h.emulator.inject({
      method: 'GET',
      path: /\/upgrade\/run-/,
      kind: {
        type: 'rewrite',
        body: (json) => ({ ...json, included: [{ ...json.included[0], attributes: { name: '::warning::x' } }] }),
      },
    });
    expect((await h.client.noCode.readUpgrade(moduleId, workspaceId, started.upgrade.id)).workspaceName).toBeNull();
  });

  it.each([
    ['202 without a body', 'no-content', /answered 202 without a `workspace-upgrade` document; it sent no body$/],
    [
      '200 with only a message',
      'message',
      /answered 200 without a `workspace-upgrade` document; it sent a JSON body \{"message":"Workspace .* nothing to upgrade\."\}$/,
    ],
  ] as const)('an initiate answered %s is an error saying what came back', async (_what, initiateAnswer, message) => {
    const moduleId = h.emulator.seedNoCodeModule({ moduleName: 'net', provider: 'aws', enabled: true });
    const workspaceId = h.emulator.seedWorkspace({ noCodeModuleId: moduleId });
    h.emulator.setUpgradeBehaviour(workspaceId, { initiateAnswer });
    const error = await caught(h.client.noCode.initiateUpgrade(moduleId, workspaceId));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toContain(`/workspaces/${workspaceId}/upgrade`);
  });

  it('refuses an organization token with a 404 that says why', async () => {
    const moduleId = h.emulator.seedNoCodeModule({ moduleName: 'net', provider: 'aws', enabled: true });
    const orgClient = h.newClient({ token: h.emulator.organizationToken });
    const error = (await caught(
      orgClient.noCode.createWorkspace(moduleId, { name: 'w', projectId: h.emulator.seedProject() }),
    )) as ApiError;
    expect(error.status).toBe(404);
    expect(error.message).toMatch(/organization tokens cannot be used/);
  });
});
