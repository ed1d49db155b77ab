// After the writes, the policy as the service reports it (in the write's answer, or read back)
// is compared with what was sent: a service that answers 2xx but keeps another value (a level
// it does not support, a field it ignores) must not pass for a successful sync.

import { isObject } from '../../json-object.ts';
import type { Policy } from '../../service/types.ts';
import { nounFor, quoteClipped } from '../../text.ts';
import type { DesiredPolicy } from './policy-model.ts';
import { toRemotePolicyState } from './remote-state.ts';

/**
 * One sentence per setting the service did not take, empty when the policy is as desired.
 * Compared: name, kind, enforcement level (read as the plan reads it, the deprecated `enforce`
 * form included), description (null and empty alike), query (opa only, spec 2.1), and
 * membership of `policySetIds` (sets the policy was asked to join; other sets are allowed).
 */
export function settingsNotApplied(
  desired: DesiredPolicy,
  policySetIds: readonly string[],
  document: Policy,
): string[] {
  const stored = toRemotePolicyState(document);
  const name = desired.name;
  const found: string[] = [];
  if (stored.name !== name) {
    found.push(`the service reports the policy ${stored.id} as "${stored.name}", not "${name}"`);
  }
  if (stored.kind !== desired.kind) {
    found.push(`the service did not apply kind ${desired.kind} to policy ${name}; it reports ${stored.kind}`);
  }
  if (stored.enforcementLevel !== desired.enforcementLevel) {
    found.push(
      `the service did not apply enforcement-level ${desired.enforcementLevel} to policy ${name}; it reports ${stored.enforcementLevel}`,
    );
  }
  const description = desired.description || null;
  if (stored.description !== description) {
    found.push(
      description === null
        ? `the service did not remove the description of policy ${name}; it reports ${quoted(stored.description)}`
        : `the service did not apply description ${quoted(description)} to policy ${name}; it reports ${quoted(stored.description)}`,
    );
  }
  if (desired.kind === 'opa' && stored.query !== (desired.query || null)) {
    found.push(
      `the service did not apply query ${desired.query ?? 'none'} to policy ${name}; it reports ${stored.query ?? 'none'}`,
    );
  }
  const missingSets = policySetIds.filter((id) => !stored.policySetIds.includes(id));
  if (missingSets.length > 0) {
    const reported = stored.policySetIds.length > 0 ? stored.policySetIds.join(', ') : 'none';
    found.push(
      `the service did not add policy ${name} to ${nounFor(missingSets.length, 'policy set')} ${missingSets.join(', ')}; it reports ${reported}`,
    );
  }
  return found;
}

/** A description quoted on one line, long ones cut: it is Markdown and may run to pages. */
function quoted(text: string | null): string {
  if (text === null) return 'none';
  return quoteClipped(text.replace(/\s+/g, ' ').trim(), 80);
}

/**
 * The document of a create or update answer when it is about this policy: a `policies`
 * resource of this name (and this id, when known). Anything else (no body, another policy) says
 * nothing of what was stored, so the caller reads the policy instead.
 */
export function answerAbout<D extends Policy>(answer: D | undefined, name: string, id?: string): D | undefined {
  if (answer === undefined || !isObject(answer.attributes)) return undefined;
  if (answer.attributes.name !== name) return undefined;
  if (id !== undefined && answer.id !== id) return undefined;
  return answer;
}
