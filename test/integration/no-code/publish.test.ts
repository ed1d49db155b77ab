// Mode publish-no-code-module end to end: the action's run() against the emulator.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { bodiesOf, runAction } from '../../no-code/harness.ts';

let emulator: Emulator;
let registryModuleId: string;
beforeEach(async () => {
  emulator = await startEmulator();
  registryModuleId = emulator.seedRegistryModule({
    name: 'bucket',
    provider: 'aws',
    versions: ['1.0.0', '1.1.0', '1.2.0'],
  });
});
afterEach(() => emulator.close());

const CREATE = /^\/api\/v2\/organizations\/acme\/no-code-modules$/;
const MODULE = /^\/api\/v2\/no-code-modules\/nocode-[A-Za-z0-9]+$/;

function publish(inputs: Record<string, string>, workspace?: (dir: string) => Promise<void> | void) {
  return runAction(emulator, { mode: 'publish-no-code-module', organization: 'acme', ...inputs }, workspace);
}

const REGION_AND_SIZE = JSON.stringify([
  { 'variable-name': 'region', 'variable-type': 'string', options: ['eu-west-1', 'us-east-1'] },
  { 'variable-name': 'size', 'variable-type': 'number', options: [1, 2, 4] },
]);

async function createModule(): Promise<string> {
  const run = await publish({
    'registry-module-id': registryModuleId,
    'version-pin': '1.1.0',
    'variable-options': REGION_AND_SIZE,
  });
  expect(run.exitCode).toBe(0);
  emulator.clearRequests();
  return run.outputs['no-code-module-id']!;
}

describe('allowing a module', () => {
  it('sends the body of 4.3 (registry-module singular, variable-options entries) and reports the new module', async () => {
    const run = await publish({
      'registry-module-id': registryModuleId,
      'version-pin': '1.1.0',
      'variable-options': REGION_AND_SIZE,
    });
    expect(run.exitCode).toBe(0);
    expect(bodiesOf(emulator.requests, 'POST', CREATE)).toEqual([
      {
        data: {
          type: 'no-code-modules',
          attributes: { 'version-pin': '1.1.0', enabled: true },
          relationships: {
            'registry-module': { data: { id: registryModuleId, type: 'registry-module' } },
            'variable-options': {
              data: [
                {
                  type: 'variable-options',
                  attributes: {
                    'variable-name': 'region',
                    'variable-type': 'string',
                    options: ['eu-west-1', 'us-east-1'],
                  },
                },
                {
                  type: 'variable-options',
                  attributes: { 'variable-name': 'size', 'variable-type': 'number', options: [1, 2, 4] },
                },
              ],
            },
          },
        },
      },
    ]);
    const [stored] = emulator.noCodeModules();
    expect(stored).toMatchObject({ enabled: true, versionPin: '1.1.0', registryModuleId });
    expect(run.outputs['no-code-module-id']).toBe(stored!.id);
    const result = JSON.parse(run.outputs.result!);
    expect(result).toMatchObject({
      action: 'created',
      noCodeModuleId: stored!.id,
      url: `${new URL(emulator.baseUrl).origin}/api/v2/no-code-modules/${stored!.id}`,
      registryModuleId,
      enabled: true,
      versionPin: '1.1.0',
    });
    // The id and the registry module as text: the API address answers JSON to a token holder,
    // no page a reader can open.
    expect(run.summary).toContain(`<tr><td>No-code module</td><td><code>${stored!.id}</code></td></tr>`);
    expect(run.summary).toContain(`<tr><td>Registry module</td><td><code>${registryModuleId}</code></td></tr>`);
    expect(run.summary).not.toContain('<a href');
  });

  it('without a version pin or options, sends neither; the service picks the latest version', async () => {
    const run = await publish({ 'registry-module-id': registryModuleId, enabled: 'false' });
    expect(run.exitCode).toBe(0);
    expect(bodiesOf(emulator.requests, 'POST', CREATE)).toEqual([
      {
        data: {
          type: 'no-code-modules',
          attributes: { enabled: false },
          relationships: { 'registry-module': { data: { id: registryModuleId, type: 'registry-module' } } },
        },
      },
    ]);
    expect(JSON.parse(run.outputs.result!)).toMatchObject({ versionPin: '1.2.0', enabled: false });
  });

  it('a module already allowed: the refusal says to update it with no-code-module-id', async () => {
    await createModule();
    const run = await publish({ 'registry-module-id': registryModuleId });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain('already allowed');
    expect(run.log).toContain('set no-code-module-id to update that no-code module instead');
  });

  it('a 2xx without the no-code module document is a failure saying what came back', async () => {
    emulator.inject({ method: 'POST', path: /\/no-code-modules$/, kind: { type: 'no-body', status: 204 } });
    const run = await publish({ 'registry-module-id': registryModuleId });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      `The service answered the request to allow registry module ${registryModuleId} for no-code provisioning with 204 but without a \`no-code-modules\` document (it sent no body), so what it did is not known. The no-code module may have been created`,
    );
    expect(run.outputs['no-code-module-id']).toBe('');
  });

  it('an option set id when creating fails before any request', async () => {
    const run = await publish({
      'registry-module-id': registryModuleId,
      'variable-options':
        '[{"id": "ncvaropt-abc", "variable-name": "region", "variable-type": "string", "options": ["eu"]}]',
    });
    expect(run.exitCode).toBe(2);
    expect(run.log).toContain('ids name option sets of an existing no-code module');
    expect(emulator.requests).toEqual([]);
  });

  it('an organization token is refused, with a message that says which tokens work', async () => {
    const run = await publish({ token: emulator.organizationToken, 'registry-module-id': registryModuleId });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      `The service refused to allow registry module ${registryModuleId} for no-code provisioning (404 not found or not authorized`,
    );
    expect(run.log).toContain(
      'No-code create, update and workspace creation need a user or team token; organization tokens cannot be used for them',
    );
    expect(run.log).toContain('A 404 can also mean');
    expect(emulator.noCodeModules()).toEqual([]);
  });

  it('dry run sends nothing at all', async () => {
    const run = await publish({
      'registry-module-id': registryModuleId,
      'variable-options': REGION_AND_SIZE,
      'dry-run': 'true',
    });
    expect(run.exitCode).toBe(0);
    expect(emulator.requests).toEqual([]);
    expect(JSON.parse(run.outputs.result!)).toMatchObject({ action: 'would-create', noCodeModuleId: null });
    expect(run.summary).toContain('Dry run');
  });
});

describe('updating a module', () => {
  it('replaces an option set matched by name (its id sent), creates a new one, changes the pin, and sends only what differs', async () => {
    const id = await createModule();
    const [before] = emulator.noCodeModules();
    const regionId = before!.variableOptions.find((o) => o.variableName === 'region')!.id;
    const sizeId = before!.variableOptions.find((o) => o.variableName === 'size')!.id;
    const options = JSON.stringify([
      { 'variable-name': 'region', 'variable-type': 'string', options: ['eu-west-1', 'eu-central-1'] },
      { 'variable-name': 'size', 'variable-type': 'number', options: [1, 2, 4] },
      { 'variable-name': 'tier', 'variable-type': 'string', options: ['dev', 'prod'] },
    ]);
    const run = await publish({ 'no-code-module-id': id, 'version-pin': '1.2.0', 'variable-options': options });
    expect(run.exitCode).toBe(0);
    expect(emulator.requests.map((r) => `${r.method} ${r.path}?${r.rawQuery}`)).toEqual([
      `GET /api/v2/no-code-modules/${id}?include=variable_options`,
      `PATCH /api/v2/no-code-modules/${id}?`,
    ]);
    expect(bodiesOf(emulator.requests, 'PATCH', MODULE)).toEqual([
      {
        data: {
          type: 'no-code-modules',
          attributes: { 'version-pin': '1.2.0' },
          relationships: {
            'variable-options': {
              data: [
                {
                  id: regionId,
                  type: 'variable-options',
                  attributes: {
                    'variable-name': 'region',
                    'variable-type': 'string',
                    options: ['eu-west-1', 'eu-central-1'],
                  },
                },
                {
                  id: sizeId,
                  type: 'variable-options',
                  attributes: { 'variable-name': 'size', 'variable-type': 'number', options: [1, 2, 4] },
                },
                {
                  type: 'variable-options',
                  attributes: { 'variable-name': 'tier', 'variable-type': 'string', options: ['dev', 'prod'] },
                },
              ],
            },
          },
        },
      },
    ]);
    const [after] = emulator.noCodeModules();
    expect(after!.versionPin).toBe('1.2.0');
    expect(after!.variableOptions.map((o) => [o.variableName, o.id === regionId || o.id === sizeId])).toEqual([
      ['region', true],
      ['size', true],
      ['tier', false],
    ]);
    expect(JSON.parse(run.outputs.result!).variableOptions.map((o: { action: string }) => o.action)).toEqual([
      'replace',
      'unchanged',
      'create',
    ]);

    // The same inputs again: nothing differs, so nothing is sent, and no set is added.
    emulator.clearRequests();
    const again = await publish({ 'no-code-module-id': id, 'version-pin': '1.2.0', 'variable-options': options });
    expect(again.exitCode).toBe(0);
    expect(emulator.writeRequests()).toEqual([]);
    expect(emulator.noCodeModules()[0]!.variableOptions).toHaveLength(3);
    expect(JSON.parse(again.outputs.result!)).toMatchObject({ action: 'unchanged', noCodeModuleId: id });
    expect(again.summary).toContain('Unchanged');
  });

  it('an option set named by id is replaced by that id, whatever its variable name', async () => {
    const id = await createModule();
    const sizeId = emulator.noCodeModules()[0]!.variableOptions.find((o) => o.variableName === 'size')!.id;
    const run = await publish({
      'no-code-module-id': id,
      'variable-options': JSON.stringify([
        { id: sizeId, 'variable-name': 'instance_count', 'variable-type': 'number', options: [3] },
      ]),
    });
    expect(run.exitCode).toBe(0);
    const [body] = bodiesOf(emulator.requests, 'PATCH', MODULE) as Array<{
      data: { relationships: { 'variable-options': { data: unknown[] } } };
    }>;
    expect(body!.data.relationships['variable-options'].data).toEqual([
      {
        id: sizeId,
        type: 'variable-options',
        attributes: { 'variable-name': 'instance_count', 'variable-type': 'number', options: [3] },
      },
    ]);
    expect(emulator.noCodeModules()[0]!.variableOptions.map((o) => o.variableName)).toEqual([
      'region',
      'instance_count',
    ]);
    // The set the input left out is kept, and the summary says so.
    expect(run.summary).toContain('Option sets not in the input were left as they are');
    expect(run.summary).toContain('region');
  });

  it('enabled only: the PATCH carries just that attribute; the map form of variable options matches by name', async () => {
    const id = await createModule();
    const run = await publish({
      'no-code-module-id': id,
      enabled: 'false',
      'variable-options': 'size:\n  type: number\n  options: [1, 2, 4]\n',
    });
    expect(run.exitCode).toBe(0);
    expect(bodiesOf(emulator.requests, 'PATCH', MODULE)).toEqual([
      { data: { type: 'no-code-modules', attributes: { enabled: false } } },
    ]);
    expect(emulator.noCodeModules()[0]!.enabled).toBe(false);
  });

  it('an option set id the module does not have fails after the read, before any write', async () => {
    const id = await createModule();
    const run = await publish({
      'no-code-module-id': id,
      'variable-options':
        '[{"id": "ncvaropt-nope", "variable-name": "region", "variable-type": "string", "options": ["eu"]}]',
    });
    expect(run.exitCode).toBe(2);
    expect(run.log).toContain(`has no such set`);
    expect(emulator.writeRequests()).toEqual([]);
  });

  it('dry run reads the module and reports the change without sending it', async () => {
    const id = await createModule();
    const run = await publish({ 'no-code-module-id': id, 'version-pin': '1.0.0', 'dry-run': 'true' });
    expect(run.exitCode).toBe(0);
    expect(emulator.writeRequests()).toEqual([]);
    expect(JSON.parse(run.outputs.result!)).toMatchObject({
      action: 'would-update',
      changes: [{ setting: 'version-pin', from: '1.1.0', to: '1.0.0' }],
    });
    expect(emulator.noCodeModules()[0]!.versionPin).toBe('1.1.0');
  });

  it('an organization token can read but not update: the message names the token', async () => {
    const id = await createModule();
    const run = await publish({ token: emulator.organizationToken, 'no-code-module-id': id, enabled: 'false' });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(`The service refused to update no-code module ${id} (404`);
    expect(run.log).toContain('organization tokens cannot be used for them');
    expect(emulator.noCodeModules()[0]!.enabled).toBe(true);
  });

  it('an unknown no-code module id: a clear message, no write', async () => {
    const run = await publish({ 'no-code-module-id': 'nocode-missing1', enabled: 'false' });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      'No-code module nocode-missing1 was not found, or the token has no permission to read it (404): check the input "no-code-module-id"',
    );
    expect(emulator.writeRequests()).toEqual([]);
  });
});

describe('inputs', () => {
  it.each([
    ['neither module id', {}, 'registry-module-id'],
    ['a bad registry module id', { 'registry-module-id': 'module-1' }, 'registry-module-id'],
    ['a bad version pin', { 'registry-module-id': 'mod-abc', 'version-pin': 'newest' }, 'version-pin'],
    [
      'variable options that do not parse',
      { 'registry-module-id': 'mod-abc', 'variable-options': '[{"variable-name": "a",' },
      'variable-options',
    ],
    [
      'variable options without options',
      { 'registry-module-id': 'mod-abc', 'variable-options': '[{"variable-name": "a", "variable-type": "string"}]' },
      'variable-options',
    ],
    ['a bad organization', { 'registry-module-id': 'mod-abc', organization: 'acme corp' }, 'organization'],
  ])('%s fails before any request', async (_what, inputs, input) => {
    const run = await publish(inputs);
    expect(run.exitCode).toBe(2);
    expect(run.log).toContain(`"${input}"`);
    expect(emulator.requests).toEqual([]);
  });
});

describe('variable-options-file, read through the confined reader', () => {
  const YAML = 'region:\n  type: string\n  options: [eu-west-1, us-east-1]\n';

  it('reads the file in the repository and sends its options', async () => {
    const run = await publish(
      { 'registry-module-id': registryModuleId, 'variable-options-file': 'options.yml' },
      (dir) => writeFile(join(dir, 'options.yml'), YAML),
    );
    expect(run.exitCode).toBe(0);
    const [body] = bodiesOf(emulator.requests, 'POST', CREATE) as any[];
    expect(body.data.relationships['variable-options'].data[0].attributes).toEqual({
      'variable-name': 'region',
      'variable-type': 'string',
      options: ['eu-west-1', 'us-east-1'],
    });
  });

  it('refuses a link that leaves the repository before reading it: its content is neither sent nor shown', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'outside-'));
    try {
      await writeFile(join(outside, 'secret.yml'), 'secret-value-7d1f:\n  type: string\n  options: [x]\n');
      const run = await publish(
        { 'registry-module-id': registryModuleId, 'variable-options-file': 'options.yml' },
        (dir) => symlink(join(outside, 'secret.yml'), join(dir, 'options.yml')),
      );
      expect(run.exitCode).toBe(2);
      expect(run.log).toMatch(/Input "variable-options-file": "options.yml" leads outside the repository/);
      expect(run.everything).not.toContain('secret-value-7d1f');
      expect(emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('refuses a device or a FIFO at once, before a byte of it is read (no hang, no memory taken)', async () => {
    const allowing = await publish(
      { 'registry-module-id': registryModuleId, 'variable-options-file': 'zero.yml' },
      // A link within the repository to a device: the rule lets the path through, the reader does not.
      async (dir) => {
        await mkdir(join(dir, 'dev'));
        execFileSync('mkfifo', [join(dir, 'dev', 'fifo')]);
        await symlink('dev/fifo', join(dir, 'zero.yml'));
      },
    );
    expect(allowing.exitCode).toBe(2);
    expect(allowing.log).toMatch(/Input "variable-options-file": "zero.yml" is a FIFO, not a regular file/);
    const zero = await publish({ 'registry-module-id': registryModuleId, 'variable-options-file': 'zero.yml' }, (dir) =>
      symlink('/dev/zero', join(dir, 'zero.yml')),
    );
    expect(zero.exitCode).toBe(2);
    expect(zero.log).toMatch(/"zero.yml" leads outside the repository, to "\/dev\/zero"/);
    expect(emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});

describe('version pins in every form the service takes', () => {
  it.each([
    ['a constraint', '~> 1.1', '~> 1.1'],
    ['an exact version with v', 'v1.2.0', 'v1.2.0'],
    ['latest', 'latest', 'latest'],
  ])('%s (%s) is sent as written, and the service takes it', async (_what, pin, sent) => {
    const run = await publish({ 'registry-module-id': registryModuleId, 'version-pin': pin });
    expect(run.exitCode).toBe(0);
    const [body] = bodiesOf(emulator.requests, 'POST', CREATE) as any[];
    expect(body.data.attributes['version-pin']).toBe(sent);
    expect(emulator.noCodeModules()[0]!.versionPin).toBe(sent);
  });

  it('a pin the module has in another spelling (v1.1.0 for 1.1.0) is no change: nothing is sent', async () => {
    const id = await createModule();
    const run = await publish({ 'no-code-module-id': id, 'version-pin': 'v1.1.0' });
    expect(run.exitCode).toBe(0);
    expect(emulator.writeRequests()).toEqual([]);
  });
});
