// The entry `npm run local-action` starts: @github/local-action calls the `run` of the file it
// is given and learns that the step failed from core.setFailed alone (it stubs @actions/core,
// and reads no exit code), while the action's own entry (index.ts) returns the exit code.
import * as core from '@actions/core';
import { EXIT_SUCCESS } from './errors.ts';
import { run as runStep } from './main.ts';

export async function run(): Promise<void> {
  const exitCode = await runStep();
  // The reason is already in the log, as the step's error.
  if (exitCode !== EXIT_SUCCESS) core.setFailed(`The step failed with exit code ${exitCode}; the reason is above.`);
}
