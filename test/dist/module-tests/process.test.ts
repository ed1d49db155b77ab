// The built bundle as the runner starts it: inputs in INPUT_*, outputs, summary and state in
// files, signals from outside, the post step in a second process with the state as STATE_*.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator, EmulatorOptions } from '../../emulator/api.ts';
import { exampleModuleOutcome, exampleRunBlocks } from '../../support/example-module-log.ts';
import { nodeBinaries } from '../../support/node-binaries.ts';
import { MODULE, MODULE_DIRECTORY, REPOSITORY_ROOT, until } from '../../module-tests/harness.ts';

const work = mkdtempSync(join(tmpdir(), 'module-tests-process-'));
// The bundle built once for the whole test run (test/support/global-setup.ts).
const dist = inject('bundleDir');
const emulators: Emulator[] = [];

afterAll(async () => {
  await Promise.all(emulators.map((e) => e.close()));
  rmSync(work, { recursive: true, force: true });
});

async function emulatorWith(options: EmulatorOptions): Promise<Emulator> {
  const emulator = await startEmulator(options);
  emulators.push(emulator);
  emulator.seedRegistryModule({ name: MODULE.name, provider: MODULE.provider });
  return emulator;
}

interface Step {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  files: { output: string; summary: string; state: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

let steps = 0;

/** `entry`: the file the runner starts, action.yml's `runs.main` (index.js) or `runs.post` (post.js). */
function startStep(
  emulator: Emulator,
  inputs: Record<string, string>,
  options: { node?: string; env?: Record<string, string>; entry?: string } = {},
): Step {
  const dir = join(work, `step-${++steps}`);
  mkdirSync(dir, { recursive: true });
  const files = { output: join(dir, 'output'), summary: join(dir, 'summary.md'), state: join(dir, 'state') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const all: Record<string, string> = {
    mode: 'run-module-tests',
    token: emulator.token,
    'base-url': emulator.baseUrl,
    organization: emulator.organization,
    'module-directory': MODULE_DIRECTORY,
    'module-name': MODULE.name,
    'module-provider': MODULE.provider,
    ...inputs,
  };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? work,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_STATE: files.state,
    GITHUB_WORKSPACE: REPOSITORY_ROOT,
    RUNNER_TEMP: dir,
    // As the runner sets it: only then are secrets registered with `::add-mask::`.
    GITHUB_ACTIONS: 'true',
    ...options.env,
  };
  for (const [name, value] of Object.entries(all)) env[`INPUT_${name.toUpperCase()}`] = value;
  const child = spawn(options.node ?? process.execPath, [join(dist, options.entry ?? 'index.js')], {
    cwd: REPOSITORY_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, stdout: () => out, stderr: () => err, files, exited };
}

/** The GITHUB_STATE file as @actions/core writes it: `name<<DELIMITER`, value, `DELIMITER`. */
function readStateFile(file: string): Map<string, string> {
  const state = new Map<string, string>();
  const pattern = /^(.+?)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const match of readFileSync(file, 'utf8').matchAll(pattern)) state.set(match[1]!, match[3]!);
  return state;
}

function read(file: string): string {
  return readFileSync(file, 'utf8');
}

// The full runs and the two tests with the runner's own timing (a process each, waiting most of
// the time) run side by side.
describe('the built action, run by the runner', () => {
  for (const node of nodeBinaries()) {
    it.concurrent(
      `full run on Node ${node.version}: annotations on the test files, outputs, summary, and no secret anywhere`,
      async () => {
        const emulator = await emulatorWith({ testRuns: { outcome: exampleModuleOutcome('fail') } });
        const sensitive = 'proc-sensitive-value-7f3a';
        const step = startStep(emulator, { 'test-env-variables': `API_KEY=${sensitive}` }, { node: node.path });
        const { code } = await step.exited;
        expect(code).toBe(1);

        const stdout = step.stdout();
        const line = exampleRunBlocks().find((b) => b.name === 'retention_is_capped_at_a_year')!.condition!.line;
        expect(stdout).toMatch(
          new RegExp(`::error title=.*,file=examples/module/tests/failing.tftest.hcl,line=${line},`),
        );
        expect(stdout).toMatch(/::error::Module tests failed: 4 passed, 2 failed/);
        const outputs = read(step.files.output);
        expect(outputs).toMatch(/^test-run-id<<.*\ntrun-\w+\n/m);
        expect(outputs).toMatch(/^test-status<<.*\nfail\n/m);
        expect(outputs).toMatch(/^tests-failed<<.*\n2\n/m);
        const summary = read(step.files.summary);
        expect(summary).toContain('Module tests failed');
        const state = readStateFile(step.files.state);
        expect(state.get('isPost')).toBe('true');
        expect(state.get('testRunFinal')).toBe('true');

        const upload = emulator.requests.find((r) => r.port === 'upload')!;
        const logRead = emulator.requests.find((r) => r.port === 'log')!;
        expect(upload).toBeDefined();
        expect(logRead).toBeDefined();
        const secrets = [
          emulator.token,
          sensitive,
          `${emulator.uploadOrigin}${upload.path}`,
          upload.path.split('/').pop()!,
          `${emulator.uploadOrigin}${logRead.path}`,
          logRead.path.split('/').pop()!,
        ];
        // `::add-mask::VALUE` is how a step tells the runner what to mask; the runner never prints it.
        const masks = stdout
          .split('\n')
          .filter((l) => l.startsWith('::add-mask::'))
          .map((l) => l.slice('::add-mask::'.length));
        expect(masks).toEqual(expect.arrayContaining([emulator.token, sensitive, secrets[2], secrets[4]]));
        const printed = stdout
          .split('\n')
          .filter((l) => !l.startsWith('::add-mask::'))
          .join('\n');
        const everything = { stdout: printed, stderr: step.stderr(), summary, outputs, state: read(step.files.state) };
        for (const [where, text] of Object.entries(everything)) {
          for (const secret of secrets) expect(text.includes(secret), `${where} holds a secret`).toBe(false);
        }
      },
      30_000,
    );
  }

  /**
   * The runner's cancellation with its own timing: SIGINT, SIGTERM 7.5 s later, the kill 2.5 s
   * after that. Resolves with the exit time; a step still alive at the kill is killed.
   */
  async function cancelLikeTheRunner(
    step: Step,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null; afterInterrupt: number; terminated: boolean }> {
    const interrupted = Date.now();
    step.child.kill('SIGINT');
    let terminated = false;
    const term = setTimeout(() => {
      terminated = step.child.kill('SIGTERM');
    }, 7500);
    const kill = setTimeout(() => step.child.kill('SIGKILL'), 10_000);
    const { code, signal, at } = await step.exited;
    clearTimeout(term);
    clearTimeout(kill);
    return { code, signal, afterInterrupt: at - interrupted, terminated };
  }

  function postStepFor(emulator: Emulator, main: Step): Step {
    const env: Record<string, string> = {};
    for (const [name, value] of readStateFile(main.files.state)) env[`STATE_${name}`] = value;
    return startStep(emulator, {}, { env, entry: 'post.js' });
  }

  /**
   * How long the built step may take to start, pack and upload before its create arrives: on a
   * machine that others keep busy that alone can take many seconds. A bound for a step that never
   * gets there, not a measure of its speed; the runner's schedule after the signal is held to the
   * millisecond below.
   */
  const START_MS = 30_000;

  const createArrived = (emulator: Emulator): boolean =>
    emulator.requests.some((r) => r.method === 'POST' && /\/test-runs$/.test(r.path));

  // With an option of its own the step always creates its run (a run the service queues by
  // itself cannot carry it): the create is what these two tests hold up.
  it.concurrent(
    'a create unanswered for 11 s at SIGINT: the step exits before the kill, and the post step finds the run by configuration version and stops it',
    async () => {
      const emulator = await emulatorWith({ testRuns: { queuedMs: 20, runningMs: 60_000, cancelGraceMs: 50 } });
      emulator.inject({ method: 'POST', path: /\/test-runs$/, kind: { type: 'delay', ms: 11_000 } });
      const main = startStep(emulator, { verbose: 'true' });
      await until(() => createArrived(emulator), START_MS, 'the create');
      const exit = await cancelLikeTheRunner(main);
      expect(exit.signal).toBeNull();
      expect(exit.afterInterrupt).toBeLessThan(10_000);
      expect(exit.code).toBe(1);
      expect(read(main.files.summary)).toContain('Module tests cancelled');
      expect(main.stdout()).toMatch(/The post step looks for test runs of configuration version cv-\w+/);
      const state = readStateFile(main.files.state);
      expect(state.get('testRunConfigurationVersion')).toMatch(/^cv-/);
      expect(state.get('testRunCreateSent')).toBe('true');
      expect(state.has('testRunId')).toBe(false);
      // The service has not created the step's run yet: the post step waits for it. A run the
      // strict service queued by itself on upload was stopped by the main step.
      expect(emulator.testRuns().filter((r) => r.source === 'svc-api')).toEqual([]);
      expect(emulator.testRuns().filter((r) => r.status !== 'canceled')).toEqual([]);

      const post = postStepFor(emulator, main);
      const { code } = await post.exited;
      expect(code).toBe(0);
      const runs = emulator.testRuns().filter((r) => r.source === 'svc-api');
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        configurationVersionId: state.get('testRunConfigurationVersion'),
        status: 'canceled',
        cancelRequested: true,
        verbose: true,
      });
      expect(emulator.testRuns().every((r) => r.status === 'canceled')).toBe(true);
      expect(post.stdout()).toMatch(/Test run trun-\w+ of module acme\/log-bucket\/aws was cancelled\./);
    },
    START_MS + 60_000,
  );

  it.concurrent(
    'a create answered 2.5 s after SIGINT: the run id is saved at once, cancelled, force-cancelled at SIGTERM 7.5 s later, and the step exits before the kill',
    async () => {
      const emulator = await emulatorWith({ testRuns: { queuedMs: 20, runningMs: 60_000, cancelGraceMs: Infinity } });
      emulator.inject({ method: 'POST', path: /\/test-runs$/, kind: { type: 'delay', ms: 2500 } });
      const main = startStep(emulator, { verbose: 'true' });
      await until(() => createArrived(emulator), START_MS, 'the create');
      const exit = await cancelLikeTheRunner(main);
      expect(exit.signal).toBeNull();
      expect(exit.terminated).toBe(true);
      expect(exit.afterInterrupt).toBeLessThan(10_000);
      expect(exit.code).toBe(1);
      expect(emulator.testRuns().every((r) => r.status === 'canceled')).toBe(true);
      const run = emulator.testRuns().find((r) => r.source === 'svc-api')!;
      expect(run).toMatchObject({ status: 'canceled', cancelRequested: true, forceCanceled: true });
      const state = readStateFile(main.files.state);
      expect(state.get('testRunId')).toBe(run.id);
      expect(state.get('testRunFinal')).toBe('true');
      const summary = read(main.files.summary);
      expect(summary).toContain('Module tests cancelled');
      expect(summary).toContain('force-cancelled');
    },
    START_MS + 40_000,
  );

  // Alone, each in turn: the tightest timing of the file (out within 4 s of SIGINT).
  it('SIGINT cancels the run, SIGTERM force-cancels it, and the process writes its summary and exits well before the kill', async () => {
    const emulator = await emulatorWith({ testRuns: { queuedMs: 20, runningMs: 60_000, cancelGraceMs: Infinity } });
    const step = startStep(emulator, {});
    const own = () => emulator.testRuns().find((r) => r.id === readStateFile(step.files.state).get('testRunId'));
    await until(() => own()?.status === 'running', 15_000, 'a running run');
    const interrupted = Date.now();
    step.child.kill('SIGINT');
    await until(() => own()!.cancelRequested, 3000, 'the cancel');
    // The runner waits 7.5 s; shortened here.
    await new Promise((r) => setTimeout(r, 1500 - (Date.now() - interrupted)));
    step.child.kill('SIGTERM');
    const { code, at } = await step.exited;
    expect(at - interrupted).toBeLessThan(10_000);
    expect(at - interrupted).toBeLessThan(4000);
    expect(code).toBe(1);
    expect(own()).toMatchObject({ status: 'canceled', cancelRequested: true, forceCanceled: true });
    expect(emulator.testRuns().every((r) => r.status === 'canceled')).toBe(true);
    const summary = read(step.files.summary);
    expect(summary).toContain('Module tests cancelled');
    expect(summary).toContain('force-cancelled');
    expect(read(step.files.output)).toMatch(/^status<<.*\ncanceled\n/m);
    expect(readStateFile(step.files.state).get('testRunFinal')).toBe('true');
  }, 40_000);

  it('the post step cancels a run left behind by a main step that was killed', async () => {
    const emulator = await emulatorWith({ testRuns: { queuedMs: 20, runningMs: 60_000, cancelGraceMs: 50 } });
    const main = startStep(emulator, {});
    await until(() => readStateFile(main.files.state).has('testRunId'), 15_000, 'the saved run id');
    main.child.kill('SIGKILL');
    await main.exited;
    const state = readStateFile(main.files.state);
    expect(state.has('testRunFinal')).toBe(false);
    const own = () => emulator.testRuns().find((r) => r.id === state.get('testRunId'))!;
    expect(own().status).not.toBe('canceled');

    const env: Record<string, string> = {};
    for (const [name, value] of state) env[`STATE_${name}`] = value;
    expect(env.STATE_isPost).toBe('true');
    const post = startStep(emulator, {}, { env, entry: 'post.js' });
    const { code } = await post.exited;
    expect(code).toBe(0);
    expect(own()).toMatchObject({ status: 'canceled', cancelRequested: true });
    expect(post.stdout()).toMatch(/Test run trun-\w+ of module acme\/log-bucket\/aws was cancelled\./);
    // The post step started nothing new, and left nothing of the version running.
    expect(emulator.testRuns().filter((r) => r.source === 'svc-api').length).toBeLessThanOrEqual(1);
    await until(() => emulator.testRuns().every((r) => r.status === 'canceled'), 3000, 'every run cancelled');
    expect(post.stdout().replace(`::add-mask::${emulator.token}`, '')).not.toContain(emulator.token);
  }, 40_000);

  // A service that ignores auto-queue-runs and queues a run of its own 1.2 s after the upload,
  // and a main step killed before that: the post step watches as long as the main step would
  // have, and stops every run of the version. With an option of its own the step creates its run
  // (it cannot adopt the service's).
  const LATE_RUN = { respectAutoQueueRuns: false, autoRunDelayMs: [1200, 1200] as [number, number] };
  const uploadArrived = (emulator: Emulator): boolean =>
    emulator.requests.some((r) => r.port === 'upload' && r.body.length > 0);

  it.concurrent.each([
    [
      'at the upload',
      (emulator: Emulator) => {
        // The upload lands 2 s after the kill: the service's own run appears 3.2 s after it.
        emulator.inject({ port: 'upload', kind: { type: 'delay', ms: 2000 } });
        return () => uploadArrived(emulator);
      },
    ],
    [
      'at the run create',
      (emulator: Emulator) => {
        emulator.inject({ method: 'POST', path: /\/test-runs$/, kind: { type: 'delay', ms: 800 } });
        return () => createArrived(emulator);
      },
    ],
    ['during the wait', () => (main: Step) => readStateFile(main.files.state).has('testRunId')],
  ] as const)(
    'SIGKILL %s, then the post step: every run of the version is stopped, the one the service queued late too',
    async (_when, arrange) => {
      const emulator = await emulatorWith({
        testRuns: { ...LATE_RUN, queuedMs: 20, runningMs: 60_000, cancelGraceMs: 50 },
      });
      const killWhen = arrange(emulator);
      const main = startStep(emulator, { verbose: 'true' });
      await until(() => killWhen(main), 15_000, 'the moment to kill');
      main.child.kill('SIGKILL');
      await main.exited;
      const state = readStateFile(main.files.state);
      expect(state.get('testRunConfigurationVersion')).toMatch(/^cv-/);
      // The service's own run is not there yet when the post step starts.
      expect(emulator.testRuns().filter((r) => r.source !== 'svc-api')).toEqual([]);

      const post = postStepFor(emulator, main);
      const { code } = await post.exited;
      expect(code).toBe(0);
      const late = emulator.testRuns().filter((r) => r.source !== 'svc-api');
      expect(late).toHaveLength(1);
      expect(late[0]).toMatchObject({ status: 'canceled', cancelRequested: true });
      expect(post.stdout()).toContain(`Test run ${late[0]!.id} of module acme/log-bucket/aws was cancelled.`);
      expect(emulator.testRuns().every((r) => r.status === 'canceled')).toBe(true);
      expect(emulator.testRuns().filter((r) => r.source === 'svc-api').length).toBeLessThanOrEqual(1);
    },
    40_000,
  );
});
