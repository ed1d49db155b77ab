// The exit codes of the built bundle, by each way in: the action's main step, the command line
// and the post step. Each returns its code to the entry point, the only place that sets the
// process's exit code: 0 success, 1 failure, 2 the user's input (errors.ts). Exit 0 of each way
// in is proven on every Node the bundle must start on, in entry-points.test.ts.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/index.ts';
import { runBundle } from '../support/run-bundle.ts';

const root = join(import.meta.dirname, '..', '..');
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

const bundleDir = (): string => inject('bundleDir');

describe('the action', () => {
  const action = (inputs: Record<string, string>) =>
    runBundle({
      bundleDir: bundleDir(),
      cwd: root,
      env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: root },
      inputs: { mode: 'sync-policies', token: emulator.token, 'base-url': emulator.baseUrl, 'policy-files': 'examples/policies/*.native', 'dry-run': 'true', ...inputs },
    });

  it('exits 1 when the service fails it', async () => {
    const result = await action({ organization: 'elsewhere' });
    expect(result.stdout).toMatch(/^::error::Reading the policies of organization elsewhere failed/m);
    expect(result.code).toBe(1);
  });

  it('exits 2 on bad input', async () => {
    const result = await action({ organization: emulator.organization, timeout: 'soon' });
    expect(result.stdout).toMatch(/^::error::Input "timeout" must be a duration/m);
    expect(result.code).toBe(2);
  });
});

describe('the command line', () => {
  const cli = (...args: string[]) =>
    runBundle({
      bundleDir: bundleDir(),
      cwd: root,
      args: ['sync-policies', '--base-url', emulator.baseUrl, '--policy-files', 'examples/policies/*.native', '--dry-run', ...args],
      env: { SVC_TOKEN: emulator.token },
    });

  it('is what a person who starts the bundle outside a runner gets: the usage on stderr, exit 2, no workflow command', async () => {
    const { code, stdout, stderr } = await runBundle({ bundleDir: bundleDir(), cwd: root });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^Usage: svc-ci-action <mode> \[--flag value \.\.\.\]/);
    expect(stderr).not.toContain('::');
  });

  it('--version prints the version of package.json and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(await runBundle({ bundleDir: bundleDir(), cwd: root, args: ['--version'] })).toMatchObject({
      code: 0,
      stdout: `${version}\n`,
      stderr: '',
    });
  });

  it('exits 1 when the service fails it', async () => {
    const result = await cli('--organization', 'elsewhere');
    expect(result.stdout).toMatch(/^error: Reading the policies of organization elsewhere failed/m);
    expect(result.code).toBe(1);
  });

  it('exits 2 on bad input', async () => {
    const result = await cli('--organization', emulator.organization, '--prune', 'maybe');
    expect(result.stdout).toMatch(/^error: --prune must be/m);
    expect(result.code).toBe(2);
  });
});

describe('the post step', () => {
  const module = JSON.stringify({ organization: 'acme', name: 'network', provider: 'aws' });
  const post = (inputs: Record<string, string>, state: Record<string, string> = { STATE_testRunId: 'trun-gone' }) =>
    runBundle({
      bundleDir: bundleDir(),
      cwd: root,
      env: { GITHUB_ACTIONS: 'true', STATE_isPost: 'true', STATE_testRunModule: module, ...state },
      inputs: { mode: 'run-module-tests', token: emulator.token, ...inputs },
    });

  it('exits 1 when a test run may still be running and cannot be found', async () => {
    const result = await post({ 'base-url': emulator.baseUrl }, { STATE_testRunConfigurationVersion: 'cv-gone' });
    expect(result.stdout).toMatch(/^::error::The test runs of configuration version cv-gone \(module acme\/network\/aws\) could not be listed, and one may still be running: /m);
    expect(result.code).toBe(1);
  });

  it('exits 1 on an input it cannot use, naming the run it cannot stop: the main step has already sent its work', async () => {
    const result = await post({ 'base-url': 'ftp://service.example' });
    expect(result.stdout).toMatch(/^::error::Test run trun-gone of module acme\/network\/aws may still be running, and it cannot be stopped: Input "base-url" must start with https:\/\/ or http:\/\//m);
    expect(result.code).toBe(1);
  });
});
