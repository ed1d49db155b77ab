import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

it('npm run demo runs every mode through dist/ against the emulator in well under a minute', async () => {
  const started = Date.now();
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(root, 'scripts', 'demo.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(stderr).toBe('');
  expect(Date.now() - started).toBeLessThan(45_000);
  for (const mode of ['sync-policies', 'run-module-tests', 'publish-no-code-module', 'provision-no-code-workspace', 'upgrade-no-code-workspace']) {
    expect(stdout).toContain(`▶ ${mode}`);
  }
  expect(stdout).toContain('Everything is in sync: no write request was sent.');
  expect(stdout).toMatch(/✘ examples\/module\/tests\/failing\.tftest\.hcl:\d+: Test assertion failed/);
  expect(stdout).toContain('applied = true');
  // The upgrade is followed past the confirm until the service reports it applied.
  expect(stdout).toMatch(/ws-\w+: upgrade run run-\w+ confirmed; following the apply/);
  expect(stdout).toMatch(/ws-\w+: upgrade run run-\w+ applied$/m);
  expect(stdout).toMatch(/Demo finished in [\d.]+ s\./);
  // A sensitive test environment value of the demo, and every workflow command, stay hidden.
  expect(stdout).not.toContain('do-not-print-me');
  expect(stdout).not.toMatch(/^\s*::/m);
}, 60_000);
