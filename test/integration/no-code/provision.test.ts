// Mode provision-no-code-workspace end to end: the action's run() against the emulator.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { bodiesOf, runAction } from '../../no-code/harness.ts';

let emulator: Emulator;
let moduleId: string;
let projectId: string;
beforeEach(async () => {
  emulator = await startEmulator();
  moduleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '2.0.0' });
  projectId = emulator.seedProject();
});
afterEach(() => emulator.close());

const CREATE = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces$/;

function provision(inputs: Record<string, string>) {
  return runAction(emulator, {
    mode: 'provision-no-code-workspace',
    'no-code-module-id': moduleId,
    'project-id': projectId,
    'workspace-name': 'bucket-prod',
    ...inputs,
  });
}

describe('creating a workspace', () => {
  it('sends auto_apply, the project (singular type) and the variables as 4.3 shows them, and reports the workspace', async () => {
    const run = await provision({
      'workspace-description': 'Production bucket',
      'auto-apply': 'true',
      'workspace-variables': 'bucket_name=acme-prod\nenv:AWS_REGION=eu-west-1',
    });
    expect(run.exitCode).toBe(0);
    expect(bodiesOf(emulator.requests, 'POST', CREATE)).toEqual([
      {
        data: {
          type: 'workspaces',
          attributes: { name: 'bucket-prod', description: 'Production bucket', auto_apply: true },
          relationships: {
            project: { data: { id: projectId, type: 'project' } },
            vars: {
              data: [
                {
                  type: 'vars',
                  attributes: { key: 'bucket_name', value: 'acme-prod', category: 'svc', hcl: false, sensitive: false },
                },
                {
                  type: 'vars',
                  attributes: { key: 'AWS_REGION', value: 'eu-west-1', category: 'env', hcl: false, sensitive: false },
                },
              ],
            },
          },
        },
      },
    ]);
    const [workspace] = emulator.workspaces();
    expect(workspace).toMatchObject({ name: 'bucket-prod', projectId, noCodeModuleId: moduleId, autoApply: true });
    expect(workspace!.vars).toHaveLength(2);
    expect(run.outputs['workspace-id']).toBe(workspace!.id);
    expect(run.outputs['workspace-url']).toBe(`${new URL(emulator.baseUrl).origin}/app/acme/workspaces/bucket-prod`);
    expect(run.outputs['no-code-module-id']).toBe(moduleId);
    expect(JSON.parse(run.outputs.result!)).toMatchObject({
      action: 'created',
      workspaceId: workspace!.id,
      name: 'bucket-prod',
      projectId,
      autoApply: true,
      sourceModuleId: expect.stringContaining('2.0.0'),
    });
    expect(run.summary).toContain(`<a href="${run.outputs['workspace-url']}">${workspace!.id}</a>`);
  });

  it('defaults: auto_apply false, no description; a sensitive value is sent but shown nowhere', async () => {
    const run = await provision({
      'workspace-variables': '[{"key": "api_key", "value": "k-9f8e7d6c5b4a", "sensitive": true}]',
    });
    expect(run.exitCode).toBe(0);
    expect(bodiesOf(emulator.requests, 'POST', CREATE)).toEqual([
      {
        data: {
          type: 'workspaces',
          attributes: { name: 'bucket-prod', auto_apply: false },
          relationships: {
            project: { data: { id: projectId, type: 'project' } },
            vars: {
              data: [
                {
                  type: 'vars',
                  attributes: { key: 'api_key', value: 'k-9f8e7d6c5b4a', category: 'svc', hcl: false, sensitive: true },
                },
              ],
            },
          },
        },
      },
    ]);
    expect(emulator.workspaces()[0]!.autoApply).toBe(false);
    expect(run.everything).not.toContain('k-9f8e7d6c5b4a');
    expect(run.summary).toContain('api_key');
  });

  it('a name already taken: the refusal says why it may have happened', async () => {
    expect((await provision({})).exitCode).toBe(0);
    const run = await provision({});
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain('already exists');
    expect(run.log).toContain('A workspace named bucket-prod may already exist in the organization');
    expect(emulator.workspaces()).toHaveLength(1);
  });

  it('a dropped answer is not repeated: the message says the workspace may have been created', async () => {
    emulator.inject({ method: 'POST', path: CREATE, kind: { type: 'drop-after' } });
    const run = await provision({});
    expect(run.exitCode).toBe(1);
    expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(run.log).toContain('The workspace may have been created: look for a workspace named bucket-prod');
    expect(run.outputs['workspace-id']).toBe('');
  });

  it('a 2xx without the workspace document is a failure saying what came back and that the workspace may exist', async () => {
    emulator.inject({ method: 'POST', path: CREATE, kind: { type: 'no-body', status: 201 } });
    const run = await provision({});
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      `The service answered the request to create workspace "bucket-prod" from no-code module ${moduleId} with 201 but without a \`workspaces\` document (it sent no body), so what it did is not known. The workspace may have been created`,
    );
    expect(run.outputs['workspace-id']).toBe('');
    expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('an organization token is refused, with a message that names the token', async () => {
    const run = await provision({ token: emulator.organizationToken });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      `The service refused to create workspace "bucket-prod" from no-code module ${moduleId} (404 not found or not authorized`,
    );
    expect(run.log).toContain(
      'No-code create, update and workspace creation need a user or team token; organization tokens cannot be used for them',
    );
    expect(emulator.workspaces()).toEqual([]);
  });

  it('a module with no-code provisioning disabled: no create is sent', async () => {
    const disabled = emulator.seedNoCodeModule({ moduleName: 'queue', provider: 'aws', enabled: false });
    const run = await provision({ 'no-code-module-id': disabled });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(`No-code provisioning is not enabled for no-code module ${disabled}`);
    expect(emulator.writeRequests()).toEqual([]);
  });

  it('dry run: reads the module, creates nothing', async () => {
    const run = await provision({ 'dry-run': 'true', 'auto-apply': 'true' });
    expect(run.exitCode).toBe(0);
    expect(emulator.writeRequests()).toEqual([]);
    expect(emulator.requests.map((r) => r.method)).toEqual(['GET']);
    expect(JSON.parse(run.outputs.result!)).toMatchObject({
      action: 'would-create',
      workspaceId: null,
      autoApply: true,
    });
    expect(run.summary).toContain('Would create workspace bucket-prod');
  });
});

describe('inputs', () => {
  it.each([
    ['a name with a space', { 'workspace-name': 'bucket prod' }, 'workspace-name'],
    ['a name with a slash', { 'workspace-name': 'a/b' }, 'workspace-name'],
    ['no name', { 'workspace-name': '' }, 'workspace-name'],
    ['a bad project id', { 'project-id': 'project-1' }, 'project-id'],
    ['a bad auto-apply', { 'auto-apply': 'on' }, 'auto-apply'],
    ['a variable line without =', { 'workspace-variables': 'region' }, 'workspace-variables'],
  ])('%s fails before any request', async (_what, inputs, input) => {
    const run = await provision(inputs);
    expect(run.exitCode).toBe(2);
    expect(run.log).toContain(`"${input}"`);
    expect(emulator.requests).toEqual([]);
  });
});
