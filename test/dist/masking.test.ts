import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/index.ts';
import { runBundle } from '../support/run-bundle.ts';

const root = join(import.meta.dirname, '..', '..');
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

const inputs = (): Record<string, string> => ({
  mode: 'sync-policies',
  token: emulator.token,
  'base-url': emulator.baseUrl,
  organization: emulator.organization,
  'policy-files': 'examples/policies/*.native\nexamples/policies/*.rego',
  'dry-run': 'true',
});

it.each([
  ['another CI system', { CI: 'true' }],
  ['a plain shell', {}],
])('outside GitHub Actions (%s) the token is never printed, not even in ::add-mask::', async (_, env: Record<string, string>) => {
  const result = await runBundle({ bundleDir: inject('bundleDir'), inputs: inputs(), env, cwd: root });
  expect(result.code).toBe(0);
  expect(result.stdout + result.stderr + result.outputs + result.summary).not.toContain(emulator.token);
  expect(result.stdout).not.toContain('::add-mask::');
});

it('on GitHub the token is registered with the runner once it is known', async () => {
  const result = await runBundle({ bundleDir: inject('bundleDir'), inputs: inputs(), env: { GITHUB_ACTIONS: 'true', CI: 'true' }, cwd: root });
  expect(result.code).toBe(0);
  expect(result.stdout.split('\n').filter((l) => l === `::add-mask::${emulator.token}`)).toHaveLength(1);
  expect(result.stdout.replace(`::add-mask::${emulator.token}`, '')).not.toContain(emulator.token);
});
