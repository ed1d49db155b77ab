import { readFileSync, globSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Where the spec leaves the service's behaviour open, the emulator has two personalities
// (test/emulator/README.md): every test that runs a mode against the emulator runs once under
// each, so that the action is right whichever way the service behaves. Pure tests run once.

/** Test files of the modes whose behaviour depends on the service. */
const MODE_TESTS = [
  'test/module-tests/**/*.test.ts',
  'test/junit/**/*.test.ts',
  'test/sync-policies/**/*.test.ts',
  'test/no-code/upgrade*.test.ts',
  'test/no-code/cancel-writes.test.ts',
];

/** A test that starts the emulator, itself or through its directory's harness. */
const STARTS_EMULATOR = /startEmulator\(|from '\.\/(?:run-)?harness\.ts'/;

const emulatorModeTests = MODE_TESTS.flatMap((pattern) => globSync(pattern)).filter((file) => STARTS_EMULATOR.test(readFileSync(file, 'utf8')));

const personality = (name: 'strict' | 'cli-tool') => ({
  extends: true as const,
  test: { name, include: emulatorModeTests, env: { SVC_EMULATOR_PERSONALITY: name } },
});

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most tests wait on timers and sockets, not the CPU: a file more than the cores keeps
    // `npm test` short on a 2-core machine with the suite run once per emulator personality.
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'once', include: ['test/**/*.test.ts'], exclude: emulatorModeTests } },
      personality('strict'),
      personality('cli-tool'),
    ],
  },
});
