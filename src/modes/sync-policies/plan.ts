// What sync would do, worked out as plain data from the repository's policies and the
// service's: one entry per policy, saying exactly what differs, so that applying it sends only
// the writes needed and a dry run can print it as it is.

import type { PruneScope } from '../../inputs/parsers.ts';
import { equivalentLevel } from './policy-model.ts';
import type { DesiredPolicy } from './policy-model.ts';
import type { RemotePolicy } from './remote-state.ts';

export type PolicyAction =
  /** missing in the service: create it, then upload its code */
  | 'create'
  /** PATCH the settings in `settingChanges`, nothing else */
  | 'update-settings'
  /** upload the code, nothing else */
  | 'upload-code'
  | 'update-settings-and-upload-code'
  /** the kind differs and cannot change in place: delete the service's policy, then create
   *  and upload as for `create` (a new id) */
  | 'replace'
  /** prune: in the service (and in the prune scope) but not in the repository */
  | 'delete'
  | 'unchanged'
  /** in the service, not in the repository, and not pruned: not managed by this repository,
   *  left alone, listed so the summary can show it */
  | 'ignored';

/** The settings PATCH can change (spec 4.1); `name` and `kind` cannot change in place. */
export type PolicySetting = 'enforcement-level' | 'description' | 'query';

export interface SettingChange {
  attribute: PolicySetting;
  from: string | null;
  /** The value to send; null clears the description. */
  to: string | null;
}

export interface PolicyPlanEntry {
  name: string;
  /** The repository's kind, or the service's for `delete` and `ignored`. */
  kind: string;
  action: PolicyAction;
  /** Null for `delete` and `ignored`. */
  desired: DesiredPolicy | null;
  /** Null for `create`. For `replace`, the policy to delete (its policySetIds are the sets the
   *  policy belonged to). */
  remote: RemotePolicy | null;
  /** Settings to PATCH, only those that differ (empty unless action is `update-settings` or
   *  `update-settings-and-upload-code`). */
  settingChanges: SettingChange[];
  /** Every difference in words for the summary: `enforcement-level: advisory → hard-mandatory`,
   *  `description`, `description: added`, `description: removed`, `query: a → b`, `code`,
   *  `kind: native → opa`. Empty for create, delete, unchanged and ignored. */
  changes: string[];
  /** The code must be uploaded: always for create and replace; for an existing policy when the
   *  stored code differs byte for byte (or could not be read). */
  codeChanged: boolean;
  /** The service's code as downloaded for the comparison, so that the report can show the diff;
   *  absent when it was not read (create, replace, delete, ignored, or never uploaded). */
  storedCode?: string;
  /** Why, in words, for replace, delete and ignored; null otherwise. */
  reason: string | null;
  /**
   * The repository states no level for the policy, so `desired` carries the service's (for a
   * replace, its equivalent in the new kind): kept, never lowered to a default.
   */
  levelKept: boolean;
}

export interface PlanPolicySyncInput {
  desired: readonly DesiredPolicy[];
  remote: readonly RemotePolicy[];
  /** Stored code by policy id, for the policies `policiesNeedingCode` names. An id without an
   *  entry (never uploaded, download refused) counts as different code, so it is uploaded. */
  remoteCode: ReadonlyMap<string, string>;
  /** What prune may delete (`PruneScope` of the inputs). */
  prune: PruneScope;
  /** Policy set ids (`policy-sets` input) that limit a `policy-sets` prune. */
  pruneScope: readonly string[];
}

/**
 * One entry per policy of either side, sorted by name. Code is compared exactly as stored
 * (no line-ending or whitespace normalisation): what the repository holds is what the service
 * should hold. A null and an empty description are the same.
 */
export function planPolicySync(input: PlanPolicySyncInput): PolicyPlanEntry[] {
  const remoteByName = new Map<string, RemotePolicy>();
  const extra: RemotePolicy[] = [];
  for (const policy of input.remote) {
    if (remoteByName.has(policy.name))
      extra.push(policy); // names are unique; be safe anyway
    else remoteByName.set(policy.name, policy);
  }
  const desiredNames = new Set(input.desired.map((p) => p.name));
  const entries: PolicyPlanEntry[] = [];

  for (const stated of input.desired) {
    const remote = remoteByName.get(stated.name);
    const desired = remote === undefined ? stated : withServiceLevel(stated, remote);
    const levelKept = desired !== stated;
    if (!remote) {
      entries.push(entry(desired.name, desired.kind, 'create', desired, null, { codeChanged: true }));
      continue;
    }
    if (remote.kind !== desired.kind) {
      entries.push(
        entry(desired.name, desired.kind, 'replace', desired, remote, {
          changes: [`kind: ${remote.kind} → ${desired.kind}`],
          codeChanged: true,
          reason: `the kind changes from ${remote.kind} to ${desired.kind}, which the service cannot change in place: the policy is deleted and created again`,
          levelKept,
        }),
      );
      continue;
    }
    const settingChanges = settingDifferences(desired, remote);
    const code = input.remoteCode.get(remote.id);
    const codeChanged = code === undefined || code !== desired.code;
    const changes = settingChanges.map(describeChange);
    if (codeChanged) changes.push('code');
    const action =
      settingChanges.length > 0 && codeChanged
        ? 'update-settings-and-upload-code'
        : settingChanges.length > 0
          ? 'update-settings'
          : codeChanged
            ? 'upload-code'
            : 'unchanged';
    const planned = entry(desired.name, desired.kind, action, desired, remote, {
      settingChanges,
      changes,
      codeChanged,
      levelKept,
    });
    if (code !== undefined) planned.storedCode = code;
    entries.push(planned);
  }

  const pruned = prunedBy(input.prune, input.pruneScope);
  for (const remote of [...remoteByName.values(), ...extra]) {
    if (desiredNames.has(remote.name) && remoteByName.get(remote.name) === remote) continue;
    if (pruned(remote)) {
      entries.push(
        entry(remote.name, remote.kind, 'delete', null, remote, {
          reason: 'not defined in the repository, and prune is on',
        }),
      );
    } else {
      const reason =
        input.prune === 'off'
          ? 'not defined in the repository; left alone because prune is off'
          : 'not defined in the repository; left alone because it belongs to none of the policy-sets that limit prune';
      entries.push(entry(remote.name, remote.kind, 'ignored', null, remote, { reason }));
    }
  }

  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Which policies without a definition prune deletes. Only `organization` reaches every policy:
 * a `policy-sets` prune without sets deletes nothing (inputs refuse it before this point; the
 * guard keeps an empty list from ever meaning the whole organization).
 */
function prunedBy(prune: PruneScope, policySetIds: readonly string[]): (remote: RemotePolicy) => boolean {
  if (prune === 'organization') return () => true;
  if (prune === 'off' || policySetIds.length === 0) return () => false;
  return (remote) => remote.policySetIds.some((id) => policySetIds.includes(id));
}

/**
 * The service's policies whose code must be downloaded before planning: those the repository
 * also defines, with the same kind (a kind change replaces the policy whatever its code).
 */
export function policiesNeedingCode(
  desired: readonly DesiredPolicy[],
  remote: readonly RemotePolicy[],
): RemotePolicy[] {
  const kinds = new Map(desired.map((p) => [p.name, p.kind as string]));
  const seen = new Set<string>();
  return remote.filter((r) => {
    if (seen.has(r.name)) return false;
    seen.add(r.name);
    return kinds.get(r.name) === r.kind;
  });
}

/** The attributes of the PATCH body for an entry: exactly its setting changes. */
export function settingsPatch(entry: PolicyPlanEntry): Partial<Record<PolicySetting, string | null>> {
  return Object.fromEntries(entry.settingChanges.map((c) => [c.attribute, c.to]));
}

function settingDifferences(desired: DesiredPolicy, remote: RemotePolicy): SettingChange[] {
  const changes: SettingChange[] = [];
  if (desired.enforcementLevel !== remote.enforcementLevel) {
    changes.push({ attribute: 'enforcement-level', from: remote.enforcementLevel, to: desired.enforcementLevel });
  }
  const wantDescription = desired.description || null;
  const haveDescription = remote.description || null;
  if (wantDescription !== haveDescription) {
    changes.push({ attribute: 'description', from: haveDescription, to: wantDescription });
  }
  // Spec 2.1: query is only for opa policies, so a native policy's query is never compared.
  if (desired.kind === 'opa' && (desired.query || null) !== (remote.query || null)) {
    changes.push({ attribute: 'query', from: remote.query || null, to: desired.query });
  }
  return changes;
}

function describeChange(change: SettingChange): string {
  if (change.attribute === 'description') {
    if (change.from === null) return 'description: added';
    if (change.to === null) return 'description: removed';
    return 'description';
  }
  return `${change.attribute}: ${change.from ?? '(none)'} → ${change.to ?? '(none)'}`;
}

function entry(
  name: string,
  kind: string,
  action: PolicyAction,
  desired: DesiredPolicy | null,
  remote: RemotePolicy | null,
  details: Partial<Pick<PolicyPlanEntry, 'settingChanges' | 'changes' | 'codeChanged' | 'reason' | 'levelKept'>>,
): PolicyPlanEntry {
  return {
    name,
    kind,
    action,
    desired,
    remote,
    settingChanges: details.settingChanges ?? [],
    changes: details.changes ?? [],
    codeChanged: details.codeChanged ?? false,
    reason: details.reason ?? null,
    levelKept: details.levelKept ?? false,
  };
}

/**
 * The policy as it is to be, when the service has it: with the service's enforcement level
 * (its equivalent, when the kind changes) where the repository states none. The spec makes the
 * level required without a default, so a default is no statement: a policy the service enforces
 * `hard-mandatory` is never lowered by a sync that says nothing of its level.
 */
function withServiceLevel(desired: DesiredPolicy, remote: RemotePolicy): DesiredPolicy {
  if (desired.enforcementLevelStated) return desired;
  return { ...desired, enforcementLevel: equivalentLevel(remote.enforcementLevel, desired.kind) };
}
