export const id = 741;
export const ids = [741];
export const modules = {

/***/ 666:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Pd: () => (/* binding */ growingPauses),
/* harmony export */   g3: () => (/* binding */ pollUntil),
/* harmony export */   zy: () => (/* binding */ repeatAfterPauses)
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
    const cutReads = options.cutReadsAtDeadline ?? true;
    const readSignal = cutReads ? deadline.cut(signal) : signal;
    let last;
    for (;;) {
        (0,_abort_js__WEBPACK_IMPORTED_MODULE_0__/* .throwIfAborted */ .Te)(signal);
        try {
            last = await options.read(readSignal);
        }
        catch (error) {
            if (cutReads && !signal.aborted && deadline.expired && (0,_abort_js__WEBPACK_IMPORTED_MODULE_0__/* .isAbortError */ .zf)(error))
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
        if (!options.readAtDeadline && (pause >= remaining || deadline.expired))
            return { outcome: 'timed-out', value: last };
    }
}
/**
 * Runs `work` after each pause until `signal` fires, and resolves then: a watch kept up beside
 * other work (the runs of a configuration version looked at again and again). The pauses start
 * at the first, as `pauses` gives them; `work` settles its own failures. `work` is handed the
 * signal, so that a piece of work under way ends with the watch rather than outliving it.
 */
async function repeatAfterPauses(options) {
    const { work, pauses, signal, clock } = options;
    const started = clock.now();
    while (!signal.aborted) {
        try {
            await clock.sleep(pauses(clock.now() - started), signal);
        }
        catch {
            return;
        }
        await work(signal);
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
/* harmony export */   i: () => (/* binding */ absoluteServiceUrl),
/* harmony export */   m: () => (/* binding */ servicePageUrl)
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
/**
 * A page of the service (`self-html`) as a link for a report: only on the service's own origin,
 * since a report links it as the service's page, and an answer naming another host is not one.
 */
function servicePageUrl(link, baseUrl) {
    const url = absoluteServiceUrl(link, baseUrl);
    return url !== null && new URL(url).origin === new URL(baseUrl).origin ? url : null;
}


/***/ }),

/***/ 7741:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  WRITES_AT_ONCE: () => (/* binding */ WRITES_AT_ONCE),
  runUpgradeNoCodeWorkspace: () => (/* binding */ runUpgradeNoCodeWorkspace)
});

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/lifetime/budgets.ts
var budgets = __webpack_require__(2697);
// EXTERNAL MODULE: ./src/lifetime/deadline.ts
var lifetime_deadline = __webpack_require__(8451);
// EXTERNAL MODULE: ./src/lifetime/limit.ts
var limit = __webpack_require__(3520);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/service/no-code.ts
var no_code = __webpack_require__(5800);
// EXTERNAL MODULE: ./src/report/format.ts
var format = __webpack_require__(2011);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/modes/no-code/results.ts
var results = __webpack_require__(1634);
// EXTERNAL MODULE: ./src/modes/no-code/writes.ts
var no_code_writes = __webpack_require__(166);
// EXTERNAL MODULE: ./src/modes/no-code/write-failure.ts
var write_failure = __webpack_require__(7116);
// EXTERNAL MODULE: ./src/modes/no-code/service-address.ts
var service_address = __webpack_require__(4230);
// EXTERNAL MODULE: ./src/modes/no-code/variables-table.ts
var variables_table = __webpack_require__(9844);
;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/upgrade-result.ts
// What the upgrade of one workspace is given and what it comes to: the upgrade's steps
// (start-upgrade, wait-for-plan, confirm-plan, follow-apply) and the mode's report share them.
/** Outcomes that fail the step: everything but a result the service reported in full. */
const FAILED_OUTCOMES = new Set([
    'failed',
    'timed-out',
    'apply-timed-out',
    'cancelled',
]);
/** A workspace as a message names it: its name beside its id where the name is known. */
function describeWorkspace(workspaceId, workspaceName) {
    return workspaceName ? `${workspaceName} (${workspaceId})` : workspaceId;
}

;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/waves.ts
// A rollout in waves: the workspaces, in the order of `workspace-id`, cut into the waves the
// `waves` input gives, and the rule that lets the next wave start. A bad module version then
// breaks the first wave's workspaces, not the fleet's.
/**
 * The waves of `workspaceIds`, in order: each size a count, a share of all the workspaces
 * (rounded up, at least one) or the rest. When the sizes end before the workspaces do, the last
 * size repeats (`1,5` over 40: a wave of one, then waves of five), so every workspace is in a
 * wave; sizes past the last workspace give no wave.
 */
function planWaves(workspaceIds, sizes) {
    const total = workspaceIds.length;
    const sizeOf = (size) => {
        if ('all' in size)
            return total;
        if ('percent' in size)
            return Math.max(1, Math.ceil((size.percent * total) / 100));
        return size.count;
    };
    const waves = [];
    let next = 0;
    for (let i = 0; next < total; i++) {
        const size = sizeOf(sizes[Math.min(i, sizes.length - 1)] ?? { all: true });
        waves.push(workspaceIds.slice(next, next + size));
        next += size;
    }
    return waves;
}
/**
 * Whether a workspace's upgrade ended well enough for the next wave to start: applied (with
 * `confirm`, the only success, or on its own), or with nothing to apply (already current, a plan
 * with no changes); without `confirm`, a plan ready and waiting also counts. A confirm whose
 * apply the service never reported is no proof the version works: the rollout stops there.
 */
function endedWell(result, confirm) {
    switch (result.outcome) {
        case 'applied':
        case 'current':
        case 'no-changes':
            return true;
        case 'planned':
            return !confirm;
        default:
            return false;
    }
}

;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/report.ts







/** Each outcome in words, as a row of the summary begins. */
const OUTCOME_TEXT = {
    applied: '✅ applied',
    planned: '📝 plan ready, not confirmed',
    'no-changes': '➖ no changes',
    current: '✔️ already current, nothing started',
    confirmed: '⚠️ confirmed, no apply status reported',
    failed: '❌ failed',
    'timed-out': '⏱️ timed out waiting for the plan',
    'apply-timed-out': '⏱️ confirmed, timed out waiting for the apply',
    cancelled: '⛔ cancelled',
    'would-upgrade': '🔍 would start an upgrade',
    'not-started': '⏭️ not started',
};
/** Counts shown in the summary, in this order; zero counts are left out. */
const COUNTED = [
    ['applied', 'applied'],
    ['planned', 'ready, not confirmed'],
    ['no-changes', 'no changes'],
    ['current', 'already current'],
    ['confirmed', 'confirmed, no apply status reported'],
    ['failed', 'failed'],
    ['timed-out', 'timed out'],
    ['apply-timed-out', 'apply timed out'],
    ['cancelled', 'cancelled'],
    ['would-upgrade', 'would be upgraded'],
    ['not-started', 'not started'],
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
        moduleVersionFrom: r.moduleVersionFrom,
        moduleVersionTo: input.versionPin,
        wave: r.wave ?? 1,
        ...(r.error !== undefined ? { error: r.error } : {}),
        ...(r.warning !== undefined ? { warning: r.warning } : {}),
    }));
    // One line per workspace, in input order, so that the lines of the three outputs match up.
    const outputs = {
        'run-id': results.map((r) => r.runId ?? '').join('\n'),
        status: results.map((r) => r.status ?? '').join('\n'),
        'plan-url': results.map((r) => r.planUrl ?? '').join('\n'),
        applied: applied ? 'true' : 'false',
        result: entries,
        // What a next run takes to go on where this one stopped.
        'resume-workspace-ids': input.dryRun
            ? ''
            : results
                .filter((r) => !endedWell(r, input.confirm))
                .map((r) => r.workspaceId)
                .join('\n'),
    };
    const annotations = [
        ...failed.map((r) => ({
            level: 'error',
            title: `Upgrade of ${describeWorkspace(r.workspaceId, r.workspaceName)}`,
            message: r.error ?? OUTCOME_TEXT[r.outcome],
        })),
        ...results
            .filter((r) => r.warning !== undefined && !FAILED_OUTCOMES.has(r.outcome))
            .map((r) => ({
            level: 'warning',
            title: `Upgrade of ${describeWorkspace(r.workspaceId, r.workspaceName)}`,
            message: r.warning ?? '',
        })),
    ];
    const title = titleOf(input, failed.length);
    let failure = null;
    const stopped = stopText(input.rollout, results);
    if (input.cancelled)
        failure = (0,errors/* stepFailure */.nK)(`The step was cancelled: ${countsText(results)}.${stopped ? ` ${stopped}` : ''}`);
    else if (failed.length > 0 || input.rollout.stop !== null) {
        failure = (0,errors/* stepFailure */.nK)((failed.length > 0
            ? `${failed.length} of ${(0,src_text/* plural */.LS)(results.length, 'workspace upgrade')} did not succeed: ` +
                failed.map((r) => describeWorkspace(r.workspaceId, r.workspaceName)).join(', ') +
                ' (see the annotations and the job summary).'
            : '') + (stopped ? `${failed.length > 0 ? ' ' : ''}${stopped}` : ''));
    }
    const conclusion = input.cancelled ? 'cancelled' : failure !== null ? 'failure' : 'success';
    return { title, summary: summaryOf(input, failure !== null), annotations, outputs, failure, conclusion };
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
/** The summary's heading: what the step did, and ❌ when it failed, ⚠️ when something went unreported. */
function headingOf(input, failed) {
    if (input.dryRun)
        return 'Upgrade of no-code workspaces (dry run)';
    if (input.cancelled)
        return '⏹️ Upgrade of no-code workspaces: cancelled';
    if (failed)
        return '❌ Upgrade of no-code workspaces';
    if (input.results.some((r) => r.warning !== undefined))
        return '⚠️ Upgrade of no-code workspaces';
    return '✅ Upgrade of no-code workspaces';
}
function summaryOf(input, failed) {
    const { results } = input;
    const intro = (0,markdown/* paragraph */.FY)((0,markdown/* html */.qy)(`No-code module ${(0,markdown/* inlineCode */.ti)(input.noCodeModuleId).html}${input.versionPin ? ` (version pin ${(0,markdown/* escapeHtml */.ZD)(input.versionPin)})` : ''}.`), input.confirm
        ? `Ready plans ${input.dryRun ? 'would be' : 'are'} confirmed, and each apply followed until the service reports its end.`
        : `Plans ${input.dryRun ? 'would not be' : 'are not'} confirmed (confirm is false).`, !input.dryRun &&
        `The wait${input.confirm ? ', plan and apply together,' : ''} lasts at most ${(0,format/* formatDuration */.a3)(input.timeoutMs)}.`);
    const counts = (0,markdown/* countsLine */.J7)(COUNTED.map(([outcome, label]) => [label, results.filter((r) => r.outcome === outcome).length]), { skipZero: true });
    const withVersions = results.some((r) => r.moduleVersionFrom !== null) || input.versionPin !== null;
    const rowOf = (r) => [
        workspaceCell(r, input.workspacePages?.get(r.workspaceId)),
        ...(withVersions ? [versionCell(r.moduleVersionFrom, input.versionPin)] : []),
        ...(input.dryRun
            ? []
            : [
                r.runId ? (0,markdown/* inlineCode */.ti)(r.runId) : '–',
                planCell(r.planUrl, input.serviceOrigin),
                r.status ? (0,markdown/* inlineCode */.ti)(r.status) : '–',
            ]),
        resultCell(r),
    ];
    const headers = [
        'Workspace',
        ...(withVersions ? ['Module version'] : []),
        ...(input.dryRun ? [] : ['Run', 'Plan', 'Last status']),
        'Outcome',
    ];
    return (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)(headingOf(input, failed)), input.dryRun && (0,markdown/* dryRunBanner */.NI)('No upgrade was started: this is what would be done.'), intro, counts, input.rollout.waves > 1
        ? wavesSection(input, (rows) => (0,markdown/* table */.tp)(headers, rows.map(rowOf)))
        : (0,markdown/* table */.tp)(headers, results.map(rowOf)), input.rollout.stop !== null && (0,markdown/* paragraph */.FY)(stopText(input.rollout, results)), input.cancelled && (0,markdown/* paragraph */.FY)('The step was cancelled: upgrade runs that had started go on in the service.'), input.vars.length > 0 &&
        (0,markdown/* details */.zH)(`Variables sent with each upgrade (${input.vars.length})`, (0,variables_table/* variablesTable */.o)(input.vars), {
            open: input.dryRun,
        }));
}
/**
 * The plan's address: linked on the service's own origin; shown as code elsewhere, since a
 * report links it as the service's page and an answer naming another host is not one.
 */
function planCell(planUrl, serviceOrigin) {
    if (planUrl === null)
        return '–';
    return new URL(planUrl).origin === serviceOrigin ? (0,markdown/* link */.nf)('plan', planUrl) : (0,markdown/* inlineCode */.ti)(planUrl);
}
/** Each wave under a heading of its own, with its verdict, then its rows. */
function wavesSection(input, tableOf) {
    const { waves } = input.rollout;
    return (0,markdown/* joinBlocks */.x9)(...Array.from({ length: waves }, (_, index) => {
        const wave = index + 1;
        const rows = input.results.filter((r) => (r.wave ?? 1) === wave);
        return (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)(`Wave ${wave} of ${waves} (${(0,src_text/* plural */.LS)(rows.length, 'workspace')}): ${waveVerdict(input, rows)}`, 3), tableOf(rows));
    }));
}
/** A wave's verdict in a few words. */
function waveVerdict(input, rows) {
    if (input.dryRun)
        return '🔍 would run';
    if (rows.every((r) => r.outcome === 'not-started'))
        return '⏭️ not started';
    if (rows.some((r) => r.outcome === 'cancelled'))
        return '⛔ cancelled';
    if (rows.every((r) => endedWell(r, input.confirm)))
        return '✅ ended well';
    return rows.some((r) => FAILED_OUTCOMES.has(r.outcome)) ? '❌ failed' : '⚠️ did not end well';
}
/** Where a rollout stopped and what was left, in a sentence; empty when it ran every wave. */
function stopText(rollout, results) {
    const { stop, waves } = rollout;
    if (stop === null)
        return '';
    const rest = results.filter((r) => r.outcome === 'not-started').length;
    const ran = stop.wave === 1 ? 'Wave 1' : `Waves 1 to ${stop.wave}`;
    const why = stop.kind === 'failed'
        ? `wave ${stop.wave} did not end well, so the rollout stopped there`
        : `the step was cancelled after wave ${stop.wave}`;
    const left = `${(0,src_text/* plural */.LS)(rest, 'workspace')} of the later waves ${rest === 1 ? 'was' : 'were'} not started`;
    return `${ran} of ${waves} ran; ${why}: ${left} (output resume-workspace-ids lists what a next run takes).`;
}
/** The workspace's name where the service gave it, and always its id; linked to its page. */
function workspaceCell(r, page) {
    if (!r.workspaceName)
        return (0,markdown/* link */.nf)((0,markdown/* inlineCode */.ti)(r.workspaceId), page);
    return (0,markdown/* html */.qy)(`${(0,markdown/* link */.nf)(r.workspaceName, page).html}<br>${(0,markdown/* inlineCode */.ti)(r.workspaceId).html}`);
}
/** The module version a workspace moves from and to, as far as the service said. */
function versionCell(from, to) {
    const known = (v) => (v === null ? 'not known' : v);
    if (from !== null && from === to)
        return `${from} (unchanged)`;
    return `${known(from)} → ${known(to)}`;
}
/** The outcome in words, then what happened: the error, warning or note. */
function resultCell(r) {
    const text = OUTCOME_TEXT[r.outcome];
    const detail = r.error ?? r.warning ?? r.note;
    if (!detail)
        return text;
    // A cancellation's detail says it was cancelled, and how: the mark alone goes before it.
    if (r.outcome === 'cancelled')
        return `${text.split(' ')[0]} ${detail}`;
    return `${text}: ${detail}`;
}

// EXTERNAL MODULE: ./src/service/shapes.ts
var shapes = __webpack_require__(8773);
;// CONCATENATED MODULE: ./src/service/run-status.ts
// The lifecycle of a run of the service, stated once as data: where each status leaves the run,
// and what it means for a person.
//
// Spec 3.3 names the statuses of a run up to its plan and shows no transition, and nothing past
// the plan. Where it is silent the service's public API documentation of runs is the referee:
// its list of run states (every status, which are final, which wait for a person, which can be
// confirmed), its page of run stages (a plan goes on to cost estimation, policy checks and run
// tasks after `planned`), and the statuses the service's own workflow tooling waits for (it
// warns that stopping at `cost_estimated` ejects too early when policy checks follow).

const plan = (meaning) => ({ phase: 'plan', meaning });
const apply = (meaning) => ({ phase: 'apply', meaning });
const ended = (meaning) => ({ phase: 'ended-without-apply', meaning });
/** Every status of a run the service documents, with what it means. */
const RUN_STATUSES = {
    pending: plan('waits in the workspace queue'),
    fetching: plan('waits for its configuration to be fetched'),
    fetching_completed: plan('has fetched its configuration'),
    pre_plan_running: plan('runs the run tasks before the plan'),
    pre_plan_completed: plan('has run the run tasks before the plan'),
    pre_plan_awaiting_decision: {
        phase: 'awaiting-decision',
        meaning: 'waits for a decision on a run task that failed before its plan',
        todo: 'someone must decide on the run task (go on, or discard the run) in the service',
    },
    queuing: plan('is being queued for its plan'),
    plan_queued: plan('waits for the service to start its plan'),
    planning: plan('is planning'),
    planned: {
        phase: 'awaiting-confirmation',
        passedThrough: true,
        meaning: 'has a plan (cost estimation, policy checks or run tasks may follow)',
    },
    cost_estimating: plan('is estimating the cost of its plan'),
    cost_estimated: {
        phase: 'awaiting-confirmation',
        passedThrough: true,
        meaning: 'has estimated the cost of its plan (policy checks or run tasks may follow)',
    },
    policy_checking: plan('is checking its plan against the policies'),
    policy_checked: { phase: 'awaiting-confirmation', meaning: 'has a plan that passed its policy checks' },
    post_plan_running: plan('runs the run tasks after the plan'),
    post_plan_completed: { phase: 'awaiting-confirmation', meaning: 'has run the run tasks after its plan' },
    planned_and_saved: { phase: 'awaiting-confirmation', meaning: 'has a saved plan' },
    policy_override: {
        phase: 'awaiting-decision',
        meaning: 'waits for a policy override: a soft-mandatory policy failed on its plan',
        todo: 'someone allowed to override policies must override the failed policy (or discard the run) in the service',
    },
    post_plan_awaiting_decision: {
        phase: 'awaiting-decision',
        meaning: 'waits for a decision on a run task that failed after its plan',
        todo: 'someone must decide on the run task (go on, or discard the run) in the service',
    },
    planned_and_finished: {
        phase: 'ended-without-apply',
        nothingToApply: true,
        meaning: 'finished its plan with nothing to change',
    },
    policy_soft_failed: ended('ended: a soft-mandatory policy failed on a plan that cannot be applied'),
    discarded: ended('was discarded'),
    errored: ended('errored'),
    canceled: ended('was cancelled'),
    force_canceled: ended('was force-cancelled'),
    confirmed: apply('was confirmed'),
    queuing_apply: apply('is being queued for its apply'),
    apply_queued: apply('waits for the service to start its apply'),
    pre_apply_running: apply('runs the run tasks before the apply'),
    pre_apply_completed: apply('has run the run tasks before the apply'),
    pre_apply_awaiting_decision: {
        phase: 'awaiting-decision',
        meaning: 'waits for a decision on a run task that failed before its apply',
        todo: 'someone must decide on the run task (go on with the apply, or discard the run) in the service',
    },
    applying: apply('is applying its plan'),
    applied: { phase: 'applied', meaning: 'was applied' },
    // The apply's run tasks come after `applied`, which stands: the plan was applied.
    post_apply_running: { phase: 'applied', meaning: 'was applied, and runs the run tasks after the apply' },
    post_apply_completed: { phase: 'applied', meaning: 'was applied, and has run the run tasks after the apply' },
};
/** The facts of a status, or undefined for one the documentation does not name. */
function runStatusFacts(status) {
    return Object.hasOwn(RUN_STATUSES, status) ? RUN_STATUSES[status] : undefined;
}
/** The phase of a status; undefined for one the documentation does not name (it is waited on). */
function runPhase(status) {
    return runStatusFacts(status)?.phase;
}
const NAMED = new Set(Object.keys(RUN_STATUSES));
/** A run's status as a message shows it: its name, or, for one nobody documents, quoted and said so. */
function describeRunStatus(status) {
    return (0,shapes/* describeStatus */.Wn)(status, NAMED);
}
/**
 * What the run's own document says of a confirmation, where it says anything: the service's run
 * documents carry `actions.is-confirmable`; spec 2.8 shows no `actions` for an upgrade, so it is
 * usually unknown (undefined).
 */
function isConfirmableFlag(upgrade) {
    const flag = upgrade.attributes.actions?.['is-confirmable'];
    return typeof flag === 'boolean' ? flag : undefined;
}
/** Where the plan stands by one read of the run: its status, and `is-confirmable` when given. */
function readPlan(upgrade) {
    const phase = runPhase(upgrade.attributes.status);
    switch (phase) {
        case 'awaiting-decision':
            return 'awaiting-decision';
        case 'ended-without-apply':
            return 'ended';
        case 'apply':
            return 'applying';
        case 'applied':
            return 'applied';
        default:
    }
    // The run's own word, when it gives it, settles the rest.
    const confirmable = isConfirmableFlag(upgrade);
    if (confirmable !== undefined)
        return confirmable ? 'stopped' : 'under-way';
    if (phase !== 'awaiting-confirmation')
        return 'under-way';
    return runStatusFacts(upgrade.attributes.status)?.passedThrough ? 'maybe-stopped' : 'stopped';
}

// EXTERNAL MODULE: ./src/lifetime/grace.ts
var grace = __webpack_require__(7603);
// EXTERNAL MODULE: ./src/lifetime/poll.ts
var poll = __webpack_require__(666);
// EXTERNAL MODULE: ./src/service/errors.ts
var service_errors = __webpack_require__(5756);
;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/wait-for-upgrade-run.ts



/**
 * The share of the client's pace that status reads of all upgrade waits together take: two
 * thirds, the rest left for the initiates and confirms.
 */
const STATUS_READS_SHARE = 2 / 3;
/**
 * The schedule for watching `workspaces` runs at once, on a client that sends `requestsPerSecond`
 * (default the service's documented 30): four reads a second for a lone run, fewer per run as
 * more are watched so that the reads together never crowd the pace; a fifth of the time waited
 * once that is longer; at most every 10 s.
 */
function upgradeWaitSchedule(workspaces, requestsPerSecond = 30) {
    const statusReadsPerSecond = Math.max(1, requestsPerSecond * STATUS_READS_SHARE);
    const minIntervalMs = Math.max(budgets/* UPGRADE_READ_FIRST_MS */.Kn, Math.ceil((workspaces * 1000) / statusReadsPerSecond));
    return { minIntervalMs, fraction: 0.2, maxIntervalMs: Math.max(budgets/* UPGRADE_READ_LONGEST_MS */.Uu, minIntervalMs) };
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
/** `pauses`, each cut to what `atMost` allows at the time. */
function cappedPauses(pauses, atMost) {
    if (atMost === undefined)
        return pauses;
    return (waitedMs) => Math.min(pauses(waitedMs), atMost() ?? Infinity);
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
            pauses: cappedPauses(upgradeWaitPauses(options.schedule), options.pauseAtMost),
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
            await deadline.reached(options.signal);
            return { outcome: 'timed-out', value: last, lastRead: 'rate-limited' };
        }
        throw error;
    }
}

// EXTERNAL MODULE: ./src/report/wait-status.ts
var wait_status = __webpack_require__(8648);
;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/upgrade-run.ts


/** One workspace's result: `fields` over what its document said and what nothing has said yet. */
function workspaceResult(options, workspaceName, fields) {
    return {
        workspaceId: options.workspaceId,
        workspaceName,
        moduleVersionFrom: options.workspace?.moduleVersion ?? null,
        planReady: false,
        planUnknown: false,
        applied: false,
        ...fields,
    };
}
/** How an upgrade's writes (initiate, confirm) are sent: within the grace after a signal, in the
 *  places that bound the writes in flight across all workspaces. */
function upgradeWriteOptions(options) {
    return { cancellation: options.cancellation, ...options.writeGrace, places: options.writes };
}
/**
 * The upgrade's run as the step last read it, shared by the steps that follow it (the plan, the
 * confirmation, the apply): every read goes through `seen`, so each result reports the latest
 * status, plan address and workspace name.
 */
class UpgradeRun {
    options;
    /** The log, each line naming the workspace. */
    log;
    runId;
    #upgrade;
    #status;
    #planUrl;
    #workspaceName;
    /** Time in the status lines counts from the start, across the plan and the apply. */
    #startedAt;
    #report;
    constructor(options, log, started) {
        this.options = options;
        this.log = log;
        this.#upgrade = started.upgrade;
        this.#workspaceName = started.workspaceName ?? options.workspace?.name ?? null;
        this.runId = started.upgrade.id;
        this.#status = started.upgrade.attributes.status;
        this.#planUrl = started.upgrade.attributes['plan-url'] ?? null;
        this.#startedAt = this.clock.now();
        this.#report = (0,wait_status/* statusReporter */.W)(log);
    }
    get signal() {
        return this.options.cancellation.signal;
    }
    get clock() {
        return this.options.deadline.clock;
    }
    /** The run's status as last read. */
    get status() {
        return this.#status;
    }
    /** The run's document as last read. */
    get upgrade() {
        return this.#upgrade;
    }
    known() {
        return { workspaceName: this.#workspaceName, runId: this.runId, status: this.#status, planUrl: this.#planUrl };
    }
    /** The run as last read, as an answer a wait starts from. */
    answer() {
        return { upgrade: this.#upgrade, workspaceName: this.#workspaceName };
    }
    /** Takes in an answer: a plan address or workspace name once given is kept when the next omits it. */
    seen(answer) {
        this.#upgrade = answer.upgrade;
        this.#status = this.#upgrade.attributes.status;
        this.#planUrl = this.#upgrade.attributes['plan-url'] ?? this.#planUrl;
        this.#workspaceName = answer.workspaceName ?? this.#workspaceName;
    }
    read(signal) {
        const { api, noCodeModuleId, workspaceId } = this.options;
        return api.readUpgrade(noCodeModuleId, workspaceId, this.runId, { signal });
    }
    /** Reads the run from `first` on until `isFinal`, within `deadline` (the step's, by default). */
    follow(first, isFinal, more = {}) {
        return waitForUpgradeRun({
            first,
            read: (signal) => this.read(signal),
            isFinal,
            onValue: (a) => {
                this.seen(a);
                this.#report(this.#status, this.clock.now() - this.#startedAt);
            },
            signal: this.signal,
            deadline: more.deadline ?? this.options.deadline,
            schedule: this.options.schedule,
            pauseAtMost: more.pauseAtMost,
        });
    }
    /** The workspace's result: `fields` over what is known of the run. */
    result(fields) {
        return workspaceResult(this.options, this.#workspaceName, { ...this.known(), ...fields });
    }
    /** Where the plan page is, as a clause ending a sentence: only the service's own page is named. */
    planPageNote() {
        const page = this.#planUrl === null ? null : this.options.servicePage(this.#planUrl);
        return page === null ? '' : `: ${page}`;
    }
}
/** What a timed-out wait's last read did, for its message. */
function lastReadNote(waited) {
    if (waited.outcome !== 'timed-out' || waited.lastRead === undefined)
        return '';
    return waited.lastRead === 'unanswered'
        ? '; a status read was still unanswered at the deadline'
        : '; the service answered 429 and asked to wait past the deadline';
}

;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/confirm-plan.ts






/**
 * Confirms a plan that has stopped: the run to follow through the apply once the confirmation
 * arrived; `premature` when the service refused it as the plan had not stopped (409: a policy
 * check or a run task was still to come), so the wait for the plan goes on; otherwise the
 * workspace's result.
 */
async function confirmPlan(run) {
    const { api, noCodeModuleId, workspaceId } = run.options;
    const confirm = await (0,no_code_writes/* sendWrite */.A)((writeSignal) => api.confirmUpgrade(noCodeModuleId, workspaceId, run.runId, { signal: writeSignal }), upgradeWriteOptions(run.options));
    if (confirm.kind === 'done') {
        run.log(`upgrade run ${run.runId} confirmed; following the apply`);
        return { answer: run.answer() };
    }
    if (confirm.kind === 'refused' && confirm.error.status === 409 && !run.signal.aborted) {
        run.log(`the service refused the confirmation in ${run.status} (409): the plan is not ready yet; waiting for it to stop`);
        return { premature: true };
    }
    return afterFailedConfirm(run, confirm);
}
/**
 * A confirm that did not end done, nor refused as premature. When its answer was lost, the
 * run's status tells whether it arrived, once it moves past the confirmed one (which may take
 * the service a moment); a second confirmation is never sent.
 */
async function afterFailedConfirm(run, confirm) {
    const { options, runId } = run;
    const confirmFailed = (error) => ({
        result: run.result({
            planReady: true,
            outcome: 'failed',
            error: `The plan was ready but its confirmation failed: ${(0,errors/* getErrorMessage */.u1)(error)}`,
        }),
    });
    switch (confirm.kind) {
        case 'not-sent':
            return {
                result: run.result({
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
        const grace = (0,format/* formatPreciseDuration */.DE)(options.writeGrace.graceMs);
        const message = `The step was cancelled while the plan of run ${runId} was being confirmed, and the service did not answer within ${grace}, ` +
            `so it may have been applied: look at its plan page.`;
        return { result: run.result({ planReady: true, outcome: 'cancelled', error: message }) };
    }
    if (confirm.cause !== 'no-answer')
        return confirmFailed(confirm.error);
    const confirmedIn = run.status;
    // Under cancellation one read gets what is left of the writes' grace, which counts from the
    // first signal, not from this read.
    const bound = (0,grace/* abortAfterFirstSignal */.d)(options.cancellation, options.writeGrace.graceMs, options.writeGrace.clock);
    let after = await run
        .read(bound.signal)
        .catch(() => undefined)
        .finally(() => bound.dispose());
    if (after)
        run.seen(after);
    if (after !== undefined && run.status === confirmedIn && !run.signal.aborted) {
        const settled = await waitForUpgradeRun({
            first: after,
            read: (signal) => run.read(signal),
            isFinal: (a) => a.upgrade.attributes.status !== confirmedIn,
            onValue: (a) => run.seen(a),
            signal: run.signal,
            deadline: options.deadline.within(options.confirmSettleMs),
            schedule: options.schedule,
        }).catch(() => undefined);
        after = settled?.value ?? after;
    }
    if (after === undefined || run.status === confirmedIn) {
        return {
            result: run.result({
                planReady: true,
                outcome: 'failed',
                error: `The confirmation of upgrade run ${runId} ended without an answer (${confirm.error.reason}) ` +
                    `and the run now reads ${after ? run.status : 'as unknown'}; ` +
                    `it was not sent again. Look at the run's plan page or workspace ${options.workspaceId} in the service.`,
            }),
        };
    }
    run.log(`upgrade run ${runId} moved on to ${run.status} (the confirmation's answer was lost); following the apply`);
    return { answer: after };
}

;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/follow-apply.ts




/**
 * The apply. Spec 4.3's confirm answers only a message, so the run is read until it ends:
 * `applied`, or a failure. A run that never reads past the status it was confirmed in, for
 * `applyStatusWindowMs` (or until the timeout, if that comes first), is a service that reports
 * no apply status: the workspace ends `confirmed`, with a warning.
 */
async function followApply(run, first, confirmedIn) {
    const { clock, options, runId } = run;
    const confirmedAt = clock.now();
    const ended = (a) => {
        const phase = runPhase(a.upgrade.attributes.status);
        return phase === 'applied' || phase === 'ended-without-apply' || phase === 'awaiting-decision';
    };
    try {
        const silence = await run.follow(first, (a) => a.upgrade.attributes.status !== confirmedIn, {
            deadline: options.deadline.within(options.applyStatusWindowMs),
        });
        if (silence.outcome === 'timed-out') {
            const waited = (0,format/* formatDuration */.a3)(clock.now() - confirmedAt);
            run.log(`confirmed; the service reported no apply status within ${waited} (${run.status})`);
            return run.result({
                planReady: true,
                outcome: 'confirmed',
                warning: `Confirmed; the service reported no apply status within ${waited}: run ${runId} still reads ${run.status}, ` +
                    `as when it was confirmed${lastReadNote(silence)}. Whether it was applied is not known: look at its plan page.`,
            });
        }
        const waited = await run.follow(silence.value, ended);
        if (waited.outcome === 'timed-out') {
            run.log(`confirmed; the apply had not ended at the timeout (${run.status})`);
            return run.result({
                planReady: true,
                outcome: 'apply-timed-out',
                error: `Confirmed, but the apply had not ended at the timeout (${(0,format/* formatDuration */.a3)(options.timeoutMs)}): ` +
                    `the last status of run ${runId} was ${describeRunStatus(run.status)}${lastReadNote(waited)}. ` +
                    'The apply may go on in the service: look at its plan page.',
            });
        }
    }
    catch (error) {
        if (run.signal.aborted) {
            return run.result({
                planReady: true,
                outcome: 'cancelled',
                error: `The step was cancelled after the plan of run ${runId} was confirmed (status ${run.status}); the apply goes on in the service.`,
            });
        }
        return run.result({
            planReady: true,
            outcome: 'failed',
            error: `Confirmed, but the status of upgrade run ${runId} could not be read after the confirmation: ${(0,errors/* getErrorMessage */.u1)(error)}. ` +
                `The apply may go on in the service: look at its plan page.`,
        });
    }
    return applyEnding(run);
}
/** How an apply that ended reads: applied, or the status it ended in and what to do about it. */
function applyEnding(run) {
    const { runId, status } = run;
    const facts = runStatusFacts(status);
    if (facts?.phase === 'applied') {
        run.log(`upgrade run ${runId} applied`);
        return run.result({ planReady: true, outcome: 'applied', applied: true });
    }
    run.log(`upgrade run ${runId} ended as ${status} after the confirmation`);
    const what = facts?.phase === 'awaiting-decision'
        ? `the run ${facts.meaning} (status ${status}): ${facts.todo ?? 'someone must act on it in the service'}${run.planPageNote()}`
        : `the upgrade run ${facts?.meaning ?? `ended as ${status}`} (status ${status}): see its plan page`;
    return run.result({ planReady: true, outcome: 'failed', error: `The plan was confirmed, but ${what}.` });
}

;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/start-upgrade.ts





/**
 * Initiates the upgrade: the run the service started, or the workspace's result when no run is
 * known (not sent, refused, no upgrade to make, an answer lost) or the step was cancelled as it
 * started.
 */
async function startUpgrade(options, log) {
    const { api, noCodeModuleId, workspaceId } = options;
    const result = (fields) => ({
        result: workspaceResult(options, options.workspace?.name ?? null, fields),
    });
    const grace = (0,format/* formatPreciseDuration */.DE)(options.writeGrace.graceMs);
    const initiate = await (0,no_code_writes/* sendWrite */.A)((writeSignal) => api.initiateUpgrade(noCodeModuleId, workspaceId, [...options.vars], { signal: writeSignal }), upgradeWriteOptions(options));
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
    if ('noUpgrade' in initiate.answer) {
        log(`no upgrade available: ${initiate.answer.message}`);
        return result({
            ...none,
            outcome: 'current',
            note: `The service has no upgrade for it (it said: ${(0,src_text/* quoteClipped */.Wr)(initiate.answer.message, 120)}).`,
        });
    }
    const run = new UpgradeRun(options, log, initiate.answer);
    log(`upgrade run ${run.runId} started (${run.status})`);
    if (run.signal.aborted) {
        return {
            result: run.result({
                outcome: 'cancelled',
                planUnknown: true,
                error: `The step was cancelled after upgrade run ${run.runId} was started (status ${run.status}); it goes on in the service.`,
            }),
        };
    }
    return { run };
}
function initiateFailure(failed, noCodeModuleId, workspaceId) {
    return (0,write_failure/* describeWriteFailure */.j)(failed, {
        operation: `to start the upgrade of workspace ${workspaceId}`,
        ids: `workspace ${workspaceId} (provisioned from no-code module ${noCodeModuleId})`,
        ifUnknown: 'No upgrade run is known, so none was followed or confirmed; the upgrade may have started: ' +
            `check workspace ${workspaceId} in the service before running again.`,
    });
}

;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/wait-for-plan.ts




/**
 * Reads the run until its plan has stopped, or the run ended, waits for a person, or was
 * applied without the action. A status that may be passed through counts as stopped once it
 * stayed `planSettleMs`; after a refused confirm, only a status reached since counts. The wait
 * ends in the workspace's result when the timeout, the step's cancellation or a failed read
 * ends it first.
 */
async function waitForPlan(run, first, refused) {
    const { clock, options } = run;
    let lastStatus;
    let since = clock.now();
    let moved = refused === undefined;
    let settling = false;
    const isFinal = (a) => {
        const s = a.upgrade.attributes.status;
        if (s !== lastStatus) {
            lastStatus = s;
            since = clock.now();
            if (s !== refused)
                moved = true;
        }
        const reading = readPlan(a.upgrade);
        settling = false;
        if (reading === 'under-way' || reading === 'applying')
            return false;
        if (reading === 'stopped')
            return moved;
        if (reading === 'maybe-stopped') {
            if (!moved)
                return false;
            settling = clock.now() - since < options.planSettleMs;
            return !settling;
        }
        return true;
    };
    // While a status stays, the next read comes when it has stayed long enough, not later.
    const pauseAtMost = () => settling ? Math.max(1, since + options.planSettleMs - clock.now()) : undefined;
    try {
        const waited = await run.follow(first, isFinal, { pauseAtMost });
        if (waited.outcome === 'timed-out') {
            run.log(`timed out (${run.status})`);
            const refusal = refused === undefined
                ? ''
                : `; the service refused its confirmation in ${refused} (409), and the plan had not stopped again since`;
            return {
                result: run.result({
                    outcome: 'timed-out',
                    planUnknown: true,
                    error: `Timed out after ${(0,format/* formatDuration */.a3)(options.timeoutMs)} waiting for the upgrade plan of run ${run.runId} ` +
                        `(last status: ${describeRunStatus(run.status)}${lastReadNote(waited)}${refusal}); ` +
                        'the run goes on in the service: look at its plan page, or raise the timeout input.',
                }),
            };
        }
    }
    catch (error) {
        if (run.signal.aborted) {
            return {
                result: run.result({
                    outcome: 'cancelled',
                    planUnknown: true,
                    error: `The step was cancelled while waiting for the plan (status ${run.status}); upgrade run ${run.runId} goes on in the service.`,
                }),
            };
        }
        return {
            result: run.result({
                outcome: 'failed',
                planUnknown: true,
                error: `Could not read the status of upgrade run ${run.runId}: ${(0,errors/* getErrorMessage */.u1)(error)}; the run may still go on in the service.`,
            }),
        };
    }
    return { stopped: true };
}

;// CONCATENATED MODULE: ./src/modes/no-code/upgrade/upgrade-workspace.ts







/**
 * Upgrades one workspace: initiates the upgrade, waits for its plan, and, when asked, confirms
 * a ready plan and follows the apply to its end. Never throws: every way this can end is a
 * result, so that one workspace failing does not stop the others.
 */
async function upgradeWorkspace(options) {
    const log = (line) => options.log(`${options.workspaceId}: ${line}`);
    const start = await startUpgrade(options, log);
    if ('result' in start)
        return start.result;
    const { run } = start;
    // The plan and its confirmation. A plan is confirmed once it has stopped; a confirm answered
    // 409 says it had not (a policy check or a run task was still to come), so the wait goes on,
    // and the next confirm goes out only once the plan has moved on and stopped again.
    let current = run.answer();
    /** The status in which the service refused the last confirm (409), if it did. */
    let refusedIn;
    for (;;) {
        const plan = await waitForPlan(run, current, refusedIn);
        if ('result' in plan)
            return plan.result;
        const ending = stoppedPlanEnding(run);
        if (ending !== undefined)
            return ending;
        if (!options.confirm) {
            return run.result({ planReady: true, outcome: 'planned', note: 'Set confirm to true to apply ready plans.' });
        }
        const confirmedIn = run.status;
        const confirm = await confirmPlan(run);
        if ('result' in confirm)
            return confirm.result;
        if ('premature' in confirm) {
            refusedIn = run.status;
            current = run.answer();
            continue;
        }
        return followApply(run, confirm.answer, confirmedIn);
    }
}
/**
 * How a plan that stopped ends without a confirmation: it waits for a person in the service, it
 * ended (with nothing to change, or failed), or the service applied it by itself. Undefined
 * when it is ready to be confirmed.
 */
function stoppedPlanEnding(run) {
    const { status } = run;
    const facts = runStatusFacts(status);
    const runRef = () => `upgrade run ${run.runId} of workspace ${describeWorkspace(run.options.workspaceId, run.known().workspaceName)}`;
    switch (readPlan(run.upgrade)) {
        case 'awaiting-decision':
            run.log(`${status}: waits for a person in the service; not confirmed`);
            return run.result({
                outcome: 'failed',
                error: `${(0,src_text/* capitalise */.sK)(runRef())} ${facts?.meaning ?? `reads ${status}`} (status ${status}), so it was not confirmed: ` +
                    `${facts?.todo ?? 'someone must act on it in the service'}, then confirm it there${run.planPageNote()}.`,
            });
        case 'ended':
            if (facts?.nothingToApply)
                return run.result({ outcome: 'no-changes' });
            return run.result({
                outcome: 'failed',
                error: `${(0,src_text/* capitalise */.sK)(runRef())} ${facts?.meaning ?? `ended as ${status}`} (status ${status}): see its plan page.`,
            });
        case 'applied':
            return run.result({
                outcome: 'applied',
                applied: true,
                note: 'The service applied the plan without a confirmation.',
            });
        default:
            return undefined;
    }
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
/** The outputs when no upgrade was started: every workspace is for a next run to resume with. */
function nothingStarted(workspaceIds) {
    return {
        'run-id': '',
        status: '',
        'plan-url': '',
        applied: 'false',
        result: [],
        'resume-workspace-ids': workspaceIds.join('\n'),
    };
}
const UPGRADE_BUDGETS = ['confirmSettleMs', 'planSettleMs', 'applyStatusWindowMs'];
const UPGRADE_DEFAULTS = (0,budgets/* budgetsOf */.k7)(...UPGRADE_BUDGETS);
/**
 * Mode upgrade-no-code-workspace: starts an upgrade of every workspace at once, waits for each
 * plan, confirms the ready ones when `confirm` is set and follows their applies to the end, and
 * reports one row per workspace. One deadline, `timeout` from the start, bounds every wait.
 */
async function runUpgradeNoCodeWorkspace(inputs, context, tuning = {}) {
    const { sink, client } = context;
    const signal = context.cancellation.signal;
    // One deadline, `timeout` from the start, for every read and wait of the step.
    const deadline = lifetime_deadline/* Deadline */.B.after(inputs.timeoutMs, tuning.clock ?? context.clock);
    const module = await readVersionPin(inputs, context, deadline);
    if ('result' in module)
        return module.result;
    const { versionPin } = module;
    // What each workspace's document says (its name, the version it is on), for the log and the
    // summary; a read, so also in a dry run. Not essential: a workspace that cannot be read is
    // upgraded all the same, and a failed read only leaves its name and version unknown.
    const facts = await readWorkspaces(client, inputs, deadline, signal, (line) => sink.debug(line));
    if (signal.aborted)
        return cancelledBeforeAnyUpgrade(inputs.workspaceIds);
    for (const [id, f] of facts) {
        if (f.name !== null || f.moduleVersion !== null) {
            sink.info(`Workspace ${describeWorkspace(id, f.name)}: module version ${f.moduleVersion ?? 'not known'}` +
                `${versionPin ? `, upgrading to ${versionPin}` : ''}.`);
        }
    }
    const report = (results, rollout, cancelled = false) => upgradeReport({
        rollout,
        noCodeModuleId: inputs.noCodeModuleId,
        versionPin,
        vars: inputs.workspaceVariables,
        confirm: inputs.confirm,
        dryRun: inputs.dryRun,
        timeoutMs: inputs.timeoutMs,
        results: results.map((r) => withPlanAddress(r, inputs.baseUrl)),
        serviceOrigin: new URL(inputs.baseUrl).origin,
        workspacePages: new Map([...facts].flatMap(([id, f]) => (f.page !== null ? [[id, f.page]] : []))),
        cancelled,
    });
    const current = (workspaceId) => isCurrent(workspaceId, inputs, facts);
    for (const id of inputs.workspaceIds.filter(current)) {
        sink.info(`Workspace ${describeWorkspace(id, facts.get(id)?.name ?? null)}: already current; no upgrade is started.`);
    }
    const toUpgrade = inputs.workspaceIds.filter((id) => !current(id));
    const waves = planWaves(inputs.workspaceIds, inputs.waves);
    const inWave = waveSetter(waves);
    const inWaves = waves.length > 1 ? ` in ${(0,src_text/* plural */.LS)(waves.length, 'wave')} (${waves.map((w) => w.length).join(', ')})` : '';
    if (inputs.dryRun) {
        sink.info(`Dry run: would start an upgrade of ${(0,src_text/* plural */.LS)(toUpgrade.length, 'workspace')}${inWaves}${inputs.confirm ? ' and confirm the ready plans' : ''}.`);
        return report(inputs.workspaceIds.map((id) => inWave(notStarted(id, facts, current(id) ? 'current' : 'would-upgrade'))), { waves: waves.length, stop: null });
    }
    sink.info(`Starting the upgrade of ${(0,src_text/* plural */.LS)(toUpgrade.length, 'workspace')}${inWaves}${inputs.confirm ? '; ready plans will be confirmed' : ''}.`);
    const upgradeOne = workspaceUpgrader(inputs, context, tuning, deadline, facts);
    const { results, stop } = await upgradeInWaves(waves, { inputs, sink, signal, facts, inWave, upgradeOne });
    return report(results, { waves: waves.length, stop }, signal.aborted);
}
/**
 * The no-code module's version pin, which tells the reader what the workspaces move to. A read,
 * allowed in a dry run: an unknown module id fails once here rather than once per workspace.
 */
async function readVersionPin(inputs, { client, sink, cancellation: { signal } }, deadline) {
    // The timeout bounds this read too: a service that never answers must not hold the step.
    try {
        const { noCodeModule } = await client.noCode.readModule(inputs.noCodeModuleId, { signal: deadline.cut(signal) });
        const versionPin = noCodeModule.attributes['version-pin'] ?? null;
        sink.info(`No-code module ${inputs.noCodeModuleId}: version pin ${versionPin ?? 'not set'}, ` +
            `no-code provisioning ${noCodeModule.attributes.enabled ? 'enabled' : 'disabled'}.`);
        return { versionPin };
    }
    catch (error) {
        if (signal.aborted)
            return { result: cancelledBeforeAnyUpgrade(inputs.workspaceIds) };
        // A base-url whose host does not exist is the user's to fix, and nothing was sent.
        if (error instanceof errors/* ConfigurationError */.j1)
            throw error;
        const message = deadline.expired
            ? `Timed out after ${(0,format/* formatDuration */.a3)(inputs.timeoutMs)} reading no-code module ${inputs.noCodeModuleId}: the service did not answer; ` +
                `raise the timeout input or try again later.`
            : (0,write_failure/* describeReadFailure */.m)(error, `No-code module ${inputs.noCodeModuleId}`, 'no-code-module-id');
        return {
            result: (0,results/* failureResult */.GO)({
                title: 'The no-code module could not be read',
                heading: `❌ ${HEADING}`,
                message,
                more: (0,markdown/* paragraph */.FY)(`No upgrade was started for ${(0,src_text/* plural */.LS)(inputs.workspaceIds.length, 'workspace')}.`),
                outputs: nothingStarted(inputs.workspaceIds),
            }),
        };
    }
}
function cancelledBeforeAnyUpgrade(workspaceIds) {
    return (0,results/* cancelledResult */.Hv)({
        title: 'Cancelled before any upgrade was started',
        heading: HEADING,
        message: `The step was cancelled before an upgrade was started for ${(0,src_text/* plural */.LS)(workspaceIds.length, 'workspace')}; nothing was changed.`,
        outputs: nothingStarted(workspaceIds),
    });
}
/**
 * A workspace whose document says no upgrade is available, when no variables are to change, is
 * already current: nothing is started (an upgrade would plan the settings it already has).
 */
function isCurrent(workspaceId, inputs, facts) {
    return inputs.workspaceVariables.length === 0 && facts.get(workspaceId)?.upgradeAvailable === false;
}
/** The result of a workspace whose upgrade was not started. */
function notStarted(workspaceId, facts, outcome) {
    return {
        workspaceId,
        workspaceName: facts.get(workspaceId)?.name ?? null,
        moduleVersionFrom: facts.get(workspaceId)?.moduleVersion ?? null,
        runId: null,
        status: null,
        planUrl: null,
        outcome,
        planReady: false,
        planUnknown: false,
        applied: false,
        ...(outcome === 'current' ? { note: ALREADY_CURRENT } : {}),
    };
}
/** Sets each workspace's wave (numbered from 1) on its result. */
function waveSetter(waves) {
    const waveOf = new Map(waves.flatMap((ids, index) => ids.map((id) => [id, index + 1])));
    return (r) => ({ ...r, wave: waveOf.get(r.workspaceId) ?? 1 });
}
/**
 * Upgrades one workspace of a wave of `waveSize` (a workspace already current is not started),
 * within what the step's workspaces share: the deadline, and the places for writes in flight.
 */
function workspaceUpgrader(inputs, context, tuning, deadline, facts) {
    const { sink, client } = context;
    const writes = new limit/* Semaphore */.jf(tuning.writesAtOnce ?? WRITES_AT_ONCE);
    const writeGrace = (0,no_code_writes/* writeGraceOf */.l)(tuning, context.clock);
    const settling = {
        confirmSettleMs: tuning.confirmSettleMs ?? UPGRADE_DEFAULTS.confirmSettleMs,
        planSettleMs: tuning.planSettleMs ?? UPGRADE_DEFAULTS.planSettleMs,
        applyStatusWindowMs: tuning.applyStatusWindowMs ?? UPGRADE_DEFAULTS.applyStatusWindowMs,
    };
    return (workspaceId, waveSize) => isCurrent(workspaceId, inputs, facts)
        ? Promise.resolve(notStarted(workspaceId, facts, 'current'))
        : upgradeWorkspace({
            api: client.noCode,
            noCodeModuleId: inputs.noCodeModuleId,
            workspaceId,
            workspace: facts.get(workspaceId),
            vars: inputs.workspaceVariables,
            confirm: inputs.confirm,
            deadline,
            timeoutMs: inputs.timeoutMs,
            cancellation: context.cancellation,
            writeGrace,
            writes,
            log: (line) => sink.info(line),
            // The reads of one wave's runs together, within the pace the service allows the step.
            schedule: tuning.schedule ?? upgradeWaitSchedule(waveSize, client.http.requestsPerSecond),
            ...settling,
            servicePage: (planUrl) => (0,service_address/* servicePageUrl */.m)(planUrl, inputs.baseUrl),
        });
}
/**
 * Wave after wave: the next starts only once every workspace of this one ended well. When the
 * rollout stops early (a wave failed, or the step was cancelled between waves), the workspaces
 * of the later waves are reported not started.
 */
async function upgradeInWaves(waves, step) {
    const { inputs, sink, signal, inWave } = step;
    const results = [];
    let stop = null;
    for (const [index, wave] of waves.entries()) {
        if (waves.length > 1)
            sink.info(`Wave ${index + 1} of ${waves.length}: ${(0,src_text/* plural */.LS)(wave.length, 'workspace')}.`);
        const done = await Promise.all(wave.map((id) => step.upgradeOne(id, wave.length)));
        results.push(...done.map(inWave));
        if (index === waves.length - 1)
            break;
        if (signal.aborted) {
            stop = { kind: 'cancelled', wave: index + 1 };
            break;
        }
        const unwell = done.filter((r) => !endedWell(r, inputs.confirm));
        if (unwell.length > 0) {
            stop = { kind: 'failed', wave: index + 1 };
            break;
        }
    }
    if (stop !== null) {
        const rest = inputs.workspaceIds.slice(results.length);
        const why = stop.kind === 'failed' ? `wave ${stop.wave} failed` : `the step was cancelled after wave ${stop.wave}`;
        sink.info(`Not started: ${(0,src_text/* plural */.LS)(rest.length, 'workspace')} of the waves after wave ${stop.wave} (${why}).`);
        for (const id of rest) {
            results.push(inWave({ ...notStarted(id, step.facts, 'not-started'), note: `${(0,src_text/* capitalise */.sK)(why)}.` }));
        }
    }
    return { results, stop };
}
/**
 * A workspace's result with its plan's address as an output may carry it: made absolute (a
 * relative `plan-url`, as the spec shows only "address", becomes one a person can follow), and
 * dropped, with a warning of that workspace's, when it is no http(s) address at all (a
 * `javascript:` one, say): the service's answer is refused for that workspace alone, and the
 * other workspaces' addresses are written.
 */
function withPlanAddress(result, baseUrl) {
    if (result.planUrl === null)
        return result;
    const planUrl = (0,service_address/* absoluteServiceUrl */.i)(result.planUrl, baseUrl);
    if (planUrl !== null)
        return { ...result, planUrl };
    const refused = `The service gave a plan address that is no http(s) address (${(0,src_text/* quoteClipped */.Wr)(result.planUrl, 60)}); it is not shown.`;
    return { ...result, planUrl: null, warning: result.warning === undefined ? refused : `${result.warning} ${refused}` };
}
const ALREADY_CURRENT = 'Its document says no upgrade is available (no-code-upgrade-available is false).';
function booleanOrNull(value) {
    return typeof value === 'boolean' ? value : null;
}
/** Each workspace's name, page and module version, read side by side; unknown (absent) where a read failed. */
async function readWorkspaces(client, { workspaceIds, baseUrl }, deadline, signal, debug) {
    const bound = deadline.within(budgets/* WORKSPACE_READ_MS */.C0);
    const read = await Promise.all(workspaceIds.map(async (id) => {
        try {
            const workspace = await client.noCode.readWorkspace(id, { signal: bound.cut(signal) });
            if (workspace.id !== id)
                return undefined;
            return [
                id,
                {
                    name: (0,no_code/* workspaceNameOf */.yG)(workspace.attributes.name),
                    page: (0,service_address/* servicePageUrl */.m)(workspace.links?.['self-html'], baseUrl),
                    moduleVersion: (0,no_code/* moduleVersionIn */.yo)(workspace.attributes['source-module-id']),
                    upgradeAvailable: booleanOrNull(workspace.attributes['no-code-upgrade-available']),
                },
            ];
        }
        catch (error) {
            debug(`Workspace ${id} could not be read (its name and module version stay unknown): ${(0,errors/* getErrorMessage */.u1)(error)}`);
            return undefined;
        }
    }));
    return new Map(read.filter((entry) => entry !== undefined));
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
/* harmony import */ var _lifetime_abort_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3853);
/* harmony import */ var _lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2697);
/* harmony import */ var _lifetime_grace_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7603);
/* harmony import */ var _service_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5756);




/** The grace a mode's tuning gives its writes, defaults filled in: the step's clock unless a test brings its own. */
function writeGraceOf(tuning, stepClock) {
    return { graceMs: tuning.writeGraceMs ?? _lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__/* .TUNABLE_BUDGETS */ .Js.writeGraceMs, clock: tuning.clock ?? stepClock };
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
    const grace = (0,_lifetime_grace_js__WEBPACK_IMPORTED_MODULE_1__/* .abortAfterFirstSignal */ .d)(options.cancellation, options.graceMs, options.clock);
    try {
        options.onSend?.();
        return { kind: 'done', answer: await send(grace.signal) };
    }
    catch (error) {
        if (grace.signal.aborted && (0,_lifetime_abort_js__WEBPACK_IMPORTED_MODULE_3__/* .isAbortError */ .zf)(error, grace.signal))
            return { kind: 'maybe-applied', cause: 'cancelled' };
        return failedWrite(error);
    }
    finally {
        grace.dispose();
    }
}
function failedWrite(error) {
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .AmbiguousWriteError */ .yI)
        return { kind: 'maybe-applied', cause: 'no-answer', error };
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UnexpectedResponseError */ .dk)
        return { kind: 'maybe-applied', cause: 'unreadable-answer', error };
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ApiError */ .hD)
        return { kind: 'refused', error };
    return { kind: 'failed', error };
}


/***/ }),

/***/ 8648:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ statusReporter)
/* harmony export */ });
/* harmony import */ var _lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2697);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2011);
/* harmony import */ var _neutralise_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5942);
// How a long wait reads in the log: its status lines. The wait itself (pollUntil, its deadline
// and pauses) is in src/lifetime; durations are spelt by format.ts.



/**
 * Writes a status line when the status changes, and otherwise at most every `everyMs`, so a
 * long wait shows it is alive without flooding the log. The status is the service's: one item,
 * shown on one line with its control characters escaped.
 */
function statusReporter(log, everyMs = _lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__/* .STATUS_LINE_EVERY_MS */ .fW) {
    let lastStatus;
    let lastAt = -Infinity;
    return (status, elapsedMs) => {
        if (status === lastStatus && elapsedMs - lastAt < everyMs)
            return;
        lastStatus = status;
        lastAt = elapsedMs;
        log(`${(0,_neutralise_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeControls */ .UN)(status)} (${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(elapsedMs)} elapsed)`);
    };
}


/***/ })

};
