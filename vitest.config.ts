import { readFileSync, globSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { DIST_PROJECT, INTEGRATION_PROJECT, ProjectsInTurn, UNIT_PROJECT } from './test/support/sequencer.ts';

// Three kinds of test file, by folder, each a project of its own:
// - `test/unit/`: code in the test process with no process started, no socket opened and no
//   server listening (test/support/no-process-no-socket.ts fails a test that does).
//   `npx vitest run --project unit` runs them alone in seconds.
// - `test/integration/`: the modes, the service client and the GitHub client against the
//   emulator, the GitHub fake, proxies and the real terraform, in the test process (a child of
//   their own where they need one). Where the spec leaves the service's behaviour open, the
//   emulator has two personalities (test/emulator/README.md): every file that runs a mode against
//   the emulator runs whole once under each (test/support/personalities.ts), so that the action
//   is right whichever way the service behaves.
// - `test/dist/`: the built action started as a process (as a runner, the command line or the
//   demo starts it) or read as files. Only this project builds the bundle; its tests prove what
//   the bundle adds to the modes (the entry points, signals and exit codes, Node versions,
//   proxies, the bytes of dist/), so they run under the default personality.
// Helpers and fixtures stay beside the area they serve: test/support/, test/emulator/,
// test/github-fake/, and each area's folder (test/module-tests/harness.ts, its fixtures/).

const files = (patterns: string[]): string[] => patterns.flatMap((pattern) => globSync(pattern)).sort();
const containing = (pattern: RegExp) => (file: string) => pattern.test(readFileSync(file, 'utf8'));

/** Test files of the modes whose behaviour depends on the service. */
const MODE_TESTS = [
  'test/integration/module-tests/**/*.test.ts',
  'test/integration/junit/**/*.test.ts',
  'test/integration/sync-policies/**/*.test.ts',
  'test/integration/no-code/upgrade*.test.ts',
  'test/integration/no-code/cancel-writes.test.ts',
];

/** A test that starts the emulator, itself or through its area's harness. */
const STARTS_EMULATOR = /startEmulator\(|from '[./]*\/(?:module-tests|no-code|sync-policies)\/(?:run-)?harness\.ts'/;

// Each of them runs its tests under each personality itself; one that does not would be proven
// against one service only.
const UNDER_EACH = /^underEachPersonality\(/m;
const underOne = files(MODE_TESTS)
  .filter(containing(STARTS_EMULATOR))
  .filter((file) => !containing(UNDER_EACH)(file));
if (underOne.length > 0)
  throw new Error(
    `${underOne.join(', ')}: a test of a mode against the emulator runs under each personality: ` +
      'wrap its tests in underEachPersonality (test/support/personalities.ts).',
  );

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs file after file of its project without loading the modules again: the
    // tests leave no state behind (environment variables are stubbed and restored, servers
    // closed), and loading was half the CPU time of the run.
    isolate: false,
    // Node 24 runs the TypeScript of src/ and test/ as it is (erasable syntax only, tsconfig.json),
    // as `npm run demo` does: test files are imported natively rather than transformed by Vite's
    // module runner, which cost a tenth of the run's wall time and loaded each module once per
    // worker and project. No test mocks a module (vi.mock would need the runner).
    experimental: { viteModuleRunner: false },
    // Most tests wait on sockets, child processes and the emulator's timers, not the CPU: more
    // files than cores at once keep `npm test` short on a 2-core machine.
    maxWorkers: 6,
    sequence: { sequencer: ProjectsInTurn },
    projects: [
      {
        extends: true,
        test: {
          name: UNIT_PROJECT,
          include: ['test/unit/**/*.test.ts'],
          setupFiles: ['test/support/no-process-no-socket.ts'],
        },
      },
      { extends: true, test: { name: INTEGRATION_PROJECT, include: ['test/integration/**/*.test.ts'] } },
      // The global setup builds the bundle once for the run, in the background (vitest runs a
      // global setup once per project that declares it); each file of the project waits for it.
      {
        extends: true,
        test: {
          name: DIST_PROJECT,
          include: ['test/dist/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/bundle-built.ts'],
          // Each test starts Node processes (the step, the post step, the command line), whose
          // start-up a machine that others keep busy stretches to many seconds: the limit is for
          // a test that hangs. What the runner's schedule allows is held inside the tests.
          testTimeout: 90_000,
        },
      },
    ],
  },
});
