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
import { didYouMean, nearest, quoteClipped } from '../text.ts';

/** Reads one input by its name in action.yml; the only place that calls core.getInput. */
export interface InputReader {
  (name: string): string;
  /**
   * The name of every input the workflow gave, declared in action.yml or not, where the reader
   * can list them: the runner passes each `with:` as INPUT_<NAME> (and each input that has a
   * default), so the name is what follows `INPUT_`, in lower case.
   */
  given?: () => readonly string[];
}

/** A variable the runner sets for an input (@actions/core's rule): `INPUT_`, the name upper-cased. */
const INPUT_VARIABLE = /^INPUT_(.+)$/s;

export const readActionInput: InputReader = Object.assign((name: string) => core.getInput(name), {
  given: () =>
    Object.keys(process.env).flatMap((key) => {
      const name = INPUT_VARIABLE.exec(key)?.[1];
      return name === undefined ? [] : [name.toLowerCase()];
    }),
});

/** What the workflow gave: each input's text, and the names it gave that action.yml does not declare. */
interface Given {
  /** Each input's text, trimmed, or action.yml's default when it is empty. */
  text: (name: InputName) => string;
  undeclared: readonly string[];
}

function givenBy(read: InputReader): Given {
  const declared = new Set<string>(Object.keys(INPUTS));
  const undeclared = [...new Set(read.given?.() ?? [])].filter((name) => !declared.has(name));
  return { text: (name) => read(name).trim() || inputDefault(name), undeclared };
}

/** ` ("modul-name" given: did you mean "module-name"?)` when an input given but not declared is nearest `name`; '' otherwise. */
function misspeltAs(name: InputName, given: Given): string {
  const misspelt = given.undeclared.find((other) => nearest(other, Object.keys(INPUTS)) === name);
  return misspelt === undefined ? '' : ` (${shownName(misspelt)} given: did you mean "${name}"?)`;
}

/**
 * A name the workflow gave, quoted, as printable ASCII: the warning goes to the runner's log as it
 * is (before the step's sink), and a line break or control character in it must not start a line.
 */
function shownName(name: string): string {
  return quoteClipped(name, 80).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function requiredError(name: InputName, mode: Mode, given: Given): ConfigurationError {
  const where = MODES.every((m) => isRequiredIn(m, name)) ? '' : ` in mode ${mode}`;
  return new ConfigurationError(`Input "${name}" is required${where}${misspeltAs(name, given)}.`);
}

/** The value of one row (the table in schema.ts): required where the table says so, then parsed. */
function readRow(name: InputName, mode: Mode, given: Given): unknown {
  const value = given.text(name);
  if (value === '' && isRequiredIn(mode, name)) throw requiredError(name, mode, given);
  const row = INPUTS[name];
  return 'parse' in row ? row.parse(name, value, (other) => given.text(other as InputName)) : value;
}

/** The fields of these rows, each under its row's field name. */
function readFields(names: readonly InputName[], mode: Mode, given: Given): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of names) {
    const row = INPUTS[name];
    if ('field' in row) fields[row.field] = readRow(name, mode, given);
  }
  return fields;
}

function readMode(given: Given): Mode {
  const mode = given.text('mode');
  if (mode === '') {
    throw new ConfigurationError(`Input "mode" is required${misspeltAs('mode', given)}: one of ${MODES.join(', ')}.`);
  }
  return parseMode('mode', mode);
}

/**
 * Parses and validates every input of the chosen mode into typed values, row by row of the
 * table in schema.ts: the inputs every mode reads, then the mode's own. Throws a
 * ConfigurationError naming the first input that is missing or malformed; nothing has been
 * sent to the service at that point.
 *
 * Before that, each input the workflow gave that action.yml does not declare (where the reader
 * lists them) is named in one warning, with the declared input nearest it; a required input
 * missing names the one given in its place. `warn`: the runner's log, where the reader that lists
 * them reads (readActionInput).
 */
export function readInputs(
  rawRead: InputReader = readActionInput,
  warn: (message: string) => void = (message) => core.warning(message),
): Inputs {
  const given = givenBy(rawRead);
  for (const name of given.undeclared) warn(undeclaredWarning(name));
  const mode = readMode(given);
  const common = readFields(COMMON_INPUTS, mode, given);
  checkBeforeRows(mode, given);
  const own = readFields(MODE_INPUTS[mode], mode, given);
  return checkAfterRows({ ...common, mode, ...own } as Inputs);
}

function undeclaredWarning(name: string): string {
  return (
    `The workflow gives the input ${shownName(name)}, which this action does not have: it is ignored.` +
    didYouMean(name, Object.keys(INPUTS))
  );
}

/** What no row can say on its own: inputs that depend on one another. */
function checkBeforeRows(mode: Mode, given: Given): void {
  const { text } = given;
  if (mode !== 'publish-no-code-module') return;
  if (text('no-code-module-id') === '' && text('registry-module-id') === '') {
    throw new ConfigurationError(
      'Input "registry-module-id" (to allow a module) or "no-code-module-id" (to update one) is required in mode publish-no-code-module' +
        `${misspeltAs('registry-module-id', given) || misspeltAs('no-code-module-id', given)}.`,
    );
  }
  // Only allowing a module names the organization; an update addresses the module by id.
  if (text('no-code-module-id') === '' && text('organization') === '') throw requiredError('organization', mode, given);
}

function checkAfterRows(inputs: Inputs): Inputs {
  switch (inputs.mode) {
    case 'sync-policies':
      if (inputs.prune === 'policy-sets' && inputs.policySets.length === 0) {
        throw new ConfigurationError(
          // Every name in one form, an input's (the command line turns each into its flag).
          'Input "prune" is true but input "policy-sets" is empty: a prune of true deletes only policies of the listed policy sets. ' +
            'Give the policy set ids in input "policy-sets" (an unset variable leaves it empty), ' +
            'or set input "prune" to organization to prune the whole organization.',
        );
      }
      return inputs;
    case 'run-module-tests':
      if (inputs.testEnvVariablesPrune && inputs.testEnvVariables.length === 0) {
        throw new ConfigurationError(
          'Input "test-env-variables-prune" is true but input "test-env-variables" is empty: it would delete every test environment ' +
            'variable of the module. Give the variables to keep in input "test-env-variables" (an unset secret leaves it empty), ' +
            'or set input "test-env-variables-prune" to false.',
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
  // No warning of the inputs action.yml does not declare: the main step has given them.
  return readFields(SERVICE_INPUTS, 'run-module-tests', givenBy(rawRead)) as ServiceInputs;
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
