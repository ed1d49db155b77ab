// Every input of the action in one table: the modes that read it, the modes that require it, the
// field it becomes and its parser. Its description and default are action.yml's, read at run
// time (action-metadata.ts), because outside GitHub (the command line, `node dist/index.js`)
// nobody else applies them. readInputs (read.ts), the typed inputs of each mode, the inputs each
// mode lists, the command line's flags and required flags, and the post step all come from here.

import { readActionMetadata } from '../action-metadata.ts';
import { ConfigurationError } from '../errors.ts';
import { didYouMean } from '../text.ts';
import {
  idWithPrefix,
  idsWithPrefix,
  parseBaseUrl,
  parseBoolean,
  parseDuration,
  parseEnforcementLevel,
  parseEnvLines,
  parseHclVariableLines,
  parseLines,
  parseName,
  parseOptionalBoolean,
  parsePolicySets,
  parsePrune,
  parseRepositoryGlobs,
  parseRepositoryPath,
  parseText,
  parseToken,
  parseVersionPin,
  parseWaves,
  parseWorkspaceFilePath,
  parseWorkspaceVariables,
} from './parsers.ts';
import { parseInlineVariableOptions } from './variable-options.ts';

export const MODES = [
  'sync-policies',
  'run-module-tests',
  'upgrade-no-code-workspace',
  'publish-no-code-module',
  'provision-no-code-workspace',
] as const;
export type Mode = (typeof MODES)[number];

export function isMode(word: string): word is Mode {
  return (MODES as readonly string[]).includes(word);
}

export function parseMode(input: string, value: string): Mode {
  if (!isMode(value)) {
    throw new ConfigurationError(
      `Input "${input}" must be one of ${MODES.join(', ')} (got "${value}").${didYouMean(value, MODES)}`,
    );
  }
  return value;
}

interface InputRow {
  /** The modes that read it. */
  modes: readonly Mode[];
  /** The modes in which it may not be empty (a rule of read.ts may require it elsewhere). */
  requiredIn?: readonly Mode[];
  /**
   * The modes that act on it, when fewer than those that read it: such an input is checked in
   * every mode of `modes`, but the command line offers it as a flag only to these.
   */
  usedIn?: readonly Mode[];
  /** The property of the mode's typed inputs that holds its value; none for `mode` and for an input another row reads. */
  field?: string;
  /**
   * Its text (trimmed, action.yml's default when empty) to its value; throws a ConfigurationError
   * naming the input. `other` gives the text of another input, for the few read together.
   */
  parse?: (input: string, value: string, other: (name: string) => string) => unknown;
  /** It takes several lines, one item each: on the command line a repeated flag adds a line. */
  lines?: true;
  /** Why it is no flag of the command line: what it does happens on GitHub Actions alone. */
  gitHubOnly?: string;
  /** The parts of its value no log line, summary or output may show. */
  secrets?: (value: never) => readonly string[];
  /** The service client is built from it: the post step reads these rows alone, to reach the service again. */
  service?: true;
}

/**
 * The inputs. ADDING AN INPUT IS ADDING ITS ROW here (and its entry in action.yml, for its
 * description and default; then `npm run docs:inputs` for the README's tables, and its row in
 * docs/inputs-and-outputs.md): its field then appears, typed by its parser, in the inputs of
 * every mode in `modes`; readInputs, the command line and the tests that hold action.yml and
 * the docs to the code follow. Only a rule that ties two inputs together is
 * written in read.ts. Rows are read in this order, which is also the order of the command
 * line's help.
 */
export const INPUTS = {
  // Chooses the rows: read first, by read.ts.
  mode: { modes: MODES, requiredIn: MODES, parse: parseMode },
  token: {
    modes: MODES,
    requiredIn: MODES,
    field: 'token',
    parse: parseToken,
    secrets: (token: string) => [token],
    service: true,
  },
  // Always ends in /api/v2.
  'base-url': { modes: MODES, requiredIn: MODES, field: 'baseUrl', parse: parseBaseUrl, service: true },
  // Bounds a wait: only two modes wait for the service.
  timeout: {
    modes: MODES,
    usedIn: ['run-module-tests', 'upgrade-no-code-workspace'],
    field: 'timeoutMs',
    parse: parseDuration,
  },
  'dry-run': { modes: MODES, field: 'dryRun', parse: parseBoolean },
  'github-token': {
    modes: MODES,
    field: 'githubToken',
    parse: parseText,
    gitHubOnly: 'it reaches the GitHub API, which only a GitHub Actions job uses',
    secrets: (token: string) => [token],
  },
  // Empty: no check run.
  'check-name': {
    modes: MODES,
    field: 'checkName',
    parse: parseText,
    gitHubOnly: 'check runs are published on GitHub Actions only',
  },
  // On a pull request, write the summary as one comment on it, kept up to date.
  'comment-on-pr': {
    modes: MODES,
    field: 'commentOnPr',
    parse: parseBoolean,
    gitHubOnly: 'pull request comments are written on GitHub Actions only',
  },

  // Required by publish-no-code-module too when it allows a module (read.ts).
  organization: {
    modes: ['sync-policies', 'run-module-tests', 'publish-no-code-module'],
    requiredIn: ['sync-policies', 'run-module-tests'],
    field: 'organization',
    parse: parseName,
  },

  'policy-files': { modes: ['sync-policies'], field: 'policyFiles', parse: parseRepositoryGlobs, lines: true },
  'policy-config': { modes: ['sync-policies'], field: 'policyConfig', parse: parseRepositoryPath },
  'enforcement-level': { modes: ['sync-policies'], field: 'enforcementLevel', parse: parseEnforcementLevel },
  'policy-sets': { modes: ['sync-policies'], field: 'policySets', parse: parsePolicySets, lines: true },
  // true needs policy-sets (read.ts).
  prune: { modes: ['sync-policies'], field: 'prune', parse: parsePrune },

  'module-directory': { modes: ['run-module-tests'], field: 'moduleDirectory', parse: parseRepositoryPath },
  // Empty: the organization (read.ts).
  'module-namespace': { modes: ['run-module-tests'], field: 'moduleNamespace', parse: parseName },
  'module-name': {
    modes: ['run-module-tests'],
    requiredIn: ['run-module-tests'],
    field: 'moduleName',
    parse: parseName,
  },
  'module-provider': {
    modes: ['run-module-tests'],
    requiredIn: ['run-module-tests'],
    field: 'moduleProvider',
    parse: parseName,
  },
  'test-directory': { modes: ['run-module-tests'], field: 'testDirectory', parse: parseText },
  'test-filters': { modes: ['run-module-tests'], field: 'testFilters', parse: parseLines, lines: true },
  'test-variables': { modes: ['run-module-tests'], field: 'testVariables', parse: parseHclVariableLines, lines: true },
  'test-env-variables': {
    modes: ['run-module-tests'],
    field: 'testEnvVariables',
    parse: parseEnvLines,
    lines: true,
    // Environment variables carry credentials more often than not: every value is masked.
    secrets: (variables: ReturnType<typeof parseEnvLines>) => variables.map((v) => v.value),
  },
  // Delete the module's test environment variables the input above does not name; true needs
  // that input (read.ts).
  'test-env-variables-prune': { modes: ['run-module-tests'], field: 'testEnvVariablesPrune', parse: parseBoolean },
  verbose: { modes: ['run-module-tests'], field: 'verbose', parse: parseBoolean },
  'fail-on-test-failure': { modes: ['run-module-tests'], field: 'failOnTestFailure', parse: parseBoolean },
  // Where to write the results as JUnit XML, relative to the workspace; empty: nowhere.
  'junit-file': { modes: ['run-module-tests'], field: 'junitFile', parse: parseWorkspaceFilePath },
  // Follow links whose target lies outside the repository (policy files, the module's links)
  // instead of refusing them; links into .git are refused whatever it says.
  'allow-links-outside-repository': {
    modes: ['sync-policies', 'run-module-tests'],
    field: 'allowLinksOutsideRepository',
    parse: parseBoolean,
  },

  // publish-no-code-module: this or no-code-module-id (read.ts).
  'registry-module-id': { modes: ['publish-no-code-module'], field: 'registryModuleId', parse: idWithPrefix('mod') },
  // publish-no-code-module: set to update an existing no-code module.
  'no-code-module-id': {
    modes: ['upgrade-no-code-workspace', 'publish-no-code-module', 'provision-no-code-workspace'],
    requiredIn: ['upgrade-no-code-workspace', 'provision-no-code-workspace'],
    field: 'noCodeModuleId',
    parse: idWithPrefix('nocode'),
  },
  'workspace-id': {
    modes: ['upgrade-no-code-workspace'],
    requiredIn: ['upgrade-no-code-workspace'],
    field: 'workspaceIds',
    parse: idsWithPrefix('ws'),
    lines: true,
  },
  'project-id': {
    modes: ['provision-no-code-workspace'],
    requiredIn: ['provision-no-code-workspace'],
    field: 'projectId',
    parse: idWithPrefix('prj'),
  },
  'workspace-name': {
    modes: ['provision-no-code-workspace'],
    requiredIn: ['provision-no-code-workspace'],
    field: 'workspaceName',
    parse: parseName,
  },
  'workspace-description': { modes: ['provision-no-code-workspace'], field: 'workspaceDescription', parse: parseText },
  'auto-apply': { modes: ['provision-no-code-workspace'], field: 'autoApply', parse: parseBoolean },
  'workspace-variables': {
    modes: ['upgrade-no-code-workspace', 'provision-no-code-workspace'],
    field: 'workspaceVariables',
    parse: parseWorkspaceVariables,
    lines: true,
    secrets: (variables: ReturnType<typeof parseWorkspaceVariables>) =>
      variables.filter((v) => v.sensitive).map((v) => v.value),
  },
  confirm: { modes: ['upgrade-no-code-workspace'], field: 'confirm', parse: parseBoolean },
  waves: { modes: ['upgrade-no-code-workspace'], field: 'waves', parse: parseWaves },
  // Null: on for a module allowed anew, unchanged on an update.
  enabled: { modes: ['publish-no-code-module'], field: 'enabled', parse: parseOptionalBoolean },
  'version-pin': { modes: ['publish-no-code-module'], field: 'versionPin', parse: parseVersionPin },
  // Null when neither this nor variable-options-file is given: keep the current ones.
  'variable-options': {
    modes: ['publish-no-code-module'],
    field: 'variableOptions',
    parse: (input: string, value: string, other: (name: string) => string) =>
      parseInlineVariableOptions(value, other('variable-options-file')),
  },
  // A path in the repository, read by the mode through the confined reader (readVariableOptionsFile).
  'variable-options-file': {
    modes: ['publish-no-code-module'],
    field: 'variableOptionsFile',
    parse: (input: string, value: string) => (value === '' ? '' : parseRepositoryPath(input, value)),
  },
} as const satisfies Record<string, InputRow>;

export type InputName = keyof typeof INPUTS;
type Rows = typeof INPUTS;

/** The names of the rows that mode M turns into fields of its inputs. */
type FieldRowsOf<M extends Mode> = {
  [N in InputName]: Rows[N] extends { field: string; modes: readonly (infer R)[] }
    ? [M] extends [R]
      ? N
      : never
    : never;
}[InputName];
type FieldOf<N extends InputName> = Rows[N] extends { field: infer F extends string } ? F : never;
type ValueOf<N extends InputName> = Rows[N] extends { parse: (...args: never[]) => infer V } ? V : never;
type Fields<M extends Mode> = { [N in FieldRowsOf<M> as FieldOf<N>]: ValueOf<N> };

/** What every mode reads: the fields of the rows of every mode. */
export type CommonInputs = Fields<Mode>;
/** What the service client is built from: the fields of the rows marked `service`. */
export type ServiceInputs = {
  [N in InputName as Rows[N] extends { service: true } ? FieldOf<N> : never]: ValueOf<N>;
};
/** The typed inputs of one mode, as readInputs returns them. */
export type InputsOf<M extends Mode> = { mode: M } & Fields<M>;

export type SyncPoliciesInputs = InputsOf<'sync-policies'>;
export type RunModuleTestsInputs = InputsOf<'run-module-tests'>;
export type UpgradeNoCodeWorkspaceInputs = InputsOf<'upgrade-no-code-workspace'>;
export type PublishNoCodeModuleInputs = InputsOf<'publish-no-code-module'>;
export type ProvisionNoCodeWorkspaceInputs = InputsOf<'provision-no-code-workspace'>;
export type Inputs =
  | SyncPoliciesInputs
  | RunModuleTestsInputs
  | UpgradeNoCodeWorkspaceInputs
  | PublishNoCodeModuleInputs
  | ProvisionNoCodeWorkspaceInputs;

const ROWS = INPUTS as Readonly<Record<InputName, InputRow>>;
const NAMES = Object.keys(INPUTS) as InputName[];

/** The inputs a mode reads, in the table's order. */
export function inputsOf(mode: Mode): InputName[] {
  return NAMES.filter((name) => ROWS[name].modes.includes(mode));
}

/** The inputs every mode reads. */
export const COMMON_INPUTS: readonly InputName[] = NAMES.filter((name) =>
  MODES.every((mode) => ROWS[name].modes.includes(mode)),
);

/** The inputs each mode reads besides the common ones. */
export const MODE_INPUTS: Readonly<Record<Mode, readonly InputName[]>> = Object.fromEntries(
  MODES.map((mode) => [mode, inputsOf(mode).filter((name) => !COMMON_INPUTS.includes(name))]),
) as Record<Mode, InputName[]>;

/** The rows the service client is built from (see `service`). */
export const SERVICE_INPUTS: readonly InputName[] = NAMES.filter((name) => ROWS[name].service === true);

/** Whether a row's value holds secrets (see `secrets`). */
export function holdsSecrets(name: InputName): boolean {
  return ROWS[name].secrets !== undefined;
}

/** Whether a mode acts on an input it reads (see `usedIn`). */
export function isUsedIn(mode: Mode, name: InputName): boolean {
  return (ROWS[name].usedIn ?? ROWS[name].modes).includes(mode);
}

export function isRequiredIn(mode: Mode, name: InputName): boolean {
  return ROWS[name].requiredIn?.includes(mode) ?? false;
}

/** Whether an input takes several lines (a repeated flag adds one). */
export function takesLines(name: InputName): boolean {
  return ROWS[name].lines === true;
}

/** Why an input is no flag of the command line; undefined for one that is. */
export function gitHubOnlyReason(name: InputName): string | undefined {
  return ROWS[name].gitHubOnly;
}

/** The parts of a mode's inputs no output may show, as the rows of its inputs name them. */
export function secretsOf(inputs: Inputs): string[] {
  const fields = inputs as unknown as Record<string, unknown>;
  return inputsOf(inputs.mode)
    .flatMap((name) => {
      const { field, secrets } = ROWS[name];
      return field === undefined || secrets === undefined ? [] : secrets(fields[field] as never);
    })
    .filter((secret) => secret !== '');
}

let declaredDefaults: Map<string, string> | undefined;

/**
 * action.yml's default of an input: '' when it declares none, and when its default is an
 * expression (`${{ github.token }}`), which only GitHub evaluates. action.yml is read once, the
 * first time an input is empty (a few milliseconds).
 */
export function inputDefault(name: InputName): string {
  declaredDefaults ??= new Map(
    Object.entries(readActionMetadata().inputs).map(([input, meta]) => [input, meta.default ?? '']),
  );
  const value = declaredDefaults.get(name) ?? '';
  return value.includes('${{') ? '' : value;
}
