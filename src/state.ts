import * as core from '@actions/core';

/**
 * State for the post step. Only GitHub runs post steps; elsewhere (no GITHUB_STATE file)
 * @actions/core would print a `::save-state` command into the log instead, so nothing is saved.
 */
export function saveState(name: string, value: string): void {
  if (process.env.GITHUB_STATE) core.saveState(name, value);
}

export function getState(name: string): string {
  return core.getState(name);
}
