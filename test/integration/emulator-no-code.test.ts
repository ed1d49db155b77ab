import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator/index.ts';
import { client, waitFor } from '../emulator/test-client.ts';

let emulator: Emulator;
let api: ReturnType<typeof client>;
beforeEach(async () => {
  emulator = await startEmulator({ upgrades: { stepMs: 15 } });
  api = client(emulator);
});
afterEach(() => emulator.close());

function allowBody(
  registryModuleId: string,
  extra: { attributes?: Record<string, unknown>; options?: unknown[]; type?: string } = {},
) {
  return {
    data: {
      type: 'no-code-modules',
      attributes: extra.attributes ?? {},
      relationships: {
        'registry-module': { data: { id: registryModuleId, type: extra.type ?? 'registry-module' } },
        ...(extra.options ? { 'variable-options': { data: extra.options } } : {}),
      },
    },
  };
}

const options = (name: string, values: unknown[], id?: string) => ({
  ...(id ? { id } : {}),
  type: 'variable-options',
  attributes: { 'variable-name': name, 'variable-type': 'string', options: values },
});

function workspaceBody(
  name: string,
  projectId: string,
  extra: { projectType?: string; vars?: unknown[]; autoApply?: boolean } = {},
) {
  return {
    data: {
      type: 'workspaces',
      attributes: { name, ...(extra.autoApply === undefined ? {} : { auto_apply: extra.autoApply }) },
      relationships: {
        project: { data: { id: projectId, type: extra.projectType ?? 'project' } },
        ...(extra.vars ? { vars: { data: extra.vars } } : {}),
      },
    },
  };
}

describe('no-code modules', () => {
  it('allow: 200 with the document of 2.5, options created; registry-module type is checked', async () => {
    const moduleId = emulator.seedRegistryModule({ name: 'bucket', provider: 'aws', versions: ['1.0.0', '1.2.0'] });
    expect(
      (await api.post('/organizations/acme/no-code-modules', allowBody(moduleId, { type: 'registry-modules' }))).status,
    ).toBe(422);
    const reply = await api.post(
      '/organizations/acme/no-code-modules',
      allowBody(moduleId, { attributes: { enabled: true }, options: [options('region', ['eu', 'us'])] }),
    );
    expect(reply.status).toBe(200);
    const { data } = reply.body;
    expect(data.id).toMatch(/^nocode-/);
    expect(data.type).toBe('no-code-modules');
    expect(data.attributes).toEqual({ enabled: true, 'version-pin': '1.2.0' });
    expect(data.relationships['registry-module'].data).toEqual({ id: moduleId, type: 'registry-modules' });
    expect(data.relationships.organization.data).toEqual({ id: 'acme', type: 'organizations' });
    expect(data.relationships['variable-options'].data).toEqual([
      { id: expect.stringMatching(/^ncvaropt-/), type: 'variable-options' },
    ]);
    expect(data.links.self).toBe(`/api/v2/no-code-modules/${data.id}`);
    expect((await api.post('/organizations/acme/no-code-modules', allowBody(moduleId))).status).toBe(422);
  });

  it('organization tokens are refused on create, update and workspace creation (404), not on read', async () => {
    const moduleId = emulator.seedRegistryModule({ name: 'bucket', provider: 'aws' });
    const orgApi = client(emulator, emulator.organizationToken);
    const refused = await orgApi.post('/organizations/acme/no-code-modules', allowBody(moduleId));
    expect(refused.status).toBe(404);
    expect(refused.body.errors[0].detail).toContain('organization tokens');
    const noCodeId = emulator.seedNoCodeModule({ moduleName: 'queue', provider: 'aws' });
    expect(
      (
        await orgApi.patch(`/no-code-modules/${noCodeId}`, {
          data: { type: 'no-code-modules', attributes: { enabled: false } },
        })
      ).status,
    ).toBe(404);
    expect(
      (await orgApi.post(`/no-code-modules/${noCodeId}/workspaces`, workspaceBody('w', emulator.seedProject()))).status,
    ).toBe(404);
    expect((await orgApi.get(`/no-code-modules/${noCodeId}`)).status).toBe(200);
    expect(emulator.noCodeModules()).toHaveLength(1);
    expect(emulator.noCodeModules()[0]!.enabled).toBe(true);
    expect(emulator.workspaces()).toEqual([]);
  });

  it('update: options with an id replace that set, without one add a set; the rest keeps its value', async () => {
    const moduleId = emulator.seedRegistryModule({ name: 'bucket', provider: 'aws', versions: ['1.0.0', '2.0.0'] });
    const created = (
      await api.post(
        '/organizations/acme/no-code-modules',
        allowBody(moduleId, { options: [options('region', ['eu'])] }),
      )
    ).body.data;
    const regionId = created.relationships['variable-options'].data[0].id;
    const body = {
      data: {
        type: 'no-code-modules',
        attributes: { 'version-pin': '1.0.0' },
        relationships: {
          'variable-options': { data: [options('region', ['eu', 'us'], regionId), options('size', ['s', 'm'])] },
        },
      },
    };
    const updated = await api.patch(`/no-code-modules/${created.id}`, body);
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes).toEqual({ enabled: false, 'version-pin': '1.0.0' });
    const [region, size] = emulator.noCodeModules()[0]!.variableOptions;
    expect(region).toEqual({ id: regionId, variableName: 'region', variableType: 'string', options: ['eu', 'us'] });
    expect(size).toMatchObject({ variableName: 'size', options: ['s', 'm'] });
    expect(
      (
        await api.patch(`/no-code-modules/${created.id}`, {
          data: { type: 'no-code-modules', attributes: { 'version-pin': '9.9.9' } },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api.patch(`/no-code-modules/${created.id}`, {
          data: { type: 'no-code-modules', attributes: { enabled: 'yes' } },
        })
      ).status,
    ).toBe(422);
    expect(
      (await api.patch('/no-code-modules/nocode-unknown', { data: { type: 'no-code-modules', attributes: {} } }))
        .status,
    ).toBe(404);
  });

  it('read: include=variable_options adds the options; any other include is 400', async () => {
    const moduleId = emulator.seedRegistryModule({ name: 'bucket', provider: 'aws' });
    const id = (
      await api.post(
        '/organizations/acme/no-code-modules',
        allowBody(moduleId, { options: [options('region', ['eu'])] }),
      )
    ).body.data.id;
    const plain = await api.get(`/no-code-modules/${id}`);
    expect(plain.body).not.toHaveProperty('included');
    const included = await api.get(`/no-code-modules/${id}?include=variable_options`);
    expect(included.body.included).toEqual([
      {
        id: expect.stringMatching(/^ncvaropt-/),
        type: 'variable-options',
        attributes: { 'variable-name': 'region', 'variable-type': 'string', options: ['eu'] },
        relationships: { 'no-code-allowed-module': { data: { id, type: 'no-code-allowed-modules' } } },
      },
    ]);
    const bad = await api.get(`/no-code-modules/${id}?include=variable-options`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ status: '400' });
  });
});

describe('workspaces from a no-code module', () => {
  it('create answers the full workspace document; auto_apply and vars are taken', async () => {
    const noCodeId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws' });
    const projectId = emulator.seedProject();
    const vars = [
      { type: 'vars', attributes: { key: 'region', value: 'eu', category: 'svc' } },
      { type: 'vars', attributes: { key: 'TOKEN', value: 'x', category: 'env', sensitive: true } },
    ];
    const reply = await api.post(
      `/no-code-modules/${noCodeId}/workspaces`,
      workspaceBody('bucket-prod', projectId, { vars, autoApply: true }),
    );
    expect(reply.status).toBe(200);
    const { data } = reply.body;
    expect(data.id).toMatch(/^ws-/);
    expect(data.attributes).toMatchObject({
      name: 'bucket-prod',
      'auto-apply': true,
      source: 'svc-module',
      'source-module-id': 'private/acme/bucket/aws/1.0.0',
      'no-code-upgrade-available': false,
      'setting-overwrites': { 'execution-mode': false, 'agent-pool': false },
      actions: { 'is-destroyable': true },
    });
    expect(data.attributes['terraform-version']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Object.keys(data.attributes.permissions)).toHaveLength(20);
    expect(data.relationships.project.data).toEqual({ id: projectId, type: 'projects' });
    expect(data.relationships['no-code-module-version'].data.type).toBe('no-code-module-versions');
    expect(data.links).toEqual({
      self: `/api/v2/workspaces/${data.id}`,
      'self-html': '/app/acme/workspaces/bucket-prod',
    });
    expect(emulator.workspaces()[0]).toMatchObject({
      name: 'bucket-prod',
      projectId,
      autoApply: true,
      noCodeModuleId: noCodeId,
    });
    expect(emulator.workspaces()[0]!.vars).toHaveLength(2);
  });

  it('refuses a wrong project type, a duplicate or bad name, bad vars, a disabled module (422)', async () => {
    const noCodeId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws' });
    const projectId = emulator.seedProject();
    const post = (body: unknown) => api.post(`/no-code-modules/${noCodeId}/workspaces`, body);
    expect((await post(workspaceBody('w1', projectId, { projectType: 'projects' }))).status).toBe(422);
    expect((await post(workspaceBody('bad name', projectId))).status).toBe(422);
    expect(
      (
        await post(
          workspaceBody('w1', projectId, { vars: [{ type: 'vars', attributes: { key: 'k', category: 'terraform' } }] }),
        )
      ).status,
    ).toBe(422);
    expect((await post(workspaceBody('w1', 'prj-unknown'))).status).toBe(422);
    expect((await post(workspaceBody('w1', projectId))).status).toBe(200);
    expect((await post(workspaceBody('w1', projectId))).status).toBe(422);
    const disabled = emulator.seedNoCodeModule({ moduleName: 'off', provider: 'aws', enabled: false });
    expect((await api.post(`/no-code-modules/${disabled}/workspaces`, workspaceBody('w2', projectId))).status).toBe(
      422,
    );
    expect((await api.post('/no-code-modules/nocode-unknown/workspaces', workspaceBody('w3', projectId))).status).toBe(
      404,
    );
  });
});

describe('workspace upgrades', () => {
  function setUp() {
    const noCodeId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws' });
    const workspaceId = emulator.seedWorkspace({ noCodeModuleId: noCodeId, name: 'bucket-dev' });
    const base = `/no-code-modules/${noCodeId}/workspaces/${workspaceId}/upgrade`;
    const initiate = (vars: unknown[] = []) =>
      api.post(base, { data: { type: 'workspaces', relationships: { vars: { data: vars } } } });
    return { noCodeId, workspaceId, base, initiate };
  }

  it('initiate answers 202 with the document; the plan walks on to its policy checks; confirm walks the apply to applied', async () => {
    const { workspaceId, base, initiate } = setUp();
    // Long enough a step that each status is read at least once; an apply the service reports.
    emulator.setUpgradeBehaviour(workspaceId, {
      stepMs: 150,
      // Long enough for the confirm below to arrive while the plan still reads cost_estimated.
      holdMs: { cost_estimated: 600 },
      applySteps: ['confirmed', 'apply_queued', 'applying'],
      applyFinal: 'applied',
    });
    const started = await initiate([{ type: 'vars', attributes: { key: 'size', value: 'm', category: 'svc' } }]);
    expect(started.status).toBe(202);
    const { data } = started.body;
    expect(data).toMatchObject({
      type: 'workspace-upgrade',
      attributes: { status: 'pending' },
      relationships: { workspace: { data: { id: workspaceId, type: 'workspaces' } } },
    });
    expect(started.body).not.toHaveProperty('included');
    expect(data.id).toMatch(/^run-/);
    expect(data.attributes['plan-url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

    const early = await api.post(`${base}/${data.id}`);
    expect(early.status).toBe(409);
    expect(early.body.errors[0].status).toBe('409');

    const statuses = async (until: string): Promise<string[]> => {
      const seen: string[] = [];
      await waitFor(async () => {
        const status = (await api.get(`${base}/${data.id}`)).body.data.attributes.status as string;
        if (seen.at(-1) !== status) seen.push(status);
        return status === until ? status : undefined;
      });
      return seen;
    };
    // A confirm while the plan goes on is refused, whatever the status on the way.
    await statuses('cost_estimated');
    const passing = await api.post(`${base}/${data.id}`);
    expect(passing.status).toBe(409);
    expect(passing.body.errors[0].detail).toMatch(/is cost_estimated and its plan is still going on/);
    // What a read sees of the walk on (it may miss a short step), in its order.
    const order = ['cost_estimated', 'policy_checking', 'policy_checked'];
    const seen = await statuses('policy_checked');
    expect(seen.map((status) => order.indexOf(status))).toEqual(
      [...seen.map((status) => order.indexOf(status))].sort((a, b) => a - b),
    );
    expect(seen.every((status) => order.includes(status))).toBe(true);
    // Spec 2.8 shows no `actions`: the strict service sends none.
    expect((await api.get(`${base}/${data.id}`)).body.data.attributes).not.toHaveProperty('actions');
    expect((await fetch(data.attributes['plan-url'])).status).toBe(200);

    // Spec 4.3: "a plain message"; its status is not shown.
    const confirmed = await api.post(`${base}/${data.id}`);
    expect(confirmed.status).toBe(202);
    expect(confirmed.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(confirmed.text).toMatch(/update has completed/);
    expect((await api.post(`${base}/${data.id}`)).status).toBe(409);
    // The workspace takes the upgrade only once the apply ends `applied`.
    expect(emulator.workspaces()[0]!.vars).toEqual([]);
    const applyOrder = ['policy_checked', 'confirmed', 'apply_queued', 'applying', 'applied'];
    const applySeen = await statuses('applied');
    expect(applySeen.map((status) => applyOrder.indexOf(status))).toEqual(
      [...applySeen.map((status) => applyOrder.indexOf(status))].sort((a, b) => a - b),
    );
    expect(applySeen.every((status) => applyOrder.includes(status))).toBe(true);
    expect(emulator.upgrades()[0]).toMatchObject({ runId: data.id, confirmed: true, status: 'applied' });
    expect(emulator.workspaces()[0]!.vars).toEqual([expect.objectContaining({ key: 'size', value: 'm' })]);
  });

  it('with confirmableFlag, the run says is-confirmable: false while the plan goes on, true once it stopped, false once confirmed', async () => {
    const { workspaceId, base, initiate } = setUp();
    emulator.setUpgradeBehaviour(workspaceId, {
      steps: ['planning'],
      stepMs: 60,
      final: 'planned',
      confirmableFlag: true,
    });
    const started = (await initiate()).body.data;
    expect(started.attributes.actions).toEqual({ 'is-confirmable': false });
    const stopped = await waitFor(async () => {
      const attributes = (await api.get(`${base}/${started.id}`)).body.data.attributes;
      return attributes.status === 'planned' ? attributes : undefined;
    });
    expect(stopped.actions).toEqual({ 'is-confirmable': true });
    expect((await api.post(`${base}/${started.id}`)).status).toBe(202);
    expect((await api.get(`${base}/${started.id}`)).body.data.attributes.actions).toEqual({ 'is-confirmable': false });
  });

  it('a plan that stops waiting for a person (policy_override) cannot be confirmed', async () => {
    const { workspaceId, base, initiate } = setUp();
    emulator.setUpgradeBehaviour(workspaceId, { steps: [], final: 'policy_override' });
    const waiting = (await initiate()).body.data;
    expect(waiting.attributes.status).toBe('policy_override');
    expect((await api.post(`${base}/${waiting.id}`)).status).toBe(409);
  });

  it('the workspace document is read at its links.self', async () => {
    const { workspaceId } = setUp();
    const read = await api.get(`/workspaces/${workspaceId}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: workspaceId,
      type: 'workspaces',
      attributes: { name: 'bucket-dev', 'source-module-id': expect.stringMatching(/^private\/acme\/bucket\/aws\//) },
      links: { self: `/api/v2/workspaces/${workspaceId}` },
    });
    expect((await api.get('/workspaces/ws-unknown1')).status).toBe(404);
  });

  it('confirm answers 204 or a JSON message when so configured; an errored plan cannot be confirmed', async () => {
    const { workspaceId, base, initiate } = setUp();
    emulator.setUpgradeBehaviour(workspaceId, { steps: [], final: 'cost_estimated', confirmAnswer: 'no-content' });
    const ready = (await initiate()).body.data;
    expect(ready.attributes.status).toBe('cost_estimated');
    expect((await api.post(`${base}/${ready.id}`)).status).toBe(204);
    emulator.setUpgradeBehaviour(workspaceId, { confirmAnswer: 'message' });
    const again = (await initiate()).body.data;
    const message = await api.post(`${base}/${again.id}`);
    expect(message.status).toBe(200);
    expect(message.body).toEqual({ message: expect.any(String) });
    emulator.setUpgradeBehaviour(workspaceId, { final: 'errored' });
    const failed = (await initiate()).body.data;
    expect((await api.post(`${base}/${failed.id}`)).status).toBe(409);
  });

  it('an apply that ends errored leaves the workspace as it was; one that is never reported past the confirm keeps its status', async () => {
    const { workspaceId, base, initiate } = setUp();
    emulator.setUpgradeBehaviour(workspaceId, { steps: [], applySteps: ['applying'], applyFinal: 'errored' });
    const failing = (await initiate([{ type: 'vars', attributes: { key: 'size', value: 'm', category: 'svc' } }])).body
      .data;
    expect((await api.post(`${base}/${failing.id}`)).status).toBe(202);
    await waitFor(async () =>
      (await api.get(`${base}/${failing.id}`)).body.data.attributes.status === 'errored' ? true : undefined,
    );
    expect(emulator.workspaces()[0]!.vars).toEqual([]);

    emulator.setUpgradeBehaviour(workspaceId, { applySteps: [], applyFinal: null });
    const silent = (await initiate()).body.data;
    expect((await api.post(`${base}/${silent.id}`)).status).toBe(202);
    await new Promise((r) => setTimeout(r, 100));
    expect((await api.get(`${base}/${silent.id}`)).body.data.attributes.status).toBe('policy_checked');
    // Confirmed once: a second confirm is refused although the status reads as before.
    expect((await api.post(`${base}/${silent.id}`)).status).toBe(409);
  });

  it.each([
    ['message', 200, { message: expect.stringMatching(/nothing to upgrade/) }],
    ['no-content', 202, undefined],
  ] as const)('initiate answered without a document (%s) starts no run', async (initiateAnswer, status, body) => {
    const { workspaceId, initiate } = setUp();
    emulator.setUpgradeBehaviour(workspaceId, { initiateAnswer });
    const reply = await initiate();
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual(body);
    expect(emulator.upgrades()).toEqual([]);
  });

  it('with includeWorkspace, upgrade answers carry the workspace and its name in `included`', async () => {
    const { workspaceId, base, initiate } = setUp();
    emulator.configure({ upgrades: { includeWorkspace: true } });
    const started = await initiate();
    const included = [{ id: workspaceId, type: 'workspaces', attributes: { name: 'bucket-dev' } }];
    expect(started.body.included).toEqual(included);
    expect((await api.get(`${base}/${started.body.data.id}`)).body.included).toEqual(included);
  });

  it('unknown workspace, run or no-code module is 404; an organization token cannot upgrade', async () => {
    const { noCodeId, base, initiate } = setUp();
    const body = { data: { type: 'workspaces' } };
    expect((await api.post(`/no-code-modules/${noCodeId}/workspaces/ws-unknown/upgrade`, body)).status).toBe(404);
    expect((await api.post('/no-code-modules/nocode-unknown/workspaces/ws-unknown/upgrade', body)).status).toBe(404);
    expect((await api.get(`${base}/run-unknown`)).status).toBe(404);
    const orgApi = client(emulator, emulator.organizationToken);
    expect((await orgApi.post(base, body)).status).toBe(404);
    const run = (await initiate()).body.data;
    expect((await orgApi.get(`${base}/${run.id}`)).status).toBe(200);
  });
});
