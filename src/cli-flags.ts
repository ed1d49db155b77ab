// The command line's vocabulary: which flags each mode takes, and how an input is named as a
// flag and as an environment variable. The inputs themselves are the action's (inputs/schema.ts
// says which mode reads which, action.yml describes them).

import type { ActionMetadata } from './action-metadata.ts';
import { MODES, gitHubOnlyReason, inputsOf, isUsedIn } from './inputs/schema.ts';
import type { InputName, Mode } from './inputs/schema.ts';

/** Flags of the command line itself, in every mode. */
export const COMMAND_LINE_FLAGS = ['summary-file', 'output-file', 'debug', 'help'] as const;

/** The inputs a mode reads and acts on, as its flags, in the order of the input table. */
export function inputFlagsOf(mode: Mode): InputName[] {
  return inputsOf(mode).filter(
    (name) => name !== 'mode' && gitHubOnlyReason(name) === undefined && isUsedIn(mode, name),
  );
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
