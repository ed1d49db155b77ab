import { API_PREFIX, type Service } from './context.ts';
import type { Workspace } from './state.ts';

const PERMISSIONS = [
  'update',
  'destroy',
  'queue-run',
  'read-variable',
  'update-variable',
  'read-state-versions',
  'read-state-outputs',
  'create-state-versions',
  'queue-apply',
  'lock',
  'unlock',
  'force-unlock',
  'read-settings',
  'manage-tags',
  'manage-run-tasks',
  'force-delete',
  'manage-assessments',
  'manage-ephemeral-workspaces',
  'read-assessment-results',
  'queue-destroy',
];

/** Whether the workspace's no-code module has moved on since the workspace took its version
 *  (`no-code-upgrade-available`, 2.7). */
export function upgradeAvailable(service: Service, workspace: Workspace): boolean {
  const noCode = service.store.noCodeModules.get(workspace.noCodeModuleId);
  return noCode !== undefined && noCode.versionId !== workspace.noCodeModuleVersionId;
}

/** The full workspace document of spec 2.7, as no-code provisioning returns it. */
export function workspaceResource(service: Service, workspace: Workspace): unknown {
  const noCode = service.store.noCodeModules.get(workspace.noCodeModuleId);
  const module = noCode === undefined ? undefined : service.store.registryModules.get(noCode.registryModuleId);
  const self = `${API_PREFIX}/workspaces/${workspace.id}`;
  const none = { data: null };
  return {
    id: workspace.id,
    type: 'workspaces',
    attributes: {
      'allow-destroy-plan': true,
      'auto-apply': workspace.autoApply,
      'auto-destroy-at': null,
      'auto-destroy-status': null,
      'created-at': workspace.createdAt,
      environment: 'default',
      locked: false,
      name: workspace.name,
      'queue-all-runs': false,
      'speculative-enabled': true,
      'structured-run-output-enabled': true,
      'terraform-version': '1.9.5',
      'working-directory': '',
      'global-remote-state': false,
      'updated-at': workspace.updatedAt,
      'resource-count': 0,
      'apply-duration-average': null,
      'plan-duration-average': null,
      'policy-check-failures': null,
      'run-failures': null,
      'workspace-kpis-runs-count': null,
      'latest-change-at': workspace.updatedAt,
      operations: true,
      'execution-mode': 'remote',
      'vcs-repo': null,
      'vcs-repo-identifier': null,
      permissions: Object.fromEntries(PERMISSIONS.map((name) => [`can-${name}`, true])),
      actions: { 'is-destroyable': true },
      description: workspace.description,
      'file-triggers-enabled': true,
      'trigger-prefixes': [],
      'trigger-patterns': [],
      'assessments-enabled': false,
      'last-assessment-result-at': null,
      source: 'svc-module',
      'source-name': null,
      'source-url': null,
      'source-module-id': module
        ? `private/${module.namespace}/${module.name}/${module.provider}/${workspace.moduleVersion}`
        : null,
      'no-code-upgrade-available': upgradeAvailable(service, workspace),
      'tag-names': [],
      'setting-overwrites': { 'execution-mode': false, 'agent-pool': false },
    },
    relationships: {
      organization: { data: { id: workspace.organization, type: 'organizations' } },
      'current-run': none,
      'latest-run': none,
      outputs: { data: [] },
      'remote-state-consumers': { links: { related: `${self}/relationships/remote-state-consumers` } },
      'current-state-version': none,
      'current-configuration-version': none,
      'agent-pool': none,
      readme: none,
      project: { data: { id: workspace.projectId, type: 'projects' } },
      'current-assessment-result': none,
      'no-code-module-version': { data: { id: workspace.noCodeModuleVersionId, type: 'no-code-module-versions' } },
      vars: { data: workspace.vars.map((variable) => ({ id: variable.id, type: 'vars' })) },
    },
    links: {
      self,
      'self-html': `/app/${encodeURIComponent(workspace.organization)}/workspaces/${encodeURIComponent(workspace.name)}`,
    },
  };
}
