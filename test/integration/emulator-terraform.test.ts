// The emulator with `testRuns.terraform`: the uploaded module's own tests, run by the installed
// terraform, are the run's log, counters and test-status; a cancel interrupts terraform, a
// force-cancel and the emulator's close kill it. Uploads go through the real packer, and the
// first tests run the whole mode through the real client. Every test here starts real processes
// in real time: terraform on examples/module takes well under a second, and the module made to
// be cancelled is stopped within seconds.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { packModule } from '../../src/slug/index.ts';
import type { Emulator } from '../emulator/api.ts';
import { outcomeOfTestLog } from '../emulator/default-log.ts';
import { startEmulator } from '../emulator/index.ts';
import { client, waitFor } from '../emulator/test-client.ts';
import { MODULE, MODULE_DIRECTORY, startHarness } from '../module-tests/harness.ts';
import { EXAMPLE_MODULE_DIR, exampleRunBlocks, FAILING_RUNS } from '../support/example-module-log.ts';
import { NEEDS_TERRAFORM, TERRAFORM } from '../support/terraform-on-path.ts';

const ROOT = '/organizations/acme/tests/registry-modules/private/acme/network/aws';
const FINAL = ['finished', 'errored', 'canceled'];

const scratch = mkdtempSync(join(tmpdir(), 'emulator-terraform-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The example's run blocks, each with the line of its first assertion, read from the files. */
const blocks = exampleRunBlocks();
const line = (name: string): number => blocks.find((block) => block.name === name)!.condition!.line;

describe("a run's result, read from the log terraform wrote", () => {
  const fixture = (name: string): string =>
    readFileSync(join(import.meta.dirname, '..', 'junit', 'fixtures', name), 'utf8');

  it.each([
    ['example-module.jsonl', { testStatus: 'fail', passed: 4, failed: 2, errored: 0, skipped: 0 }],
    ['edge-module.jsonl', { testStatus: 'error', passed: 2, failed: 1, errored: 2, skipped: 1 }],
    ['interrupted-module.jsonl', { testStatus: 'pass', passed: 1, failed: 0, errored: 0, skipped: 3 }],
  ])('%s: finished, with the status and counts of its test_summary', (name, expected) => {
    expect(outcomeOfTestLog(fixture(name))).toEqual({ status: 'finished', ...expected });
  });

  it('without a test_summary: errored, without a test-status, counting the run blocks that completed', () => {
    const log = fixture('example-module.jsonl')
      .split('\n')
      .filter((text) => !text.includes('"test_summary"'))
      .join('\n');
    expect(outcomeOfTestLog(`${log}\npanic: runtime error\n`)).toEqual({
      status: 'errored',
      testStatus: null,
      passed: 4,
      failed: 2,
      errored: 0,
      skipped: 0,
    });
  });
});

it('a terraform that cannot be started: the run errors, its log naming the binary (no terraform needed)', async () => {
  const emulator = await startEmulator({
    personality: 'cli-tool',
    testRuns: { terraform: '/nowhere/terraform', queuedMs: 10 },
  });
  try {
    emulator.seedRegistryModule({ name: 'network', provider: 'aws' });
    const api = client(emulator);
    const version = (
      await api.post(`${ROOT}/test-runs/configuration-versions`, {
        data: { type: 'configuration-versions', attributes: { 'auto-queue-runs': false } },
      })
    ).body.data;
    await api.put(version.attributes['upload-url'], new Uint8Array(await packed(EXAMPLE_MODULE_DIR)));
    const id = (
      await api.post(`${ROOT}/test-runs`, {
        data: {
          type: 'test-runs',
          relationships: { 'configuration-version': { data: { id: version.id, type: 'configuration-versions' } } },
        },
      })
    ).body.data.id as string;
    const data = await waitFor(async () => {
      const read = (await api.get(`${ROOT}/test-runs/${id}`)).body.data;
      return FINAL.includes(read.attributes.status) ? read : undefined;
    });
    expect(data.attributes).toMatchObject({ status: 'errored', 'test-status': null });
    const diagnostic = messages(await logText(data)).find((m) => m['type'] === 'diagnostic')!;
    expect(diagnostic['diagnostic']).toMatchObject({ summary: 'Tests not run' });
    expect(JSON.stringify(diagnostic)).toContain('/nowhere/terraform could not be started');
  } finally {
    await emulator.close();
  }
});

describe.skipIf(TERRAFORM === undefined)(`the whole mode against the emulator with terraform${NEEDS_TERRAFORM}`, () => {
  it("runs examples/module's own tests: the real failing assertions on their lines, fail, terraform's counts", async () => {
    const h = await startHarness({ personality: 'cli-tool', testRuns: { terraform: TERRAFORM! } });
    const { result, log } = await h.run();

    expect(result.outputs['test-status']).toBe('fail');
    // As terraform counts them: every run block of both files.
    expect(result.outputs['tests-passed']).toBe(blocks.length - FAILING_RUNS.length);
    expect(result.outputs['tests-failed']).toBe(FAILING_RUNS.length);
    expect(result.outputs['tests-errored']).toBe(0);
    const failed = result.annotations.filter((a) => a.file !== undefined);
    expect(failed.map((a) => [a.file, a.startLine, a.title])).toEqual(
      FAILING_RUNS.map((name) => [
        `${MODULE_DIRECTORY}/tests/failing.tftest.hcl`,
        line(name),
        `tests/failing.tftest.hcl › run "${name}"`,
      ]),
    );
    expect(failed[0]!.message).toContain('Log retention must not exceed 365 days.');
    expect(failed[1]!.message).toContain('Every resource must carry a cost-center tag.');
    // Read while it ran (cli-tool), each run block printed as terraform ended it.
    for (const name of FAILING_RUNS) expect(log).toContain(`tests/failing.tftest.hcl: run "${name}"... fail`);

    // The log served is terraform's own: its version, and the run blocks the files hold.
    const served = await logOf(h.emulator, String(result.outputs['test-run-id']));
    const version = messages(served).find((m) => m['type'] === 'version')!;
    expect(version['terraform']).toMatch(/^1\.\d+\.\d+/);
    expect(messages(served).find((m) => m['type'] === 'test_abstract')!['test_abstract']).toEqual({
      'tests/failing.tftest.hcl': blocks.filter((b) => b.file === 'tests/failing.tftest.hcl').map((b) => b.name),
      'tests/passing.tftest.hcl': blocks.filter((b) => b.file === 'tests/passing.tftest.hcl').map((b) => b.name),
    });
  });

  it('test-filters select one file: only its run blocks run, and they pass (strict: the service queues its own run)', async () => {
    const h = await startHarness({ personality: 'strict', testRuns: { terraform: TERRAFORM! } });
    const { result } = await h.run({ testFilters: ['tests/passing.tftest.hcl'] });

    expect(result.outputs['test-status']).toBe('pass');
    expect(result.outputs['tests-passed']).toBe(blocks.filter((b) => b.file === 'tests/passing.tftest.hcl').length);
    expect(result.outputs['tests-failed']).toBe(0);
    expect(result.annotations.filter((a) => a.file !== undefined)).toEqual([]);
    const served = await logOf(h.emulator, String(result.outputs['test-run-id']));
    expect(Object.keys(messages(served).find((m) => m['type'] === 'test_abstract')!['test_abstract']!)).toEqual([
      'tests/passing.tftest.hcl',
    ]);
    expect(served).not.toContain('failing.tftest.hcl');
  });
});

describe.skipIf(TERRAFORM === undefined)(`a test run with terraform, through the API${NEEDS_TERRAFORM}`, () => {
  let emulator: Emulator;
  let api: ReturnType<typeof client>;
  afterEach(() => emulator.close());

  async function start(personality: 'strict' | 'cli-tool' = 'cli-tool'): Promise<void> {
    emulator = await startEmulator({ personality, rateLimitPerSecond: Infinity, testRuns: { terraform: TERRAFORM! } });
    emulator.seedRegistryModule({ name: 'network', provider: 'aws' });
    api = client(emulator);
  }

  /** Uploads `archive` to a new configuration version (no run queued) and starts a run on it. */
  async function run(archive: Buffer | string, attributes: Record<string, unknown> = {}): Promise<string> {
    const version = (
      await api.post(`${ROOT}/test-runs/configuration-versions`, {
        data: { type: 'configuration-versions', attributes: { 'auto-queue-runs': false } },
      })
    ).body.data;
    const upload = typeof archive === 'string' ? archive : new Uint8Array(archive);
    expect((await api.put(version.attributes['upload-url'], upload)).status).toBe(200);
    const created = await api.post(`${ROOT}/test-runs`, {
      data: {
        type: 'test-runs',
        attributes,
        relationships: { 'configuration-version': { data: { id: version.id, type: 'configuration-versions' } } },
      },
    });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  }

  const read = async (id: string) => (await api.get(`${ROOT}/test-runs/${id}`)).body.data;
  const final = (id: string, withinMs = 15_000) =>
    waitFor(async () => {
      const data = await read(id);
      return FINAL.includes(data.attributes.status) ? data : undefined;
    }, withinMs);

  async function setEnv(key: string, value: string): Promise<void> {
    const reply = await api.post(`${ROOT}/vars`, {
      data: { type: 'vars', attributes: { key, value, category: 'env', sensitive: true } },
    });
    expect(reply.status).toBe(201);
  }

  it("the run's variables (HCL literals) and the module's test environment variables reach terraform", async () => {
    await start();
    const example = await packed(EXAMPLE_MODULE_DIR);
    // default_retention asserts the default of 90 days: a value given any other way fails it.
    const byVariable = await final(
      await run(example, {
        filters: ['tests/passing.tftest.hcl'],
        variables: [{ key: 'retention_days', value: '30' }],
      }),
    );
    await setEnv('TF_VAR_retention_days', '31');
    const byEnvironment = await final(await run(example, { filters: ['tests/passing.tftest.hcl'] }));

    for (const data of [byVariable, byEnvironment]) {
      expect(data.attributes).toMatchObject({ status: 'finished', 'test-status': 'fail', 'tests-failed': 1 });
      const failure = messages(await logText(data)).find((m) => m['type'] === 'diagnostic')!;
      expect(failure['@testrun']).toBe('default_retention');
      expect(failure['diagnostic']).toMatchObject({
        summary: 'Test assertion failed',
        range: { filename: 'tests/passing.tftest.hcl', start: { line: line('default_retention') } },
      });
    }
  });

  it('test-directory and verbose go to terraform test', async () => {
    await start();
    const module = await writeModule({
      'main.tf': 'output "answer" {\n  value = 42\n}\n',
      'checks/answer.tftest.hcl':
        'run "answers" {\n  command = plan\n  assert {\n    condition     = output.answer == 42\n    error_message = "wrong"\n  }\n}\n',
    });
    const data = await final(await run(await packed(module), { 'test-directory': 'checks', verbose: true }));
    expect(data.attributes).toMatchObject({ status: 'finished', 'test-status': 'pass', 'tests-passed': 1 });
    const log = messages(await logText(data));
    expect(log.find((m) => m['type'] === 'test_abstract')!['test_abstract']).toEqual({
      'checks/answer.tftest.hcl': ['answers'],
    });
    // -verbose: the plan of each run block.
    expect(log.some((m) => m['type'] === 'test_plan')).toBe(true);
  });

  it('a cancel interrupts terraform, which stops the tests and tears down; the run ends canceled', async () => {
    await start();
    const pidFile = join(scratch, 'cancel.pid');
    await setEnv('PID_FILE', pidFile);
    const id = await run(await packed(await slowModule()));
    const { pid } = await startedSleep(pidFile);
    // cli-tool: the log of the running run is what terraform has written so far.
    const running = await read(id);
    expect(running.attributes.status).toBe('running');
    expect(await logText(running)).toContain('"slow\\"... in progress');

    const asked = Date.now();
    expect((await api.post(`${ROOT}/test-runs/${id}/cancel`)).status).toBe(202);
    const data = await final(id, 10_000);
    expect(Date.now() - asked).toBeLessThan(10_000);
    expect(data.attributes).toMatchObject({ status: 'canceled', 'test-status': null, 'tests-passed': null });
    expect(data.attributes['status-timestamps']['canceled-at']).toBeDefined();
    expect(alive(pid)).toBe(false);
    // The interrupt reached what terraform was running: its run block errored, the next one was
    // skipped, and terraform tore down what the test had applied.
    const log = messages(await logText(data));
    const completed = log
      .filter((m) => m['type'] === 'test_run' && (m['test_run'] as { progress: string }).progress === 'complete')
      .map((m) => m['test_run'] as { run: string; status: string });
    expect(completed).toEqual([
      expect.objectContaining({ run: 'slow', status: 'error' }),
      expect.objectContaining({ run: 'after', status: 'skip' }),
    ]);
    expect(
      log.some((m) => m['type'] === 'test_file' && (m['test_file'] as { progress: string }).progress === 'teardown'),
    ).toBe(true);
    expect(emulator.testRuns().find((r) => r.id === id)).toMatchObject({ cancelRequested: true, forceCanceled: false });
  });

  it('a cancel waits for terraform; a force-cancel kills it at once, and the run is canceled with the log so far', async () => {
    await start('strict');
    const pidFile = join(scratch, 'force.pid');
    await setEnv('PID_FILE', pidFile);
    // Its provisioner does not heed the interrupt: terraform waits for it.
    const id = await run(await packed(await slowModule(true)));
    const { pid } = await startedSleep(pidFile);
    // strict: no log address while the run runs.
    expect((await read(id)).attributes['log-read-url']).toBeUndefined();

    expect((await api.post(`${ROOT}/test-runs/${id}/cancel`)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await read(id)).attributes.status).toBe('running');
    expect(alive(pid)).toBe(true);

    expect((await api.post(`${ROOT}/test-runs/${id}/force-cancel`)).status).toBe(202);
    const data = await read(id);
    expect(data.attributes).toMatchObject({ status: 'canceled', 'test-status': null });
    expect(emulator.testRuns().find((r) => r.id === id)).toMatchObject({ cancelRequested: true, forceCanceled: true });
    await waitFor(() => (alive(pid) ? undefined : true), 5000);
    const log = await logText(data);
    expect(log).toContain('"slow\\"... in progress');
    expect(log).toContain('Interrupt received');
  });

  it('close() kills a terraform still running and removes its directory', async () => {
    await start();
    const pidFile = join(scratch, 'close.pid');
    await setEnv('PID_FILE', pidFile);
    await run(await packed(await slowModule(true)));
    const { pid, directory } = await startedSleep(pidFile);
    expect(directory.startsWith(join(tmpdir(), 'svc-emulator-terraform-'))).toBe(true);
    expect(existsSync(directory)).toBe(true);

    await emulator.close();
    await waitFor(() => (alive(pid) ? undefined : true), 5000);
    expect(existsSync(directory)).toBe(false);
  });

  it('a configuration that does not load: the run errors, without a test-status, the diagnostic in its log', async () => {
    await start();
    const module = await writeModule({ 'main.tf': 'resource "terraform_data" {\n' });
    const data = await final(await run(await packed(module)));
    expect(data.attributes).toMatchObject({ status: 'errored', 'test-status': null, 'tests-passed': 0 });
    const diagnostic = messages(await logText(data)).find((m) => m['type'] === 'diagnostic')!;
    expect(diagnostic['diagnostic']).toMatchObject({ severity: 'error', range: { filename: 'main.tf' } });
  });

  it('a module that needs a provider: nothing is downloaded, its run blocks error as terraform test says', async () => {
    await start();
    const module = await writeModule({
      'main.tf': 'terraform {\n  required_providers {\n    random = { source = "hashicorp/random" }\n  }\n}\n',
      'tests/a.tftest.hcl': 'run "a" {\n  command = plan\n}\n',
    });
    const data = await final(await run(await packed(module)));
    expect(data.attributes).toMatchObject({ status: 'finished', 'test-status': 'error', 'tests-errored': 1 });
    const log = await logText(data);
    expect(log).toContain('terraform init (no backend, no downloads) failed');
    const diagnostic = messages(log).find((m) => m['type'] === 'diagnostic')!;
    expect(diagnostic).toMatchObject({ '@testrun': 'a', diagnostic: { summary: 'Missing required provider' } });
  });

  it('an upload that is not a configuration archive: the run errors, its log saying why', async () => {
    await start();
    const data = await final(await run('not an archive'));
    expect(data.attributes).toMatchObject({ status: 'errored', 'test-status': null });
    const diagnostic = messages(await logText(data)).find((m) => m['type'] === 'diagnostic')!;
    expect(diagnostic['diagnostic']).toMatchObject({ summary: 'Configuration refused' });
    expect(JSON.stringify(diagnostic)).toContain("not a gzip'd tar archive");
  });

  it('a filter or test-directory that leads out of the configuration: the run errors, terraform not started', async () => {
    await start();
    const example = await packed(EXAMPLE_MODULE_DIR);
    for (const attributes of [{ filters: ['../etc/x.tftest.hcl'] }, { 'test-directory': '/etc' }]) {
      const data = await final(await run(example, attributes));
      expect(data.attributes).toMatchObject({ status: 'errored', 'test-status': null });
      expect(await logText(data)).toContain('must be a path inside the configuration');
    }
  });
});

/** The gzip'd tar the action's packer makes of `directory`. */
async function packed(directory: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await packModule(directory, out);
  return Buffer.concat(chunks);
}

async function writeModule(files: Record<string, string>): Promise<string> {
  const directory = mkdtempSync(join(scratch, 'module-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(dirname(join(directory, name)), { recursive: true });
    await writeFile(join(directory, name), content);
  }
  return directory;
}

/** A module whose one test applies a resource whose provisioner writes its process id and
 *  directory to `$PID_FILE` and sleeps 30 s: a run that is still running when the test stops it.
 *  `deaf`: the sleep ignores the interrupt, so that only a kill stops the run. */
function slowModule(deaf = false): Promise<string> {
  const sleep = deaf ? "trap '' INT && exec sleep 30" : 'exec sleep 30';
  return writeModule({
    'main.tf': [
      'resource "terraform_data" "slow" {',
      '  provisioner "local-exec" {',
      `    command = "echo $$ \\"$PWD\\" > \\"$PID_FILE\\" && ${sleep}"`,
      '  }',
      '}',
      '',
    ].join('\n'),
    'tests/slow.tftest.hcl': 'run "slow" {\n  command = apply\n}\n\nrun "after" {\n  command = plan\n}\n',
  });
}

/** The process id of the slow module's sleep, once it sleeps, and the directory the emulator
 *  made for its run (where it unpacked the module). */
async function startedSleep(pidFile: string): Promise<{ pid: number; directory: string }> {
  const [pid, module] = await waitFor(() => {
    const text = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim() : '';
    return text.includes(' ')
      ? [Number(text.slice(0, text.indexOf(' '))), text.slice(text.indexOf(' ') + 1)]
      : undefined;
  }, 15_000);
  expect(alive(pid as number)).toBe(true);
  return { pid: pid as number, directory: dirname(module as string) };
}

/** Whether the process runs (a zombie, killed but not yet reaped by whoever adopted it, does not). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  return !existsSync(stat) || !/\) Z /.test(readFileSync(stat, 'utf8'));
}

async function logOf(emulator: Emulator, id: string): Promise<string> {
  const reply = await client(emulator).get(
    `${ROOT.replace('network/aws', `${MODULE.name}/${MODULE.provider}`)}/test-runs/${id}`,
  );
  return logText(reply.body.data);
}

async function logText(data: { attributes: Record<string, unknown> }): Promise<string> {
  return (await fetch(String(data.attributes['log-read-url']))).text();
}

function messages(log: string): Array<Record<string, unknown>> {
  return log
    .split('\n')
    .filter((text) => text.startsWith('{'))
    .map((text) => JSON.parse(text) as Record<string, unknown>);
}
