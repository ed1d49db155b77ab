import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newRunnerFiles, readRunnerFiles, stepEnvironment } from './runner-files.ts';

export interface BundleRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** GITHUB_OUTPUT file as written (empty for the command line). */
  outputs: string;
  /** GITHUB_STEP_SUMMARY file as written. */
  summary: string;
}

/**
 * Starts the built bundle as a child process, as a runner or another CI system would, and
 * waits for it to exit. `inputs` become INPUT_* variables (GitHub's spelling: upper case,
 * hyphens kept). `entry`, instead of the bundle's index.js: another script started the same way
 * (src/index.ts, which Node runs as it is, for a test that needs no build).
 */
export async function runBundle(options: {
  bundleDir?: string;
  entry?: string;
  node?: string;
  args?: string[];
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  cwd?: string;
}): Promise<BundleRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-run-'));
  const runnerFiles = newRunnerFiles(dir);
  const env = stepEnvironment(runnerFiles, options.inputs, {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    ...options.env,
  });
  const child = spawn(
    options.node ?? process.execPath,
    [options.entry ?? join(bundleDirOf(options), 'index.js'), ...(options.args ?? [])],
    {
      env,
      cwd: options.cwd ?? process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    code,
    stdout,
    stderr,
    ...readRunnerFiles(runnerFiles),
  };
}

function bundleDirOf(options: { bundleDir?: string }): string {
  if (options.bundleDir === undefined) throw new Error('runBundle: give bundleDir or entry');
  return options.bundleDir;
}
