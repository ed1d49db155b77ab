// A token the service refuses (401), in every mode: the message says the token was refused and
// which token to make for that mode, never advice about the organization, and reads as one
// sentence (no doubled period after the service's own words).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/main.ts';
import { TOKEN_NEEDED } from '../../../src/modes/index.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import type { Mode } from '../../../src/inputs/schema.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';

const root = `${join(import.meta.dirname, '../../service')}/../..`;
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

const MODE_INPUTS: Record<Mode, Record<string, string>> = {
  'sync-policies': { 'policy-files': 'examples/policies/*.native' },
  'run-module-tests': { 'module-directory': 'examples/module', 'module-name': 'log-bucket', 'module-provider': 'aws' },
  'upgrade-no-code-workspace': { 'no-code-module-id': 'nocode-abc123', 'workspace-id': 'ws-abc123' },
  'publish-no-code-module': { 'registry-module-id': 'mod-abc123' },
  'provision-no-code-workspace': {
    'no-code-module-id': 'nocode-abc123',
    'workspace-name': 'refused',
    'project-id': 'prj-abc123',
  },
};

describe('a refused token (401)', () => {
  for (const mode of Object.keys(MODE_INPUTS) as Mode[]) {
    it(`${mode}: says the token was refused and which token to make`, async () => {
      const inputs: Record<string, string> = {
        mode,
        token: 'not-a-token-the-service-knows',
        'base-url': emulator.baseUrl,
        organization: emulator.organization,
        ...MODE_INPUTS[mode],
      };
      const before = emulator.requests.length;
      const lines: string[] = [];
      const code = await run({
        read: (name) => inputs[name] ?? '',
        sink: plainSink({ stdout: { write: (t: string) => lines.push(t) } }),
        checkRuns: false,
        saveState: () => undefined,
        workspaceRoot: root,
      });
      expect(code).toBe(1);
      const failure = lines.filter((l) => l.startsWith('error: ')).at(-1) ?? '';
      expect(failure).toContain('the service refused the token (401 Unauthorized): it is mistyped, expired or revoked');
      expect(failure).toContain(`create a new API token (${TOKEN_NEEDED[mode]}) and set the token input to it`);
      expect(failure).not.toMatch(/organization input/);
      expect(failure).not.toMatch(/\.\./);
      const sent = emulator.requests.slice(before);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((r) => r.status === 401 || r.port !== 'api')).toBe(true);
    });
  }
});
