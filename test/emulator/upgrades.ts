import { emptyAnswer, jsonAnswer, textAnswer, type Answer } from './answer.ts';
import type { UpgradeBehaviour } from './api.ts';
import { refuseOrganizationToken } from './auth.ts';
import type { RequestContext, Service } from './context.ts';
import { readDocument } from './documents.ts';
import { conflict, notFound } from './errors.ts';
import { newId, timestamp } from './ids.ts';
import { visibleNoCodeModule } from './no-code.ts';
import { route, type Route } from './router.ts';
import type { NoCodeModule, Upgrade, Workspace } from './state.ts';
import { mergeWorkspaceVariables, readWorkspaceVariables } from './workspace-variables.ts';
import { upgradeAvailable } from './workspace-document.ts';

/** Run statuses in which a stopped plan waits for confirmation (the service's run states). */
const READY_TO_CONFIRM = new Set([
  'planned',
  'cost_estimated',
  'policy_checked',
  'post_plan_completed',
  'planned_and_saved',
]);

const UPGRADE = '/no-code-modules/:id/workspaces/:workspace/upgrade';

export const upgradeRoutes: Route[] = [
  route('POST', UPGRADE, 'json', initiateUpgrade),
  route('GET', `${UPGRADE}/:run`, 'none', readUpgrade),
  route('POST', `${UPGRADE}/:run`, 'none', confirmUpgrade),
];

function upgradeBehaviour(service: Service, workspace: Workspace): UpgradeBehaviour {
  return { ...service.settings.upgrades, ...workspace.upgradeBehaviour };
}

/** Spec 4.3: initiate answers a `workspace-upgrade` document; its status is not shown (202
 *  here). `initiateAnswer` can make it answer without one, a fault that starts no run. The run
 *  then walks the configured statuses on real timers. */
function initiateUpgrade(ctx: RequestContext): Answer {
  const { module, workspace } = upgradeTarget(ctx);
  // Spec 5 refuses organization tokens on the no-code writes; an upgrade is one of them.
  refuseOrganizationToken(ctx);
  const { relationships } = readDocument(ctx.body, 'workspaces');
  const vars = readWorkspaceVariables(relationships);
  const behaviour = upgradeBehaviour(ctx.service, workspace);
  if (behaviour.initiateAnswer === 'message') {
    return jsonAnswer(200, {
      message: `Workspace ${workspace.name} is already up to date with no-code module ${module.id}; there is nothing to upgrade.`,
    });
  }
  if (behaviour.initiateAnswer === 'no-content') return emptyAnswer(202);
  if (behaviour.whenCurrent === 'no-upgrade' && vars.length === 0 && !upgradeAvailable(ctx.service, workspace)) {
    return jsonAnswer(200, {
      data: {
        type: 'workspace-upgrade',
        attributes: {
          message: `No upgrade available: workspace ${workspace.name} is on the latest version of its module.`,
        },
      },
    });
  }
  const statuses = [...behaviour.steps, behaviour.final];
  const upgrade: Upgrade = {
    runId: newId('run'),
    workspaceId: workspace.id,
    noCodeModuleId: module.id,
    status: statuses[0]!,
    stopped: statuses.length === 1,
    confirmed: false,
    vars,
  };
  ctx.service.store.upgrades.set(upgrade.runId, upgrade);
  walk(ctx.service, upgrade, statuses, 1, holdOf(behaviour), () => (upgrade.stopped = true));
  return jsonAnswer(202, upgradeDocument(ctx.service, upgrade, workspace));
}

/** How long the run holds each status: `holdMs` where it names one, else `stepMs`. */
function holdOf(behaviour: UpgradeBehaviour): (status: string) => number {
  return (status) => behaviour.holdMs[status] ?? behaviour.stepMs;
}

/** Sets the run's status to each of `statuses` in turn, each after the one before has been held;
 *  `then` runs once the last is reached. */
function walk(
  service: Service,
  upgrade: Upgrade,
  statuses: string[],
  next: number,
  hold: (status: string) => number,
  then?: () => void,
): void {
  if (next >= statuses.length) {
    then?.();
    return;
  }
  service.timers.after(
    hold(upgrade.status),
    () => {
      upgrade.status = statuses[next]!;
      walk(service, upgrade, statuses, next + 1, hold, then);
    },
    upgrade.runId,
  );
}

function readUpgrade(ctx: RequestContext): Answer {
  const { workspace } = upgradeTarget(ctx);
  return jsonAnswer(200, upgradeDocument(ctx.service, upgradeRun(ctx, workspace), workspace));
}

/** Spec 4.3 shows only "a plain message that the update completed". A plan that has not
 *  stopped (still planning, estimating, checking policies or running tasks, even in a status a
 *  stopped plan may also have) or is not ready (waiting for an override, errored, nothing to
 *  change, already confirmed) cannot be confirmed: 409, as the service refuses a transition it
 *  does not allow. After the confirm the run walks `applySteps` to `applyFinal`; the workspace
 *  takes the new version and variables only when the apply ends `applied`. */
function confirmUpgrade(ctx: RequestContext): Answer {
  const { module, workspace } = upgradeTarget(ctx);
  refuseOrganizationToken(ctx);
  const upgrade = upgradeRun(ctx, workspace);
  if (!isConfirmable(upgrade)) {
    const state = upgrade.confirmed
      ? 'already confirmed'
      : upgrade.stopped
        ? upgrade.status
        : `${upgrade.status} and its plan is still going on`;
    throw conflict(
      `upgrade run ${upgrade.runId} is ${state}; only a stopped plan in ${[...READY_TO_CONFIRM].join(', ')} can be confirmed`,
    );
  }
  ctx.service.timers.cancel(upgrade.runId);
  upgrade.confirmed = true;
  const behaviour = upgradeBehaviour(ctx.service, workspace);
  const statuses = [
    upgrade.status,
    ...behaviour.applySteps,
    ...(behaviour.applyFinal === null ? [] : [behaviour.applyFinal]),
  ];
  walk(ctx.service, upgrade, statuses, 1, holdOf(behaviour), () => {
    if (upgrade.status === 'applied') applyUpgrade(workspace, module, upgrade, ctx.service.store.pinnedVersion(module));
  });
  const message = `Workspace ${workspace.name} upgrade confirmed; the update has completed.`;
  if (behaviour.confirmAnswer === 'no-content') return emptyAnswer(204);
  if (behaviour.confirmAnswer === 'message') return jsonAnswer(200, { message });
  return textAnswer(202, message);
}

function isConfirmable(upgrade: Upgrade): boolean {
  return upgrade.stopped && !upgrade.confirmed && READY_TO_CONFIRM.has(upgrade.status);
}

function applyUpgrade(workspace: Workspace, module: NoCodeModule, upgrade: Upgrade, version: string): void {
  workspace.noCodeModuleVersionId = module.versionId;
  workspace.moduleVersion = version;
  workspace.vars = mergeWorkspaceVariables(workspace.vars, upgrade.vars);
  workspace.updatedAt = timestamp();
}

function upgradeTarget(ctx: RequestContext): { module: NoCodeModule; workspace: Workspace } {
  const module = visibleNoCodeModule(ctx);
  const id = ctx.params['workspace']!;
  const workspace = ctx.service.store.workspaces.get(id);
  if (workspace === undefined || workspace.noCodeModuleId !== module.id) {
    throw notFound(`workspace ${id} not found for no-code module ${module.id} or not authorized`);
  }
  return { module, workspace };
}

function upgradeRun(ctx: RequestContext, workspace: Workspace): Upgrade {
  const id = ctx.params['run']!;
  const upgrade = ctx.service.store.upgrades.get(id);
  if (upgrade === undefined || upgrade.workspaceId !== workspace.id)
    throw notFound(`upgrade run ${id} not found for workspace ${workspace.id}`);
  return upgrade;
}

function planUrl(service: Service, upgrade: Upgrade, workspace: Workspace): string {
  return `${service.apiOrigin}/app/${encodeURIComponent(workspace.organization)}/workspaces/${encodeURIComponent(workspace.name)}/runs/${upgrade.runId}`;
}

function upgradeDocument(service: Service, upgrade: Upgrade, workspace: Workspace): unknown {
  const data = {
    id: upgrade.runId,
    type: 'workspace-upgrade',
    attributes: {
      status: upgrade.status,
      'plan-url': upgradeBehaviour(service, workspace).planUrl ?? planUrl(service, upgrade, workspace),
      ...(upgradeBehaviour(service, workspace).confirmableFlag
        ? { actions: { 'is-confirmable': isConfirmable(upgrade) } }
        : {}),
    },
    relationships: { workspace: { data: { id: workspace.id, type: 'workspaces' } } },
  };
  if (!upgradeBehaviour(service, workspace).includeWorkspace) return { data };
  return { data, included: [{ id: workspace.id, type: 'workspaces', attributes: { name: workspace.name } }] };
}

/** The page `plan-url` points at: a plain page naming the run and its status, so that the
 *  address answers when a person follows it from a job summary. */
export function planPage(service: Service, path: string): Answer | undefined {
  const match = /^\/app\/[^/]+\/workspaces\/[^/]+\/runs\/(run-[A-Za-z0-9]+)$/.exec(path);
  const upgrade = match ? service.store.upgrades.get(match[1]!) : undefined;
  if (upgrade === undefined) return undefined;
  const html = `<!doctype html><title>${upgrade.runId}</title><h1>Run ${upgrade.runId}</h1><p>Status: ${upgrade.status}</p>`;
  return textAnswer(200, html, 'text/html; charset=utf-8');
}
