// Mode sync-policies: makes the organization's policies equal to the policy files in the
// repository (action-interface "Mode sync-policies"). Files are read and checked before any
// request; the organization is read whole; the plan is applied (or, in a dry run, only shown).

import { plural } from '../../text.ts';
import { ConfigurationError, getErrorMessage, stepFailure, userError } from '../../errors.ts';
import { isApiError } from '../../service/errors.ts';
import type { SyncPoliciesInputs } from '../../inputs/schema.ts';
import type { Annotation } from '../../report/sink.ts';
import { isAbortError } from '../../lifetime/abort.ts';
import type { ModeContext, ModeResult } from '../mode.ts';
import { applyPolicyPlan, plannedOutcomes } from './apply.ts';
import type { PolicyOutcome } from './apply.ts';
import { readLocalPolicies } from './local-policies.ts';
import { findSentinelFiles } from './policy-files.ts';
import { planPolicySync } from './plan.ts';
import type { PolicyPlanEntry } from './plan.ts';
import type { Problem } from './policy-model.ts';
import { readRemotePolicies } from './remote-read.ts';
import type { RemotePolicies } from './remote-read.ts';
import { refuseAmbiguousSets, setlessPolicyWarnings } from './policy-sets.ts';
import {
  DRY_RUN_SENDS,
  countOutcomes,
  problemsFailure,
  problemsSummary,
  readFailureSummary,
  syncOutputs,
  syncSummary,
  syncTitle,
} from './summary.ts';

export interface SyncPoliciesOptions {
  /** Policies read or written side by side (default 16); 1 for a sequential run. */
  workers?: number;
}

export async function runSyncPolicies(
  inputs: SyncPoliciesInputs,
  context: ModeContext,
  options: SyncPoliciesOptions = {},
): Promise<ModeResult> {
  const { sink, client } = context;
  const signal = context.cancellation.signal;
  const organization = inputs.organization;

  const local = await readLocalPolicies({
    patterns: inputs.policyFiles,
    configPath: inputs.policyConfig,
    defaultEnforcementLevel: inputs.enforcementLevel,
    workspaceRoot: context.workspaceRoot,
    allowLinksOutsideRepository: inputs.allowLinksOutsideRepository,
    debug: (message) => sink.debug(message),
    signal,
  });
  const warnings = local.warnings.map((w) => problemAnnotation(w, 'warning'));
  const sentinel = await findSentinelFiles(inputs.policyFiles, context.workspaceRoot);
  if (sentinel.length > 0) warnings.push(sentinelNotice(sentinel));
  if (local.problems.length > 0) {
    const message = problemsFailure(local.problems.length);
    return {
      title: message,
      summary: problemsSummary(organization, local.problems, local.warnings),
      annotations: [...local.problems.map((p) => problemAnnotation(p, 'error')), ...warnings],
      outputs: {},
      failure: userError(message),
      conclusion: 'failure',
    };
  }
  // A policy set holds one kind of policies: which sets each kind joins is settled before any request.
  refuseAmbiguousSets(inputs.policySets, local.policies);
  sink.info(
    `The repository defines ${plural(local.policies.length, 'policy', 'policies')}` +
      (local.warnings.length > 0 ? ` (${plural(local.warnings.length, 'warning')})` : '') +
      '.',
  );

  let remote: RemotePolicies;
  try {
    remote = await readRemotePolicies(client, organization, local.policies, {
      signal,
      workers: options.workers,
      log: (m) => sink.info(m),
    });
  } catch (error) {
    // A base-url whose host does not exist is the user's to fix, and nothing was sent.
    if (isAbortError(error) || error instanceof ConfigurationError) throw error;
    // Only an error status can be about the organization: not a refused token (401), which says
    // what to do itself, nor a server not reached (no connection, no TLS) or an answer out of shape.
    const advice =
      !isApiError(error) || isApiError(error, 401)
        ? 'Nothing was changed.'
        : 'Check the organization input and that the token may manage its policies; nothing was changed.';
    const message = `Reading the policies of organization ${organization} failed: ${getErrorMessage(error)}. ${advice}`;
    return {
      title: `The policies of ${organization} could not be read; nothing was changed`,
      summary: readFailureSummary(organization, message, local.warnings),
      annotations: warnings,
      outputs: {},
      failure: stepFailure(message),
      conclusion: 'failure',
    };
  }

  // The code of these is uploaded from the repository, as when it differs (see readRemotePolicies).
  for (const u of remote.unreadable) {
    warnings.push({
      level: 'warning',
      title: `Policy ${u.name}`,
      message: `The stored code of policy ${u.name} could not be read (${u.reason}); the repository's code ${inputs.dryRun ? 'would be' : 'is'} uploaded.`,
    });
  }

  const plan = planPolicySync({
    desired: local.policies,
    remote: remote.policies,
    remoteCode: remote.code,
    prune: inputs.prune,
    pruneScope: inputs.policySets.map((set) => set.id),
  });
  sink.info(planLine(plan, inputs.dryRun));
  const setless = setlessPolicyWarnings(plan, inputs.policySets, inputs.dryRun);
  warnings.push(...setless.map((w) => problemAnnotation(w, 'warning')));

  const outcomes = inputs.dryRun
    ? plannedOutcomes(plan)
    : await applyPolicyPlan(plan, {
        client,
        organization,
        policySets: inputs.policySets,
        signal,
        workers: options.workers,
        log: (m) => sink.info(m),
      });

  const report = {
    organization,
    dryRun: inputs.dryRun,
    outcomes,
    warnings: [...local.warnings, ...setless],
    cancelled: signal.aborted,
  };
  const counts = countOutcomes(outcomes);
  const title = syncTitle(report, counts);
  const failing = counts.failed + counts.notStarted;
  return {
    title,
    summary: syncSummary(report, counts),
    annotations: [...outcomes.filter((o) => o.status === 'failed').map(failureAnnotation), ...warnings],
    outputs: syncOutputs(report, counts),
    failure: failing > 0 ? stepFailure(title) : null,
    conclusion: report.cancelled ? 'cancelled' : failing > 0 ? 'failure' : 'success',
  };
}

function planLine(plan: readonly PolicyPlanEntry[], dryRun: boolean): string {
  const count = (...actions: string[]): number => plan.filter((e) => actions.includes(e.action)).length;
  const parts = [
    `${count('create')} to create`,
    `${count('update-settings', 'upload-code', 'update-settings-and-upload-code')} to update`,
    `${count('replace')} to replace`,
    `${count('delete')} to delete`,
    `${count('unchanged')} unchanged`,
    `${count('ignored')} not managed`,
  ];
  // The log says what the summary says: reads were sent, nothing that changes anything.
  return `${dryRun ? `Dry run, ${DRY_RUN_SENDS}: ` : 'Plan: '}${parts.join(', ')}.`;
}

/** Files kept under the language's old extension are not synced: named, with what to do. */
function sentinelNotice(files: readonly string[]): Annotation {
  const listed = files.slice(0, 5).join(', ') + (files.length > 5 ? `, and ${files.length - 5} more` : '');
  const one = files.length === 1;
  return {
    level: 'notice',
    title: 'Policy files (not read)',
    file: files[0]!,
    message:
      `${plural(files.length, 'file')} ending in .sentinel ${one ? 'is' : 'are'} not synced: ${listed}. ` +
      `The service's native policy language uses the extension .native: rename ${one ? 'it' : 'them'} to sync ${one ? 'it' : 'them'}.`,
  };
}

function problemAnnotation(problem: Problem, level: 'error' | 'warning'): Annotation {
  const annotation: Annotation = {
    level,
    message: problem.message,
    title: level === 'error' ? 'Policy files' : 'Policy files (ignored)',
  };
  // Problem.file is relative to the workspace root already, so the annotation lands on the diff.
  if (problem.file !== '') annotation.file = problem.file;
  if (problem.file !== '' && problem.line !== undefined) annotation.startLine = problem.line;
  if (problem.file !== '' && problem.line !== undefined && problem.column !== undefined)
    annotation.startColumn = problem.column;
  return annotation;
}

/** On the policy's definition (its block, or its file) when the repository defines it. */
function failureAnnotation(outcome: PolicyOutcome): Annotation {
  const annotation: Annotation = {
    level: 'error',
    title: `Policy ${outcome.entry.name}`,
    message: outcome.error ?? 'failed',
  };
  const site = outcome.entry.desired?.definedAt;
  if (site) {
    annotation.file = site.file;
    if (site.line !== undefined) annotation.startLine = site.line;
  }
  return annotation;
}
