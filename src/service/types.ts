// The service's resources exactly as it sends them (spec section 2): kebab-case attributes,
// `null` where the spec says a field may be null, optional where it may be absent.

// ---- Relationships, as every resource carries them (JSON:API) --------------------------------

export interface ResourceIdentifier<T extends string = string> {
  id: string;
  type: T;
}

export interface RelationshipLinks {
  related?: string;
  self?: string;
}

export interface Relationship<D = ResourceIdentifier | ResourceIdentifier[] | null> {
  data?: D;
  links?: RelationshipLinks;
}

// ---- 2.1 Policy -------------------------------------------------------------------------------

export type PolicyKind = 'native' | 'opa';

/** The enforcement levels of each kind of policy. */
export const ENFORCEMENT_LEVELS = {
  native: ['hard-mandatory', 'soft-mandatory', 'advisory'],
  opa: ['mandatory', 'advisory'],
} as const satisfies Record<PolicyKind, readonly string[]>;

export type EnforcementLevel = (typeof ENFORCEMENT_LEVELS)[PolicyKind][number];

/** Deprecated form of the enforcement level, still returned (2.1): one element. */
export interface PolicyEnforce {
  path?: string | null;
  mode?: string | null;
}

/**
 * What a policy's attributes may hold as the service sends them. Read leniently (its readers
 * take absent and null alike): a field the spec gives a default may be left out, and the
 * deprecated form may stand in for the level.
 */
export interface PolicyAttributes {
  name: string;
  /** Markdown; null (or absent) when there is none. */
  description?: string | null;
  /** A PolicyKind; `native` when absent (2.1). A kind the spec does not name is kept as sent. */
  kind?: string | null;
  /** Only for `opa` policies. */
  query?: string | null;
  /** Absent on policies that only carry the deprecated `enforce` form. */
  'enforcement-level'?: string | null;
  enforce?: PolicyEnforce[] | null;
  'policy-set-count'?: number | null;
  'updated-at'?: string | null;
}

export interface Policy {
  id: string;
  type: 'policies';
  attributes: PolicyAttributes;
  relationships?: {
    organization?: { data?: ResourceIdentifier<'organizations'> | null } | null;
    'policy-sets'?: { data?: Array<ResourceIdentifier<'policy-sets'>> | null } | null;
  } | null;
  links?: {
    self?: string;
    upload?: string;
    /** Present on show, update and list answers, absent on create (2.1). */
    download?: string;
  } | null;
}

// ---- 2.2 Test run -----------------------------------------------------------------------------

/** The statuses spec 3.1 names; a service may send others (the spec does not show every transition). */
export type TestRunStatus = 'pending' | 'queued' | 'running' | 'errored' | 'canceled' | 'finished' | (string & {});

export type TestRunSource = 'svc' | 'svc-api' | 'svc-configuration-version';

/**
 * The values of a test run's `test-status`: spec 2.2 names `pass` and `fail` (null until a result
 * exists); the service also sends `pending` (no result yet), `skip` (no test ran) and `error`
 * (the tests errored), the values its official client and the test command's own cloud code
 * know.
 */
export const TEST_STATUSES = ['pending', 'skip', 'pass', 'fail', 'error'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];

export interface TestRunVariable {
  key: string;
  /** An HCL literal. */
  value: string;
}

export interface TestRunAttributes {
  status: TestRunStatus;
  'status-timestamps': {
    'queued-at'?: string;
    'started-at'?: string;
    'finished-at'?: string;
    [key: string]: string | undefined;
  };
  /** Present once the run has finished. An address with its own authorization: a secret. */
  'log-read-url'?: string;
  'created-at'?: string;
  'updated-at'?: string;
  'test-configurable-type'?: string;
  'test-configurable-id'?: string;
  variables?: TestRunVariable[];
  filters?: string[];
  'test-directory'?: string;
  verbose?: boolean;
  'test-status': TestStatus | null;
  'tests-passed': number | null;
  'tests-failed': number | null;
  'tests-errored': number | null;
  'tests-skipped': number | null;
  source?: TestRunSource;
  message?: string;
}

export interface TestRun {
  id: string;
  type: 'test-runs';
  attributes: TestRunAttributes;
  relationships?: {
    'configuration-version'?: Relationship<ResourceIdentifier<'configuration-versions'>>;
    'created-by'?: Relationship<ResourceIdentifier<'users'>>;
  };
  links?: Record<string, string | undefined>;
}

// ---- 2.3 Configuration version ----------------------------------------------------------------

export type ConfigurationVersionStatus = 'pending' | 'fetching' | 'archived' | (string & {});

export interface ConfigurationVersionAttributes {
  'auto-queue-runs': boolean;
  error: string | null;
  'error-message': string | null;
  source: string;
  speculative: boolean;
  status: ConfigurationVersionStatus;
  'status-timestamps': Record<string, string>;
  'changed-files': unknown[];
  provisional: boolean;
  /** Only in the create answer; single use; a secret (2.3, 5). */
  'upload-url'?: string;
}

export interface ConfigurationVersion {
  id: string;
  type: 'configuration-versions';
  attributes: ConfigurationVersionAttributes;
  relationships?: {
    'ingress-attributes'?: Relationship<null | ResourceIdentifier>;
  };
  links?: { self?: string };
}

// ---- 2.4 Test variable ------------------------------------------------------------------------

export interface TestVariableAttributes {
  key: string;
  /** Hidden once written when `sensitive` is true. */
  value?: string | null;
  description?: string | null;
  category: 'env';
  sensitive: boolean;
  hcl?: boolean;
  'created-at'?: string;
  'version-id'?: string;
}

export interface TestVariable {
  id: string;
  type: 'vars';
  attributes: TestVariableAttributes;
  links?: { self?: string };
}

// ---- 2.5 No-code module -----------------------------------------------------------------------

export interface NoCodeModule {
  id: string;
  type: 'no-code-modules';
  attributes: {
    enabled: boolean;
    'version-pin': string;
  };
  relationships?: {
    organization?: Relationship<ResourceIdentifier<'organizations'>>;
    'registry-module'?: Relationship<ResourceIdentifier<'registry-modules'>>;
    'variable-options'?: { data: Array<ResourceIdentifier<'variable-options'>> };
  };
  links?: { self?: string };
}

// ---- 2.6 Variable options ---------------------------------------------------------------------

export interface VariableOptions {
  id: string;
  type: 'variable-options';
  attributes: {
    'variable-name': string;
    'variable-type': string;
    options: unknown[];
  };
  relationships?: {
    'no-code-allowed-module'?: { data: ResourceIdentifier<'no-code-allowed-modules'> };
  };
}

// ---- 2.7 Workspace ----------------------------------------------------------------------------

export type WorkspacePermission =
  | 'can-update'
  | 'can-destroy'
  | 'can-queue-run'
  | 'can-read-variable'
  | 'can-update-variable'
  | 'can-read-state-versions'
  | 'can-read-state-outputs'
  | 'can-create-state-versions'
  | 'can-queue-apply'
  | 'can-lock'
  | 'can-unlock'
  | 'can-force-unlock'
  | 'can-read-settings'
  | 'can-manage-tags'
  | 'can-manage-run-tasks'
  | 'can-force-delete'
  | 'can-manage-assessments'
  | 'can-manage-ephemeral-workspaces'
  | 'can-read-assessment-results'
  | 'can-queue-destroy';

export interface WorkspaceAttributes {
  'allow-destroy-plan'?: boolean;
  'auto-apply'?: boolean;
  'auto-destroy-at'?: string | null;
  'auto-destroy-status'?: string | null;
  'created-at'?: string;
  environment?: string;
  locked?: boolean;
  name: string;
  'queue-all-runs'?: boolean;
  'speculative-enabled'?: boolean;
  'structured-run-output-enabled'?: boolean;
  'terraform-version'?: string;
  'working-directory'?: string | null;
  'global-remote-state'?: boolean;
  'updated-at'?: string;
  'resource-count'?: number;
  'apply-duration-average'?: number | null;
  'plan-duration-average'?: number | null;
  'policy-check-failures'?: number | null;
  'run-failures'?: number | null;
  'workspace-kpis-runs-count'?: number | null;
  'latest-change-at'?: string | null;
  operations?: boolean;
  'execution-mode'?: string;
  'vcs-repo'?: unknown;
  'vcs-repo-identifier'?: string | null;
  permissions?: Partial<Record<WorkspacePermission, boolean>>;
  actions?: { 'is-destroyable'?: boolean };
  description?: string | null;
  'file-triggers-enabled'?: boolean;
  'trigger-prefixes'?: string[];
  'trigger-patterns'?: string[];
  'assessments-enabled'?: boolean;
  'last-assessment-result-at'?: string | null;
  /** `svc-module` for a workspace made by no-code provisioning. */
  source?: string;
  'source-name'?: string | null;
  'source-url'?: string | null;
  /** Names the module and version. */
  'source-module-id'?: string | null;
  'no-code-upgrade-available'?: boolean;
  'tag-names'?: string[];
  'setting-overwrites'?: { 'execution-mode'?: boolean; 'agent-pool'?: boolean };
}

export type WorkspaceRelationshipName =
  | 'organization'
  | 'current-run'
  | 'latest-run'
  | 'outputs'
  | 'remote-state-consumers'
  | 'current-state-version'
  | 'current-configuration-version'
  | 'agent-pool'
  | 'readme'
  | 'project'
  | 'current-assessment-result'
  | 'no-code-module-version'
  | 'vars';

export interface Workspace {
  id: string;
  type: 'workspaces';
  attributes: WorkspaceAttributes;
  relationships?: Partial<Record<WorkspaceRelationshipName, Relationship>> & {
    'no-code-module-version'?: Relationship<ResourceIdentifier<'no-code-module-versions'> | null>;
  };
  links?: { self?: string; 'self-html'?: string };
}

// ---- 2.8 Workspace upgrade --------------------------------------------------------------------

/** Run statuses: those of 3.3 and every other the service documents (run-status.ts), or any other. */
export type UpgradeRunStatus =
  | 'pending'
  | 'fetching'
  | 'queuing'
  | 'pre_plan_running'
  | 'pre_plan_completed'
  | 'planning'
  | 'planned'
  | 'cost_estimated'
  | 'planned_and_saved'
  | 'planned_and_finished'
  | (string & {});

export interface WorkspaceUpgrade {
  /** The `run-` id of the upgrade's run. */
  id: string;
  type: 'workspace-upgrade';
  attributes: {
    status: UpgradeRunStatus;
    'plan-url'?: string;
    /** Not shown by 2.8; the service's run documents carry it (run-status.ts). */
    actions?: { 'is-confirmable'?: unknown };
  };
  relationships?: {
    workspace?: { data: ResourceIdentifier<'workspaces'>; links?: RelationshipLinks };
  };
}
