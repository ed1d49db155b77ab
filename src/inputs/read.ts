import * as core from '@actions/core';
import { ConfigurationError } from '../errors.ts';
import { isIdWithPrefix } from '../service/shapes.ts';
import {
  parseBaseUrl,
  parseBoolean,
  parseDuration,
  parseEnvLines,
  parseHclVariableLines,
  parseList,
  parseRepositoryGlobs,
  parseRepositoryPath,
  parseToken,
  parseWorkspaceFilePath,
  parseWorkspaceVariables,
} from './parsers.ts';
import type { TestVariable, EnvVariable, WorkspaceVariable } from './parsers.ts';
import { readVariableOptions } from './variable-options.ts';
import type { VariableOptionsInput } from '../service/no-code.ts';
import { ENFORCEMENT_LEVELS } from '../service/types.ts';
import type { EnforcementLevel } from '../service/types.ts';

export const MODES = [
  'sync-policies',
  'run-module-tests',
  'upgrade-no-code-workspace',
  'publish-no-code-module',
  'provision-no-code-workspace',
] as const;
export type Mode = (typeof MODES)[number];

/** Inputs every mode reads. */
export const COMMON_INPUTS = ['mode', 'token', 'base-url', 'timeout', 'dry-run', 'github-token', 'check-name', 'comment-on-pr'] as const;

/** The inputs each mode reads besides the common ones (the command line's --help lists these). */
export const MODE_INPUTS: Record<Mode, readonly string[]> = {
  'sync-policies': ['organization', 'policy-files', 'policy-config', 'enforcement-level', 'policy-sets', 'prune'],
  'run-module-tests': [
    'organization',
    'module-directory',
    'module-namespace',
    'module-name',
    'module-provider',
    'test-directory',
    'test-filters',
    'test-variables',
    'test-env-variables',
    'verbose',
    'fail-on-test-failure',
    'junit-file',
    'allow-links-outside-repository',
  ],
  'upgrade-no-code-workspace': ['no-code-module-id', 'workspace-id', 'workspace-variables', 'confirm'],
  'publish-no-code-module': [
    'organization',
    'registry-module-id',
    'no-code-module-id',
    'enabled',
    'version-pin',
    'variable-options',
    'variable-options-file',
  ],
  'provision-no-code-workspace': [
    'no-code-module-id',
    'project-id',
    'workspace-name',
    'workspace-description',
    'auto-apply',
    'workspace-variables',
  ],
};

/**
 * Defaults of optional inputs. action.yml declares the same values (a test keeps them equal);
 * they are applied here too because outside GitHub (`node dist/index.js`, the command line)
 * nobody fills in action.yml's defaults.
 */
export const INPUT_DEFAULTS = {
  timeout: '30m',
  'dry-run': 'false',
  'check-name': '',
  'comment-on-pr': 'false',
  'policy-files': 'policies/**/*.native\npolicies/**/*.rego',
  'policy-config': '',
  'enforcement-level': 'advisory',
  'policy-sets': '',
  prune: 'false',
  'module-directory': '.',
  'module-namespace': '',
  'test-directory': 'tests',
  'test-filters': '',
  'test-variables': '',
  'test-env-variables': '',
  verbose: 'false',
  'fail-on-test-failure': 'true',
  'junit-file': '',
  'allow-links-outside-repository': 'false',
  'workspace-variables': '',
  confirm: 'false',
  enabled: '',
  'version-pin': '',
  'variable-options': '',
  'variable-options-file': '',
  'workspace-description': '',
  'auto-apply': 'false',
} as const satisfies Record<string, string>;

export interface CommonInputs {
  token: string;
  /** Always ends in /api/v2. */
  baseUrl: string;
  timeoutMs: number;
  dryRun: boolean;
  githubToken: string;
  /** Empty: no check run. */
  checkName: string;
  /** On a pull request, write the summary as one comment on it, kept up to date. Always set by
   *  readInputs; optional so that inputs built by hand (tests, benchmarks) may leave it out. */
  commentOnPr?: boolean;
}

/**
 * What `prune` may delete: nothing; the policies of the `policy-sets` (`prune: true`, which
 * needs at least one set, so that an unset repository variable never widens it); or every
 * policy of the organization (`prune: organization`, said in so many words).
 */
export type PruneScope = 'off' | 'policy-sets' | 'organization';

export interface SyncPoliciesInputs extends CommonInputs {
  mode: 'sync-policies';
  organization: string;
  policyFiles: string[];
  policyConfig: string;
  enforcementLevel: EnforcementLevel;
  policySets: string[];
  prune: PruneScope;
}

export interface RunModuleTestsInputs extends CommonInputs {
  mode: 'run-module-tests';
  organization: string;
  moduleDirectory: string;
  moduleNamespace: string;
  moduleName: string;
  moduleProvider: string;
  testDirectory: string;
  testFilters: string[];
  testVariables: TestVariable[];
  testEnvVariables: EnvVariable[];
  verbose: boolean;
  failOnTestFailure: boolean;
  /** Where to write the results as JUnit XML, relative to the workspace; empty: nowhere. */
  junitFile: string;
  /** Pack links whose target lies outside the repository (dereferenced) instead of refusing them. */
  allowLinksOutsideRepository: boolean;
}

export interface UpgradeNoCodeWorkspaceInputs extends CommonInputs {
  mode: 'upgrade-no-code-workspace';
  noCodeModuleId: string;
  workspaceIds: string[];
  workspaceVariables: WorkspaceVariable[];
  confirm: boolean;
}

export interface PublishNoCodeModuleInputs extends CommonInputs {
  mode: 'publish-no-code-module';
  organization: string;
  /** Set to update an existing no-code module; otherwise `registryModuleId` is allowed anew. */
  noCodeModuleId: string;
  registryModuleId: string;
  /** Null when not given: on for a new module, unchanged on an update. */
  enabled: boolean | null;
  versionPin: string;
  /** Null when neither `variable-options` nor `variable-options-file` is given: keep the current ones. */
  variableOptions: VariableOptionsInput[] | null;
}

export interface ProvisionNoCodeWorkspaceInputs extends CommonInputs {
  mode: 'provision-no-code-workspace';
  noCodeModuleId: string;
  projectId: string;
  workspaceName: string;
  workspaceDescription: string;
  autoApply: boolean;
  workspaceVariables: WorkspaceVariable[];
}

export type Inputs =
  | SyncPoliciesInputs
  | RunModuleTestsInputs
  | UpgradeNoCodeWorkspaceInputs
  | PublishNoCodeModuleInputs
  | ProvisionNoCodeWorkspaceInputs;


/** Reads one input; the only place that calls core.getInput. */
export type InputReader = (name: string) => string;

export const readActionInput: InputReader = (name) => core.getInput(name);

const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

function withDefault(read: InputReader): InputReader {
  return (name) => {
    const value = read(name).trim();
    if (value !== '') return value;
    return (INPUT_DEFAULTS as Record<string, string>)[name] ?? '';
  };
}

function required(read: InputReader, name: string, why = ''): string {
  const value = read(name);
  if (value === '') throw new ConfigurationError(`Input "${name}" is required${why}.`);
  return value;
}

function prefixedId(name: string, value: string, prefix: string): string {
  if (!isIdWithPrefix(value, prefix)) {
    throw new ConfigurationError(`Input "${name}" must be an id starting with "${prefix}-" (got "${value}").`);
  }
  return value;
}

function prefixedIds(name: string, value: string, prefix: string): string[] {
  const ids = parseList(name, value);
  for (const id of ids) prefixedId(name, id, prefix);
  return [...new Set(ids)];
}

function pathSegmentName(name: string, value: string): string {
  if (!NAME_PATTERN.test(value)) {
    throw new ConfigurationError(`Input "${name}" may contain only letters, digits, "-" and "_" (got "${value}").`);
  }
  return value;
}


function enforcementLevel(value: string): EnforcementLevel {
  const all: readonly string[] = [...ENFORCEMENT_LEVELS.native, ...ENFORCEMENT_LEVELS.opa];
  if (!all.includes(value)) {
    throw new ConfigurationError(
      `Input "enforcement-level" must be one of ${ENFORCEMENT_LEVELS.native.join(', ')} (native) or ${ENFORCEMENT_LEVELS.opa.join(', ')} (opa) (got "${value}").`,
    );
  }
  return value as EnforcementLevel;
}

function lines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

function readCommon(read: InputReader): CommonInputs {
  const token = parseToken('token', required(read, 'token'));
  const githubToken = read('github-token');
  return {
    token,
    baseUrl: parseBaseUrl('base-url', required(read, 'base-url')),
    timeoutMs: parseDuration('timeout', read('timeout')),
    dryRun: parseBoolean('dry-run', read('dry-run')),
    githubToken,
    checkName: read('check-name'),
    commentOnPr: parseBoolean('comment-on-pr', read('comment-on-pr')),
  };
}

function organization(read: InputReader, mode: Mode): string {
  return pathSegmentName('organization', required(read, 'organization', ` in mode ${mode}`));
}

/**
 * Parses and validates every input of the chosen mode into typed values. Throws a
 * ConfigurationError naming the first input that is missing or malformed; nothing has been
 * sent to the service at that point.
 */
export function readInputs(rawRead: InputReader = readActionInput): Inputs {
  const read = withDefault(rawRead);
  const mode = read('mode');
  if (mode === '') throw new ConfigurationError(`Input "mode" is required: one of ${MODES.join(', ')}.`);
  if (!(MODES as readonly string[]).includes(mode)) {
    throw new ConfigurationError(`Input "mode" must be one of ${MODES.join(', ')} (got "${mode}").`);
  }
  const common = readCommon(read);
  switch (mode as Mode) {
    case 'sync-policies':
      return {
        ...common,
        mode: 'sync-policies',
        organization: organization(read, 'sync-policies'),
        policyFiles: parseRepositoryGlobs('policy-files', lines(read('policy-files'))),
        policyConfig: read('policy-config') && parseRepositoryPath('policy-config', read('policy-config')),
        enforcementLevel: enforcementLevel(read('enforcement-level')),
        ...policySetsAndPrune(read),
      };
    case 'run-module-tests': {
      const org = organization(read, 'run-module-tests');
      const env = parseEnvLines('test-env-variables', read('test-env-variables'));
      return {
        ...common,
        mode: 'run-module-tests',
        organization: org,
        moduleDirectory: parseRepositoryPath('module-directory', read('module-directory')),
        moduleNamespace: pathSegmentName('module-namespace', read('module-namespace') || org),
        moduleName: pathSegmentName('module-name', required(read, 'module-name', ' in mode run-module-tests')),
        moduleProvider: pathSegmentName('module-provider', required(read, 'module-provider', ' in mode run-module-tests')),
        testDirectory: read('test-directory'),
        testFilters: lines(read('test-filters')),
        testVariables: parseHclVariableLines('test-variables', read('test-variables')),
        testEnvVariables: env,
        verbose: parseBoolean('verbose', read('verbose')),
        failOnTestFailure: parseBoolean('fail-on-test-failure', read('fail-on-test-failure')),
        junitFile: parseWorkspaceFilePath('junit-file', read('junit-file')),
        allowLinksOutsideRepository: parseBoolean('allow-links-outside-repository', read('allow-links-outside-repository')),
      };
    }
    case 'upgrade-no-code-workspace': {
      const workspaceIds = prefixedIds('workspace-id', required(read, 'workspace-id', ' in mode upgrade-no-code-workspace'), 'ws');
      return {
        ...common,
        mode: 'upgrade-no-code-workspace',
        noCodeModuleId: prefixedId('no-code-module-id', required(read, 'no-code-module-id', ' in mode upgrade-no-code-workspace'), 'nocode'),
        workspaceIds,
        workspaceVariables: parseWorkspaceVariablesInput(read),
        confirm: parseBoolean('confirm', read('confirm')),
      };
    }
    case 'publish-no-code-module': {
      const noCodeModuleId = read('no-code-module-id');
      const registryModuleId = read('registry-module-id');
      if (noCodeModuleId === '' && registryModuleId === '') {
        throw new ConfigurationError(
          'Input "registry-module-id" (to allow a module) or "no-code-module-id" (to update one) is required in mode publish-no-code-module.',
        );
      }
      return {
        ...common,
        mode: 'publish-no-code-module',
        // Only allowing a module names the organization; an update addresses the module by id.
        organization: noCodeModuleId && read('organization') === '' ? '' : organization(read, 'publish-no-code-module'),
        noCodeModuleId: noCodeModuleId && prefixedId('no-code-module-id', noCodeModuleId, 'nocode'),
        registryModuleId: registryModuleId && prefixedId('registry-module-id', registryModuleId, 'mod'),
        enabled: read('enabled') === '' ? null : parseBoolean('enabled', read('enabled')),
        versionPin: versionPin(read('version-pin')),
        variableOptions: readVariableOptions(read),
      };
    }
    case 'provision-no-code-workspace':
      return {
        ...common,
        mode: 'provision-no-code-workspace',
        noCodeModuleId: prefixedId('no-code-module-id', required(read, 'no-code-module-id', ' in mode provision-no-code-workspace'), 'nocode'),
        projectId: prefixedId('project-id', required(read, 'project-id', ' in mode provision-no-code-workspace'), 'prj'),
        workspaceName: pathSegmentName('workspace-name', required(read, 'workspace-name', ' in mode provision-no-code-workspace')),
        workspaceDescription: read('workspace-description'),
        autoApply: parseBoolean('auto-apply', read('auto-apply')),
        workspaceVariables: parseWorkspaceVariablesInput(read),
      };
  }
}

function policySetsAndPrune(read: InputReader): { policySets: string[]; prune: PruneScope } {
  const policySets = prefixedIds('policy-sets', read('policy-sets'), 'polset');
  const value = read('prune');
  if (value === 'organization') return { policySets, prune: 'organization' };
  if (!['true', 'True', 'TRUE', 'false', 'False', 'FALSE'].includes(value)) {
    throw new ConfigurationError(`Input "prune" must be true, false or organization (got "${value}").`);
  }
  if (!parseBoolean('prune', value)) return { policySets, prune: 'off' };
  if (policySets.length === 0) {
    throw new ConfigurationError(
      'Input "prune" is true but "policy-sets" is empty: prune: true deletes only policies of the listed policy sets. ' +
        'Give the policy set ids (an unset variable leaves the input empty), or set prune: organization to prune the whole organization.',
    );
  }
  return { policySets, prune: 'policy-sets' };
}

function parseWorkspaceVariablesInput(read: InputReader): WorkspaceVariable[] {
  return parseWorkspaceVariables('workspace-variables', read('workspace-variables'));
}

/**
 * Values no log line, summary or output may show. The sink masks them from the moment the
 * inputs are read (on GitHub it also registers them with the runner).
 */
export function secretsOf(inputs: Inputs): string[] {
  const secrets = [inputs.token, inputs.githubToken];
  if (inputs.mode === 'run-module-tests') secrets.push(...inputs.testEnvVariables.map((v) => v.value));
  if (inputs.mode === 'upgrade-no-code-workspace' || inputs.mode === 'provision-no-code-workspace') {
    secrets.push(...inputs.workspaceVariables.filter((v) => v.sensitive).map((v) => v.value));
  }
  return secrets.filter((s) => s !== '');
}

function versionPin(value: string): string {
  if (value !== '' && !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(value)) {
    throw new ConfigurationError(`Input "version-pin" must be a module version such as 1.2.0 (got "${value}").`);
  }
  return value;
}
