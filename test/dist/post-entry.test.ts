import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, inject, it } from 'vitest';

// The post step runs on every job, whatever the mode. dist/post.js loads the bundle only when the
// main step saved a test run it did not see end; the cancellation itself is tested end to end in
// test/dist/module-tests/process.test.ts. Here post.js runs alone in a folder without index.js, so any
// attempt to load the bundle shows.

const run = promisify(execFile);
const alone = mkdtempSync(join(tmpdir(), 'post-entry-'));
copyFileSync(join(inject('bundleDir'), 'post.js'), join(alone, 'post.js'));
copyFileSync(join(inject('bundleDir'), 'package.json'), join(alone, 'package.json'));
afterAll(() => rmSync(alone, { recursive: true, force: true }));

const module = JSON.stringify({ organization: 'acme', name: 'network', provider: 'aws' });

async function post(state: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', GITHUB_ACTIONS: 'true', STATE_isPost: 'true' };
  for (const [name, value] of Object.entries(state)) env[`STATE_${name}`] = value;
  try {
    const { stdout, stderr } = await run(process.execPath, [join(alone, 'post.js')], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

it('ends at once, without the bundle, when the main step saved nothing to clean up', async () => {
  expect(await post({})).toEqual({ code: 0, stdout: '', stderr: '' });
});

it('ends at once when the main step saw its test run end', async () => {
  expect(await post({ testRunModule: module, testRunId: 'trun-1', testRunFinal: 'true' })).toEqual({ code: 0, stdout: '', stderr: '' });
});

it('loads the bundle when a test run may still be running', async () => {
  const states: Record<string, string>[] = [
    { testRunModule: module, testRunId: 'trun-1' },
    { testRunModule: module, testRunConfigurationVersion: 'cv-1', testRunCreateSent: 'true' },
  ];
  for (const state of states) {
    const { code, stderr } = await post(state);
    expect(code).not.toBe(0);
    expect(stderr).toContain('ERR_MODULE_NOT_FOUND');
    expect(stderr).toContain(join(alone, 'index.js'));
  }
});
