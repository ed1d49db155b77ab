// Each input a hostile or careless workflow may give, through the whole step: exit 2, one
// message naming the input, and not a single request to the service.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { run } from '../../../src/main.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

const sync = (): Record<string, string> => ({
  mode: 'sync-policies',
  token: emulator.token,
  'base-url': emulator.baseUrl,
  organization: emulator.organization,
});
const tests = (): Record<string, string> => ({
  ...sync(),
  mode: 'run-module-tests',
  'module-name': 'vpc',
  'module-provider': 'aws',
});
const upgrade = (): Record<string, string> => ({
  mode: 'upgrade-no-code-workspace',
  token: emulator.token,
  'base-url': emulator.baseUrl,
  'no-code-module-id': 'nocode-a',
  'workspace-id': 'ws-a',
});

it.each([
  ['prune', () => ({ ...sync(), prune: 'true', 'policy-sets': '' })],
  ['workspace-id', () => ({ ...upgrade(), 'workspace-id': ',,,' })],
  ['module-directory', () => ({ ...tests(), 'module-directory': '/etc' })],
  ['module-directory', () => ({ ...tests(), 'module-directory': '../../..' })],
  // A directory without a .tf or .tf.json file at its root (a policy repository's), dry run or not.
  ['module-directory', () => ({ ...tests(), 'module-directory': 'examples/policies' })],
  ['module-directory', () => ({ ...tests(), 'module-directory': 'examples/policies', 'dry-run': 'true' })],
  ['policy-files', () => ({ ...sync(), 'policy-files': '/etc/**' })],
  ['policy-config', () => ({ ...sync(), 'policy-config': '../../etc/policies.hcl' })],
  ['base-url', () => ({ ...sync(), 'base-url': emulator.baseUrl.replace('127.0.0.1', 'svc.example.com') })],
  ['base-url', () => ({ ...sync(), 'base-url': `${emulator.baseUrl}?org=other` })],
  ['base-url', () => ({ ...sync(), 'base-url': `${emulator.baseUrl}\n/x` })],
  ['token', () => ({ ...sync(), token: `${emulator.token}\u200b` })],
  ['timeout', () => ({ ...sync(), timeout: '99999999999999999999' })],
  ['workspace-variables', () => ({ ...upgrade(), 'workspace-variables': '[{"key":"x y","value":"1"}]' })],
])('%s: exit 2 naming the input, and no request', async (name, values) => {
  emulator.clearRequests();
  const inputs: Record<string, string> = values();
  let out = '';
  const code = await run({
    read: (input) => inputs[input] ?? '',
    sink: plainSink({ stdout: { write: (text: string) => (out += text) } }),
    checkRuns: false,
    saveState: () => undefined,
    workspaceRoot: process.cwd(),
  });
  expect(code).toBe(2);
  expect(out).toMatch(new RegExp(`^error: Input "${name}" `, 'm'));
  expect(out).not.toContain(emulator.token);
  expect(emulator.requests).toEqual([]);
});
