// `npm run emulator` says at start how test runs run, and runs them so: the uploaded module's own
// tests with the terraform it found on the PATH (or `--terraform PATH`), or, without one (or with
// `--no-terraform`), the canned log, whose outcome `--test-outcome` scripts.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { packModule } from '../../src/slug/index.ts';
import type { Emulator } from '../emulator/api.ts';
import { client, waitFor } from '../emulator/test-client.ts';
import { EXAMPLE_MODULE_DIR, exampleRunBlocks } from '../support/example-module-log.ts';
import { NEEDS_TERRAFORM, TERRAFORM } from '../support/terraform-on-path.ts';

const cli = fileURLToPath(new URL('../emulator/cli.ts', import.meta.url));
const ROOT = '/organizations/acme/tests/registry-modules/private/acme/network/aws';
/** A PATH without terraform (the command line is started by the path of node itself). */
const WITHOUT_TERRAFORM = mkdtempSync(join(tmpdir(), 'emulator-cli-path-'));
afterAll(() => rmSync(WITHOUT_TERRAFORM, { recursive: true, force: true }));

interface Seeded {
  baseUrl: string;
  token: string;
  testRuns: { terraform: string | null; terraformVersion: string | null; outcome: string | null; message: string };
}

const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    }),
  );
});

/** Starts the emulator's command line (cli-tool: no run queued by the upload) and reads its
 *  first line. */
async function startCli(args: string[], path = process.env['PATH'] ?? ''): Promise<{ seeded: Seeded; first: string }> {
  const child = spawn(process.execPath, [cli, '--personality', 'cli-tool', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { PATH: path },
  });
  children.push(child);
  const [first] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  return { seeded: args.includes('--json') ? (JSON.parse(first) as Seeded) : ({} as Seeded), first };
}

/** Exit code and error output of a command line that refuses its flags. */
async function refused(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

/** Uploads examples/module (as the action packs it) and runs its tests: the final run and its log. */
async function runExample(seeded: Seeded): Promise<{ attributes: Record<string, any>; log: string }> {
  const api = client({ baseUrl: seeded.baseUrl, token: seeded.token } as Emulator);
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await packModule(EXAMPLE_MODULE_DIR, out);
  const version = (
    await api.post(`${ROOT}/test-runs/configuration-versions`, {
      data: { type: 'configuration-versions', attributes: { 'auto-queue-runs': false } },
    })
  ).body.data;
  expect((await api.put(version.attributes['upload-url'], new Uint8Array(Buffer.concat(chunks)))).status).toBe(200);
  const id = (
    await api.post(`${ROOT}/test-runs`, {
      data: {
        type: 'test-runs',
        attributes: {},
        relationships: { 'configuration-version': { data: { id: version.id, type: 'configuration-versions' } } },
      },
    })
  ).body.data.id as string;
  const run = await waitFor(async () => {
    const data = (await api.get(`${ROOT}/test-runs/${id}`)).body.data;
    return ['finished', 'errored', 'canceled'].includes(data.attributes.status) ? data : undefined;
  }, 15_000);
  return { attributes: run.attributes, log: await (await fetch(run.attributes['log-read-url'])).text() };
}

describe('without terraform: the canned log, and the emulator says so at start', () => {
  it('no terraform on the PATH: tests/main.tftest.hcl passes, whatever module was uploaded', async () => {
    const { seeded } = await startCli(['--json'], WITHOUT_TERRAFORM);
    expect(seeded.testRuns).toEqual({
      terraform: null,
      terraformVersion: null,
      outcome: 'pass',
      message:
        'every run serves a canned log (tests/main.tftest.hcl, pass), whatever module was uploaded: no terraform on the PATH (--terraform PATH names one)',
    });
    const { attributes, log } = await runExample(seeded);
    expect(attributes).toMatchObject({
      status: 'finished',
      'test-status': 'pass',
      'tests-passed': 2,
      'tests-failed': 0,
    });
    expect(log).toContain('"test_abstract":{"tests/main.tftest.hcl":["passes_1","passes_2"]}');
    expect(log).not.toContain('failing.tftest.hcl');
  });

  it('the start message in the listing a person reads', async () => {
    const child = spawn(process.execPath, [cli], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { PATH: WITHOUT_TERRAFORM },
    });
    children.push(child);
    const lines: string[] = [];
    for await (const line of createInterface({ input: child.stdout })) {
      lines.push(line);
      if (line.includes('test runs')) break;
    }
    expect(lines.at(-1)).toMatch(
      /^ {2}test runs +every run serves a canned log \(tests\/main\.tftest\.hcl, pass\), whatever module was uploaded: no terraform on the PATH/,
    );
  });
});

describe('--test-outcome scripts the canned log', () => {
  it.each([
    ['fail', { status: 'finished', 'test-status': 'fail', 'tests-passed': 1, 'tests-failed': 1, 'tests-errored': 0 }],
    ['error', { status: 'finished', 'test-status': 'error', 'tests-passed': 1, 'tests-failed': 0, 'tests-errored': 1 }],
    ['pass', { status: 'finished', 'test-status': 'pass', 'tests-passed': 2, 'tests-failed': 0, 'tests-errored': 0 }],
  ])('--test-outcome %s: its counters, and a log that agrees with them', async (outcome, attributes) => {
    // Even with terraform on the PATH: the outcome asked for is the canned log's.
    const { seeded } = await startCli(['--json', '--test-outcome', outcome]);
    expect(seeded.testRuns).toMatchObject({ terraform: null, outcome });
    expect(seeded.testRuns.message).toContain(`(tests/main.tftest.hcl, ${outcome})`);
    const run = await runExample(seeded);
    expect(run.attributes).toMatchObject(attributes);
    const summary = run.log
      .split('\n')
      .filter((line) => line.includes('"test_summary"'))
      .map((line) => JSON.parse(line).test_summary);
    expect(summary).toEqual([
      {
        status: outcome,
        passed: attributes['tests-passed'],
        failed: attributes['tests-failed'],
        errored: attributes['tests-errored'],
        skipped: 0,
      },
    ]);
  });

  it.each([
    [['--test-outcome', 'maybe'], '--test-outcome must be one of pass, fail, error, got "maybe"'],
    [['--terraform', '/bin/sh', '--no-terraform'], '--terraform and --no-terraform exclude each other'],
    [['--terraform', '/bin/sh', '--test-outcome', 'fail'], '--test-outcome scripts the canned log'],
    [['--terraform', '/nowhere/terraform'], '--terraform: /nowhere/terraform does not run'],
  ])('refused: %j', async (args, message) => {
    const { code, stderr } = await refused(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});

describe.skipIf(TERRAFORM === undefined)(`with terraform${NEEDS_TERRAFORM}`, () => {
  it("found on the PATH: each run runs the uploaded module's own tests, the real failing assertions", async () => {
    const { seeded } = await startCli(['--json']);
    expect(seeded.testRuns).toMatchObject({ terraform: TERRAFORM, outcome: null });
    expect(seeded.testRuns.terraformVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(seeded.testRuns.message).toBe(
      `each run runs the uploaded module's own tests with ${TERRAFORM} (terraform ${seeded.testRuns.terraformVersion}, no network)`,
    );
    const { attributes, log } = await runExample(seeded);
    expect(attributes).toMatchObject({
      status: 'finished',
      'test-status': 'fail',
      'tests-passed': 4,
      'tests-failed': 2,
    });
    const line = exampleRunBlocks().find((block) => block.name === 'retention_is_capped_at_a_year')!.condition!.line;
    expect(log).toContain(`"@testrun":"retention_is_capped_at_a_year"`);
    expect(log).toContain(`"range":{"filename":"tests/failing.tftest.hcl","start":{"line":${line},`);
  });

  it('--terraform PATH names it where the PATH has none; --no-terraform keeps the canned log', async () => {
    const named = await startCli(['--json', '--terraform', TERRAFORM!], WITHOUT_TERRAFORM);
    expect(named.seeded.testRuns).toMatchObject({ terraform: TERRAFORM, outcome: null });
    const off = await startCli(['--json', '--no-terraform']);
    expect(off.seeded.testRuns).toMatchObject({
      terraform: null,
      outcome: 'pass',
      message:
        'every run serves a canned log (tests/main.tftest.hcl, pass), whatever module was uploaded: as --no-terraform asks',
    });
  });
});
