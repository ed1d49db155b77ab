import type { Emulator, EmulatorOptions, Fault, SeedPolicy } from './api.ts';
import type { Service } from './context.ts';
import type { FaultQueue } from './faults.ts';
import { newId, newSecret, timestamp } from './ids.ts';
import { policyDownloadPath } from './policies.ts';
import type { RequestLog } from './request-log.ts';
import { applyOptions } from './settings.ts';
import type { RegistryModule } from './state.ts';

export interface ControlParts {
  service: Service;
  log: RequestLog;
  faults: FaultQueue;
  baseUrl: string;
  token: string;
  organizationToken: string;
  close(): Promise<void>;
}

/** The control surface of api.ts over one running emulator. */
export function createControl(parts: ControlParts): Emulator {
  const { service, log, faults } = parts;
  const { store } = service;
  const defaultOrganization = service.settings.organization;
  const org = (organization: string | undefined): string => organization ?? defaultOrganization;

  const findModule = (m: {
    name: string;
    provider: string;
    namespace?: string;
    organization?: string;
  }): RegistryModule | undefined =>
    store.findRegistryModule(org(m.organization), m.namespace ?? org(m.organization), m.name, m.provider);

  return {
    personality: service.settings.personality,
    baseUrl: parts.baseUrl,
    uploadOrigin: service.uploadOrigin,
    token: parts.token,
    organizationToken: parts.organizationToken,
    organization: defaultOrganization,
    get requests() {
      return log.entries;
    },
    writeRequests: () => log.writes(),
    clearRequests: () => log.clear(),
    configure: (options: EmulatorOptions) => {
      applyOptions(service.settings, options);
      if (options.advertisedOrigins?.api !== undefined) service.apiOrigin = options.advertisedOrigins.api;
      if (options.advertisedOrigins?.upload !== undefined) service.uploadOrigin = options.advertisedOrigins.upload;
    },
    inject: (...list: Fault[]) => faults.add(list),

    addToken: (kind, organization) => store.addToken(kind, org(organization)),
    seedPolicySet: (organization) => store.addPolicySet(org(organization)),
    seedPolicy(policy: SeedPolicy) {
      const organization = org(policy.organization);
      store.addOrganization(organization);
      if (store.policyNamed(organization, policy.name))
        throw new Error(`seedPolicy: ${policy.name} already exists in ${organization}`);
      const id = newId('pol');
      const createdAt = timestamp();
      store.policies.set(id, {
        id,
        organization,
        name: policy.name,
        kind: policy.kind ?? 'native',
        enforcementLevel: policy.enforcementLevel ?? 'advisory',
        levelOnlyInEnforce: policy.deprecatedEnforceOnly ?? false,
        description: policy.description ?? null,
        query: policy.query ?? null,
        code: policy.code ?? null,
        downloadKey: newSecret(),
        policySetIds: [...(policy.policySetIds ?? [])],
        createdAt,
        updatedAt: policy.code === undefined ? null : createdAt,
      });
      return { id };
    },
    policies: (organization) =>
      store.policiesOf(org(organization)).map((policy) => ({
        id: policy.id,
        name: policy.name,
        kind: policy.kind,
        enforcementLevel: policy.enforcementLevel,
        description: policy.description,
        query: policy.query,
        code: policy.code,
        policySetIds: [...policy.policySetIds],
        downloadPath: policyDownloadPath(policy),
      })),

    seedRegistryModule: (m) =>
      store.addRegistryModule({
        organization: org(m.organization),
        namespace: m.namespace ?? org(m.organization),
        name: m.name,
        provider: m.provider,
        versions: m.versions ?? ['1.0.0'],
      }).id,
    testVariables(m) {
      const module = findModule(m);
      if (module === undefined) return [];
      return store.testVariablesOf(module.id).map(({ id, key, value, category, sensitive, description }) => ({
        id,
        key,
        value,
        category,
        sensitive,
        description,
      }));
    },
    seedTestRuns(m, count, createdAt = new Date(Date.now() - 24 * 3600_000)) {
      const module = findModule(m);
      if (module === undefined) throw new Error(`seedTestRuns: registry module ${m.name}/${m.provider} does not exist`);
      for (let i = 0; i < count; i++)
        store.addFinishedTestRun(module, new Date(createdAt.getTime() + i * 60_000).toISOString());
    },
    testRuns: () =>
      [...store.testRuns.values()].map((run) => ({
        id: run.id,
        configurationVersionId: run.configurationVersionId,
        status: run.status,
        source: run.source,
        createdAt: run.createdAt,
        testDirectory: run.testDirectory,
        filters: [...run.filters],
        variables: run.variables.map((variable) => ({ ...variable })),
        verbose: run.verbose,
        cancelRequested: run.cancelRequested,
        forceCanceled: run.forceCanceled,
      })),
    configurationVersionArchive: (id) => store.configurationVersions.get(id)?.archive ?? null,

    seedProject: (organization) => store.addProject(org(organization)),
    seedNoCodeModule(m) {
      const organization = org(m.organization);
      const versions = m.versionPin === undefined || m.versionPin === '1.0.0' ? ['1.0.0'] : ['1.0.0', m.versionPin];
      const registryModule = store.addRegistryModule({
        organization,
        namespace: organization,
        name: m.moduleName,
        provider: m.provider,
        versions,
      });
      if (m.versionPin !== undefined && !registryModule.versions.includes(m.versionPin))
        registryModule.versions.push(m.versionPin);
      if (store.noCodeModuleFor(registryModule.id))
        throw new Error(`seedNoCodeModule: ${m.moduleName}/${m.provider} is already a no-code module`);
      return store.addNoCodeModule({
        organization,
        registryModuleId: registryModule.id,
        enabled: m.enabled ?? true,
        versionPin: m.versionPin ?? registryModule.versions[registryModule.versions.length - 1]!,
        variableOptions: [],
      }).id;
    },
    seedWorkspace(w) {
      const noCodeModule = store.noCodeModules.get(w.noCodeModuleId);
      if (noCodeModule === undefined)
        throw new Error(`seedWorkspace: no-code module ${w.noCodeModuleId} does not exist`);
      const count = [...store.workspaces.values()].filter((ws) => ws.organization === noCodeModule.organization).length;
      return store.addWorkspace({
        name: w.name ?? `workspace-${count + 1}`,
        description: null,
        projectId: w.projectId ?? store.defaultProject(noCodeModule.organization),
        noCodeModule,
        autoApply: false,
        vars: [],
        moduleVersion: w.moduleVersion,
        earlierSettings: w.current !== true,
      }).id;
    },
    setUpgradeBehaviour(workspaceId, behaviour) {
      const workspace = store.workspaces.get(workspaceId);
      if (workspace === undefined) throw new Error(`setUpgradeBehaviour: workspace ${workspaceId} does not exist`);
      workspace.upgradeBehaviour = { ...workspace.upgradeBehaviour, ...behaviour };
    },
    upgrades: () =>
      [...store.upgrades.values()].map((upgrade) => ({
        runId: upgrade.runId,
        workspaceId: upgrade.workspaceId,
        noCodeModuleId: upgrade.noCodeModuleId,
        status: upgrade.status,
        confirmed: upgrade.confirmed,
        vars: upgrade.vars.map((variable) => ({ ...variable })),
      })),
    noCodeModules: () =>
      [...store.noCodeModules.values()].map((module) => ({
        id: module.id,
        enabled: module.enabled,
        versionPin: module.versionPin,
        registryModuleId: module.registryModuleId,
        variableOptions: module.variableOptions.map((options) => ({ ...options, options: [...options.options] })),
      })),
    workspaces: () =>
      [...store.workspaces.values()].map((workspace) => ({
        id: workspace.id,
        name: workspace.name,
        projectId: workspace.projectId,
        noCodeModuleId: workspace.noCodeModuleId,
        autoApply: workspace.autoApply,
        vars: workspace.vars.map((variable) => ({ ...variable })),
      })),

    close: parts.close,
  };
}
