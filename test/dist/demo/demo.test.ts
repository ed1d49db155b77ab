import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../demo', '..', '..');

// The demo runs in real time, its waits paced for a person to watch, and starts a process per
// mode: on a quiet machine it takes well under a minute (it prints how long), on one that others
// keep busy much longer. Its limit is for a demo that hangs, not a measure of its speed.
it('npm run demo runs every mode through dist/ against the emulator', async () => {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(root, 'scripts', 'demo.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(stderr).toBe('');
  for (const mode of [
    'sync-policies',
    'run-module-tests',
    'publish-no-code-module',
    'provision-no-code-workspace',
    'upgrade-no-code-workspace',
  ]) {
    expect(stdout).toContain(`▶ ${mode}`);
  }
  expect(stdout).toContain('Everything is in sync: no write request was sent.');
  expect(stdout).toMatch(/✘ examples\/module\/tests\/failing\.tftest\.hcl:\d+: Test assertion failed/);
  // The policy diff of the dry run, and the JUnit file the module tests wrote.
  expect(stdout).toMatch(/▸ restrict-instance-types · would update settings and code \(\+1 −1\)/);
  expect(stdout).toMatch(
    /--- restrict-instance-types \(service, pol-\w+\)\n\s+\+\+\+ examples\/policies\/restrict-instance-types\.native \(repository\)/,
  );
  expect(stdout).toContain('-allowed_types = ["t3.micro", "t3.2xlarge", "t3.small", "t3.medium", "m6i.large"]');
  expect(stdout).toContain('JUnit XML written to .demo/module-tests.xml');
  expect(stdout).toMatch(/<testsuite name="tests\/failing\.tftest\.hcl" tests="3" failures="2" errors="0" skipped="0"/);
  expect(stdout).toContain('junit-file = .demo/module-tests.xml');
  expect(stdout).toContain('applied = true');
  // The upgrade is followed past the confirm until the service reports it applied.
  expect(stdout).toMatch(/ws-\w+: upgrade run run-\w+ confirmed; following the apply/);
  expect(stdout).toMatch(/ws-\w+: upgrade run run-\w+ applied$/m);
  expect(stdout).toMatch(/Demo finished in [\d.]+ s\./);
  // A sensitive test environment value of the demo, and every workflow command, stay hidden.
  expect(stdout).not.toContain('do-not-print-me');
  expect(stdout).not.toMatch(/^\s*::/m);
}, 180_000);
