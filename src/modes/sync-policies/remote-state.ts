// A policy as the service stores it (spec 2.1), reduced to what sync compares.

import type { Policy } from '../../service/types.ts';

/** Where a remote policy's level was read from. */
export type EnforcementLevelOrigin =
  | 'enforcement-level'
  /** the deprecated `enforce` element whose path is `<NAME>.native` / `<NAME>.rego` */
  | 'enforce'
  /** neither: the default of spec 2.1 (native `hard-mandatory`, opa `advisory`) */
  | 'default';

export interface RemotePolicy {
  id: string;
  name: string;
  /** `native` or `opa`; kept as sent if the service ever sends another kind. */
  kind: string;
  enforcementLevel: string;
  enforcementLevelOrigin: EnforcementLevelOrigin;
  /** `""` is read as null: the two mean "no description" alike. */
  description: string | null;
  query: string | null;
  /** Ids from relationships.policy-sets (empty when the service sent none). */
  policySetIds: string[];
}

export function toRemotePolicyState(doc: Policy): RemotePolicy {
  const a = doc.attributes;
  const kind = a.kind || 'native';
  const { level, origin } = enforcementLevelOf(a.name, kind, a['enforcement-level'], a.enforce);
  return {
    id: doc.id,
    name: a.name,
    kind,
    enforcementLevel: level,
    enforcementLevelOrigin: origin,
    description: a.description ? a.description : null,
    query: a.query ? a.query : null,
    policySetIds: (doc.relationships?.['policy-sets']?.data ?? []).map((s) => s.id),
  };
}

/**
 * Spec 2.1: `enforcement-level` when present; otherwise the deprecated `enforce` element.
 * "For a native policy, if the path in `enforce` does not match `<NAME>.native`, the level is
 * `hard-mandatory`. For an opa policy using `enforce`, the level defaults to `advisory`" — read
 * here as: the element's mode counts only when its path is the policy's own file name.
 */
function enforcementLevelOf(
  name: string,
  kind: string,
  level: string | null | undefined,
  enforce: Policy['attributes']['enforce'],
): { level: string; origin: EnforcementLevelOrigin } {
  if (level) return { level, origin: 'enforcement-level' };
  const element = enforce?.[0];
  const ownPath = `${name}${kind === 'opa' ? '.rego' : '.native'}`;
  if (element?.mode && element.path === ownPath) return { level: element.mode, origin: 'enforce' };
  return { level: kind === 'opa' ? 'advisory' : 'hard-mandatory', origin: 'default' };
}
