// A policy as the service stores it (spec 2.1), reduced to what sync compares.

/** The `policies` resource as the service sends it (spec 2.1); only the fields sync reads. */
export interface PolicyDocument {
  id: string;
  type?: string;
  attributes: {
    name: string;
    /** Default `native` (spec 2.1). */
    kind?: string | null;
    query?: string | null;
    'enforcement-level'?: string | null;
    /** DEPRECATED but still returned: one element, `path` and `mode`. */
    enforce?: Array<{ path?: string | null; mode?: string | null }> | null;
    description?: string | null;
    'policy-set-count'?: number | null;
    'updated-at'?: string | null;
  };
  relationships?: {
    'policy-sets'?: { data?: Array<{ id: string; type?: string }> | null } | null;
    organization?: { data?: { id: string; type?: string } | null } | null;
  } | null;
  links?: { self?: string; upload?: string; download?: string } | null;
}

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
  /** links.download, a path under the base address; absent on create responses (spec 2.1). */
  downloadPath: string | null;
}

export function toRemotePolicyState(doc: PolicyDocument): RemotePolicy {
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
    downloadPath: doc.links?.download ?? null,
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
  enforce: PolicyDocument['attributes']['enforce'],
): { level: string; origin: EnforcementLevelOrigin } {
  if (level) return { level, origin: 'enforcement-level' };
  const element = enforce?.[0];
  const ownPath = `${name}${kind === 'opa' ? '.rego' : '.native'}`;
  if (element?.mode && element.path === ownPath) return { level: element.mode, origin: 'enforce' };
  return { level: kind === 'opa' ? 'advisory' : 'hard-mandatory', origin: 'default' };
}
