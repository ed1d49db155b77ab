// The action's step as the runner starts it (test/support/run-action.ts), against a service and
// a pull request that hand it hostile text in every place they can: policy names and
// descriptions, statuses, ids, links, test names, assertion messages, file names. Stdout is read
// with the runner's own parsing rules (test/support/runner-commands.ts): the only commands in it
// are the ones the action wrote.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { runAction } from '../../support/run-action.ts';
import type { BundleRun } from '../../support/run-bundle.ts';
import { findRunnerCommands } from '../../support/runner-commands.ts';

/** What the action itself writes to stdout on GitHub: log-level commands and its own masks. */
const OWN_COMMANDS = new Set(['error', 'warning', 'notice', 'debug', 'group', 'endgroup', 'add-mask']);

const SET_OUTPUT = 'old ##[set-output name=deleted;]x';
const SAVE_STATE = 'running\r::save-state name=testRunId::trun-other';
const ADD_PATH = 'x\u2028::add-path::/tmp/evil';
const SET_ENV = '\u0085::set-env name=NODE_OPTIONS::--require=/tmp/x';

let emulator: Emulator;
let work: string;
beforeAll(async () => {
  emulator = await startEmulator({
    testRuns: { queuedMs: 20, runningMs: 50 },
    upgrades: { steps: ['planning'], stepMs: 20 },
  });
  work = mkdtempSync(join(tmpdir(), 'injection-'));
});
afterAll(async () => {
  await emulator.close();
  rmSync(work, { recursive: true, force: true });
});

/** A repository of its own for one step: files by path relative to its root. */
function repository(files: Record<string, string>): string {
  const root = mkdtempSync(join(work, 'repo-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

async function step(inputs: Record<string, string>, root = repository({})): Promise<BundleRun> {
  const state = join(mkdtempSync(join(work, 'state-')), 'state');
  writeFileSync(state, '');
  return runAction({
    inputs: { token: emulator.token, 'base-url': emulator.baseUrl, timeout: '20s', ...inputs },
    // As the runner sets it: secrets are registered with `::add-mask::`, debug lines written.
    env: { GITHUB_ACTIONS: 'true', RUNNER_DEBUG: '1', GITHUB_WORKSPACE: root, GITHUB_STATE: state },
    cwd: root,
  });
}

/** Every command in stdout is one the action wrote itself, in the v2 form @actions/core writes. */
function expectOnlyOwnCommands(run: BundleRun): void {
  const found = findRunnerCommands(run.stdout);
  // The masks are the token and the signed upload and log addresses the service handed out.
  const ownMask = (data: string): boolean => data === emulator.token || data.startsWith(`${emulator.uploadOrigin}/`);
  const foreign = found.filter(
    (c) => c.syntax !== 'v2' || !OWN_COMMANDS.has(c.command) || (c.command === 'add-mask' && !ownMask(c.data)),
  );
  expect(foreign).toEqual([]);
  expect(found.length).toBeGreaterThan(0);
}

describe('hostile text from the service and the pull request never becomes a runner command', () => {
  it('sync-policies: a prune of remote policies named and described to inject commands', async () => {
    const set = emulator.seedPolicySet();
    emulator.seedPolicy({ name: SET_OUTPUT, description: SAVE_STATE, policySetIds: [set] });
    emulator.seedPolicy({ name: 'kept', description: ADD_PATH, code: 'old', policySetIds: [set] });
    emulator.seedPolicy({ name: SET_ENV, description: SET_OUTPUT });
    const root = repository({ 'policies/kept.native': 'rule main = true\n' });
    const run = await step(
      { mode: 'sync-policies', organization: emulator.organization, 'policy-sets': set, prune: 'true' },
      root,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('##\\[set-output name=deleted;]x');
    expect(emulator.policies().map((p) => p.name)).not.toContain(SET_OUTPUT);
    expectOnlyOwnCommands(run);
  });

  it('sync-policies: a policy file whose name is refused, in the failure line', async () => {
    const root = repository({
      [`policies/${SET_OUTPUT}.native`]: 'rule main = true\n',
      [`policies/${SAVE_STATE}.native`]: 'rule main = true\n',
    });
    const run = await step({ mode: 'sync-policies', organization: emulator.organization }, root);
    expect(run.code).toBe(2);
    expectOnlyOwnCommands(run);
  });

  it('run-module-tests: test names, assertion messages and file names from the test log, past ten errors', async () => {
    emulator.seedRegistryModule({ name: 'hostile', provider: 'aws' });
    const files = [
      `tests/${SET_OUTPUT}.tftest.hcl`,
      `tests/${SAVE_STATE}.tftest.hcl`,
      'tests/::set-output name=a::b.tftest.hcl',
    ];
    const failed = 12;
    emulator.configure({
      testRuns: {
        outcome: {
          status: 'finished',
          testStatus: 'fail',
          passed: 0,
          failed,
          errored: 0,
          skipped: 0,
          log: hostileLog(files, failed),
        },
      },
    });
    const root = repository({ 'module/main.tf': 'variable "x" {}\n', 'module/tests/a.tftest.hcl': 'run "a" {}\n' });
    const run = await step(
      {
        mode: 'run-module-tests',
        organization: emulator.organization,
        'module-directory': 'module',
        'module-name': 'hostile',
        'module-provider': 'aws',
      },
      root,
    );
    expect(run.code).toBe(1);
    expect(findRunnerCommands(run.stdout).filter((c) => c.command === 'error').length).toBe(10);
    expect(run.stdout).toContain('##\\[set-output name=deleted;]x');
    expectOnlyOwnCommands(run);
  });

  it('run-module-tests: a dry run listing files named to inject commands', async () => {
    const root = repository({
      'module/main.tf': 'variable "x" {}\n',
      [`module/${SET_OUTPUT}.tf`]: '\n',
      [`module/${SAVE_STATE}.tf`]: '\n',
      [`module/${ADD_PATH}.tf`]: '\n',
      [`module/${SET_ENV}.tf`]: '\n',
    });
    const run = await step(
      {
        mode: 'run-module-tests',
        organization: emulator.organization,
        'module-directory': 'module',
        'module-name': 'hostile',
        'module-provider': 'aws',
        'dry-run': 'true',
      },
      root,
    );
    expect(run.code).toBe(0);
    expect(run.summary).toContain('set-output name=deleted;]x.tf');
    expectOnlyOwnCommands(run);
  });

  it('run-module-tests: a test run status written to inject commands', async () => {
    emulator.configure({
      testRuns: {
        outcome: { status: 'finished', testStatus: 'pass', passed: 1, failed: 0, errored: 0, skipped: 0, log: '' },
      },
    });
    emulator.inject({
      method: 'GET',
      path: /\/test-runs\/trun-\w+$/,
      times: 50,
      kind: { type: 'rewrite', body: (doc) => ((doc.data.attributes.status = SAVE_STATE), doc) },
    });
    const root = repository({ 'module/main.tf': 'variable "x" {}\n' });
    // With an option of its own the step starts its run and reads it (a run the service queued
    // by itself could be adopted already finished, unread).
    const run = await step(
      {
        mode: 'run-module-tests',
        organization: emulator.organization,
        'module-directory': 'module',
        'module-name': 'hostile',
        'module-provider': 'aws',
        verbose: 'true',
      },
      root,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('a status that is not a status name');
    expectOnlyOwnCommands(run);
  });

  it('upgrade-no-code-workspace: statuses and plan addresses written to inject commands', async () => {
    const noCode = emulator.seedNoCodeModule({ moduleName: 'hostile-nocode', provider: 'aws' });
    const plain = emulator.seedWorkspace({ noCodeModuleId: noCode });
    const odd = emulator.seedWorkspace({ noCodeModuleId: noCode });
    emulator.setUpgradeBehaviour(odd, { final: SET_OUTPUT });
    emulator.inject({
      method: 'GET',
      path: new RegExp(`/workspaces/${plain}/upgrade/`),
      times: 50,
      kind: {
        type: 'rewrite',
        body: (doc) => ((doc.data.attributes['plan-url'] = `https://plans.example/${ADD_PATH}`), doc),
      },
    });
    const run = await step({
      mode: 'upgrade-no-code-workspace',
      'no-code-module-id': noCode,
      'workspace-id': `${plain}\n${odd}`,
    });
    expect(run.code).toBe(1);
    expectOnlyOwnCommands(run);
  });

  it('provision-no-code-workspace and publish-no-code-module: answers holding links and ids written to inject commands', async () => {
    const noCode = emulator.seedNoCodeModule({ moduleName: 'hostile-provision', provider: 'aws' });
    const project = emulator.seedProject();
    emulator.inject({
      method: 'POST',
      path: /\/workspaces$/,
      kind: {
        type: 'rewrite',
        body: (doc) => (
          (doc.data.links = { 'self-html': `/app/${SET_ENV}` }),
          (doc.data.attributes.name = SET_OUTPUT),
          doc
        ),
      },
    });
    const provision = await step({
      mode: 'provision-no-code-workspace',
      'no-code-module-id': noCode,
      'project-id': project,
      'workspace-name': 'app',
    });
    expect(provision.code).toBe(0);
    expectOnlyOwnCommands(provision);

    const module = emulator.seedRegistryModule({ name: 'hostile-publish', provider: 'aws' });
    emulator.inject({
      method: 'POST',
      path: /\/no-code-modules$/,
      kind: { type: 'rewrite', body: (doc) => ((doc.data.id = `nocode-1${SAVE_STATE}`), doc) },
    });
    const publish = await step({
      mode: 'publish-no-code-module',
      organization: emulator.organization,
      'registry-module-id': module,
    });
    expect(publish.code).toBe(1);
    expectOnlyOwnCommands(publish);
  });
});

/** A test log in the `-json` format whose file names, run names and messages are hostile. */
function hostileLog(files: string[], failed: number): string {
  const at = '2024-05-01T12:00:00.000000Z';
  const line = (message: string, fields: Record<string, unknown>, level = 'info'): string =>
    JSON.stringify({ '@level': level, '@message': message, '@module': 'terraform.ui', '@timestamp': at, ...fields });
  const runs = Array.from({ length: failed }, (_, i) => ({
    file: files[i % files.length]!,
    name: `${SET_OUTPUT} ${i}`,
  }));
  const lines = [
    line(`Found ${files.length} files`, {
      test_abstract: Object.fromEntries(files.map((f) => [f, runs.filter((r) => r.file === f).map((r) => r.name)])),
      type: 'test_abstract',
    }),
    ...runs.flatMap((run, i) => [
      line(`  "${run.name}"... fail`, {
        '@testfile': run.file,
        '@testrun': run.name,
        test_run: { path: run.file, run: run.name, progress: 'complete', status: 'fail' },
        type: 'test_run',
      }),
      line(
        SAVE_STATE,
        {
          '@testfile': run.file,
          '@testrun': run.name,
          diagnostic: {
            severity: 'error',
            summary: `Test assertion failed ${ADD_PATH}`,
            detail: `${SET_ENV}\n${SET_OUTPUT}`,
            range: {
              filename: run.file,
              start: { line: i + 1, column: 1, byte: 0 },
              end: { line: i + 1, column: 5, byte: 0 },
            },
          },
          type: 'diagnostic',
        },
        'error',
      ),
    ]),
    line(`Failure! 0 passed, ${failed} failed.`, {
      test_summary: { status: 'fail', passed: 0, failed, errored: 0, skipped: 0 },
      type: 'test_summary',
    }),
  ];
  return `${lines.join('\n')}\n`;
}
