import { getErrorMessage } from '../../../errors.ts';
import type { WorkspaceVariable } from '../../../inputs/parsers.ts';
import type { Deadline } from '../../../lifetime/deadline.ts';
import type { Cancellation } from '../../../lifetime/cancellation.ts';
import { abortAfterFirstSignal } from '../../../lifetime/grace.ts';
import type { Semaphore } from '../../../lifetime/limit.ts';
import type { NoCodeApi, UpgradeAnswer } from '../../../service/no-code.ts';
import { formatDuration, formatPreciseDuration } from '../../../report/format.ts';
import { describeRunStatus, readPlan, runPhase, runStatusFacts } from '../../../service/run-status.ts';
import { capitalise, quoteClipped } from '../../../text.ts';
import { statusReporter } from '../../../report/wait-status.ts';
import { describeWriteFailure } from '../write-failure.ts';
import { sendWrite } from '../writes.ts';
import type { FailedWrite, WriteGrace, WriteOutcome } from '../writes.ts';
import { waitForUpgradeRun } from './wait-for-upgrade-run.ts';
import type { UpgradeWaitResult, UpgradeWaitSchedule } from './wait-for-upgrade-run.ts';

/** How the upgrade of one workspace ended. */
export type UpgradeOutcome =
  /** The service said `applied`: after the action's confirmation, or on its own. */
  | 'applied'
  /** The plan is ready and waits for confirmation (`confirm` is false). */
  | 'planned'
  /** The plan found nothing to change (`planned_and_finished`). */
  | 'no-changes'
  /** No upgrade to make: the service said so, or the workspace's document did (nothing started). */
  | 'current'
  /** Confirmed, but the service reported no status past the confirmed one (the spec's letter:
   *  its confirm answers only "a plain message that the update completed"): a warning. */
  | 'confirmed'
  | 'failed'
  /** The timeout ended the wait for the plan. */
  | 'timed-out'
  /** Confirmed, and the apply was under way when the timeout ended the wait for it. */
  | 'apply-timed-out'
  | 'cancelled'
  /** Dry run: an upgrade would be started. */
  | 'would-upgrade'
  /** A wave before this workspace's failed, or the step was cancelled between waves: nothing started. */
  | 'not-started';

/** Outcomes that fail the step: everything but a result the service reported in full. */
export const FAILED_OUTCOMES: ReadonlySet<UpgradeOutcome> = new Set([
  'failed',
  'timed-out',
  'apply-timed-out',
  'cancelled',
]);

export interface WorkspaceUpgradeResult {
  workspaceId: string;
  /** The wave it is in (1 for the first, and for every workspace of a rollout in one wave). */
  wave?: number;
  /** The workspace's name, when an answer of the service gave it (spec 2.8 shows only the id). */
  workspaceName: string | null;
  /** The module version the workspace was on as its document named it (`source-module-id`),
   *  when it was read. */
  moduleVersionFrom: string | null;
  /** The `run-` id of the upgrade's run; null when none was started (or it is not known). */
  runId: string | null;
  /** The run's status as last read. */
  status: string | null;
  planUrl: string | null;
  outcome: UpgradeOutcome;
  /** The plan reached a status in which it can be confirmed. */
  planReady: boolean;
  /** A plan may be waiting that the action never saw ready: the start was accepted without a
   *  run or its answer was lost, or the wait for the plan ended (timeout, cancellation, a read
   *  that failed) before the plan did. Such a workspace is not known to have changed. */
  planUnknown: boolean;
  /** The service said `applied`. */
  applied: boolean;
  /** Why the upgrade failed, timed out or was cancelled. */
  error?: string;
  /** What went unreported although the upgrade did not fail (a confirm the service never
   *  reported past). */
  warning?: string;
  /** What else a person should know. */
  note?: string;
}

export interface UpgradeWorkspaceOptions {
  api: NoCodeApi;
  noCodeModuleId: string;
  workspaceId: string;
  /** What the workspace's own document said of it, when it could be read. */
  workspace?: WorkspaceFacts;
  vars: readonly WorkspaceVariable[];
  confirm: boolean;
  /** Where waiting stops: for the plan and, after the confirm, for the apply. */
  deadline: Deadline;
  /** The `timeout` input, for messages. */
  timeoutMs: number;
  /**
   * The step's cancellation: ends every wait and read at once; a write (initiate, confirm)
   * already sent has until `writeGrace` after the first signal to be answered.
   */
  cancellation: Cancellation;
  writeGrace: WriteGrace;
  /** Bounds the writes (initiate, confirm) in flight across all workspaces; a write still
   *  waiting for a place when the step is cancelled is not sent. */
  writes: Semaphore;
  log: (line: string) => void;
  /** When to read the run's status. */
  schedule: UpgradeWaitSchedule;
  /** After a confirmation whose answer was lost, how long the run is watched for a sign that
   *  the confirmation arrived (a status past the ready one). */
  confirmSettleMs: number;
  /** How long a plan must stay in a status that may be passed through (`planned`,
   *  `cost_estimated`) before it counts as stopped, when the run does not say itself whether it
   *  can be confirmed. */
  planSettleMs: number;
  /** How long after the confirm the run is watched for any status past the confirmed one
   *  before it ends as `confirmed`, with a warning that the service reported no apply status. */
  applyStatusWindowMs: number;
  /** A plan's address as a message may name it: the service's own page, or null (elsewhere, or no address). */
  servicePage: (planUrl: string) => string | null;
}

/** What a workspace's document says that a report shows: its name, page and module's version. */
export interface WorkspaceFacts {
  name: string | null;
  /** Its page in the service (`links.self-html`, made absolute), where the service gave one. */
  page: string | null;
  /** The version in its `source-module-id` (2.7: "naming the module and version"). */
  moduleVersion: string | null;
  /** Its `no-code-upgrade-available` (2.7), when it says. */
  upgradeAvailable: boolean | null;
}

type Known = Pick<WorkspaceUpgradeResult, 'workspaceName' | 'runId' | 'status' | 'planUrl'>;

/**
 * Upgrades one workspace: initiates the upgrade, waits for its plan, and, when asked, confirms
 * a ready plan and follows the apply to its end. Never throws: every way this can end is a
 * result, so that one workspace failing does not stop the others.
 */
export async function upgradeWorkspace(options: UpgradeWorkspaceOptions): Promise<WorkspaceUpgradeResult> {
  const { api, noCodeModuleId, workspaceId, cancellation } = options;
  const { signal } = cancellation;
  const log = (line: string): void => options.log(`${workspaceId}: ${line}`);
  let workspaceName: string | null = options.workspace?.name ?? null;
  const result = (
    r: Omit<
      WorkspaceUpgradeResult,
      'workspaceId' | 'workspaceName' | 'moduleVersionFrom' | 'applied' | 'planReady' | 'planUnknown'
    > & {
      workspaceName?: string | null;
      applied?: boolean;
      planReady?: boolean;
      planUnknown?: boolean;
    },
  ): WorkspaceUpgradeResult => ({
    workspaceId,
    workspaceName,
    moduleVersionFrom: options.workspace?.moduleVersion ?? null,
    planReady: false,
    planUnknown: false,
    applied: false,
    ...r,
  });

  const grace = formatPreciseDuration(options.writeGrace.graceMs);
  const clock = options.deadline.clock;
  const writeOptions = { cancellation, ...options.writeGrace, places: options.writes };

  const initiate = await sendWrite(
    (writeSignal) => api.initiateUpgrade(noCodeModuleId, workspaceId, [...options.vars], { signal: writeSignal }),
    writeOptions,
  );
  const none = { runId: null, status: null, planUrl: null };
  switch (initiate.kind) {
    case 'not-sent':
      return result({ ...none, outcome: 'cancelled', error: 'The step was cancelled before the upgrade was started.' });
    case 'maybe-applied':
      if (initiate.cause === 'cancelled') {
        const message =
          `The step was cancelled while the upgrade was being started, and the service did not answer within ${grace}, ` +
          `so it may have started: check workspace ${workspaceId} in the service.`;
        return result({ ...none, outcome: 'cancelled', planUnknown: true, error: message });
      }
      // Accepted without a run, or answer lost: an upgrade may have started unseen.
      log('the upgrade could not be started');
      return result({
        ...none,
        outcome: 'failed',
        planUnknown: true,
        error: initiateFailure(initiate, noCodeModuleId, workspaceId),
      });
    case 'refused':
    case 'failed':
      log('the upgrade could not be started');
      return result({ ...none, outcome: 'failed', error: initiateFailure(initiate, noCodeModuleId, workspaceId) });
  }

  if ('noUpgrade' in initiate.answer) {
    log(`no upgrade available: ${initiate.answer.message}`);
    return result({
      ...none,
      outcome: 'current',
      note: `The service has no upgrade for it (it said: ${quoteClipped(initiate.answer.message, 120)}).`,
    });
  }
  const started = initiate.answer;
  let upgrade = started.upgrade;
  workspaceName = started.workspaceName ?? workspaceName;
  const runId = upgrade.id;
  let status = upgrade.attributes.status;
  let planUrl = upgrade.attributes['plan-url'] ?? null;
  const known = (): Known => ({ workspaceName, runId, status, planUrl });
  log(`upgrade run ${runId} started (${status})`);
  if (signal.aborted) {
    return result({
      ...known(),
      outcome: 'cancelled',
      planUnknown: true,
      error: `The step was cancelled after upgrade run ${runId} was started (status ${status}); it goes on in the service.`,
    });
  }

  // Time in the status lines counts from the start, across the plan and the apply.
  const startedAt = clock.now();
  const report = statusReporter(log);
  const read = (readSignal: AbortSignal): Promise<UpgradeAnswer> =>
    api.readUpgrade(noCodeModuleId, workspaceId, runId, { signal: readSignal });
  const seen = (answer: UpgradeAnswer): void => {
    upgrade = answer.upgrade;
    status = upgrade.attributes.status;
    planUrl = upgrade.attributes['plan-url'] ?? planUrl;
    workspaceName = answer.workspaceName ?? workspaceName;
  };
  /** Reads the run from `first` on until `isFinal`, within `deadline` (the step's, by default). */
  const follow = (
    first: UpgradeAnswer,
    isFinal: (answer: UpgradeAnswer) => boolean,
    more: { deadline?: Deadline; pauseAtMost?: () => number | undefined } = {},
  ): Promise<UpgradeWaitResult<UpgradeAnswer>> =>
    waitForUpgradeRun<UpgradeAnswer>({
      first,
      read,
      isFinal,
      onValue: (a) => {
        seen(a);
        report(status, clock.now() - startedAt);
      },
      signal,
      deadline: more.deadline ?? options.deadline,
      schedule: options.schedule,
      pauseAtMost: more.pauseAtMost,
    });
  const runRef = (): string => `upgrade run ${runId} of workspace ${describeWorkspace(workspaceId, workspaceName)}`;

  // The plan and its confirmation. A plan is confirmed once it has stopped; a confirm answered
  // 409 says it had not (a policy check or a run task was still to come), so the wait goes on,
  // and the next confirm goes out only once the plan has moved on and stopped again.
  let current: UpgradeAnswer = started;
  /** The status in which the service refused the last confirm (409), if it did. */
  let refusedIn: string | undefined;
  let afterConfirm: UpgradeAnswer;
  let confirmedIn: string;
  for (;;) {
    const plan = await waitForPlan(current, refusedIn);
    if ('result' in plan) return plan.result;
    if (!options.confirm) {
      return result({
        ...known(),
        planReady: true,
        outcome: 'planned',
        note: 'Set confirm to true to apply ready plans.',
      });
    }
    confirmedIn = status;
    const confirm = await sendWrite(
      (writeSignal) => api.confirmUpgrade(noCodeModuleId, workspaceId, runId, { signal: writeSignal }),
      writeOptions,
    );
    if (confirm.kind === 'done') {
      log(`upgrade run ${runId} confirmed; following the apply`);
      afterConfirm = { upgrade, workspaceName };
      break;
    }
    if (confirm.kind === 'refused' && confirm.error.status === 409 && !signal.aborted) {
      refusedIn = status;
      log(`the service refused the confirmation in ${status} (409): the plan is not ready yet; waiting for it to stop`);
      current = { upgrade, workspaceName };
      continue;
    }
    const lost = await afterFailedConfirm(confirm);
    if ('result' in lost) return lost.result;
    afterConfirm = lost.answer;
    break;
  }

  return followApply(afterConfirm, confirmedIn);

  /**
   * Reads the run until its plan has stopped, or the run ended, waits for a person, or was
   * applied without the action. A status that may be passed through counts as stopped once it
   * stayed `planSettleMs`; after a refused confirm, only a status reached since counts.
   */
  async function waitForPlan(
    first: UpgradeAnswer,
    refused: string | undefined,
  ): Promise<{ ready: true } | { result: WorkspaceUpgradeResult }> {
    let lastStatus: string | undefined;
    let since = clock.now();
    let moved = refused === undefined;
    let settling = false;
    const isFinal = (a: UpgradeAnswer): boolean => {
      const s = a.upgrade.attributes.status;
      if (s !== lastStatus) {
        lastStatus = s;
        since = clock.now();
        if (s !== refused) moved = true;
      }
      const reading = readPlan(a.upgrade);
      settling = false;
      if (reading === 'under-way' || reading === 'applying') return false;
      if (reading === 'stopped') return moved;
      if (reading === 'maybe-stopped') {
        if (!moved) return false;
        settling = clock.now() - since < options.planSettleMs;
        return !settling;
      }
      return true;
    };
    // While a status stays, the next read comes when it has stayed long enough, not later.
    const pauseAtMost = (): number | undefined =>
      settling ? Math.max(1, since + options.planSettleMs - clock.now()) : undefined;
    try {
      const waited = await follow(first, isFinal, { pauseAtMost });
      if (waited.outcome === 'timed-out') {
        log(`timed out (${status})`);
        const refusal =
          refused === undefined
            ? ''
            : `; the service refused its confirmation in ${refused} (409), and the plan had not stopped again since`;
        return {
          result: result({
            ...known(),
            outcome: 'timed-out',
            planUnknown: true,
            error:
              `Timed out after ${formatDuration(options.timeoutMs)} waiting for the upgrade plan of run ${runId} ` +
              `(last status: ${describeRunStatus(status)}${lastReadNote(waited)}${refusal}); ` +
              'the run goes on in the service: look at its plan page, or raise the timeout input.',
          }),
        };
      }
    } catch (error) {
      if (signal.aborted) {
        return {
          result: result({
            ...known(),
            outcome: 'cancelled',
            planUnknown: true,
            error: `The step was cancelled while waiting for the plan (status ${status}); upgrade run ${runId} goes on in the service.`,
          }),
        };
      }
      return {
        result: result({
          ...known(),
          outcome: 'failed',
          planUnknown: true,
          error: `Could not read the status of upgrade run ${runId}: ${getErrorMessage(error)}; the run may still go on in the service.`,
        }),
      };
    }
    const facts = runStatusFacts(status);
    switch (readPlan(upgrade)) {
      case 'awaiting-decision':
        log(`${status}: waits for a person in the service; not confirmed`);
        return {
          result: result({
            ...known(),
            outcome: 'failed',
            error:
              `${capitalise(runRef())} ${facts?.meaning ?? `reads ${status}`} (status ${status}), so it was not confirmed: ` +
              `${facts?.todo ?? 'someone must act on it in the service'}, then confirm it there${planPageNote()}.`,
          }),
        };
      case 'ended':
        if (facts?.nothingToApply) return { result: result({ ...known(), outcome: 'no-changes' }) };
        return {
          result: result({
            ...known(),
            outcome: 'failed',
            error: `${capitalise(runRef())} ${facts?.meaning ?? `ended as ${status}`} (status ${status}): see its plan page.`,
          }),
        };
      case 'applied':
        return {
          result: result({
            ...known(),
            outcome: 'applied',
            applied: true,
            note: 'The service applied the plan without a confirmation.',
          }),
        };
      default:
        return { ready: true };
    }
  }

  /** Where the plan page is, as a clause ending a sentence: only the service's own page is named. */
  function planPageNote(): string {
    const page = planUrl === null ? null : options.servicePage(planUrl);
    return page === null ? '' : `: ${page}`;
  }

  /**
   * A confirm that did not end done, nor refused as premature. When its answer was lost, the
   * run's status tells whether it arrived, once it moves past the confirmed one (which may take
   * the service a moment); a second confirmation is never sent.
   */
  async function afterFailedConfirm(
    confirm: Exclude<WriteOutcome<unknown>, { kind: 'done' }>,
  ): Promise<{ answer: UpgradeAnswer } | { result: WorkspaceUpgradeResult }> {
    const confirmFailed = (error: unknown): { result: WorkspaceUpgradeResult } => ({
      result: result({
        ...known(),
        planReady: true,
        outcome: 'failed',
        error: `The plan was ready but its confirmation failed: ${getErrorMessage(error)}`,
      }),
    });
    switch (confirm.kind) {
      case 'not-sent':
        return {
          result: result({
            ...known(),
            planReady: true,
            outcome: 'cancelled',
            error: `The step was cancelled before the ready plan of run ${runId} was confirmed; it was not applied.`,
          }),
        };
      case 'refused':
      case 'failed':
        return confirmFailed(confirm.error);
      case 'maybe-applied':
        break;
    }
    if (confirm.cause === 'cancelled') {
      const message =
        `The step was cancelled while the plan of run ${runId} was being confirmed, and the service did not answer within ${grace}, ` +
        `so it may have been applied: look at its plan page.`;
      return { result: result({ ...known(), planReady: true, outcome: 'cancelled', error: message }) };
    }
    if (confirm.cause !== 'no-answer') return confirmFailed(confirm.error);
    const confirmedIn = status;
    // Under cancellation one read gets what is left of the writes' grace, which counts from the
    // first signal, not from this read.
    const bound = abortAfterFirstSignal(cancellation, options.writeGrace.graceMs, options.writeGrace.clock);
    let after = await read(bound.signal)
      .catch(() => undefined)
      .finally(() => bound.dispose());
    if (after) seen(after);
    if (after !== undefined && status === confirmedIn && !signal.aborted) {
      const settled = await waitForUpgradeRun<UpgradeAnswer>({
        first: after,
        read,
        isFinal: (a) => a.upgrade.attributes.status !== confirmedIn,
        onValue: (a) => seen(a),
        signal,
        deadline: options.deadline.within(options.confirmSettleMs),
        schedule: options.schedule,
      }).catch(() => undefined);
      after = settled?.value ?? after;
    }
    if (after === undefined || status === confirmedIn) {
      return {
        result: result({
          ...known(),
          planReady: true,
          outcome: 'failed',
          error:
            `The confirmation of upgrade run ${runId} ended without an answer (${confirm.error.reason}) ` +
            `and the run now reads ${after ? status : 'as unknown'}; ` +
            `it was not sent again. Look at the run's plan page or workspace ${workspaceId} in the service.`,
        }),
      };
    }
    log(`upgrade run ${runId} moved on to ${status} (the confirmation's answer was lost); following the apply`);
    return { answer: after };
  }

  /**
   * The apply. Spec 4.3's confirm answers only a message, so the run is read until it ends:
   * `applied`, or a failure. A run that never reads past the status it was confirmed in, for
   * `applyStatusWindowMs` (or until the timeout, if that comes first), is a service that reports
   * no apply status: the workspace ends `confirmed`, with a warning.
   */
  async function followApply(first: UpgradeAnswer, confirmedIn: string): Promise<WorkspaceUpgradeResult> {
    const confirmedAt = clock.now();
    const ended = (a: UpgradeAnswer): boolean => {
      const phase = runPhase(a.upgrade.attributes.status);
      return phase === 'applied' || phase === 'ended-without-apply' || phase === 'awaiting-decision';
    };
    try {
      const silence = await follow(first, (a) => a.upgrade.attributes.status !== confirmedIn, {
        deadline: options.deadline.within(options.applyStatusWindowMs),
      });
      if (silence.outcome === 'timed-out') {
        const waited = formatDuration(clock.now() - confirmedAt);
        log(`confirmed; the service reported no apply status within ${waited} (${status})`);
        return result({
          ...known(),
          planReady: true,
          outcome: 'confirmed',
          warning:
            `Confirmed; the service reported no apply status within ${waited}: run ${runId} still reads ${status}, ` +
            `as when it was confirmed${lastReadNote(silence)}. Whether it was applied is not known: look at its plan page.`,
        });
      }
      const waited = await follow(silence.value, ended);
      if (waited.outcome === 'timed-out') {
        log(`confirmed; the apply had not ended at the timeout (${status})`);
        return result({
          ...known(),
          planReady: true,
          outcome: 'apply-timed-out',
          error:
            `Confirmed, but the apply had not ended at the timeout (${formatDuration(options.timeoutMs)}): ` +
            `the last status of run ${runId} was ${describeRunStatus(status)}${lastReadNote(waited)}. ` +
            'The apply may go on in the service: look at its plan page.',
        });
      }
    } catch (error) {
      if (signal.aborted) {
        return result({
          ...known(),
          planReady: true,
          outcome: 'cancelled',
          error: `The step was cancelled after the plan of run ${runId} was confirmed (status ${status}); the apply goes on in the service.`,
        });
      }
      return result({
        ...known(),
        planReady: true,
        outcome: 'failed',
        error:
          `Confirmed, but the status of upgrade run ${runId} could not be read after the confirmation: ${getErrorMessage(error)}. ` +
          `The apply may go on in the service: look at its plan page.`,
      });
    }
    const facts = runStatusFacts(status);
    if (facts?.phase === 'applied') {
      log(`upgrade run ${runId} applied`);
      return result({ ...known(), planReady: true, outcome: 'applied', applied: true });
    }
    log(`upgrade run ${runId} ended as ${status} after the confirmation`);
    const what =
      facts?.phase === 'awaiting-decision'
        ? `the run ${facts.meaning} (status ${status}): ${facts.todo ?? 'someone must act on it in the service'}${planPageNote()}`
        : `the upgrade run ${facts?.meaning ?? `ended as ${status}`} (status ${status}): see its plan page`;
    return result({ ...known(), planReady: true, outcome: 'failed', error: `The plan was confirmed, but ${what}.` });
  }
}

/** A workspace as a message names it: its name beside its id where the name is known. */
export function describeWorkspace(workspaceId: string, workspaceName: string | null): string {
  return workspaceName ? `${workspaceName} (${workspaceId})` : workspaceId;
}

/** What a timed-out wait's last read did, for its message. */
function lastReadNote(waited: UpgradeWaitResult<unknown>): string {
  if (waited.outcome !== 'timed-out' || waited.lastRead === undefined) return '';
  return waited.lastRead === 'unanswered'
    ? '; a status read was still unanswered at the deadline'
    : '; the service answered 429 and asked to wait past the deadline';
}

function initiateFailure(failed: FailedWrite, noCodeModuleId: string, workspaceId: string): string {
  return describeWriteFailure(failed, {
    operation: `to start the upgrade of workspace ${workspaceId}`,
    ids: `workspace ${workspaceId} (provisioned from no-code module ${noCodeModuleId})`,
    ifUnknown:
      'No upgrade run is known, so none was followed or confirmed; the upgrade may have started: ' +
      `check workspace ${workspaceId} in the service before running again.`,
  });
}
