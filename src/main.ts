import * as core from '@actions/core';
import { ConfigurationError, getErrorMessage } from './errors.ts';
import { readInputs } from './inputs.ts';

export async function run(): Promise<void> {
  try {
    const inputs = readInputs();
    core.info(`mode ${inputs.mode}`);
  } catch (error) {
    if (error instanceof ConfigurationError) core.setFailed(error.message);
    else {
      core.debug((error as Error).stack ?? '');
      core.setFailed(getErrorMessage(error));
    }
  }
}
