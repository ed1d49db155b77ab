// The files a runner names for a step's outputs and job summary (GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY), and the variables it starts the step with. A step in the test process
// gets the process's one pair: @actions/core keeps the summary file's path it first read for as
// long as the process lives, so every test that runs a step in this process (one file after
// another in a worker) must name the same one. A step in a process of its own gets a pair of its
// own (`newRunnerFiles`).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface RunnerFiles {
  outputFile: string;
  summaryFile: string;
}

let files: RunnerFiles | undefined;

/** A new pair of empty runner files in `dir`. */
export function newRunnerFiles(dir: string): RunnerFiles {
  const made = { outputFile: join(dir, 'output'), summaryFile: join(dir, 'summary.md') };
  writeFileSync(made.outputFile, '');
  writeFileSync(made.summaryFile, '');
  return made;
}

/**
 * The variables a runner sets for a step: its runner files, `env`, and its inputs as INPUT_*
 * variables (GitHub's spelling: upper case, hyphens kept).
 */
export function stepEnvironment(
  runnerFiles: RunnerFiles,
  inputs: Record<string, string> = {},
  env: Record<string, string> = {},
): Record<string, string> {
  const all: Record<string, string> = {
    GITHUB_OUTPUT: runnerFiles.outputFile,
    GITHUB_STEP_SUMMARY: runnerFiles.summaryFile,
    ...env,
  };
  for (const [name, value] of Object.entries(inputs)) all[`INPUT_${name.toUpperCase()}`] = value;
  return all;
}

/** What the step wrote to its runner files. */
export function readRunnerFiles(runnerFiles: RunnerFiles): { outputs: string; summary: string } {
  return {
    outputs: readFileSync(runnerFiles.outputFile, 'utf8'),
    summary: readFileSync(runnerFiles.summaryFile, 'utf8'),
  };
}

/** The process's pair of runner files, emptied. */
export function emptyRunnerFiles(): RunnerFiles {
  if (files === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'runner-files-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    files = newRunnerFiles(dir);
    return files;
  }
  return newRunnerFiles(dirname(files.outputFile));
}
