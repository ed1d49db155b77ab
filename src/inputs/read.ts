import * as core from '@actions/core';
import { ConfigurationError } from '../errors.ts';
import {
  COMMON_INPUTS,
  INPUTS,
  MODES,
  MODE_INPUTS,
  SERVICE_INPUTS,
  holdsSecrets,
  inputDefault,
  isRequiredIn,
  parseMode,
} from './schema.ts';
import type { InputName, Inputs, Mode, ServiceInputs } from './schema.ts';

/** Reads one input; the only place that calls core.getInput. */
export type InputReader = (name: string) => string;

export const readActionInput: InputReader = (name) => core.getInput(name);

type InputText = (name: InputName) => string;

/** Each input's text, trimmed, or action.yml's default when it is empty. */
function withDefaults(read: InputReader): InputText {
  return (name) => read(name).trim() || inputDefault(name);
}

function requiredError(name: InputName, mode: Mode): ConfigurationError {
  const where = MODES.every((m) => isRequiredIn(m, name)) ? '' : ` in mode ${mode}`;
  return new ConfigurationError(`Input "${name}" is required${where}.`);
}

/** The value of one row (the table in schema.ts): required where the table says so, then parsed. */
function readRow(name: InputName, mode: Mode, text: InputText): unknown {
  const value = text(name);
  if (value === '' && isRequiredIn(mode, name)) throw requiredError(name, mode);
  const row = INPUTS[name];
  return 'parse' in row ? row.parse(name, value, (other) => text(other as InputName)) : value;
}

/** The fields of these rows, each under its row's field name. */
function readFields(names: readonly InputName[], mode: Mode, text: InputText): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of names) {
    const row = INPUTS[name];
    if ('field' in row) fields[row.field] = readRow(name, mode, text);
  }
  return fields;
}

function readMode(text: InputText): Mode {
  const mode = text('mode');
  if (mode === '') throw new ConfigurationError(`Input "mode" is required: one of ${MODES.join(', ')}.`);
  return parseMode('mode', mode);
}

/**
 * Parses and validates every input of the chosen mode into typed values, row by row of the
 * table in schema.ts: the inputs every mode reads, then the mode's own. Throws a
 * ConfigurationError naming the first input that is missing or malformed; nothing has been
 * sent to the service at that point.
 */
export function readInputs(rawRead: InputReader = readActionInput): Inputs {
  const text = withDefaults(rawRead);
  const mode = readMode(text);
  const common = readFields(COMMON_INPUTS, mode, text);
  checkBeforeRows(mode, text);
  const own = readFields(MODE_INPUTS[mode], mode, text);
  return checkAfterRows({ ...common, mode, ...own } as Inputs);
}

/** What no row can say on its own: inputs that depend on one another. */
function checkBeforeRows(mode: Mode, text: InputText): void {
  if (mode !== 'publish-no-code-module') return;
  if (text('no-code-module-id') === '' && text('registry-module-id') === '') {
    throw new ConfigurationError(
      'Input "registry-module-id" (to allow a module) or "no-code-module-id" (to update one) is required in mode publish-no-code-module.',
    );
  }
  // Only allowing a module names the organization; an update addresses the module by id.
  if (text('no-code-module-id') === '' && text('organization') === '') throw requiredError('organization', mode);
}

function checkAfterRows(inputs: Inputs): Inputs {
  switch (inputs.mode) {
    case 'sync-policies':
      if (inputs.prune === 'policy-sets' && inputs.policySets.length === 0) {
        throw new ConfigurationError(
          'Input "prune" is true but "policy-sets" is empty: prune: true deletes only policies of the listed policy sets. ' +
            'Give the policy set ids (an unset variable leaves the input empty), or set prune: organization to prune the whole organization.',
        );
      }
      return inputs;
    case 'run-module-tests':
      if (inputs.testEnvVariablesPrune && inputs.testEnvVariables.length === 0) {
        throw new ConfigurationError(
          'Input "test-env-variables-prune" is true but "test-env-variables" is empty: it would delete every test environment ' +
            'variable of the module. Give the variables to keep (an unset secret leaves the input empty), or set test-env-variables-prune to false.',
        );
      }
      return { ...inputs, moduleNamespace: inputs.moduleNamespace || inputs.organization };
    default:
      return inputs;
  }
}

/**
 * What the post step of run-module-tests reads to reach the service again: the rows the table
 * marks `service` (the token and the base URL), checked as its main step checked them.
 */
export function readServiceInputs(rawRead: InputReader = readActionInput): ServiceInputs {
  return readFields(SERVICE_INPUTS, 'run-module-tests', withDefaults(rawRead)) as ServiceInputs;
}

/**
 * The text of those rows that hold secrets, as given (trimmed): masked before it is checked, for
 * a value the table refuses is a secret all the same.
 */
export function serviceSecretsAsGiven(rawRead: InputReader = readActionInput): string[] {
  return secretTextsOf(SERVICE_INPUTS, rawRead);
}

/**
 * The text of every input that holds secrets, of any mode, as given (trimmed): masked before the
 * inputs are checked, so that a step refused for its inputs writes none of them.
 */
export function secretsAsGiven(rawRead: InputReader = readActionInput): string[] {
  return secretTextsOf(Object.keys(INPUTS) as InputName[], rawRead);
}

function secretTextsOf(names: readonly InputName[], rawRead: InputReader): string[] {
  return names
    .filter(holdsSecrets)
    .map((name) => rawRead(name).trim())
    .filter((text) => text !== '');
}
