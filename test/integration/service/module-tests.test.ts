// Every module-test call against the emulator: configuration version, upload, run, log,
// cancel, variables.
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/service/errors.ts';
import type { ModuleRef } from '../../../src/service/module-tests.ts';
import type { TestRun } from '../../../src/service/types.ts';
import { caught, header, startHarness } from '../../service/harness.ts';
import type { Harness } from '../../service/harness.ts';

let h: Harness;
let module: ModuleRef;
beforeEach(async () => {
  // These test the client's calls one by one: the service honours auto-queue-runs false here, so
  // that the only runs are the ones a test creates (the modes' tests run under both personalities).
  h = await startHarness({
    personality: 'cli-tool',
    testRuns: { queuedMs: 20, runningMs: 80, cancelGraceMs: Infinity },
  });
  h.emulator.seedRegistryModule({ name: 'vpc', provider: 'aws' });
  module = { organization: h.emulator.organization, name: 'vpc', provider: 'aws' };
});
afterEach(async () => {
  await h.close();
});

async function uploadedVersion(bytes = Buffer.from('archive bytes')): Promise<string> {
  const version = await h.client.moduleTests.createConfigurationVersion(module);
  await h.client.moduleTests.uploadConfiguration(version.attributes['upload-url']!, bytes);
  return version.id;
}

async function waitFinal(id: string): Promise<TestRun> {
  for (;;) {
    const run = await h.client.moduleTests.getTestRun(module, id);
    if (['finished', 'errored', 'canceled'].includes(run.attributes.status)) return run;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('module tests', () => {
  it('creates a configuration version with auto-queue-runs false and uploads without the token', async () => {
    const version = await h.client.moduleTests.createConfigurationVersion(module);
    expect(version.id).toMatch(/^cv-/);
    expect(version.attributes['auto-queue-runs']).toBe(false);
    const create = h.emulator.writeRequests()[0]!;
    expect(create.path).toBe(
      '/api/v2/organizations/acme/tests/registry-modules/private/acme/vpc/aws/test-runs/configuration-versions',
    );
    expect(JSON.parse(create.body.toString())).toEqual({
      data: { type: 'configuration-versions', attributes: { 'auto-queue-runs': false } },
    });

    const url = version.attributes['upload-url']!;
    expect(url.startsWith(h.emulator.uploadOrigin)).toBe(true);
    const bytes = Buffer.from([0x1f, 0x8b, 0, 1, 2, 3]);
    await h.client.moduleTests.uploadConfiguration(url, () => Readable.from([bytes.subarray(0, 3), bytes.subarray(3)]));
    const upload = h.emulator.requests.find((r) => r.port === 'upload')!;
    expect(upload.method).toBe('PUT');
    expect(header(upload.headers, 'authorization')).toBeUndefined();
    expect(header(upload.headers, 'content-type')).toBe('application/octet-stream');
    expect(h.emulator.configurationVersionArchive(version.id)).toEqual(bytes);
    // auto-queue-runs false: the upload started nothing.
    expect(h.emulator.testRuns()).toEqual([]);
  });

  it('creates one run with its options, follows it to the end and reads the log without the token', async () => {
    const versionId = await uploadedVersion();
    const run = await h.client.moduleTests.createTestRun(module, {
      configurationVersionId: versionId,
      verbose: true,
      testDirectory: 'checks',
      filters: ['checks/a.tftest.hcl'],
      variables: [{ key: 'region', value: '"eu-west-1"' }],
    });
    expect(run.id).toMatch(/^trun-/);
    expect(h.emulator.testRuns()).toHaveLength(1);
    expect(h.emulator.testRuns()[0]).toMatchObject({
      configurationVersionId: versionId,
      source: 'svc-api',
      testDirectory: 'checks',
      filters: ['checks/a.tftest.hcl'],
      variables: [{ key: 'region', value: '"eu-west-1"' }],
      verbose: true,
    });

    const final = await waitFinal(run.id);
    expect(final.attributes.status).toBe('finished');
    const logUrl = final.attributes['log-read-url']!;
    const chunks: Uint8Array[] = [];
    const read = await h.client.moduleTests.readLog(logUrl, (chunk) => chunks.push(chunk));
    expect(read).toEqual({ bytes: Buffer.concat(chunks).length });
    expect(Buffer.concat(chunks).toString()).toContain('"type":"test_summary"');
    const logRequest = h.emulator.requests.find((r) => r.port === 'log')!;
    expect(header(logRequest.headers, 'authorization')).toBeUndefined();

    const listed = await h.client.moduleTests.listTestRuns(module, { sources: ['svc-api', 'svc'] });
    expect(listed.map((r) => r.id)).toEqual([run.id]);
    const listRequest = h.emulator.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/test-runs')).at(-1)!;
    expect(listRequest.rawQuery).toContain('filter%5Bsource%5D=svc-api%2Csvc');
    expect(await h.client.moduleTests.listTestRuns(module, { sources: ['svc-configuration-version'] })).toEqual([]);
    const iterated: string[] = [];
    for await (const r of h.client.moduleTests.iterateTestRuns(module)) iterated.push(r.id);
    expect(iterated).toEqual([run.id]);
  });

  it('cancels, then force-cancels a running run; a cancel of a final run is a 409', async () => {
    // Running until stopped: a run that ended between two reads of a slow machine would never be
    // seen running.
    h.emulator.configure({ testRuns: { runningMs: Number.POSITIVE_INFINITY } });
    const run = await h.client.moduleTests.createTestRun(module, { configurationVersionId: await uploadedVersion() });
    const early = (await caught(h.client.moduleTests.forceCancelTestRun(module, run.id))) as ApiError;
    expect(early.status).toBe(409);
    expect(early.message).toMatch(/conflict with the current state of the object \(409\)/);
    for (;;) {
      if ((await h.client.moduleTests.getTestRun(module, run.id)).attributes.status === 'running') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    await h.client.moduleTests.cancelTestRun(module, run.id);
    await h.client.moduleTests.forceCancelTestRun(module, run.id);
    const final = await waitFinal(run.id);
    expect(final.attributes.status).toBe('canceled');
    expect(h.emulator.testRuns()[0]).toMatchObject({ cancelRequested: true, forceCanceled: true });
    const late = (await caught(h.client.moduleTests.cancelTestRun(module, run.id))) as ApiError;
    expect(late.status).toBe(409);
  });

  it('creates, lists, updates and deletes test variables', async () => {
    const created = await h.client.moduleTests.createVariable(module, {
      key: 'TOKEN',
      value: 's3cret',
      sensitive: true,
      description: 'd',
    });
    expect(created.attributes).toMatchObject({ key: 'TOKEN', category: 'env', sensitive: true });
    const body = JSON.parse(h.emulator.writeRequests()[0]!.body.toString());
    expect(body).toEqual({
      data: {
        type: 'vars',
        attributes: { key: 'TOKEN', value: 's3cret', description: 'd', category: 'env', sensitive: true },
      },
    });

    const listed = await h.client.moduleTests.listVariables(module);
    expect(listed.map((v) => v.id)).toEqual([created.id]);

    const updated = await h.client.moduleTests.updateVariable(module, created.id, { value: 'n3w' });
    expect(updated?.id).toBe(created.id);
    expect(h.emulator.testVariables({ name: 'vpc', provider: 'aws' })[0]?.value).toBe('n3w');

    await h.client.moduleTests.deleteVariable(module, created.id);
    expect(h.emulator.testVariables({ name: 'vpc', provider: 'aws' })).toEqual([]);
  });

  it('takes an update answered with a list for `data` as an answer without a document', async () => {
    const created = await h.client.moduleTests.createVariable(module, { key: 'A', value: '1' });
    // Spec 4.2 shows no status or body for the update: a list is no single resource to read.
    h.emulator.inject({ method: 'PATCH', path: /\/vars\//, kind: { type: 'rewrite', body: () => ({ data: [] }) } });
    expect(await h.client.moduleTests.updateVariable(module, created.id, { value: '2' })).toBeUndefined();
    expect(h.emulator.testVariables({ name: 'vpc', provider: 'aws' })[0]?.value).toBe('2');
  });

  it('createVariableOnce finds the variable a dropped create made', async () => {
    h.emulator.inject({ method: 'POST', path: /\/vars$/, kind: { type: 'drop-after' } });
    const variable = await h.client.moduleTests.createVariableOnce(module, { key: 'A', value: '1' });
    expect(h.emulator.testVariables({ name: 'vpc', provider: 'aws' }).map((v) => v.id)).toEqual([variable.id]);
    expect(h.emulator.writeRequests().filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('repeats an upload whose connection dropped before it was stored', async () => {
    const version = await h.client.moduleTests.createConfigurationVersion(module);
    h.emulator.inject({ method: 'PUT', kind: { type: 'drop-before' } });
    await h.client.moduleTests.uploadConfiguration(version.attributes['upload-url']!, Buffer.from('abc'));
    expect(h.emulator.configurationVersionArchive(version.id)?.toString()).toBe('abc');
  });

  it('does not take a single-use upload address refused on repeat (403) as proof that the dropped upload was stored', async () => {
    const version = await h.client.moduleTests.createConfigurationVersion(module);
    h.emulator.inject({ method: 'PUT', kind: { type: 'drop-after' } });
    const error = (await caught(
      h.client.moduleTests.uploadConfiguration(version.attributes['upload-url']!, Buffer.from('abc')),
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(h.emulator.requests.filter((r) => r.port === 'upload').map((r) => r.status)).toEqual([0, 403]);
  });

  it('names only the origin of an upload address in an error', async () => {
    const secretUrl = `${h.emulator.uploadOrigin}/uploads/notarealobject`;
    const error = (await caught(h.client.moduleTests.uploadConfiguration(secretUrl, Buffer.from('x')))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.path).toBe(h.emulator.uploadOrigin);
    expect(error.message.startsWith(`PUT ${h.emulator.uploadOrigin}: not found`)).toBe(true);
    expect(error.message).not.toContain('notarealobject');
    expect(h.events.every((e) => !e.target.includes('notarealobject'))).toBe(true);
  });

  it('percent-encodes each segment of the module path', async () => {
    h.emulator.seedRegistryModule({ name: 'odd name', provider: 'aws' });
    const error = (await caught(h.client.moduleTests.listVariables({ ...module, name: 'odd/name' }))) as ApiError;
    expect(error.status).toBe(404);
    expect(h.emulator.requests.at(-1)?.path).toBe(
      '/api/v2/organizations/acme/tests/registry-modules/private/acme/odd%2Fname/aws/vars',
    );
    expect(await h.client.moduleTests.listVariables({ ...module, name: 'odd name' })).toEqual([]);
  });
});
