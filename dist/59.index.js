export const id = 59;
export const ids = [59];
export const modules = {

/***/ 666:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Pd: () => (/* binding */ growingPauses),
/* harmony export */   g3: () => (/* binding */ pollUntil)
/* harmony export */ });
/* unused harmony export DEFAULT_POLL */
/* harmony import */ var _abort_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3853);

const DEFAULT_POLL = { initialIntervalMs: 250, maxIntervalMs: 3000, backoff: 1.5 };
/**
 * Pauses that start short, because a run that is already done should be reported at once, and
 * grow towards `maxIntervalMs`, so that a long run costs few requests.
 */
function growingPauses(pauses = DEFAULT_POLL) {
    let next = pauses.initialIntervalMs;
    return () => {
        const pause = next;
        next = Math.min(pauses.maxIntervalMs, next * pauses.backoff);
        return pause;
    };
}
async function pollUntil(options) {
    const { deadline, signal } = options;
    const clock = deadline.clock;
    const started = clock.now();
    const pauses = options.pauses ?? growingPauses();
    const readSignal = deadline.cut(signal);
    let last;
    for (;;) {
        (0,_abort_js__WEBPACK_IMPORTED_MODULE_0__/* .throwIfAborted */ .Te)(signal);
        try {
            last = await options.read(readSignal);
        }
        catch (error) {
            if (!signal.aborted && deadline.expired && (0,_abort_js__WEBPACK_IMPORTED_MODULE_0__/* .isAbortError */ .zf)(error))
                return { outcome: 'timed-out', value: last, readCut: true };
            throw error;
        }
        options.onValue?.(last, clock.now() - started);
        if (options.isFinal(last))
            return { outcome: 'final', value: last };
        const remaining = deadline.remainingMs();
        if (remaining <= 0)
            return { outcome: 'timed-out', value: last };
        const pause = pauses(clock.now() - started);
        await clock.sleep(Math.min(pause, remaining), signal);
        // No read starts at the deadline: the timeout bounds the whole wait. (Decided by the pause,
        // not by reading the time again: a timer may fire a millisecond before the wall clock
        // reaches it.)
        if (pause >= remaining || deadline.expired)
            return { outcome: 'timed-out', value: last };
    }
}


/***/ }),

/***/ 1634:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GO: () => (/* binding */ failureResult),
/* harmony export */   Gt: () => (/* binding */ reachedAfterCancellation),
/* harmony export */   Hv: () => (/* binding */ cancelledResult)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3916);
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4285);


/** The result of a mode that stopped at one error: the summary says what and why. */
function failureResult(options) {
    return {
        title: options.title,
        summary: (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .joinBlocks */ .x9)((0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .heading */ .R_)(options.heading), (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .paragraph */ .FY)(`❌ ${options.message}`), options.more),
        annotations: [],
        outputs: options.outputs ?? {},
        failure: (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .stepFailure */ .nK)(options.message),
        conclusion: options.cancelled ? 'cancelled' : 'failure',
    };
}
/**
 * The result of a mode that the step's cancellation ended before it had anything else to
 * report: the summary and the failure say what is known (nothing sent, or a write that may
 * have taken effect).
 */
function cancelledResult(options) {
    return {
        title: options.title,
        summary: (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .joinBlocks */ .x9)((0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .heading */ .R_)(options.heading), (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .paragraph */ .FY)(`⛔ ${options.message}`)),
        annotations: [],
        outputs: options.outputs ?? {},
        failure: (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .stepFailure */ .nK)(options.message),
        conclusion: 'cancelled',
    };
}
/**
 * A result that was reached although the step was cancelled meanwhile (a write already sent
 * was answered): everything it reports stays, and the step ends cancelled with `message`.
 */
function reachedAfterCancellation(result, message) {
    return {
        ...result,
        title: `${result.title} (the step was cancelled)`,
        summary: (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .joinBlocks */ .x9)(result.summary, (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .paragraph */ .FY)(`⛔ ${message}`)),
        failure: (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .stepFailure */ .nK)(result.failure === null ? message : `${message} ${result.failure.message}`),
        conclusion: 'cancelled',
    };
}


/***/ }),

/***/ 4230:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ absoluteServiceUrl)
/* harmony export */ });
/**
 * A link from the service made absolute. Links carry the `/api/v2` prefix and are relative to
 * the service's origin (spec "Conventions"); `self-html` links are relative paths too, so both
 * are resolved against the origin of the base URL. Anything that is not an http(s) address
 * afterwards is dropped, so it never becomes a link in a report.
 */
function absoluteServiceUrl(link, baseUrl) {
    if (!link)
        return null;
    try {
        const url = new URL(link, new URL(baseUrl).origin);
        return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    }
    catch {
        return null;
    }
}


/***/ }),

/***/ 7059:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  WRITES_AT_ONCE: () => (/* binding */ WRITES_AT_ONCE),
  runUpgradeNoCodeWorkspace: () => (/* binding */ runUpgradeNoCodeWorkspace)
});

// EXTERNAL MODULE: ./src/lifetime/deadline.ts
var lifetime_deadline = __webpack_require__(8451);
// EXTERNAL MODULE: ./src/lifetime/limit.ts
var limit = __webpack_require__(3520);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/report/format.ts
var format = __webpack_require__(2011);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/modes/no-code/results.ts
var no_code_results = __webpack_require__(1634);
// EXTERNAL MODULE: ./src/modes/no-code/writes.ts
var no_code_writes = __webpack_require__(166);
// EXTERNAL MODULE: ./src/modes/no-code/write-failure.ts
var write_failure = __webpack_require__(7116);
// EXTERNAL MODULE: ./src/modes/no-code/service-address.ts
var service_address = __webpack_require__(4230);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/modes/no-code/variables-table.ts
var variables_table = __webpack_require__(9844);
// EXTERNAL MODULE: ./src/lifetime/grace.ts
var lifetime_grace = __webpack_require__(7603);
// EXTERNAL MODULE: ./src/report/wait-status.ts
var wait_status = __webpack_require__(8648);
// EXTERNAL MODULE: ./src/service/shapes.ts
var shapes = __webpack_require__(8773);
;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/upgrade-status.ts

/** The action's contract: a plan is ready to confirm in these statuses. */
const READY_STATUSES = new Set(['planned', 'cost_estimated', 'planned_and_saved']);
/** Spec 3.3's named run statuses. */
const SPEC_STATUSES = new Set([
    'pending',
    'fetching',
    'queuing',
    'pre_plan_running',
    'pre_plan_completed',
    'planning',
    ...READY_STATUSES,
    'planned_and_finished',
]);
/** Final statuses in which nothing (more) is applied, with what they mean for a person. */
const ENDED_WITHOUT_APPLY = new Map([
    ['errored', 'the upgrade run errored'],
    ['canceled', 'the upgrade run was canceled'],
    ['force_canceled', 'the upgrade run was force-canceled'],
    ['discarded', 'the upgrade plan was discarded'],
]);
/**
 * Final statuses without an applicable plan. `policy_soft_failed` stops a plan only: a run
 * waiting for a policy override (`policy_override`) can still go on once someone overrides it.
 */
const PLAN_FAILED = new Map([
    ...ENDED_WITHOUT_APPLY,
    ['policy_soft_failed', 'a policy check failed on the upgrade plan'],
]);
function upgradeStage(status) {
    if (READY_STATUSES.has(status))
        return 'ready';
    if (status === 'planned_and_finished')
        return 'no-changes';
    if (status === 'applied')
        return 'applied';
    if (PLAN_FAILED.has(status))
        return 'failed';
    return 'in-progress';
}
/**
 * After the confirm (action-interface "Mode upgrade-no-code-workspace"): `applied` is success;
 * `errored`, `canceled`, `force_canceled`, `discarded` are failures, and so is
 * `planned_and_finished`, a run that ended without applying; any other status is waited on.
 */
function applyStage(status) {
    if (status === 'applied')
        return 'applied';
    if (ENDED_WITHOUT_APPLY.has(status) || status === 'planned_and_finished')
        return 'failed';
    return 'in-progress';
}
/** Why a final status is a failure, in words. */
function failedStatusReason(status) {
    if (status === 'planned_and_finished')
        return 'the upgrade run finished without applying';
    return PLAN_FAILED.get(status) ?? `the upgrade run ended as ${status}`;
}
/** Every status spec 3.3 or the action's contract names for an upgrade run. */
const NAMED = new Set([...SPEC_STATUSES, 'applied', ...PLAN_FAILED.keys()]);
/** An upgrade run's status as a message shows it (describeStatus), against the statuses named above. */
function describeUpgradeRunStatus(status) {
    return (0,shapes/* describeStatus */.Wn)(status, NAMED);
}

// EXTERNAL MODULE: ./src/lifetime/poll.ts
var poll = __webpack_require__(666);
// EXTERNAL MODULE: ./src/service/errors.ts
var service_errors = __webpack_require__(5756);
;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/wait-for-upgrade-run.ts


/**
 * Status reads of all upgrade waits together stay under this rate: two thirds of the service's
 * 30 requests per second, the rest left for the initiates and confirms.
 */
const STATUS_READS_PER_SECOND = 20;
/**
 * The schedule for watching `workspaces` runs at once: four reads a second for a lone run,
 * fewer per run as more are watched so that the reads together never crowd the rate limit; a
 * fifth of the time waited once that is longer; at most every 10 s.
 */
function upgradeWaitSchedule(workspaces) {
    const minIntervalMs = Math.max(250, Math.ceil((workspaces * 1000) / STATUS_READS_PER_SECOND));
    return { minIntervalMs, fraction: 0.2, maxIntervalMs: Math.max(10_000, minIntervalMs) };
}
/**
 * The pauses of `schedule`: `minIntervalMs` until it equals `fraction` of the time waited (the
 * last one cut to end that stretch on time), then growing by `1 + fraction` each read, which
 * keeps it at that fraction, up to `maxIntervalMs`.
 */
function upgradeWaitPauses(schedule) {
    const steadyMs = schedule.minIntervalMs / schedule.fraction;
    const growing = (0,poll/* growingPauses */.Pd)({
        initialIntervalMs: schedule.minIntervalMs * (1 + schedule.fraction),
        maxIntervalMs: schedule.maxIntervalMs,
        backoff: 1 + schedule.fraction,
    });
    return (waitedMs) => waitedMs < steadyMs ? Math.min(schedule.minIntervalMs, steadyMs - waitedMs) : growing(waitedMs);
}
/**
 * Reads an upgrade run until `isFinal`, bounded by one deadline (action-interface "timeout
 * bounds the whole wait"): the waits between reads end at it, and so does a read in flight,
 * whatever the service does (a read that never answers, retries, a 429 whose wait reaches past
 * it). The reads follow upgradeWaitPauses.
 */
async function waitForUpgradeRun(options) {
    const { deadline } = options;
    let last = options.first;
    let cached = options.first;
    const read = (readSignal) => {
        if (cached === undefined)
            return options.read(readSignal);
        const value = cached;
        cached = undefined;
        return Promise.resolve(value);
    };
    try {
        const waited = await (0,poll/* pollUntil */.g3)({
            read,
            isFinal: options.isFinal,
            signal: options.signal,
            deadline,
            onValue: (value, elapsedMs) => {
                last = value;
                options.onValue(value, elapsedMs);
            },
            pauses: upgradeWaitPauses(options.schedule),
        });
        if (waited.outcome === 'final')
            return { outcome: 'final', value: waited.value };
        return waited.readCut
            ? { outcome: 'timed-out', value: last, lastRead: 'unanswered' }
            : { outcome: 'timed-out', value: last };
    }
    catch (error) {
        // The service asked to wait longer than the client waits for a 429: the wait cannot go on
        // before the deadline, so it ends there, as the timeout says.
        if (!options.signal.aborted && (0,service_errors/* isApiError */.d7)(error, 429)) {
            await deadline.clock.sleep(deadline.remainingMs(), options.signal);
            return { outcome: 'timed-out', value: last, lastRead: 'rate-limited' };
        }
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/upgrade-workspace.ts









/** Outcomes that fail the step: everything but a result the service reported in full. */
const FAILED_OUTCOMES = new Set(['failed', 'timed-out', 'cancelled', 'confirmed']);
/**
 * Upgrades one workspace: initiates the upgrade, waits for its plan, and, when asked, confirms
 * a ready plan and follows the apply to its end. Never throws: every way this can end is a
 * result, so that one workspace failing does not stop the others.
 */
async function upgradeWorkspace(options) {
    const { api, noCodeModuleId, workspaceId, cancellation } = options;
    const { signal } = cancellation;
    const log = (line) => options.log(`${workspaceId}: ${line}`);
    let workspaceName = null;
    const result = (r) => ({
        workspaceId,
        workspaceName,
        planReady: false,
        planUnknown: false,
        applied: false,
        ...r,
    });
    const grace = (0,format/* formatPreciseDuration */.DE)(options.writeGrace.graceMs);
    const clock = options.deadline.clock;
    const writeOptions = { cancellation, ...options.writeGrace, places: options.writes };
    const initiate = await (0,no_code_writes/* sendWrite */.A)((writeSignal) => api.initiateUpgrade(noCodeModuleId, workspaceId, [...options.vars], { signal: writeSignal }), writeOptions);
    const none = { runId: null, status: null, planUrl: null };
    switch (initiate.kind) {
        case 'not-sent':
            return result({ ...none, outcome: 'cancelled', error: 'The step was cancelled before the upgrade was started.' });
        case 'maybe-applied':
            if (initiate.cause === 'cancelled') {
                const message = `The step was cancelled while the upgrade was being started, and the service did not answer within ${grace}, ` +
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
    const started = initiate.answer;
    let upgrade = started.upgrade;
    workspaceName = started.workspaceName;
    const runId = upgrade.id;
    let status = upgrade.attributes.status;
    let planUrl = upgrade.attributes['plan-url'] ?? null;
    const known = () => ({ workspaceName, runId, status, planUrl });
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
    const report = (0,wait_status/* statusReporter */.W)(log);
    const read = (readSignal) => api.readUpgrade(noCodeModuleId, workspaceId, runId, { signal: readSignal });
    const seen = (answer) => {
        upgrade = answer.upgrade;
        status = upgrade.attributes.status;
        planUrl = upgrade.attributes['plan-url'] ?? planUrl;
        workspaceName = answer.workspaceName ?? workspaceName;
    };
    /** Reads the run from `first` on until `isFinal`, within the one deadline. */
    const follow = (first, isFinal) => waitForUpgradeRun({
        first,
        read,
        isFinal: (a) => isFinal(a.upgrade.attributes.status),
        onValue: (a) => {
            seen(a);
            report(status, clock.now() - startedAt);
        },
        signal,
        deadline: options.deadline,
        schedule: options.schedule,
    });
    // The plan. The initiate answer gave the first status, so the wait does not read it again.
    try {
        const waited = await follow(started, (s) => upgradeStage(s) !== 'in-progress');
        if (waited.outcome === 'timed-out') {
            log(`timed out (${status})`);
            return result({
                ...known(),
                outcome: 'timed-out',
                planUnknown: true,
                error: `Timed out after ${(0,format/* formatDuration */.a3)(options.timeoutMs)} waiting for the upgrade plan of run ${runId} ` +
                    `(last status: ${describeUpgradeRunStatus(status)}${lastReadNote(waited)}); ` +
                    'the run goes on in the service: look at its plan page, or raise the timeout input.',
            });
        }
    }
    catch (error) {
        if (signal.aborted) {
            return result({
                ...known(),
                outcome: 'cancelled',
                planUnknown: true,
                error: `The step was cancelled while waiting for the plan (status ${status}); upgrade run ${runId} goes on in the service.`,
            });
        }
        return result({
            ...known(),
            outcome: 'failed',
            planUnknown: true,
            error: `Could not read the status of upgrade run ${runId}: ${(0,errors/* getErrorMessage */.u1)(error)}; the run may still go on in the service.`,
        });
    }
    const stage = upgradeStage(status);
    if (stage === 'failed')
        return result({
            ...known(),
            outcome: 'failed',
            error: `${(0,src_text/* capitalise */.sK)(failedStatusReason(status))} (status ${status}): see its plan page.`,
        });
    if (stage === 'no-changes')
        return result({ ...known(), outcome: 'no-changes' });
    if (stage === 'applied')
        return result({
            ...known(),
            outcome: 'applied',
            applied: true,
            note: 'The service applied the plan without a confirmation.',
        });
    if (!options.confirm)
        return result({
            ...known(),
            planReady: true,
            outcome: 'planned',
            note: 'Not confirmed: set confirm to true to apply ready plans.',
        });
    // The confirmation.
    const confirm = await (0,no_code_writes/* sendWrite */.A)((writeSignal) => api.confirmUpgrade(noCodeModuleId, workspaceId, runId, { signal: writeSignal }), writeOptions);
    let afterConfirm = { upgrade, workspaceName };
    const confirmFailed = (error) => result({
        ...known(),
        planReady: true,
        outcome: 'failed',
        error: `The plan was ready but its confirmation failed: ${(0,errors/* getErrorMessage */.u1)(error)}`,
    });
    switch (confirm.kind) {
        case 'done':
            log(`upgrade run ${runId} confirmed; following the apply`);
            break;
        case 'not-sent':
            return result({
                ...known(),
                planReady: true,
                outcome: 'cancelled',
                error: `The step was cancelled before the ready plan of run ${runId} was confirmed; it was not applied.`,
            });
        case 'maybe-applied': {
            if (confirm.cause === 'cancelled') {
                const message = `The step was cancelled while the plan of run ${runId} was being confirmed, and the service did not answer within ${grace}, ` +
                    `so it may have been applied: look at its plan page.`;
                return result({ ...known(), planReady: true, outcome: 'cancelled', error: message });
            }
            if (confirm.cause !== 'no-answer')
                return confirmFailed(confirm.error);
            // The answer was lost: the run's status tells whether the confirmation arrived, once it
            // moves past the ready status (which may take the service a moment). A second
            // confirmation is never sent. Under cancellation one read gets what is left of the writes'
            // grace, which counts from the first signal, not from this read.
            const bound = (0,lifetime_grace/* abortAfterFirstSignal */.d)(cancellation, options.writeGrace.graceMs, options.writeGrace.clock);
            let after = await read(bound.signal)
                .catch(() => undefined)
                .finally(() => bound.dispose());
            if (after)
                seen(after);
            if (after !== undefined && READY_STATUSES.has(status) && !signal.aborted) {
                const settled = await waitForUpgradeRun({
                    first: after,
                    read,
                    isFinal: (a) => !READY_STATUSES.has(a.upgrade.attributes.status),
                    onValue: (a) => seen(a),
                    signal,
                    deadline: options.deadline.within(options.confirmSettleMs),
                    schedule: options.schedule,
                }).catch(() => undefined);
                after = settled?.value ?? after;
            }
            if (after === undefined || READY_STATUSES.has(status)) {
                return result({
                    ...known(),
                    planReady: true,
                    outcome: 'failed',
                    error: `The confirmation of upgrade run ${runId} ended without an answer (${confirm.error.reason}) ` +
                        `and the run now reads ${after ? status : 'as unknown'}; ` +
                        `it was not sent again. Look at the run's plan page or workspace ${workspaceId} in the service.`,
                });
            }
            log(`upgrade run ${runId} moved on to ${status} (the confirmation's answer was lost); following the apply`);
            afterConfirm = after;
            break;
        }
        case 'refused':
        case 'failed':
            return confirmFailed(confirm.error);
    }
    // The apply: spec 4.3's confirm answer is only a message, so the run is read until it ends.
    try {
        const waited = await follow(afterConfirm, (s) => applyStage(s) !== 'in-progress');
        if (waited.outcome === 'timed-out') {
            log(`confirmed; the apply had not ended at the timeout (${status})`);
            const still = READY_STATUSES.has(status)
                ? `run ${runId} still reads ${status}, as when it was confirmed`
                : `the last status of run ${runId} was ${describeUpgradeRunStatus(status)}`;
            return result({
                ...known(),
                planReady: true,
                outcome: 'confirmed',
                error: `Confirmed; the service has not reported the apply's end within the timeout (${(0,format/* formatDuration */.a3)(options.timeoutMs)}): ` +
                    `${still}${lastReadNote(waited)}. The apply may go on in the service: look at its plan page.`,
            });
        }
    }
    catch (error) {
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
            outcome: 'confirmed',
            error: `Confirmed, but the status of upgrade run ${runId} could not be read after the confirmation: ${(0,errors/* getErrorMessage */.u1)(error)}. ` +
                `The apply may go on in the service: look at its plan page.`,
        });
    }
    if (applyStage(status) === 'applied') {
        log(`upgrade run ${runId} applied`);
        return result({ ...known(), planReady: true, outcome: 'applied', applied: true });
    }
    log(`upgrade run ${runId} ended as ${status} after the confirmation`);
    return result({
        ...known(),
        planReady: true,
        outcome: 'failed',
        error: `The plan was confirmed, but ${failedStatusReason(status)} (status ${status}): see its plan page.`,
    });
}
/** What a timed-out wait's last read did, for its message. */
function lastReadNote(waited) {
    if (waited.outcome !== 'timed-out' || waited.lastRead === undefined)
        return '';
    return waited.lastRead === 'unanswered'
        ? '; a status read was still unanswered at the deadline'
        : '; the service answered 429 and asked to wait past the deadline';
}
function initiateFailure(failed, noCodeModuleId, workspaceId) {
    return (0,write_failure/* describeWriteFailure */.j)(failed, {
        operation: `to start the upgrade of workspace ${workspaceId}`,
        ids: `workspace ${workspaceId} (provisioned from no-code module ${noCodeModuleId})`,
        ifUnknown: 'No upgrade run is known, so none was followed or confirmed; the upgrade may have started: ' +
            `check workspace ${workspaceId} in the service before running again.`,
    });
}

;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/report.ts






const OUTCOME_TEXT = {
    applied: '✅ applied',
    planned: '📝 plan ready, not confirmed',
    'no-changes': '➖ no changes',
    confirmed: "⏱️ confirmed; the service has not reported the apply's end within the timeout",
    failed: '❌ failed',
    'timed-out': '⏱️ timed out waiting for the plan',
    cancelled: '⛔ cancelled',
    'would-upgrade': '🔍 would start an upgrade',
};
/** Counts shown in the summary, in this order; zero counts are left out. */
const COUNTED = [
    ['applied', 'applied'],
    ['planned', 'ready, not confirmed'],
    ['no-changes', 'no changes'],
    ['confirmed', "confirmed, apply's end not reported"],
    ['failed', 'failed'],
    ['timed-out', 'timed out'],
    ['cancelled', 'cancelled'],
    ['would-upgrade', 'would be upgraded'],
];
/**
 * `true` only when the service reported at least one upgrade applied, and every plan that was
 * ready was confirmed and reported applied, and no workspace may hold a plan the action never
 * saw; a run in which nothing was applied says `false`, so that a workflow can rely on
 * `applied == 'true'` meaning the workspaces changed.
 */
function allReadyPlansApplied(results, confirm) {
    if (!confirm)
        return false;
    return results.some((r) => r.applied) && results.every((r) => (!r.planReady || r.applied) && !r.planUnknown);
}
function upgradeReport(input) {
    const { results } = input;
    const failed = results.filter((r) => FAILED_OUTCOMES.has(r.outcome));
    const applied = allReadyPlansApplied(results, input.confirm);
    const entries = results.map((r) => ({
        workspaceId: r.workspaceId,
        workspaceName: r.workspaceName,
        runId: r.runId,
        status: r.status,
        planUrl: r.planUrl,
        outcome: r.outcome,
        applied: r.applied,
        ...(r.error !== undefined ? { error: r.error } : {}),
    }));
    // One line per workspace, in input order, so that the lines of the three outputs match up.
    const outputs = {
        'run-id': results.map((r) => r.runId ?? '').join('\n'),
        status: results.map((r) => r.status ?? '').join('\n'),
        'plan-url': results.map((r) => r.planUrl ?? '').join('\n'),
        applied: applied ? 'true' : 'false',
        result: entries,
    };
    const annotations = failed.map((r) => ({
        level: 'error',
        title: `Upgrade of ${r.workspaceId}${r.workspaceName ? ` (${r.workspaceName})` : ''}`,
        message: r.error ?? OUTCOME_TEXT[r.outcome],
    }));
    const title = titleOf(input, failed.length);
    let failure = null;
    if (input.cancelled)
        failure = (0,errors/* stepFailure */.nK)(`The step was cancelled: ${countsText(results)}.`);
    else if (failed.length > 0) {
        failure = (0,errors/* stepFailure */.nK)(`${failed.length} of ${(0,src_text/* plural */.LS)(results.length, 'workspace upgrade')} did not succeed: ` +
            failed.map((r) => r.workspaceId).join(', ') +
            ' (see the annotations and the job summary).');
    }
    const conclusion = input.cancelled ? 'cancelled' : failed.length > 0 ? 'failure' : 'success';
    return { title, summary: summaryOf(input, applied), annotations, outputs, failure, conclusion };
}
function titleOf(input, failed) {
    const n = input.results.length;
    const workspaces = (0,src_text/* plural */.LS)(n, 'workspace');
    if (input.dryRun)
        return `Dry run: would upgrade ${workspaces} from no-code module ${input.noCodeModuleId}`;
    const head = failed > 0 ? `Upgrade of ${workspaces}: ${failed} did not succeed` : `Upgraded ${workspaces}`;
    return `${head} (${countsText(input.results)})`;
}
function countsText(results) {
    return COUNTED.map(([outcome, label]) => [label, results.filter((r) => r.outcome === outcome).length])
        .filter(([, count]) => count > 0)
        .map(([label, count]) => `${count} ${label}`)
        .join(', ');
}
function summaryOf(input, applied) {
    const { results } = input;
    const intro = (0,markdown/* paragraph */.FY)((0,markdown/* html */.qy)(`No-code module ${(0,markdown/* inlineCode */.ti)(input.noCodeModuleId).html}${input.versionPin ? ` (version pin ${(0,markdown/* escapeHtml */.ZD)(input.versionPin)})` : ''}.`), input.confirm
        ? 'Ready plans are confirmed, and each apply is followed until the service reports its end.'
        : 'Plans are not confirmed (confirm is false).', `The wait${input.confirm ? ', plan and apply together,' : ''} lasts at most ${(0,format/* formatDuration */.a3)(input.timeoutMs)}.`);
    const counts = (0,markdown/* countsLine */.J7)(COUNTED.map(([outcome, label]) => [label, results.filter((r) => r.outcome === outcome).length]), { skipZero: true });
    const rows = results.map((r) => [
        workspaceCell(r),
        r.runId ? (0,markdown/* inlineCode */.ti)(r.runId) : '–',
        r.planUrl ? (0,markdown/* link */.nf)('plan', r.planUrl) : '–',
        r.status ? (0,markdown/* inlineCode */.ti)(r.status) : '–',
        resultCell(r),
    ]);
    return (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)(input.dryRun ? 'Upgrade of no-code workspaces (dry run)' : 'Upgrade of no-code workspaces'), input.dryRun && (0,markdown/* dryRunBanner */.NI)('No upgrade was started: this is what would be done.'), intro, counts, (0,markdown/* table */.tp)(['Workspace', 'Run', 'Plan', 'Last status', input.confirm ? 'Apply' : 'Outcome'], rows), !input.dryRun &&
        input.confirm &&
        (0,markdown/* paragraph */.FY)(applied
            ? 'Every ready plan was confirmed, and the service reported it applied.'
            : 'Not every ready plan was reported applied.'), input.cancelled && (0,markdown/* paragraph */.FY)('The step was cancelled: upgrade runs that had started go on in the service.'), (0,markdown/* details */.zH)(`Variables sent with each upgrade (${input.vars.length})`, (0,variables_table/* variablesTable */.o)(input.vars), {
        open: input.dryRun,
    }));
}
/** The workspace's name where the service gave it, and always its id. */
function workspaceCell(r) {
    if (!r.workspaceName)
        return (0,markdown/* inlineCode */.ti)(r.workspaceId);
    return (0,markdown/* html */.qy)(`${(0,markdown/* escapeHtml */.ZD)(r.workspaceName)}<br>${(0,markdown/* inlineCode */.ti)(r.workspaceId).html}`);
}
/** The outcome in words; an error, a full sentence that says what happened, replaces them. */
function resultCell(r) {
    const text = OUTCOME_TEXT[r.outcome];
    if (r.error)
        return `${text.split(' ')[0]} ${r.error}`;
    return r.note ? `${text}: ${r.note}` : text;
}

;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/run.ts












/**
 * Initiates and confirms (the writes) of at most this many workspaces at once. Waiting for the
 * plans and applies is not limited: every started run is watched at the same time, so that
 * twenty upgrades take about as long as one; upgradeWaitSchedule keeps the status reads under
 * the rate limit.
 */
const WRITES_AT_ONCE = 10;
const HEADING = 'Upgrade of no-code workspaces';
/** The outputs when no upgrade was started. */
const NOTHING_STARTED = { 'run-id': '', status: '', 'plan-url': '', applied: 'false', result: [] };
/**
 * Mode upgrade-no-code-workspace: starts an upgrade of every workspace at once, waits for each
 * plan, confirms the ready ones when `confirm` is set and follows their applies to the end, and
 * reports one row per workspace. One deadline, `timeout` from the start, bounds every wait.
 */
async function runUpgradeNoCodeWorkspace(inputs, context, tuning = {}) {
    const { sink, client } = context;
    const signal = context.cancellation.signal;
    // One deadline, `timeout` from the start, for every read and wait of the step.
    const deadline = lifetime_deadline/* Deadline */.B.after(inputs.timeoutMs, tuning.clock);
    const n = inputs.workspaceIds.length;
    const workspaces = (0,src_text/* plural */.LS)(n, 'workspace');
    // A read, allowed in a dry run: an unknown module id fails once here rather than once per
    // workspace, and the version pin tells the reader what the workspaces move to.
    let versionPin = null;
    // The timeout bounds this read too: a service that never answers must not hold the step.
    try {
        const { noCodeModule } = await client.noCode.readModule(inputs.noCodeModuleId, { signal: deadline.cut(signal) });
        versionPin = noCodeModule.attributes['version-pin'] ?? null;
        sink.info(`No-code module ${inputs.noCodeModuleId}: version pin ${versionPin ?? 'not set'}, ` +
            `no-code provisioning ${noCodeModule.attributes.enabled ? 'enabled' : 'disabled'}.`);
    }
    catch (error) {
        if (signal.aborted) {
            return (0,no_code_results/* cancelledResult */.Hv)({
                title: 'Cancelled before any upgrade was started',
                heading: HEADING,
                message: `The step was cancelled before an upgrade was started for ${workspaces}; nothing was changed.`,
                outputs: NOTHING_STARTED,
            });
        }
        const message = deadline.expired
            ? `Timed out after ${(0,format/* formatDuration */.a3)(inputs.timeoutMs)} reading no-code module ${inputs.noCodeModuleId}: the service did not answer; ` +
                `raise the timeout input or try again later.`
            : (0,write_failure/* describeReadFailure */.m)(error, `No-code module ${inputs.noCodeModuleId}`, 'no-code-module-id');
        return (0,no_code_results/* failureResult */.GO)({
            title: 'The no-code module could not be read',
            heading: HEADING,
            message,
            more: (0,markdown/* paragraph */.FY)(`No upgrade was started for ${workspaces}.`),
            outputs: NOTHING_STARTED,
        });
    }
    const report = (results, cancelled = false) => upgradeReport({
        noCodeModuleId: inputs.noCodeModuleId,
        versionPin,
        vars: inputs.workspaceVariables,
        confirm: inputs.confirm,
        dryRun: inputs.dryRun,
        timeoutMs: inputs.timeoutMs,
        // A relative plan-url (the spec shows only "address") is made a link a person can follow.
        results: results.map((r) => ({ ...r, planUrl: (0,service_address/* absoluteServiceUrl */.i)(r.planUrl, inputs.baseUrl) ?? r.planUrl })),
        cancelled,
    });
    if (inputs.dryRun) {
        sink.info(`Dry run: would start an upgrade of ${workspaces}${inputs.confirm ? ' and confirm the ready plans' : ''}.`);
        return report(inputs.workspaceIds.map((workspaceId) => ({
            workspaceId,
            workspaceName: null,
            runId: null,
            status: null,
            planUrl: null,
            outcome: 'would-upgrade',
            planReady: false,
            planUnknown: false,
            applied: false,
        })));
    }
    sink.info(`Starting the upgrade of ${workspaces}${inputs.confirm ? '; ready plans will be confirmed' : ''}.`);
    const writes = new limit/* Semaphore */.jf(tuning.writesAtOnce ?? WRITES_AT_ONCE);
    const writeGrace = (0,no_code_writes/* writeGraceOf */.l)(tuning);
    const results = await Promise.all(inputs.workspaceIds.map((workspaceId) => upgradeWorkspace({
        api: client.noCode,
        noCodeModuleId: inputs.noCodeModuleId,
        workspaceId,
        vars: inputs.workspaceVariables,
        confirm: inputs.confirm,
        deadline,
        timeoutMs: inputs.timeoutMs,
        cancellation: context.cancellation,
        writeGrace,
        writes,
        log: (line) => sink.info(line),
        schedule: tuning.schedule ?? upgradeWaitSchedule(n),
        confirmSettleMs: tuning.confirmSettleMs ?? 10_000,
    })));
    return report(results, signal.aborted);
}


/***/ }),

/***/ 9844:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ variablesTable)
/* harmony export */ });
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4285);

/**
 * The variables sent to the service, without any value: a sensitive value must never appear,
 * and an `env` value given in the `env:KEY=VALUE` form is often a credential that nobody marked
 * sensitive, so no value is shown at all.
 */
function variablesTable(vars) {
    if (vars.length === 0)
        return (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .paragraph */ .FY)('No workspace variables are sent.');
    return (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(['Variable', 'Category', 'HCL', 'Sensitive', 'Description'], vars.map((v) => [
        (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineCode */ .ti)(v.key),
        v.category,
        v.hcl ? 'yes' : 'no',
        v.sensitive ? 'yes' : 'no',
        v.description ?? '',
    ]));
}


/***/ }),

/***/ 7116:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   j: () => (/* binding */ describeWriteFailure),
/* harmony export */   m: () => (/* binding */ describeReadFailure)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3916);
/* harmony import */ var _service_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5756);


/**
 * One sentence or three for a person reading the job log, about a no-code write that failed.
 *
 * Spec 5: the no-code create, update and workspace-creation endpoints refuse organization
 * tokens, and a refusal looks like any other missing permission: 404 (spec 7). So a 404 on a
 * write names the token as the likely cause, beside an unknown id or a missing permission.
 */
function describeWriteFailure(failed, context) {
    if (failed.kind === 'maybe-applied' && failed.cause === 'no-answer') {
        return (`The request ${context.operation} ended without an answer (${failed.error.reason}), so it may or may not have ` +
            `taken effect; it was not repeated so that nothing happens twice. ${context.ifUnknown}`);
    }
    if (failed.kind === 'maybe-applied') {
        // A 2xx says the service took the request; without the document the spec names, what it
        // made of it is unknown, and nothing can be built on it (action-interface: no success the
        // spec does not promise).
        const { error } = failed;
        return (`The service answered the request ${context.operation} with ${error.status} but without ${error.expected}` +
            `${error.got ? ` (it sent ${error.got})` : ''}, so what it did is not known. ${context.ifUnknown}`);
    }
    if (failed.kind === 'refused' && failed.error.status === 404) {
        const { details } = failed.error;
        const said = details.length > 0 ? `; the service said: ${details.join('; ')}` : '';
        return (`The service refused ${context.operation} (404 not found or not authorized${said}). ` +
            'No-code create, update and workspace creation need a user or team token; organization tokens ' +
            `cannot be used for them. A 404 can also mean that ${context.ids} does not exist or that ` +
            'the token has no permission on it.');
    }
    if (failed.kind === 'refused' && failed.error.status === 422 && context.ifRefused) {
        return `The service refused ${context.operation}: ${failed.error.message}. ${context.ifRefused}`;
    }
    return `Could not finish the request ${context.operation}: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .getErrorMessage */ .u1)(failed.error)}`;
}
/** A read of an object named by an input that failed: the input is the first thing to check. */
function describeReadFailure(error, what, input) {
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD && error.status === 404) {
        return `${what} was not found, or the token has no permission to read it (404): check the input "${input}" and the token.`;
    }
    return `${what} could not be read: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .getErrorMessage */ .u1)(error)}.`;
}


/***/ }),

/***/ 166:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A: () => (/* binding */ sendWrite),
/* harmony export */   l: () => (/* binding */ writeGraceOf)
/* harmony export */ });
/* harmony import */ var _lifetime_abort_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3853);
/* harmony import */ var _lifetime_clock_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9269);
/* harmony import */ var _lifetime_cancellation_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(784);
/* harmony import */ var _lifetime_grace_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7603);
/* harmony import */ var _service_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5756);





/**
 * How long after the first signal a write already under way may still be answered. It ends 5 s
 * before the runner's kill: the summary, the check run and the pull request comment are written
 * after it, within main's bound a second before the kill.
 */
const WRITE_GRACE_MS = _lifetime_cancellation_js__WEBPACK_IMPORTED_MODULE_1__/* .RUNNER_KILL_AFTER_MS */ .uT - 5000;
/** The grace a mode's tuning gives its writes, defaults filled in. */
function writeGraceOf(tuning) {
    return { graceMs: tuning.writeGraceMs ?? WRITE_GRACE_MS, clock: tuning.clock ?? _lifetime_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .systemClock */ .ml };
}
/** Sends one no-code write and says how it ended; never throws. */
async function sendWrite(send, options) {
    const { signal } = options.cancellation;
    let release;
    if (options.places) {
        try {
            release = await options.places.acquire(signal);
        }
        catch {
            // Only the step's cancellation ends a wait for a place.
            return { kind: 'not-sent' };
        }
    }
    try {
        if (signal.aborted)
            return { kind: 'not-sent' };
        return await sendWithinGrace(send, options);
    }
    finally {
        release?.();
    }
}
/** Sends the write, cut short only when the grace after the first signal has run out. */
async function sendWithinGrace(send, options) {
    const grace = (0,_lifetime_grace_js__WEBPACK_IMPORTED_MODULE_2__/* .abortAfterFirstSignal */ .d)(options.cancellation, options.graceMs, options.clock);
    try {
        options.onSend?.();
        return { kind: 'done', answer: await send(grace.signal) };
    }
    catch (error) {
        if (grace.signal.aborted && (0,_lifetime_abort_js__WEBPACK_IMPORTED_MODULE_4__/* .isAbortError */ .zf)(error, grace.signal))
            return { kind: 'maybe-applied', cause: 'cancelled' };
        return failedWrite(error);
    }
    finally {
        grace.dispose();
    }
}
function failedWrite(error) {
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .AmbiguousWriteError */ .yI)
        return { kind: 'maybe-applied', cause: 'no-answer', error };
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UnexpectedResponseError */ .dk)
        return { kind: 'maybe-applied', cause: 'unreadable-answer', error };
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ApiError */ .hD)
        return { kind: 'refused', error };
    return { kind: 'failed', error };
}


/***/ }),

/***/ 8648:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ statusReporter)
/* harmony export */ });
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2011);
// How a long wait reads in the log: its status lines. The wait itself (pollUntil, its deadline
// and pauses) is in src/lifetime; durations are spelt by format.ts.

/**
 * Writes a status line when the status changes, and otherwise at most every `everyMs`, so a
 * long wait shows it is alive without flooding the log.
 */
function statusReporter(log, everyMs = 30_000) {
    let lastStatus;
    let lastAt = -Infinity;
    return (status, elapsedMs) => {
        if (status === lastStatus && elapsedMs - lastAt < everyMs)
            return;
        lastStatus = status;
        lastAt = elapsedMs;
        log(`${status} (${(0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(elapsedMs)} elapsed)`);
    };
}


/***/ })

};
