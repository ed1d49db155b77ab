// Which policy sets a policy joins. A policy set holds policies of one kind (native or opa), so a
// set of the `policy-sets` input is joined only by policies of its kind: the input says a set's
// kind (`native:polset-…`), or, when it does not, the repository must define policies of one kind
// only, or the sync would put both kinds in one set; that is refused before any request. A policy
// that ends in no set is checked against nothing, and is named so.

import { ConfigurationError } from '../../errors.ts';
import type { PolicySetRef } from '../../inputs/parsers.ts';
import type { PolicyKind } from '../../service/types.ts';
import type { PolicyPlanEntry } from './plan.ts';
import type { DesiredPolicy, Problem } from './policy-model.ts';

/** The ids of the sets a new policy of `kind` joins. */
export function setsOfKind(refs: readonly PolicySetRef[], kind: PolicyKind): string[] {
  return refs.filter((ref) => ref.kind === null || ref.kind === kind).map((ref) => ref.id);
}

/**
 * Refuses, before any request, sets given without their kind when the repository defines
 * policies of both kinds: each set would be joined by both.
 */
export function refuseAmbiguousSets(refs: readonly PolicySetRef[], policies: readonly DesiredPolicy[]): void {
  const kinds = new Set(policies.map((p) => p.kind));
  const unkinded = refs.filter((ref) => ref.kind === null);
  if (kinds.size < 2 || unkinded.length === 0) return;
  const listed = unkinded.map((ref) => ref.id).join(', ');
  throw new ConfigurationError(
    `Input "policy-sets" gives ${listed} without a kind, and the repository defines both native and opa policies: ` +
      `a policy set holds policies of one kind, so say which each is (native:${unkinded[0]!.id} or opa:${unkinded[0]!.id}). Nothing was sent.`,
  );
}

/** The sets a policy is in once the plan is carried out: those it joins when created, else the service's. */
function setsAfter(entry: PolicyPlanEntry, refs: readonly PolicySetRef[]): readonly string[] {
  if (entry.action === 'create' || entry.action === 'replace') return setsOfKind(refs, entry.desired!.kind);
  return entry.remote?.policySetIds ?? [];
}

/**
 * A warning for each policy of the repository that will be in no policy set: the service checks
 * a run only against the policies of the sets on its workspace, so such a policy checks nothing.
 */
export function setlessPolicyWarnings(
  plan: readonly PolicyPlanEntry[],
  refs: readonly PolicySetRef[],
  dryRun: boolean,
): Problem[] {
  return plan
    .filter((entry) => entry.desired !== null && setsAfter(entry, refs).length === 0)
    .map((entry) => ({
      file: entry.desired!.definedAt.file,
      ...(entry.desired!.definedAt.line === undefined ? {} : { line: entry.desired!.definedAt.line }),
      message:
        `Policy ${entry.name} (${entry.desired!.kind}) ${dryRun ? 'would be' : 'is'} in no policy set, so it is checked against nothing: ` +
        `add it to a set in the service, or give a set of its kind in policy-sets (${entry.desired!.kind}:polset-...) for the policies the sync creates.`,
    }));
}
