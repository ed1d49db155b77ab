// The requests of a run, in order and in detail: test environment variables upserted by key,
// the configuration version, the upload, exactly one test run with the requested options.
import { gunzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import tarStream from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { exampleModuleOutcome } from '../../support/example-module-log.ts';
import {
  header,
  jsonBody,
  reportedRun,
  requestLines,
  startHarness,
  uncancelledRuns,
} from '../../module-tests/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

underEachPersonality(() => {
  async function archiveNames(bytes: Buffer): Promise<string[]> {
    const extract = tarStream.extract();
    const names: string[] = [];
    const done = new Promise<void>((resolve, reject) => {
      extract.on('entry', (headers, stream, next) => {
        names.push(headers.name);
        stream.on('end', next);
        stream.resume();
      });
      extract.on('finish', resolve);
      extract.on('error', reject);
    });
    Readable.from([gunzipSync(bytes)]).pipe(extract);
    await done;
    return names.sort();
  }

  describe('run-module-tests flow', () => {
    it('upserts the env variables by key, creates the version with auto-queue-runs false, uploads without the token, and starts one run with the options', async () => {
      const h = await startHarness({ testRuns: { outcome: exampleModuleOutcome('pass') } });
      const { emulator } = h;
      // An existing variable of one key, not yet sensitive: updated by id.
      const client = await import('../../../src/service/client.ts');
      const seedClient = client.createServiceClient({
        clock: systemClock,
        baseUrl: emulator.baseUrl,
        token: emulator.token,
      });
      const module = { organization: emulator.organization, name: 'log-bucket', provider: 'aws' };
      const existing = await seedClient.moduleTests.createVariable(module, { key: 'AWS_REGION', value: 'eu-west-1' });
      await seedClient.close();
      emulator.clearRequests();

      const { result, log } = await h.run({
        testEnvVariables: [
          { key: 'AWS_REGION', value: 'us-east-2-secret-region' },
          { key: 'API_KEY', value: 's3cr3t-api-key-value' },
        ],
        testFilters: ['tests/passing.tftest.hcl'],
        testVariables: [{ key: 'retention_days', value: '30' }],
        testDirectory: 'tests',
        verbose: true,
      });

      const lines = requestLines(emulator);
      expect(lines.slice(0, 7)).toEqual([
        'GET {TESTROOT}/vars',
        `PATCH {TESTROOT}/vars/${existing.id}`,
        'POST {TESTROOT}/vars',
        'POST {TESTROOT}/test-runs/configuration-versions',
        'upload PUT',
        // A run the service may have started by itself cannot carry the options: none is waited for.
        'GET {TESTROOT}/test-runs',
        'POST {TESTROOT}/test-runs',
      ]);
      // Then reads of the run until it is final, the log, and looks at the version's runs for one
      // the service may queue by itself (spec 4.2), until a while after the upload.
      const own = result.outputs['test-run-id'] as string;
      const rest = lines.slice(7);
      expect(rest).toContain(`GET {TESTROOT}/test-runs/${own}`);
      expect(rest).toContain('log GET');
      expect(rest).toContain('GET {TESTROOT}/test-runs');
      const othersStopped = emulator
        .testRuns()
        .filter((r) => r.id !== own)
        .map((r) => r.id);
      const expected = new Set([
        `GET {TESTROOT}/test-runs/${own}`,
        'log GET',
        'GET {TESTROOT}/test-runs',
        ...othersStopped.flatMap((id) => [`GET {TESTROOT}/test-runs/${id}`, `POST {TESTROOT}/test-runs/${id}/cancel`]),
      ]);
      expect(rest.filter((l) => !expected.has(l))).toEqual([]);
      const writes = emulator.writeRequests().filter((r) => !r.path.endsWith('/cancel'));
      expect(jsonBody(writes[0]!)).toEqual({
        data: {
          type: 'vars',
          attributes: { key: 'AWS_REGION', value: 'us-east-2-secret-region', category: 'env', sensitive: true },
        },
      });
      expect(jsonBody(writes[1]!)).toEqual({
        data: {
          type: 'vars',
          attributes: { key: 'API_KEY', value: 's3cr3t-api-key-value', category: 'env', sensitive: true },
        },
      });
      expect(jsonBody(writes[2]!)).toEqual({
        data: { type: 'configuration-versions', attributes: { 'auto-queue-runs': false } },
      });

      const upload = writes[3]!;
      expect(upload.port).toBe('upload');
      expect(`${emulator.uploadOrigin}`.startsWith('http://127.0.0.1')).toBe(true);
      expect(header(upload, 'authorization')).toBeUndefined();
      expect(header(upload, 'content-type')).toBe('application/octet-stream');
      expect(Number(header(upload, 'content-length'))).toBe(upload.body.length);
      const names = await archiveNames(upload.body);
      expect(names).toContain('main.tf');
      expect(names).toContain('tests/failing.tftest.hcl');
      expect(names.some((n) => n.startsWith('notes'))).toBe(false);

      const create = writes[4]!;
      const versionId = emulator.testRuns().find((r) => r.id === own)!.configurationVersionId;
      expect(jsonBody(create)).toEqual({
        data: {
          type: 'test-runs',
          attributes: {
            verbose: true,
            'test-directory': 'tests',
            filters: ['tests/passing.tftest.hcl'],
            variables: [{ key: 'retention_days', value: '30' }],
          },
          relationships: { 'configuration-version': { data: { type: 'configuration-versions', id: versionId } } },
        },
      });
      expect(writes).toHaveLength(5);

      // Every API request carried the token; nothing on the upload origin did.
      for (const r of emulator.requests) {
        if (r.port === 'api') expect(header(r, 'authorization')).toBe(`Bearer ${emulator.token}`);
        else expect(header(r, 'authorization')).toBeUndefined();
      }

      const vars = emulator.testVariables(module);
      expect(vars.map((v) => [v.key, v.value, v.category, v.sensitive])).toEqual([
        ['AWS_REGION', 'us-east-2-secret-region', 'env', true],
        ['API_KEY', 's3cr3t-api-key-value', 'env', true],
      ]);
      const runs = emulator.testRuns();
      // Strict: the upload also created a run, which was cancelled; cli-tool: none.
      expect(runs).toHaveLength(emulator.personality === 'strict' ? 2 : 1);
      expect(runs.find((r) => r.id === own)).toMatchObject({
        source: 'svc-api',
        status: 'finished',
        verbose: true,
        filters: ['tests/passing.tftest.hcl'],
      });
      expect(
        runs
          .filter((r) => r.id !== own)
          .every((r) => r.source === 'svc-configuration-version' && r.status === 'canceled'),
      ).toBe(true);

      expect(result.failure).toBeNull();
      expect(log).toContain('created API_KEY');
      expect(log).toContain('updated AWS_REGION');
      expect(log).not.toContain('s3cr3t-api-key-value');
      expect(log).not.toContain('us-east-2-secret-region');
    });

    it('an upload whose connection dropped is sent again from a fresh stream, whole', async () => {
      const h = await startHarness();
      h.emulator.inject({ port: 'upload', kind: { type: 'drop-before' } });
      const { result } = await h.run();
      const uploads = h.emulator.requests.filter((r) => r.port === 'upload');
      expect(uploads.map((r) => r.status)).toEqual([0, 200]);
      const versionId = reportedRun(h.emulator, result).configurationVersionId;
      const stored = h.emulator.configurationVersionArchive(versionId)!;
      expect(stored.length).toBe(Number(header(uploads[1]!, 'content-length')));
      expect(await archiveNames(stored)).toContain('outputs.tf');
      expect(uncancelledRuns(h.emulator)).toHaveLength(1);
      expect(result.failure).toBeNull();
    });

    it('an upload applied but whose answer was lost, then refused as a repeat (403): the step stops and says it cannot tell what was stored', async () => {
      const h = await startHarness();
      h.emulator.inject({ port: 'upload', kind: { type: 'drop-after' } });
      const { result } = await h.run();
      const uploads = h.emulator.requests.filter((r) => r.port === 'upload');
      expect(uploads.map((r) => r.status)).toEqual([0, 403]);
      expect(result.failure?.message).toMatch(
        /uploading the configuration failed: the upload address refused the archive \(403 Forbidden\)\. .*may have been stored or not.*run the step again/,
      );
      expect(result.conclusion).toBe('failure');
      // No run is started on a configuration that may not be there; one the service started for the upload is stopped.
      expect(h.emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/test-runs'))).toEqual([]);
      expect(h.emulator.testRuns().every((r) => r.status === 'canceled')).toBe(true);
      if (h.emulator.personality === 'strict') expect(result.summary).toContain(h.emulator.testRuns()[0]!.id);
    });

    it('refuses a module-directory that is not a directory before any request', async () => {
      const h = await startHarness();
      await expect(h.run({ moduleDirectory: 'examples/no-such-module' })).rejects.toThrow(
        /Input "module-directory" is "examples\/no-such-module"/,
      );
      await expect(h.run({ moduleDirectory: 'README.md' })).rejects.toThrow(
        /Input "module-directory" is "README\.md", which is not a directory/,
      );
      expect(h.emulator.requests).toEqual([]);
    });

    it('names the module inputs when the service does not know the module, and creates nothing', async () => {
      const h = await startHarness();
      const { result } = await h.run({ moduleName: 'unknown-module' });
      expect(result.failure?.message).toMatch(/creating the configuration version failed: .*404/);
      expect(result.failure?.message).toContain('module-namespace, module-name and module-provider');
      expect(result.failure?.message).toContain('acme/unknown-module/aws');
      expect(result.summary).toContain('Module tests not run');
      expect(h.emulator.testRuns()).toEqual([]);
    });

    it('test-env-variables-prune: a variable the input no longer names is deleted, after the others are set; the summary lists it', async () => {
      const h = await startHarness();
      const { emulator } = h;
      const { createServiceClient } = await import('../../../src/service/client.ts');
      const seedClient = createServiceClient({ clock: systemClock, baseUrl: emulator.baseUrl, token: emulator.token });
      const module = { organization: emulator.organization, name: 'log-bucket', provider: 'aws' };
      const kept = await seedClient.moduleTests.createVariable(module, {
        key: 'API_KEY',
        value: 'old',
        sensitive: true,
      });
      const removed = await seedClient.moduleTests.createVariable(module, {
        key: 'OLD_TOKEN',
        value: 'x',
        sensitive: true,
      });
      await seedClient.close();
      emulator.clearRequests();

      const { result, log } = await h.run({
        testEnvVariables: [{ key: 'API_KEY', value: 'new-api-key-value' }],
        testEnvVariablesPrune: true,
        testFilters: ['tests/passing.tftest.hcl'],
      });
      expect(requestLines(emulator).slice(0, 4)).toEqual([
        'GET {TESTROOT}/vars',
        `PATCH {TESTROOT}/vars/${kept.id}`,
        `DELETE {TESTROOT}/vars/${removed.id}`,
        'POST {TESTROOT}/test-runs/configuration-versions',
      ]);
      expect(emulator.testVariables(module).map((v) => v.key)).toEqual(['API_KEY']);
      expect(log).toContain(
        'Test environment variables (sensitive): updated API_KEY; deleted OLD_TOKEN (not named by test-env-variables).',
      );
      expect(result.summary).toContain(
        '<td>Test environment variables (sensitive)</td><td>updated API_KEY; deleted OLD_TOKEN</td>',
      );
    });

    it('without test-env-variables-prune, a variable the input does not name stays', async () => {
      const h = await startHarness();
      const { emulator } = h;
      const { createServiceClient } = await import('../../../src/service/client.ts');
      const seedClient = createServiceClient({ clock: systemClock, baseUrl: emulator.baseUrl, token: emulator.token });
      const module = { organization: emulator.organization, name: 'log-bucket', provider: 'aws' };
      await seedClient.moduleTests.createVariable(module, { key: 'OLD_TOKEN', value: 'x', sensitive: true });
      await seedClient.close();
      await h.run({ testEnvVariables: [{ key: 'API_KEY', value: 'v' }], testFilters: ['tests/passing.tftest.hcl'] });
      expect(emulator.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
      expect(
        emulator
          .testVariables(module)
          .map((v) => v.key)
          .sort(),
      ).toEqual(['API_KEY', 'OLD_TOKEN']);
    });

    it('dry run with test-env-variables-prune lists what would be deleted, and deletes nothing', async () => {
      const h = await startHarness();
      const { emulator } = h;
      const { createServiceClient } = await import('../../../src/service/client.ts');
      const seedClient = createServiceClient({ clock: systemClock, baseUrl: emulator.baseUrl, token: emulator.token });
      const module = { organization: emulator.organization, name: 'log-bucket', provider: 'aws' };
      await seedClient.moduleTests.createVariable(module, { key: 'OLD_TOKEN', value: 'x', sensitive: true });
      await seedClient.close();
      emulator.clearRequests();
      const { result } = await h.run({
        dryRun: true,
        testEnvVariables: [{ key: 'API_KEY', value: 'v' }],
        testEnvVariablesPrune: true,
      });
      expect(emulator.writeRequests()).toEqual([]);
      expect(result.summary).toContain('<tr><td>API_KEY</td><td>create</td></tr>');
      expect(result.summary).toContain('<tr><td>OLD_TOKEN</td><td>delete (not named by test-env-variables)</td></tr>');
      expect((result.outputs.result as { variables: unknown }).variables).toEqual({
        create: ['API_KEY'],
        update: [],
        delete: ['OLD_TOKEN'],
      });
    });

    it('dry run: packs and lists what would be uploaded, reads the variables, creates nothing', async () => {
      const h = await startHarness();
      const { result } = await h.run({
        dryRun: true,
        testEnvVariables: [{ key: 'API_KEY', value: 'dry-secret-value' }],
      });
      expect(h.emulator.writeRequests()).toEqual([]);
      expect(h.emulator.requests.map((r) => `${r.method} ${r.path.split('/').pop()}`)).toEqual(['GET vars']);
      expect(result.failure).toBeNull();
      expect(result.summary).toContain('dry run');
      expect(result.summary).toContain('tests/passing.tftest.hcl');
      expect(result.summary).toContain('main.tf');
      expect(result.summary).toMatch(/Left out by \.terraformignore and the default exclusions \(1\)/);
      expect(result.summary).toContain('notes/');
      expect(result.summary).toContain('<tr><td>API_KEY</td><td>create</td></tr>');
      expect(result.summary).not.toContain('dry-secret-value');
      const json = result.outputs.result as { 'dry-run': boolean; files: string[]; ignored: string[]; bytes: number };
      expect(json['dry-run']).toBe(true);
      expect(json.files).toContain('variables.tf');
      expect(json.ignored).toEqual(['notes/']);
      expect(json.bytes).toBeGreaterThan(0);
    });
  });
});
