// The action's main step run in the test process as a runner starts the bundle (src/index.ts):
// the same inputs as INPUT_* variables, the same runner variables and files, and stdout as the
// runner reads it. For the tests of what the step writes (its log, summary, outputs, comments);
// what only the process adds (the entry point, exit codes, signals, the bytes of dist/) is
// proven on the built bundle in test/dist/.
import { run } from '../../src/main.ts';
import { saveState } from '../../src/state.ts';
import type { BundleRun } from './run-bundle.ts';
import { emptyRunnerFiles, readRunnerFiles, stepEnvironment } from './runner-files.ts';

/** What a worker of the test runner needs of its own environment while the step runs. */
const KEPT = /^(VITEST|NODE_|TZ$|PATH$|HOME$|TMPDIR$)/;

/** One step at a time: the environment and stdout are the process's. */
let running: Promise<unknown> = Promise.resolve();

/**
 * Runs the main step with `inputs` (as INPUT_* variables, GitHub's spelling) and `env`, and only
 * those beside the runner's files (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY): the process's own
 * environment is set aside while it runs, as the bundle would start without it. Stdout and stderr
 * are captured whole; the step's exit code is returned as the entry point would set it. Steps
 * run one at a time, each in its `cwd`.
 */
export function runAction(options: RunActionOptions): Promise<BundleRun> {
  const turn = running.then(() => runAlone(options));
  running = turn.catch(() => undefined);
  return turn;
}

export interface RunActionOptions {
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** The working directory the runner starts the step in (the repository's root). */
  cwd?: string;
}

async function runAlone(options: RunActionOptions): Promise<BundleRun> {
  const runnerFiles = emptyRunnerFiles();
  const env = stepEnvironment(runnerFiles, options.inputs, options.env);

  const saved = { ...process.env };
  for (const name of Object.keys(process.env)) if (!KEPT.test(name)) delete process.env[name];
  Object.assign(process.env, env);
  const cwd = process.cwd();
  if (options.cwd !== undefined) process.chdir(options.cwd);
  let stdout = '';
  let stderr = '';
  // Put back as they were once the step has run.
  const [write, writeError] = [process.stdout.write, process.stderr.write];
  process.stdout.write = capture((text) => (stdout += text));
  process.stderr.write = capture((text) => (stderr += text));
  try {
    const code = await run({ saveState });
    return { code, stdout, stderr, ...readRunnerFiles(runnerFiles) };
  } finally {
    process.stdout.write = write;
    process.stderr.write = writeError;
    process.chdir(cwd);
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
}

/** A stream's write that keeps the text and reports it written (a callback among its arguments still runs). */
function capture(keep: (text: string) => void): typeof process.stdout.write {
  return ((chunk: unknown, ...rest: unknown[]): boolean => {
    keep(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
    const callback = rest.find((a): a is () => void => typeof a === 'function');
    if (callback) queueMicrotask(callback);
    return true;
  }) as typeof process.stdout.write;
}
