import type { TestRunOutcome, TokenKind, UpgradeBehaviour } from './api.ts';
import { newId, newSecret, newToken, timestamp } from './ids.ts';
import type { TerraformTest } from './terraform-test.ts';
import { resolveVersionPin } from './version-pins.ts';

/** The emulated service's records. Handlers and the control surface both work on these;
 *  documents are built from them by the area modules. */

export interface TokenRecord {
  kind: TokenKind;
  organization: string;
  /** The `user-` id a run's `created-by` names (organization tokens act as a service user). */
  userId: string;
}

export interface PolicySet {
  id: string;
  organization: string;
  name: string;
}

export type PolicyKind = 'native' | 'opa';

export interface Policy {
  id: string;
  organization: string;
  name: string;
  kind: PolicyKind;
  enforcementLevel: string;
  /** A policy from before `enforcement-level` existed (2023-05): only `enforce` carries the level. */
  levelOnlyInEnforce: boolean;
  description: string | null;
  query: string | null;
  code: string | null;
  /** The unguessable part of its download address: only `links.download` leads there (spec 2.1
   *  names no download path). */
  downloadKey: string;
  policySetIds: string[];
  createdAt: string;
  updatedAt: string | null;
}

export interface RegistryModule {
  id: string;
  organization: string;
  namespace: string;
  name: string;
  provider: string;
  /** Published versions, oldest first; the last is the latest. */
  versions: string[];
}

export interface ConfigurationVersion {
  id: string;
  organization: string;
  moduleId: string;
  autoQueueRuns: boolean;
  speculative: boolean;
  createdBy: string;
  createdAt: string;
  /** Credential part of the single-use upload address. */
  uploadSecret: string;
  archive: Buffer | null;
}

export type TestRunSource = 'svc' | 'svc-api' | 'svc-configuration-version';

export interface TestRun {
  id: string;
  moduleId: string;
  configurationVersionId: string;
  status: string;
  source: TestRunSource;
  message: string;
  testDirectory: string;
  filters: string[];
  variables: Array<{ key: string; value: string }>;
  verbose: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  statusTimestamps: Record<string, string>;
  /** Chosen at creation; applied when the run reaches its final status. */
  outcome: TestRunOutcome;
  /** The outcome once the run finished or errored (null while running and when canceled). */
  result: TestRunOutcome | null;
  cancelRequested: boolean;
  forceCanceled: boolean;
  /** Credential part of the log address, set once the run is final (or runs, with
   *  `logWhileRunning`). */
  logSecret: string | null;
  /** When it started running, on the emulator's clock. */
  runningSince: number | null;
  /** The terraform running the module's tests (`testRuns.terraform`), from the moment the run
   *  runs; its output is the run's log. */
  terraform: TerraformTest | null;
}

export interface TestVariable {
  id: string;
  moduleId: string;
  key: string;
  value: string;
  description: string | null;
  category: string;
  sensitive: boolean;
  createdAt: string;
  versionId: string;
}

export interface VariableOptions {
  id: string;
  variableName: string;
  variableType: string;
  options: unknown[];
}

export interface NoCodeModule {
  id: string;
  organization: string;
  registryModuleId: string;
  enabled: boolean;
  versionPin: string;
  /** The `nocodever-` id of the current settings; a workspace on an older one can upgrade. */
  versionId: string;
  variableOptions: VariableOptions[];
}

export interface Project {
  id: string;
  organization: string;
  name: string;
}

export interface WorkspaceVariable {
  id: string;
  key: string;
  value: string;
  description: string | null;
  category: string;
  hcl: boolean;
  sensitive: boolean;
}

export interface Workspace {
  id: string;
  organization: string;
  name: string;
  description: string | null;
  projectId: string;
  noCodeModuleId: string;
  noCodeModuleVersionId: string;
  moduleVersion: string;
  autoApply: boolean;
  vars: WorkspaceVariable[];
  upgradeBehaviour: Partial<UpgradeBehaviour>;
  createdAt: string;
  updatedAt: string;
}

export interface Upgrade {
  runId: string;
  workspaceId: string;
  noCodeModuleId: string;
  status: string;
  /** The plan has got to its last status: it goes on no further without a confirm. */
  stopped: boolean;
  confirmed: boolean;
  vars: WorkspaceVariable[];
}

export class Store {
  readonly organizations = new Set<string>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly policySets = new Map<string, PolicySet>();
  readonly policies = new Map<string, Policy>();
  readonly registryModules = new Map<string, RegistryModule>();
  readonly configurationVersions = new Map<string, ConfigurationVersion>();
  readonly testRuns = new Map<string, TestRun>();
  readonly testVariables = new Map<string, TestVariable>();
  readonly projects = new Map<string, Project>();
  readonly noCodeModules = new Map<string, NoCodeModule>();
  readonly workspaces = new Map<string, Workspace>();
  readonly upgrades = new Map<string, Upgrade>();

  addOrganization(name: string): void {
    this.organizations.add(name);
  }

  addToken(kind: TokenKind, organization: string): string {
    this.addOrganization(organization);
    const token = newToken();
    this.tokens.set(token, { kind, organization, userId: newId('user') });
    return token;
  }

  addPolicySet(organization: string): string {
    this.addOrganization(organization);
    const id = newId('polset');
    const count = [...this.policySets.values()].filter((set) => set.organization === organization).length;
    this.policySets.set(id, { id, organization, name: `policy-set-${count + 1}` });
    return id;
  }

  policiesOf(organization: string): Policy[] {
    return [...this.policies.values()].filter((policy) => policy.organization === organization);
  }

  policyNamed(organization: string, name: string): Policy | undefined {
    return this.policiesOf(organization).find((policy) => policy.name === name);
  }

  addRegistryModule(m: {
    organization: string;
    namespace: string;
    name: string;
    provider: string;
    versions: string[];
  }): RegistryModule {
    this.addOrganization(m.organization);
    const existing = this.findRegistryModule(m.organization, m.namespace, m.name, m.provider);
    if (existing) return existing;
    const module: RegistryModule = { id: newId('mod'), ...m };
    this.registryModules.set(module.id, module);
    return module;
  }

  findRegistryModule(
    organization: string,
    namespace: string,
    name: string,
    provider: string,
  ): RegistryModule | undefined {
    return [...this.registryModules.values()].find(
      (m) => m.organization === organization && m.namespace === namespace && m.name === name && m.provider === provider,
    );
  }

  addConfigurationVersion(c: {
    organization: string;
    moduleId: string;
    autoQueueRuns: boolean;
    speculative: boolean;
    createdBy: string;
  }): ConfigurationVersion {
    const version: ConfigurationVersion = {
      id: newId('cv'),
      ...c,
      createdAt: timestamp(),
      uploadSecret: newSecret(),
      archive: null,
    };
    this.configurationVersions.set(version.id, version);
    return version;
  }

  /** A run of long ago, finished and passed, on a configuration version of its own. */
  addFinishedTestRun(module: RegistryModule, createdAt: string): TestRun {
    const version = this.addConfigurationVersion({
      organization: module.organization,
      moduleId: module.id,
      autoQueueRuns: false,
      speculative: false,
      createdBy: newId('user'),
    });
    version.createdAt = createdAt;
    version.archive = Buffer.alloc(0);
    const outcome: TestRunOutcome = {
      status: 'finished',
      testStatus: 'pass',
      passed: 1,
      failed: 0,
      errored: 0,
      skipped: 0,
      log: '',
    };
    const run: TestRun = {
      id: newId('trun'),
      moduleId: module.id,
      configurationVersionId: version.id,
      status: 'finished',
      source: 'svc-api',
      message: 'Queued manually via the API',
      testDirectory: 'tests',
      filters: [],
      variables: [],
      verbose: false,
      createdBy: version.createdBy,
      createdAt,
      updatedAt: createdAt,
      statusTimestamps: { 'queued-at': createdAt, 'started-at': createdAt, 'finished-at': createdAt },
      outcome,
      result: outcome,
      cancelRequested: false,
      forceCanceled: false,
      logSecret: newSecret(),
      runningSince: null,
      terraform: null,
    };
    this.testRuns.set(run.id, run);
    return run;
  }

  configurationVersionByUploadSecret(secret: string): ConfigurationVersion | undefined {
    return [...this.configurationVersions.values()].find((version) => version.uploadSecret === secret);
  }

  testRunByLogSecret(secret: string): TestRun | undefined {
    return [...this.testRuns.values()].find((run) => run.logSecret === secret);
  }

  testVariablesOf(moduleId: string): TestVariable[] {
    return [...this.testVariables.values()].filter((variable) => variable.moduleId === moduleId);
  }

  addProject(organization: string, name?: string): string {
    this.addOrganization(organization);
    const count = [...this.projects.values()].filter((project) => project.organization === organization).length;
    const id = newId('prj');
    this.projects.set(id, {
      id,
      organization,
      name: name ?? (count === 0 ? 'Default Project' : `project-${count + 1}`),
    });
    return id;
  }

  defaultProject(organization: string): string {
    const project = [...this.projects.values()].find((p) => p.organization === organization);
    return project ? project.id : this.addProject(organization);
  }

  addNoCodeModule(n: {
    organization: string;
    registryModuleId: string;
    enabled: boolean;
    versionPin: string;
    variableOptions: VariableOptions[];
  }): NoCodeModule {
    const module: NoCodeModule = { id: newId('nocode'), versionId: newId('nocodever'), ...n };
    this.noCodeModules.set(module.id, module);
    return module;
  }

  /** The published version a no-code module's pin stands for (the pin itself when it names none). */
  pinnedVersion(module: NoCodeModule): string {
    const registryModule = this.registryModules.get(module.registryModuleId);
    return (registryModule && resolveVersionPin(registryModule, module.versionPin)) ?? module.versionPin;
  }

  noCodeModuleFor(registryModuleId: string): NoCodeModule | undefined {
    return [...this.noCodeModules.values()].find((module) => module.registryModuleId === registryModuleId);
  }

  workspaceNamed(organization: string, name: string): Workspace | undefined {
    return [...this.workspaces.values()].find((ws) => ws.organization === organization && ws.name === name);
  }

  addWorkspace(w: {
    name: string;
    description: string | null;
    projectId: string;
    noCodeModule: NoCodeModule;
    autoApply: boolean;
    vars: WorkspaceVariable[];
    /** The module version it was provisioned with (default the module's pin). */
    moduleVersion?: string;
    /** Provisioned from earlier settings of the no-code module: an upgrade is available. */
    earlierSettings?: boolean;
  }): Workspace {
    const now = timestamp();
    const workspace: Workspace = {
      id: newId('ws'),
      organization: w.noCodeModule.organization,
      name: w.name,
      description: w.description,
      projectId: w.projectId,
      noCodeModuleId: w.noCodeModule.id,
      // A workspace on another version than the pin was provisioned from earlier settings.
      noCodeModuleVersionId:
        w.earlierSettings || (w.moduleVersion !== undefined && w.moduleVersion !== this.pinnedVersion(w.noCodeModule))
          ? newId('nocodever')
          : w.noCodeModule.versionId,
      moduleVersion: w.moduleVersion ?? this.pinnedVersion(w.noCodeModule),
      autoApply: w.autoApply,
      vars: w.vars,
      upgradeBehaviour: {},
      createdAt: now,
      updatedAt: now,
    };
    this.workspaces.set(workspace.id, workspace);
    return workspace;
  }
}
