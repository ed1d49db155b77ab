// The command line's vocabulary: which flags each mode takes, and how an input is named as a
// flag and as an environment variable. The inputs themselves are the action's (inputs/schema.ts
// says which mode reads which, action.yml describes them).

import type { ActionMetadata } from './action-metadata.ts';
import { MODES, inputsOf, isUsedIn } from './inputs/schema.ts';
import type { InputName, Mode } from './inputs/schema.ts';

/** Inputs of the action that make no sense on the command line: check runs and pull request comments are GitHub's. */
export const GITHUB_ONLY: ReadonlySet<string> = new Set(['mode', 'github-token', 'check-name', 'comment-on-pr']);

/** Flags of the command line itself, in every mode. */
export const COMMAND_LINE_FLAGS = ['summary-file', 'output-file', 'debug', 'help'] as const;

/** Inputs that take several lines: a repeated flag adds a line. */
export const MULTI_LINE: ReadonlySet<string> = new Set([
  'policy-files',
  'policy-sets',
  'test-filters',
  'test-variables',
  'test-env-variables',
  'workspace-id',
  'workspace-variables',
]);

export function isMode(word: string): word is Mode {
  return (MODES as readonly string[]).includes(word);
}

/** The inputs a mode reads and acts on, as its flags, in the order of the input table. */
export function inputFlagsOf(mode: Mode): InputName[] {
  return inputsOf(mode).filter((name) => !GITHUB_ONLY.has(name) && isUsedIn(mode, name));
}

/** The modes that take an input as a flag. */
export function modesWithFlag(name: string): Mode[] {
  return MODES.filter((mode) => (inputFlagsOf(mode) as string[]).includes(name));
}

/** A flag that stands alone means `true`: the boolean inputs (default true or false), --debug, --help. */
export function isSwitch(metadata: ActionMetadata, name: string): boolean {
  if (name === 'help' || name === 'debug') return true;
  const value = metadata.inputs[name]?.default;
  return value === 'true' || value === 'false';
}

/** `base-url` → `SVC_BASE_URL`. */
export function envName(input: string): string {
  return `SVC_${input.replace(/-/g, '_').toUpperCase()}`;
}
