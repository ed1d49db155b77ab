// The files a runner names for a step's outputs and job summary (GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY), one pair for the test process: @actions/core keeps the summary file's
// path it first read for as long as the process lives, so every test that runs a step in this
// process (one file after another in a worker) must name the same one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunnerFiles {
  outputFile: string;
  summaryFile: string;
}

let files: RunnerFiles | undefined;

/** The process's pair of runner files, emptied. */
export function emptyRunnerFiles(): RunnerFiles {
  if (files === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'runner-files-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    files = { outputFile: join(dir, 'output'), summaryFile: join(dir, 'summary.md') };
  }
  writeFileSync(files.outputFile, '');
  writeFileSync(files.summaryFile, '');
  return files;
}
