// Carries out a sync plan: only the writes each entry needs, several policies at a time, the
// settings of each written policy compared with what was sent (as the write's answer reports
// them, or as read back when the answer did not say). One policy failing does not stop the
// others; every entry ends with an outcome the report can show.

import { getErrorMessage } from '../../errors.ts';
import { isAbortError } from '../../lifetime/abort.ts';
import { mapLimited } from '../../lifetime/limit.ts';
import type { ServiceClient } from '../../service/client.ts';
import { isNotFound } from '../../service/errors.ts';
import type { CreatePolicyInput, UpdatePolicyInput } from '../../service/policies.ts';
import type { Policy } from '../../service/types.ts';
import { nounFor } from '../../text.ts';
import { settingsPatch } from './plan.ts';
import type { PolicyAction, PolicyPlanEntry } from './plan.ts';
import type { DesiredPolicy } from './policy-model.ts';
import { answerAbout, settingsNotApplied } from './verify.ts';
import { escapeControls } from '../../report/neutralise.ts';
import type { PolicySetRef } from '../../inputs/parsers.ts';
import { setsOfKind } from './policy-sets.ts';

export type PolicyOutcomeStatus =
  /** nothing differed: no request was sent for it */
  | 'unchanged'
  /** in the service only, and not pruned: left alone */
  | 'not-managed'
  /** dry run: what would be done */
  | 'planned'
  | 'done'
  | 'failed'
  /** the step was cancelled before this policy's turn: nothing was sent for it */
  | 'not-started';

export interface PolicyOutcome {
  entry: PolicyPlanEntry;
  status: PolicyOutcomeStatus;
  /** The policy's id now: the new one after a create or replace; the service's otherwise; null
   *  when a create did not happen (dry run, failure, cancellation). */
  id: string | null;
  /** For a replace: the id of the policy that was (or would be) deleted. */
  previousId: string | null;
  /** What was done, in order, in words: `deleted pol-1`, `created pol-2`, `uploaded the code`. */
  steps: string[];
  /** Why the policy failed, naming what had already been done. */
  error: string | null;
}

export interface ApplyPolicyPlanOptions {
  client: ServiceClient;
  organization: string;
  /** The `policy-sets` input: the sets that newly created policies of their kind join. */
  policySets: readonly PolicySetRef[];
  /** The step's cancellation: no new policy is started once it fires, and requests stop. */
  signal?: AbortSignal;
  /** Policies written side by side (default 16); the client paces the requests under its own
   *  rate limit and cap on requests in flight. */
  workers?: number;
  log?: (message: string) => void;
}

/** The actions that send no request. */
const NO_WRITE: ReadonlySet<PolicyAction> = new Set<PolicyAction>(['unchanged', 'ignored']);

/** Outcomes of a dry run: every entry as it would be, nothing sent. */
export function plannedOutcomes(entries: readonly PolicyPlanEntry[]): PolicyOutcome[] {
  return entries.map((entry) => {
    const outcome = initialOutcome(entry);
    if (!NO_WRITE.has(entry.action)) outcome.status = 'planned';
    return outcome;
  });
}

export async function applyPolicyPlan(
  entries: readonly PolicyPlanEntry[],
  options: ApplyPolicyPlanOptions,
): Promise<PolicyOutcome[]> {
  const outcomes = entries.map(initialOutcome);
  const pending = outcomes.filter((o) => !NO_WRITE.has(o.entry.action));
  await mapLimited(pending, options.workers ?? 16, (outcome) => applyEntry(outcome, options), {
    signal: options.signal,
    notStarted: (outcome) => {
      outcome.status = 'not-started';
    },
  });
  return outcomes;
}

function initialOutcome(entry: PolicyPlanEntry): PolicyOutcome {
  return {
    entry,
    status: entry.action === 'ignored' ? 'not-managed' : 'unchanged',
    id: entry.action === 'create' || entry.action === 'replace' ? null : (entry.remote?.id ?? null),
    previousId: entry.action === 'replace' ? (entry.remote?.id ?? null) : null,
    steps: [],
    error: null,
  };
}

async function applyEntry(outcome: PolicyOutcome, options: ApplyPolicyPlanOptions): Promise<void> {
  const { entry } = outcome;
  const { client, signal } = options;
  const log = options.log ?? (() => undefined);
  try {
    switch (entry.action) {
      case 'create': {
        const desired = requireDesired(entry);
        await createWithCode(outcome, desired, setsOfKind(options.policySets, desired.kind), options);
        break;
      }
      case 'replace': {
        const remote = entry.remote!;
        await deletePolicy(outcome, remote.id, options);
        // The new policy joins the `policy-sets` of its kind; not the old one's sets, which hold
        // policies of the old kind (a policy set holds one kind).
        const desired = requireDesired(entry);
        await createWithCode(outcome, desired, setsOfKind(options.policySets, desired.kind), options);
        break;
      }
      case 'update-settings':
      case 'upload-code':
      case 'update-settings-and-upload-code': {
        const id = entry.remote!.id;
        const desired = requireDesired(entry);
        let answer: Policy | undefined;
        if (entry.settingChanges.length > 0) {
          answer = answerAbout(await client.policies.update(id, updateInput(entry), { signal }), desired.name, id);
          outcome.steps.push(`updated ${entry.settingChanges.map((c) => c.attribute).join(', ')}`);
        }
        if (entry.codeChanged) {
          await client.policies.uploadCode(id, Buffer.from(desired.code, 'utf8'), { signal });
          outcome.steps.push('uploaded the code');
        }
        if (entry.settingChanges.length > 0) await verifySettings(outcome, id, answer, desired, [], options);
        break;
      }
      case 'delete':
        await deletePolicy(outcome, entry.remote!.id, options);
        break;
      case 'unchanged':
      case 'ignored':
        return;
    }
    outcome.status = 'done';
    log(`${escapeControls(entry.name)}: ${outcome.steps.join(', ')}`);
  } catch (error) {
    outcome.status = 'failed';
    outcome.error = failureMessage(outcome, error, signal);
    log(`${escapeControls(entry.name)}: failed: ${outcome.error}`);
  }
}

/**
 * Creates the policy (exactly once: after a dropped connection the client looks it up by name
 * before trying again), uploads its code, and checks the settings it was created with.
 */
async function createWithCode(
  outcome: PolicyOutcome,
  desired: DesiredPolicy,
  policySetIds: string[],
  options: ApplyPolicyPlanOptions,
): Promise<void> {
  const { client, signal } = options;
  const answer = answerAbout(
    await client.policies.createOnce(options.organization, createInput(desired, policySetIds), { signal }),
    desired.name,
  );
  // An answer without the new policy's document leaves its id unknown: the policy is looked up
  // by its name, which is unique in the organization, and that read is what gets checked.
  const created = answer ?? (await client.policies.findByName(options.organization, desired.name, { signal }));
  if (created === undefined) {
    throw new Error(
      `the service answered the create of policy ${desired.name} without its document, and no policy of that name exists afterwards`,
    );
  }
  outcome.id = created.id;
  outcome.steps.push(`created ${created.id}`);
  await client.policies.uploadCode(created.id, Buffer.from(desired.code, 'utf8'), { signal });
  outcome.steps.push('uploaded the code');
  checkSettings(outcome, desired, policySetIds, created, answer === undefined);
}

async function deletePolicy(outcome: PolicyOutcome, id: string, options: ApplyPolicyPlanOptions): Promise<void> {
  try {
    await options.client.policies.delete(id, { signal: options.signal });
    outcome.steps.push(`deleted ${id}`);
  } catch (error) {
    // Already gone (deleted by someone else since it was listed): what prune or replace wanted.
    if (!isNotFound(error)) throw error;
    outcome.steps.push(`${id} was already deleted`);
  }
}

/**
 * Checks the settings of a written policy as the write's answer reports them (spec 4.1: create
 * and update answer with the `policies` document); only when the answer carried none about this
 * policy is the policy read back. The code is not downloaded again: the upload endpoint stores
 * the body as sent or refuses it (spec 4.1: 413 saves nothing), so its 2xx is taken as stored;
 * a later sync compares the stored code byte for byte anyway.
 */
async function verifySettings(
  outcome: PolicyOutcome,
  id: string,
  answer: Policy | undefined,
  desired: DesiredPolicy,
  policySetIds: string[],
  options: ApplyPolicyPlanOptions,
): Promise<void> {
  const stored = answer ?? (await options.client.policies.show(id, { signal: options.signal }));
  checkSettings(outcome, desired, policySetIds, stored, answer === undefined);
}

/** Fails the policy when the service kept another value than the one sent. */
function checkSettings(
  outcome: PolicyOutcome,
  desired: DesiredPolicy,
  policySetIds: string[],
  stored: Policy,
  readBack: boolean,
): void {
  const differences = settingsNotApplied(desired, policySetIds, stored);
  if (differences.length > 0) throw new SettingsNotAppliedError(differences);
  outcome.steps.push(readBack ? 'read back' : 'settings checked');
}

class SettingsNotAppliedError extends Error {
  override readonly name = 'SettingsNotAppliedError';
  constructor(differences: string[]) {
    super(differences.join('; '));
  }
}

function createInput(desired: DesiredPolicy, policySetIds: string[]): CreatePolicyInput {
  const input: CreatePolicyInput = {
    name: desired.name,
    kind: desired.kind,
    enforcementLevel: desired.enforcementLevel,
  };
  if (desired.description !== null) input.description = desired.description;
  // Spec 2.1: query is only for opa policies.
  if (desired.kind === 'opa' && desired.query !== null) input.query = desired.query;
  if (policySetIds.length > 0) input.policySetIds = policySetIds;
  return input;
}

function updateInput(entry: PolicyPlanEntry): UpdatePolicyInput {
  const patch = settingsPatch(entry);
  const input: UpdatePolicyInput = {};
  if ('enforcement-level' in patch && patch['enforcement-level']) input.enforcementLevel = patch['enforcement-level'];
  if ('description' in patch) input.description = patch.description ?? null;
  if ('query' in patch && patch.query) input.query = patch.query;
  return input;
}

function requireDesired(entry: PolicyPlanEntry): DesiredPolicy {
  if (entry.desired === null)
    throw new Error(`the plan entry for ${entry.name} (${entry.action}) has no desired policy`);
  return entry.desired;
}

/** The error in words, with what had been done before it, so that a person knows where the policy stands. */
function failureMessage(outcome: PolicyOutcome, error: unknown, signal: AbortSignal | undefined): string {
  const { entry } = outcome;
  const cancelled = signal?.aborted === true && isAbortError(error);
  const what = cancelled ? 'the step was cancelled while this policy was being written' : getErrorMessage(error);
  const done = outcome.steps.length > 0 ? ` (already done: ${outcome.steps.join(', ')})` : '';
  if (error instanceof SettingsNotAppliedError) return `${what}${done}`;

  let next = ' Run the sync again to finish it.';
  if (entry.action === 'replace' && outcome.id === null && outcome.steps.some((s) => s.startsWith('deleted'))) {
    const sets = entry.remote?.policySetIds ?? [];
    next =
      ` The ${entry.remote?.kind ?? 'old'} policy was deleted and the ${entry.kind} one not created: run the sync again to create it` +
      (sets.length > 0
        ? `, then add it back to ${nounFor(sets.length, 'policy set')} ${sets.join(', ')}, which it belonged to.`
        : '.');
  } else if (
    outcome.id !== null &&
    (entry.action === 'create' || entry.action === 'replace') &&
    !outcome.steps.includes('uploaded the code')
  ) {
    next = ` The policy exists without its code; the next sync uploads it.`;
  }
  return `${what}${done}.${next}`;
}
