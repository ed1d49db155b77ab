export const id = 10;
export const ids = [10];
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

/***/ 8321:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ moduleLabel),
/* harmony export */   L: () => (/* binding */ moduleRefOf)
/* harmony export */ });
// The service's objects the mode names: the module whose tests run, and a configuration version of it.
/** The private registry module whose tests run (the `{TESTROOT}` of spec 4.2). */
function moduleRefOf(inputs) {
    return {
        organization: inputs.organization,
        namespace: inputs.moduleNamespace,
        name: inputs.moduleName,
        provider: inputs.moduleProvider,
    };
}
/** `namespace/name/provider`, as the registry names a module. */
function moduleLabel(module) {
    return `${module.namespace ?? module.organization}/${module.name}/${module.provider}`;
}


/***/ }),

/***/ 6796:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $e: () => (/* binding */ saveRunFinal),
/* harmony export */   BF: () => (/* binding */ runToStop),
/* harmony export */   EJ: () => (/* binding */ saveUploaded),
/* harmony export */   M_: () => (/* binding */ saveCancelRequested),
/* harmony export */   Vm: () => (/* binding */ saveUploadRunSeen),
/* harmony export */   Yy: () => (/* binding */ saveRunStarted),
/* harmony export */   i$: () => (/* binding */ saveConfigurationVersion),
/* harmony export */   kY: () => (/* binding */ saveCreateSent)
/* harmony export */ });
/* unused harmony exports STATE_NAMES, readSavedRun */
/* harmony import */ var _json_object_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(249);
// What the main step hands to the post step (action-interface "Cancellation": a test run must
// never be left running behind a cancelled job). The configuration version is saved as soon as
// it exists, so that a post step can find every run of it: one whose create never got its
// answer (the main step killed meanwhile), one the service queued by itself; the run id as soon
// as it is known.

const STATE_NAMES = {
    testRunId: 'testRunId',
    /** JSON of the ModuleRef: the post step reaches the run without re-reading every input. */
    module: 'testRunModule',
    /** The configuration version the run tests: its runs are the ones to stop. */
    configurationVersionId: 'testRunConfigurationVersion',
    /** VersionRef.since (ms since the epoch): where a search for the version's runs may stop. */
    configurationVersionSince: 'testRunConfigurationVersionSince',
    /** How long after the upload the main step watches for a run the service queues by itself
     *  (OtherRunsTiming.lateRunWindowMs): the post step watches as long. */
    lateRunWindowMs: 'testRunLateRunWindow',
    /** When the upload was answered (the step's clock, ms since the epoch): the window counts from
     *  it. Absent: the upload may still have landed when the step died. */
    uploadedAt: 'testRunUploadedAt',
    /** 'true' once the create of a test run was sent: a run may appear on the version even though
     *  no answer came; 'false' once the create was refused (nothing was created). */
    createSent: 'testRunCreateSent',
    /** optionsFingerprint of the requested options: how the post step tells the run of that create
     *  from one the service queued by itself. */
    requested: 'testRunRequested',
    /** 'true' once the main step saw its own run in a final status (other runs of the version
     *  are checked all the same). */
    final: 'testRunFinal',
    /** 'true' once a cancel was accepted: the post step goes on to force-cancel after its grace. */
    cancelRequested: 'testRunCancelRequested',
};
function saveConfigurationVersion(save, version, module, lateRunWindowMs) {
    // The module first: a step killed between the lines leaves no id without its module.
    save(STATE_NAMES.module, JSON.stringify(module));
    if (version.since !== undefined)
        save(STATE_NAMES.configurationVersionSince, String(version.since));
    save(STATE_NAMES.lateRunWindowMs, String(lateRunWindowMs));
    save(STATE_NAMES.configurationVersionId, version.id);
}
/** Saved the moment the upload is answered: the service may queue a run of its own from then on. */
function saveUploaded(save, at) {
    save(STATE_NAMES.uploadedAt, String(at));
}
/** Saved right before the create goes out (with the fingerprint of its options), and again (`false`) when the service refused it. */
function saveCreateSent(save, sent) {
    if (sent)
        save(STATE_NAMES.requested, sent.fingerprint);
    save(STATE_NAMES.createSent, String(sent !== false));
}
function saveRunStarted(save, testRunId, module) {
    save(STATE_NAMES.module, JSON.stringify(module));
    save(STATE_NAMES.testRunId, testRunId);
}
/** The run an upload starts by itself was seen: nothing later can come of the upload, so the
 *  post step watches for no late run. */
function saveUploadRunSeen(save) {
    save(STATE_NAMES.lateRunWindowMs, '0');
}
function saveRunFinal(save) {
    save(STATE_NAMES.final, 'true');
}
function saveCancelRequested(save) {
    save(STATE_NAMES.cancelRequested, 'true');
}
/**
 * What the main step saved, or undefined when it saved neither a run nor a configuration
 * version (another mode, or the step stopped before creating anything).
 */
function readSavedRun(get) {
    const testRunId = get(STATE_NAMES.testRunId);
    const configurationVersionId = get(STATE_NAMES.configurationVersionId);
    if (testRunId === '' && configurationVersionId === '')
        return undefined;
    const module = parseModule(get(STATE_NAMES.module));
    if (module === undefined)
        return undefined;
    const since = Number(get(STATE_NAMES.configurationVersionSince) || Number.NaN);
    const configurationVersion = { id: configurationVersionId, ...(Number.isFinite(since) ? { since } : {}) };
    const lateRunWindowMs = numberOf(get(STATE_NAMES.lateRunWindowMs));
    const uploadedAt = numberOf(get(STATE_NAMES.uploadedAt));
    return {
        ...(testRunId !== '' ? { testRunId } : {}),
        module,
        ...(configurationVersionId !== '' ? { configurationVersion } : {}),
        ...(lateRunWindowMs !== undefined ? { lateRunWindowMs } : {}),
        ...(uploadedAt !== undefined ? { uploadedAt } : {}),
        createSent: get(STATE_NAMES.createSent) === 'true',
        ...(get(STATE_NAMES.requested) !== '' ? { requested: get(STATE_NAMES.requested) } : {}),
        final: get(STATE_NAMES.final) === 'true',
        cancelRequested: get(STATE_NAMES.cancelRequested) === 'true',
    };
}
/**
 * What the post step must look after: every run of the saved configuration version (the service
 * may queue one of its own at any time after the upload), or the saved run alone when no version
 * was saved and the main step saw that run end. Undefined: nothing to do.
 */
function runToStop(get) {
    const saved = readSavedRun(get);
    return saved === undefined || (saved.final && saved.configurationVersion === undefined) ? undefined : saved;
}
/** A saved number, or undefined when none (or no number) was saved. */
function numberOf(text) {
    const value = text === '' ? Number.NaN : Number(text);
    return Number.isFinite(value) && value >= 0 ? value : undefined;
}
function parseModule(text) {
    const value = (0,_json_object_js__WEBPACK_IMPORTED_MODULE_0__/* .parseJsonObject */ .dw)(text);
    if (value === undefined)
        return undefined;
    const { organization, namespace, name, provider } = value;
    if (typeof organization !== 'string' || typeof name !== 'string' || typeof provider !== 'string')
        return undefined;
    return { organization, name, provider, ...(typeof namespace === 'string' ? { namespace } : {}) };
}


/***/ }),

/***/ 8631:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Re: () => (/* binding */ DEFAULT_OTHER_RUNS_TIMING),
/* harmony export */   WT: () => (/* binding */ OtherRunsWatch),
/* harmony export */   h3: () => (/* binding */ otherRunsNote)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(3916);
/* harmony import */ var _lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2697);
/* harmony import */ var _lifetime_deadline_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8451);
/* harmony import */ var _lifetime_poll_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(666);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8992);
/* harmony import */ var _stop_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7511);
/* harmony import */ var _stop_policy_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(539);
/* harmony import */ var _status_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1250);
/* harmony import */ var _version_runs_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8121);
// The other runs of the step's configuration version. A service that queues a run by itself on
// upload (spec 4.2 says the upload creates the test), early or late, must not leave a second run
// testing the same configuration beside the one the step follows (action-interface "Exactly
// one live test run"): each one is cancelled as soon as it is seen and named. The version's runs
// are looked at often right after the upload, when such a run appears, then at a slower pace for
// the whole wait, and once more when the step is done with its own run.









const OTHER_RUNS_BUDGETS = [
    'firstLookMs',
    'maxLookMs',
    'lateRunWindowMs',
    'stopWatchMs',
    'watchAfterCancelMs',
];
const DEFAULT_OTHER_RUNS_TIMING = (0,_lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__/* .budgetsOf */ .k7)(...OTHER_RUNS_BUDGETS);
/** The other runs, as a note for the summary and the failure; '' when there were none. */
function otherRunsNote(others, versionId, ownRunId) {
    if (others.length === 0)
        return '';
    const what = ownRunId !== undefined ? `so that only test run ${ownRunId} tests it` : 'so that none is left running';
    const ids = others.map((other) => other.id).join(', ');
    return (`Other test runs of configuration version ${versionId ?? '?'}, not started by this step for its inputs, ` +
        `were stopped ${what}: ${ids}. ` +
        `${others.map((other) => (0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .capitalise */ .sK)(other.outcome)).join(' ')}`);
}
class OtherRunsWatch {
    #options;
    #clock;
    #stops = new Map();
    /** Other runs first seen already ended: nothing to stop, but named all the same. */
    #ended = new Map();
    #looking = new AbortController();
    /** Aborted by a force (SIGTERM): the step stops waiting for late runs and leaves. */
    #hurry = new AbortController();
    /** Aborted when the upload's own run is seen: the wait for a late run ends. */
    #seenUploadRun = new AbortController();
    #loop = Promise.resolve();
    /**
     * The run an upload starts by itself (source `svc-configuration-version`) has been seen: a
     * service starts one run for an upload, so no later one is waited for.
     */
    #uploadRunSeen;
    constructor(options) {
        this.#options = options;
        this.#clock = options.clock;
        this.#uploadRunSeen = options.ownRunFromUpload === true;
    }
    /** Stops the runs already known (found when the run was chosen) and starts looking for more. */
    start(known) {
        for (const run of known)
            this.#stop(run);
        this.#loop = this.#lookRepeatedly();
    }
    /** Whether the run the upload started by itself has been seen (no later one can come of it). */
    get uploadRunSeen() {
        return this.#uploadRunSeen;
    }
    /** SIGTERM or a second signal: the step stops waiting for late runs, and its last look is cut short. */
    hurry() {
        this.#hurry.abort();
    }
    /**
     * Ends the looks without `finish` (the step ends on an error): no timer of the watch outlives
     * the step. The stops already started go on to their own deadlines.
     */
    close() {
        this.#looking.abort();
    }
    /**
     * The step is done with its own run: looks on until the late-run window has passed, looks once
     * more, and reports what became of every other run. The looks end by `lookBy`, the stops by
     * `by` (a cancelled step leaves time after its last look to send the cancels).
     */
    async finish(bounds = {}) {
        const { uploadedAt, timing } = this.#options;
        const { by } = bounds;
        const lookBy = bounds.lookBy?.earlier(by) ?? by;
        const clock = this.#clock;
        // Until the window has passed, unless the upload's own run was seen already (then nothing
        // later can come of the upload); a look that finds it ends the wait too.
        const window = new _lifetime_deadline_js__WEBPACK_IMPORTED_MODULE_7__/* .Deadline */ .B(uploadedAt + timing.lateRunWindowMs, clock).earlier(lookBy);
        if (!window.expired && !this.#uploadRunSeen) {
            await window.reached(AbortSignal.any([this.#hurry.signal, this.#seenUploadRun.signal])).catch(() => undefined);
        }
        this.#looking.abort();
        await this.#loop;
        const lastLook = _lifetime_deadline_js__WEBPACK_IMPORTED_MODULE_7__/* .Deadline */ .B.after(_lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__/* .VERSION_RUNS_LISTING_MS */ .ut, clock).earlier(lookBy);
        // A force (SIGTERM) cuts the last look short too: what is left before the kill is for the stops.
        const hurry = this.#hurry.signal;
        if (!lastLook.expired && !hurry.aborted)
            await this.#look(lastLook.cut(hurry));
        const stops = [...this.#stops.entries()];
        if (by !== undefined)
            for (const [, { stopper }] of stops)
                stopper.limitDeadline(by);
        const stopped = await Promise.all(stops.map(async ([id, { outcome }]) => {
            const end = await outcome;
            return {
                id,
                outcome: end.run ? (0,_stop_js__WEBPACK_IMPORTED_MODULE_3__/* .describeStop */ .C)(end.run, end) : `test run ${id} could not be read while it was stopped.`,
            };
        }));
        const ended = [...this.#ended.values()].map((run) => ({
            id: run.id,
            outcome: `test run ${run.id} had already ended (${(0,_status_js__WEBPACK_IMPORTED_MODULE_5__/* .describeTestRunStatus */ .pB)(run.attributes.status)}) when it was seen.`,
        }));
        return [...stopped, ...ended];
    }
    async #lookRepeatedly() {
        const { firstLookMs, maxLookMs } = this.#options.timing;
        await (0,_lifetime_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .repeatAfterPauses */ .zy)({
            work: (signal) => this.#look(signal),
            // Each pause twice the one before.
            pauses: (0,_lifetime_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .growingPauses */ .Pd)({ initialIntervalMs: firstLookMs, maxIntervalMs: maxLookMs, backoff: 2 }),
            signal: this.#looking.signal,
            clock: this.#clock,
        });
    }
    /** One look at the version's runs; a look that fails is tried again at the next. */
    async #look(signal) {
        const { client, module, version, ownRunId } = this.#options;
        try {
            const runs = await (0,_version_runs_js__WEBPACK_IMPORTED_MODULE_6__/* .runsOfConfigurationVersion */ .q8)(client, module, version, {
                clock: this.#clock,
                signal,
                known: [...(ownRunId !== undefined ? [ownRunId] : []), ...this.#stops.keys()],
            });
            for (const run of runs)
                this.#stop(run);
        }
        catch (error) {
            if (!signal.aborted)
                this.#options.debug(`Looking for other test runs of configuration version ${version.id} failed: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_8__/* .getErrorMessage */ .u1)(error)}`);
        }
    }
    #stop(run) {
        const { version, ownRunId, timing } = this.#options;
        if (run.attributes.source === 'svc-configuration-version') {
            this.#uploadRunSeen = true;
            this.#seenUploadRun.abort();
        }
        if (run.id === ownRunId || this.#stops.has(run.id) || this.#ended.has(run.id))
            return;
        if ((0,_status_js__WEBPACK_IMPORTED_MODULE_5__/* .isFinal */ .dR)(run)) {
            // It came and went between two looks: named, since it tested the version too.
            this.#ended.set(run.id, run);
            this.#options.warn(`Test run ${run.id} also tested configuration version ${version.id}, and this step did not start it for its inputs; ` +
                `it had already ended (${(0,_status_js__WEBPACK_IMPORTED_MODULE_5__/* .describeTestRunStatus */ .pB)(run.attributes.status)}).`);
            return;
        }
        this.#options.warn(ownRunId !== undefined
            ? `Test run ${run.id} also tests configuration version ${version.id}, and this step did not start it for its inputs: ` +
                `cancelling it, so that only test run ${ownRunId} does.`
            : `Test run ${run.id} tests configuration version ${version.id}, which this step ended without following: ` +
                `cancelling it, so that it is not left running.`);
        const stop = this.#options.stop(run, (0,_stop_policy_js__WEBPACK_IMPORTED_MODULE_4__/* .otherRun */ .uV)(timing, this.#clock, run));
        this.#stops.set(run.id, stop);
    }
}


/***/ }),

/***/ 1250:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   YP: () => (/* binding */ isNamedStatus),
/* harmony export */   _f: () => (/* binding */ configurationVersionOf),
/* harmony export */   dR: () => (/* binding */ isFinal),
/* harmony export */   pB: () => (/* binding */ describeTestRunStatus),
/* harmony export */   v$: () => (/* binding */ testResultOf)
/* harmony export */ });
/* harmony import */ var _service_shapes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8773);

/** Spec 3.1: `errored`, `canceled` and `finished` are final. */
const FINAL = new Set(['errored', 'canceled', 'finished']);
/** Every status spec 3.1 names. */
const NAMED = new Set(['pending', 'queued', 'running', ...FINAL]);
function isNamedStatus(status) {
    return NAMED.has(status);
}
/**
 * Whether the run has ended. A status the spec names says so by itself; for one it does not
 * name, the run's `finished-at` does (2.2: the timestamps appear as the run proceeds). A run in
 * an unnamed status without it is waited on like a running one.
 */
function isFinal(run) {
    const status = run.attributes.status;
    if (isNamedStatus(status))
        return FINAL.has(status);
    return run.attributes['status-timestamps']?.['finished-at'] !== undefined;
}
/** The configuration version a run tests (relationships.configuration-version, spec 2.2). */
function configurationVersionOf(run) {
    return run.relationships?.['configuration-version']?.data?.id;
}
/** A test run's status as a message shows it (describeStatus), against the statuses spec 3.1 names. */
function describeTestRunStatus(status) {
    return (0,_service_shapes_js__WEBPACK_IMPORTED_MODULE_0__/* .describeStatus */ .Wn)(status, NAMED);
}
const RESULTS = {
    pass: 'passed',
    fail: 'failed',
    // The tests errored (an error in a run block, not an assertion): a failure of the tests.
    error: 'errored',
    // No test ran: every run block was skipped (the test command itself exits 0 then).
    skip: 'skipped',
    // No result yet: on a finished run, as null, nothing says the tests passed.
    pending: 'none',
};
/** What the run's `test-status` says of the tests; `none` while it says nothing (null, `pending`). */
function testResultOf(run) {
    const status = run.attributes['test-status'];
    return status === null || status === undefined ? 'none' : RESULTS[status];
}


/***/ }),

/***/ 539:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  TR: () => (/* binding */ afterSignal),
  CW: () => (/* binding */ afterWait),
  A3: () => (/* binding */ atSignal),
  g0: () => (/* binding */ forceAsWindDownSays),
  aU: () => (/* binding */ leftBehind),
  iU: () => (/* binding */ mainStepWindDown),
  uV: () => (/* binding */ otherRun),
  LM: () => (/* binding */ postStepWindDown)
});

// EXTERNAL MODULE: ./src/lifetime/budgets.ts
var budgets = __webpack_require__(2697);
// EXTERNAL MODULE: ./src/lifetime/deadline.ts
var deadline = __webpack_require__(8451);
// EXTERNAL MODULE: ./src/lifetime/cancellation.ts
var lifetime_cancellation = __webpack_require__(784);
;// CONCATENATED MODULE: ./src/lifetime/wind-down.ts
// How long the step may keep working once the runner has begun to cancel it. The runner sends
// SIGINT, then SIGTERM 7.5 s later, then kills the process 2.5 s after that (action-interface
// "Cancellation"): every limit here counts from when a signal arrived, never from when the
// step got round to it, so that a step busy with a slow request still leaves before the kill.


/** The wind-down the signals received by `cancellation` so far call for, on `clock`; undefined before any signal. */
function windDownNow(cancellation, timing, clock) {
    const moments = windDownOf((0,lifetime_cancellation/* signalsReceived */.Zo)(cancellation), timing);
    if (moments === undefined)
        return undefined;
    const { endsAt, ...rest } = moments;
    return { ...rest, deadline: new deadline/* Deadline */.B(endsAt, clock) };
}
/**
 * The moments of the wind-down the signals received so far call for (`endsAt`: when its deadline
 * falls); undefined before any signal.
 */
function windDownOf(received, timing) {
    const first = received[0];
    if (first === undefined)
        return undefined;
    let deadline = Number.POSITIVE_INFINITY;
    received.forEach(({ signal, at }, i) => {
        // SIGTERM leaves 2.5 s before the kill, whichever signal came first.
        const near = signal === 'SIGTERM' || i > 0;
        deadline = Math.min(deadline, at + (near ? timing.forceBudgetMs : timing.windDownMs));
    });
    const killNear = first.signal === 'SIGTERM' || received.length > 1;
    // A SIGTERM alone is a warning, not yet the second signal: the force-cancel waits its stated time.
    if (first.signal === 'SIGTERM' && received.length === 1)
        return {
            firstAt: first.at,
            endsAt: deadline,
            killNear,
            force: false,
            forceAfterCancelMs: timing.forceAfterLoneSigtermMs,
        };
    return { firstAt: first.at, endsAt: deadline, killNear, force: killNear };
}

;// CONCATENATED MODULE: ./src/modes/run-module-tests/test-run/stop-policy.ts
// The plan of every stop of a test run, side by side. Why the run is stopped (the job was
// cancelled, the wait timed out or lost the run, the service queued it by itself, the post step
// found it left behind) and the signals received so far decide how long the stop may take,
// whether the cancel goes out at once, and when a force-cancel follows. The main step's wind-down
// (the runner's schedule, lifetime/wind-down.ts) and the post step's are here as well: the guard
// (version-guard.ts) asks them at each signal and applies them to every stop it holds. Pure: the
// time comes from the clock given, and nothing is sent.



/** The main step: the runner's schedule, counted from each signal's arrival (lifetime/wind-down.ts). */
function mainStepWindDown(cancellation, timing, clock) {
    return () => windDownNow(cancellation, timing, clock);
}
/**
 * The post step being cancelled in turn: what was sent stays sent, and the waiting stops
 * `afterSignalMs` from now; no force-cancel of its own (the runs it stops have theirs).
 */
function postStepWindDown(cancellation, afterSignalMs, clock) {
    return () => cancellation.signal.aborted
        ? {
            firstAt: cancellation.receivedAt[0] ?? clock.now(),
            deadline: deadline/* Deadline */.B.after(afterSignalMs, clock),
            killNear: false,
            force: false,
        }
        : undefined;
}
/** The job is being cancelled: the step's own run is stopped within the wind-down. */
function atSignal(windDown) {
    return { deadline: windDown.deadline };
}
/**
 * The bounds of what the main step still does once the job is being cancelled: its stops end with
 * the wind-down (`windDownMs` after the first signal when none is known yet), and the look for
 * other runs `lookUpAfterSignalMs` after the first signal.
 */
function afterSignal(windDown, timing, clock) {
    const firstAt = windDown?.firstAt ?? clock.now();
    return {
        firstAt,
        stopBy: windDown?.deadline ?? new deadline/* Deadline */.B(firstAt + timing.windDownMs, clock),
        lookBy: new deadline/* Deadline */.B(firstAt + timing.lookUpAfterSignalMs, clock),
    };
}
/**
 * The wait ended without a final status (the timeout ran out, or the run could no longer be read):
 * the cancel goes out at once, whatever the run was last seen doing, and the step ends within
 * `stopAfterWaitMs`; once the cancel is accepted the run winds down by itself. The last look for
 * other runs is held short: a service that stalls reads must not hold the step.
 */
function afterWait(timing, clock) {
    return {
        plan: {
            deadline: deadline/* Deadline */.B.after(timing.stopAfterWaitMs, clock),
            cancelAtOnce: true,
            watchAfterCancelMs: budgets/* WATCH_AFTER_CANCEL_MS */.xw,
        },
        lookBy: deadline/* Deadline */.B.after(budgets/* LAST_LOOK_AFTER_STOP_MS */.GB, clock),
    };
}
/** A run of the version the step did not start: cancelled at once, and watched for a while. */
function otherRun(timing, clock, lastSeen) {
    return {
        deadline: deadline/* Deadline */.B.after(timing.stopWatchMs, clock),
        watchAfterCancelMs: timing.watchAfterCancelMs,
        cancelAtOnce: true,
        lastSeen,
    };
}
/**
 * A run the main step left behind, found by the post step: a queued run is waited for to start
 * (`queuedWaitMs`), then cancelled, given `graceMs` to tear down, and force-cancelled; the stop
 * lasts long enough for all of that.
 */
function leftBehind(timing, clock, lastSeen) {
    return {
        startBy: deadline/* Deadline */.B.after(timing.queuedWaitMs, clock),
        deadline: deadline/* Deadline */.B.after(timing.queuedWaitMs + timing.graceMs + timing.forceSlackMs, clock),
        forceAfterCancelMs: timing.graceMs,
        ...(lastSeen ? { lastSeen } : {}),
    };
}
/** The force-cancel the wind-down calls for: at once, or its stated time after the cancel is accepted. */
function forceAsWindDownSays(stopper, windDown) {
    if (windDown.force)
        stopper.forceNow();
    else if (windDown.forceAfterCancelMs !== undefined)
        stopper.forceAfterCancel(windDown.forceAfterCancelMs);
}


/***/ }),

/***/ 7511:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  $: () => (/* binding */ TestRunStopper),
  C: () => (/* binding */ describeStop)
});

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/lifetime/budgets.ts
var budgets = __webpack_require__(2697);
// EXTERNAL MODULE: ./src/lifetime/clock.ts
var clock = __webpack_require__(9269);
// EXTERNAL MODULE: ./src/lifetime/deadline.ts
var deadline = __webpack_require__(8451);
// EXTERNAL MODULE: ./src/service/errors.ts
var service_errors = __webpack_require__(5756);
// EXTERNAL MODULE: ./src/modes/run-module-tests/test-run/status.ts
var test_run_status = __webpack_require__(1250);
;// CONCATENATED MODULE: ./src/modes/run-module-tests/test-run/stop-machine.ts
// What a stop decides, as data: the state of one run's stop and what each event makes of it
// (state × event → state + requests). Pure: the time comes with the events, and the requests
// (send a cancel, send a force-cancel, drop the read in flight, wake the loop, say a line) are
// carried out by the driver (stop.ts), whose answers come back as events.
//
// The rules (spec 3.1, action-interface "Cancellation"): only a running run can be cancelled, so
// a queued one is cancelled as soon as it runs; a force-cancel only after a cancel; a cancel or
// force-cancel goes out beside the reads, never behind them; only a read decides what became of
// the run (a 404 on a cancel or force-cancel answers the request, not the question).


function initialStopState(cancelAlreadyAcceptedAt) {
    return {
        plan: undefined,
        run: undefined,
        cancelAccepted: cancelAlreadyAcceptedAt !== undefined,
        cancelAcceptedAt: cancelAlreadyAcceptedAt ?? 0,
        cancelInFlight: false,
        forceWanted: false,
        forceSent: false,
        forceAccepted: false,
        forceRefused: false,
        forceInFlight: false,
        gone: false,
        waitingNoted: false,
        lastError: undefined,
    };
}
/** A draft of the next state, and the requests it makes. */
class Draft {
    state;
    requests = [];
    constructor(state) {
        this.state = { ...state, plan: state.plan ? { ...state.plan } : undefined };
    }
    cancel() {
        const s = this.state;
        if (s.cancelAccepted || s.cancelInFlight)
            return;
        s.cancelInFlight = true;
        this.requests.push({ kind: 'send-cancel' });
    }
    force() {
        const s = this.state;
        if (s.forceAccepted || s.forceInFlight)
            return;
        s.forceSent = true;
        s.forceInFlight = true;
        this.requests.push({ kind: 'send-force' });
    }
    /** The force-cancel asked for: beside whatever else is under way, after the cancel it needs. */
    forceAtOnce() {
        const s = this.state;
        if (s.forceAccepted || s.gone)
            return;
        // A cancel sent and not yet answered may well have landed: the force-cancel goes out beside
        // it rather than behind it (a 409 says it had not, and the loop sends it again once it has).
        if (s.cancelAccepted || s.cancelInFlight)
            this.force();
        // The cancel the spec requires first, unless the run is known not to run yet (it would be
        // refused, 409: the loop sends it once the run runs). Once accepted, the force follows.
        else if (s.run === undefined || s.run.attributes.status === 'running')
            this.cancel();
    }
    /** The force-cancel of `forceAfterCancelMs` is due some time after the cancel was accepted. */
    forceWhenDue() {
        const s = this.state;
        const after = s.plan?.forceAfterCancelMs;
        if (after === undefined || !s.cancelAccepted || s.forceWanted)
            return;
        this.requests.push({ kind: 'force-at', at: s.cancelAcceptedAt + after, after });
    }
    forceNow() {
        this.state.forceWanted = true;
        this.requests.push({ kind: 'drop-read' }, { kind: 'wake' });
        if (this.state.plan)
            this.forceAtOnce();
    }
    limitDeadline(deadline) {
        const plan = this.state.plan;
        if (plan && deadline.at < plan.deadline.at) {
            plan.deadline = deadline;
            this.requests.push({ kind: 'drop-read' });
        }
        this.requests.push({ kind: 'wake' });
    }
    done() {
        return { state: this.state, requests: this.requests };
    }
}
/** What an event makes of the stop. */
function onStopEvent(state, event, testRunId) {
    const d = new Draft(state);
    const s = d.state;
    switch (event.kind) {
        case 'seen':
            if (s.plan === undefined)
                s.run = event.run;
            break;
        case 'start': {
            if (s.plan !== undefined) {
                d.limitDeadline(event.plan.deadline);
                break;
            }
            s.plan = { ...event.plan };
            if (event.plan.lastSeen)
                s.run = event.plan.lastSeen;
            if (s.forceWanted)
                d.forceAtOnce();
            else if (event.plan.cancelAtOnce && !(event.plan.lastSeen && (0,test_run_status/* isFinal */.dR)(event.plan.lastSeen)))
                d.cancel();
            // A cancel the main step had accepted counts its grace from then.
            d.forceWhenDue();
            break;
        }
        case 'force-now':
            d.forceNow();
            break;
        case 'force-after-cancel': {
            if (s.plan === undefined)
                break;
            const current = s.plan.forceAfterCancelMs;
            if (current === undefined || event.ms < current)
                s.plan.forceAfterCancelMs = event.ms;
            d.forceWhenDue();
            break;
        }
        case 'force-due':
            if (s.plan?.forceAfterCancelMs === event.after)
                d.forceNow();
            break;
        case 'limit-deadline':
            d.limitDeadline(event.deadline);
            break;
        case 'cancel-answered':
            s.cancelInFlight = false;
            if (event.answer === 'failed' && event.error !== undefined)
                s.lastError = event.error;
            if (event.answer === 'accepted' && !s.cancelAccepted) {
                s.cancelAccepted = true;
                s.cancelAcceptedAt = event.now;
                d.requests.push({
                    kind: 'log',
                    line: `Cancel requested for test run ${testRunId}: its tests stop and it destroys what they created.`,
                }, { kind: 'cancel-accepted' });
                // Watched for a bounded time from here: a read held up (a slow service, a 429's pause)
                // must not keep the attempt past it.
                const watch = s.plan?.watchAfterCancelMs;
                if (s.plan !== undefined && watch !== undefined)
                    d.limitDeadline(new deadline/* Deadline */.B(event.now + watch, s.plan.deadline.clock));
                // A force-cancel already asked for goes out at once; one due some time after, then.
                if (s.forceWanted)
                    d.force();
                else
                    d.forceWhenDue();
                d.requests.push({ kind: 'wake' });
            }
            break;
        case 'force-answered':
            s.forceInFlight = false;
            if (event.answer === 'failed' && event.error !== undefined)
                s.lastError = event.error;
            if (event.answer === 'accepted' && !s.forceAccepted) {
                s.forceAccepted = true;
                d.requests.push({
                    kind: 'log',
                    line: `Force-cancel requested for test run ${testRunId}: its process is terminated at once.`,
                });
            }
            if (event.answer === 'refused')
                s.forceRefused = true;
            // Only an acceptance wakes the loop: a refusal (409) or a 404 is asked about again at the
            // loop's own pace, never in a burst of requests.
            if (event.answer === 'accepted')
                d.requests.push({ kind: 'wake' });
            break;
        case 'failed':
            s.lastError = event.error;
            break;
    }
    return d.done();
}
/** The loop's step once a read came back (or the run as last seen was taken instead): its end, if it ends. */
function onRead(state, result, now, testRunId) {
    const d = new Draft(state);
    const s = d.state;
    const plan = s.plan;
    if (result === 'not-found') {
        s.gone = true;
        return { ...d.done(), end: 'not-found' };
    }
    if (result !== 'dropped' && 'error' in result)
        s.lastError = result.error;
    else if (result !== 'dropped') {
        s.run = result;
        if ((0,test_run_status/* isFinal */.dR)(result))
            return { ...d.done(), end: 'final' };
        if (result.attributes.status === 'running')
            act(d, now);
        else {
            if (plan.startBy !== undefined && plan.startBy.at <= now)
                return { ...d.done(), end: 'gave-up' };
            if (!s.waitingNoted) {
                s.waitingNoted = true;
                d.requests.push({
                    kind: 'log',
                    line: `Test run ${testRunId} is ${result.attributes.status}: it can be cancelled only once it runs, so it is watched until then.`,
                });
            }
        }
    }
    if (s.cancelAccepted && plan.watchAfterCancelMs !== undefined && now - s.cancelAcceptedAt >= plan.watchAfterCancelMs)
        return { ...d.done(), end: 'cancel-requested' };
    return d.done();
}
/**
 * One step for a running run: cancel it, or force-cancel it when that is due. Neither is awaited
 * by the driver: a slow answer must not hold the reads, the force path or a second signal.
 */
function act(d, now) {
    const s = d.state;
    if (!s.cancelAccepted) {
        d.cancel();
        return;
    }
    const after = s.plan?.forceAfterCancelMs;
    const due = s.forceWanted || (after !== undefined && now - s.cancelAcceptedAt >= after);
    if (!s.forceAccepted && due)
        d.force();
}
/** Before a read: the stop ends when it was halted, the run is gone or the deadline has passed. */
function endBeforeRead(state, halted, now) {
    if (halted)
        return 'halted';
    if (state.gone)
        return 'not-found';
    if (state.plan.deadline.at <= now)
        return 'gave-up';
    return undefined;
}
/** The first step reads the run, unless the caller saw it running: then it is cancelled first. */
function readsFirst(state) {
    return state.run?.attributes.status !== 'running';
}
/** How the attempt ended, as the caller reads it. */
function stopOutcome(state, end) {
    const outcome = {
        end: state.gone && end !== 'final' ? 'not-found' : end,
        run: state.run,
        cancelAccepted: state.cancelAccepted,
        forceSent: state.forceSent,
        forceAccepted: state.forceAccepted,
        forceRefused: state.forceRefused,
    };
    if (state.lastError !== undefined)
        outcome.lastError = state.lastError;
    return outcome;
}

;// CONCATENATED MODULE: ./src/modes/run-module-tests/test-run/stop.ts
// Stopping a test run: cancel it while it runs, force-cancel it when told to or when it is still
// running after a grace period. Spec 3.1: only a running test can be cancelled (409 otherwise, so
// a queued run is cancelled as soon as it starts), and force-cancel is allowed only after a
// cancel. Used by the main step (job cancelled, timeout) and by the post step, always through the
// version guard.
//
// What to do is the stop machine's (stop-machine.ts), as data; this is its driver: it reads the
// run at the loop's pace, sends the cancel and force-cancel the machine asks for beside the
// reads, never behind them (against a slow service a read can take longer than the 2.5 s the
// runner leaves after SIGTERM, and the force-cancel must be sent at once: action-interface
// "Cancellation"), and hands every answer back to the machine.







class TestRunStopper {
    #options;
    #clock;
    #state;
    #running;
    /** Cancels and force-cancels under way; the attempt ends only once they have. */
    #requests = new Set();
    #wake = new AbortController();
    /** Aborts the read in flight: a new deadline or a force-cancel must not wait behind it. */
    #readAbort = new AbortController();
    #halt = new AbortController();
    /** Aborted when the loop has ended: nothing more is sent on its behalf, no timer is left behind. */
    #ended = new AbortController();
    constructor(options) {
        this.#options = options;
        this.#clock = options.clock;
        this.#state = initialStopState(options.cancelAlreadyAccepted ? this.#clock.now() : undefined);
    }
    /**
     * The run as the caller read it, until the stop starts: a run last seen running gets its
     * cancel before any read of the stop's own.
     */
    seen(run) {
        this.#dispatch({ kind: 'seen', run });
    }
    get testRunId() {
        return this.#options.testRunId;
    }
    get started() {
        return this.#running !== undefined;
    }
    /** The attempt under way, if any. */
    get outcome() {
        return this.#running;
    }
    /**
     * Starts stopping the run. Called again while it is under way, it only brings the deadline
     * forward (the earlier of the two wins) and returns the same attempt.
     */
    start(plan) {
        if (this.#running) {
            this.#dispatch({ kind: 'start', plan });
            return this.#running;
        }
        const step = onStopEvent(this.#state, { kind: 'start', plan }, this.testRunId);
        this.#state = step.state;
        // The loop takes its first step (a read, or the cancel of a run seen running) before the
        // start's own requests go out beside it.
        this.#running = this.#attempt();
        this.#apply(step.requests);
        return this.#running;
    }
    /**
     * Force-cancel at once: the read in flight is dropped and the force-cancel goes out beside
     * whatever else is under way (after the cancel the spec requires first, 3.1, when none was
     * accepted yet).
     */
    forceNow() {
        this.#dispatch({ kind: 'force-now' });
    }
    /**
     * Force-cancel `ms` after the cancel is accepted (at once when it was accepted that long ago),
     * beside whatever the loop is doing then; the earlier of two such times wins.
     */
    forceAfterCancel(ms) {
        this.#dispatch({ kind: 'force-after-cancel', ms });
    }
    limitDeadline(deadline) {
        this.#dispatch({ kind: 'limit-deadline', deadline });
    }
    /** Ends the attempt at its next step; a cancel or force-cancel already sent still completes. */
    halt() {
        this.#halt.abort();
        this.#ended.abort();
        this.#readAbort.abort();
    }
    #dispatch(event) {
        const step = onStopEvent(this.#state, event, this.testRunId);
        this.#state = step.state;
        this.#apply(step.requests);
    }
    #apply(requests) {
        for (const request of requests) {
            switch (request.kind) {
                case 'send-cancel':
                    this.#send('cancel');
                    break;
                case 'send-force':
                    this.#send('force');
                    break;
                case 'drop-read':
                    this.#readAbort.abort();
                    break;
                case 'wake':
                    this.#wake.abort();
                    break;
                case 'log':
                    this.#options.log(request.line);
                    break;
                case 'cancel-accepted':
                    try {
                        this.#options.onCancelAccepted?.();
                    }
                    catch (error) {
                        this.#dispatch({ kind: 'failed', error: (0,errors/* getErrorMessage */.u1)(error) });
                    }
                    break;
                case 'force-at':
                    // At its moment, not at the next read: a read held up by a slow service must not hold it.
                    new deadline/* Deadline */.B(request.at, this.#clock).reached(this.#ended.signal).then(() => {
                        if (!this.#ended.signal.aborted)
                            this.#dispatch({ kind: 'force-due', after: request.after });
                    }, () => undefined);
                    break;
            }
        }
    }
    async #attempt() {
        const end = await this.#loop();
        this.#ended.abort();
        // A cancel or force-cancel sent beside the reads is waited for (each has its own time
        // limit), so that the outcome says whether it was accepted.
        while (this.#requests.size > 0)
            await Promise.allSettled([...this.#requests]);
        return stopOutcome(this.#state, end);
    }
    async #loop() {
        const id = this.testRunId;
        // A run the caller saw running is cancelled before it is read again.
        let read = readsFirst(this.#state);
        for (;;) {
            const before = endBeforeRead(this.#state, this.#halt.signal.aborted, this.#clock.now());
            if (before !== undefined)
                return before;
            const result = read ? await this.#read() : this.#state.run;
            read = true;
            const step = onRead(this.#state, result, this.#clock.now(), id);
            this.#state = step.state;
            this.#apply(step.requests);
            if (step.end !== undefined)
                return step.end;
            await this.#pause();
        }
    }
    /** A cancel or force-cancel, its answer handed to the machine. Never rejects: it is not awaited. */
    #send(which) {
        const { client, module, testRunId } = this.#options;
        const signal = this.#requestSignal();
        const request = which === 'cancel'
            ? () => client.moduleTests.cancelTestRun(module, testRunId, { signal })
            : () => client.moduleTests.forceCancelTestRun(module, testRunId, { signal });
        const tracked = answerOf(request)
            .then(({ answer, error }) => this.#dispatch(which === 'cancel'
            ? { kind: 'cancel-answered', answer, now: this.#clock.now(), ...(error !== undefined ? { error } : {}) }
            : { kind: 'force-answered', answer, ...(error !== undefined ? { error } : {}) }))
            // Only a line of the log could throw here; the request itself was answered.
            .catch((error) => this.#dispatch({ kind: 'failed', error: (0,errors/* getErrorMessage */.u1)(error) }));
        const settled = tracked.finally(() => this.#requests.delete(settled));
        this.#requests.add(settled);
    }
    async #read() {
        const { client, module, testRunId } = this.#options;
        if (this.#readAbort.signal.aborted)
            this.#readAbort = new AbortController();
        const dropped = this.#readAbort.signal;
        try {
            return await client.moduleTests.getTestRun(module, testRunId, {
                signal: AbortSignal.any([this.#requestSignal(), dropped]),
            });
        }
        catch (error) {
            if ((0,service_errors/* isNotFound */.c4)(error))
                return 'not-found';
            // A read dropped for a new deadline or a force-cancel is no failure of the service.
            return dropped.aborted ? 'dropped' : { error: (0,errors/* getErrorMessage */.u1)(error) };
        }
    }
    /**
     * Each request is bounded by the deadline as it stands when the request is sent. Reads also
     * end on `halt()` or a new deadline; a cancel or force-cancel is never cut short by either (it
     * must go out whatever else is being stopped), only by its own time limit.
     */
    #requestSignal() {
        const ms = Math.min(budgets/* STOP_REQUEST_MAX_MS */.tl, Math.max(budgets/* STOP_REQUEST_MIN_MS */.Zi, this.#state.plan.deadline.remainingMs()));
        return this.#clock.timeout(ms);
    }
    async #pause() {
        const ms = Math.min(this.#options.pollMs, this.#state.plan.deadline.remainingMs());
        // Woken early when a force-cancel is asked for or answered, the deadline moves, or halt().
        await (0,clock/* pause */.v7)(this.#clock, ms, AbortSignal.any([this.#wake.signal, this.#halt.signal]));
        if (this.#wake.signal.aborted)
            this.#wake = new AbortController();
    }
}
/**
 * How the service answered a cancel or force-cancel. 409 (`refused`) means the run is no longer,
 * or not yet, in a state for it: the next read tells which. A 404 answers the request, not the
 * question: only a read says whether the run is gone (a 404 on a cancel has been seen beside a
 * read that showed the run running).
 */
async function answerOf(request) {
    try {
        await request();
        return { answer: 'accepted' };
    }
    catch (error) {
        if ((0,service_errors/* isNotFound */.c4)(error))
            return { answer: 'not-found' };
        if ((0,service_errors/* isApiError */.d7)(error, 409))
            return { answer: 'refused' };
        return { answer: 'failed', error: (0,errors/* getErrorMessage */.u1)(error) };
    }
}
/** What became of the run once the step tried to stop it, as a sentence for the summary and the failure. */
function describeStop(run, stopped) {
    const id = run.id;
    const status = run.attributes.status;
    const failed = stopped.lastError ? ` (last error: ${stopped.lastError})` : '';
    switch (stopped.end) {
        case 'not-found':
            return `test run ${id} no longer exists.`;
        case 'final':
            if (status === 'canceled')
                return stopped.forceAccepted ? `test run ${id} was force-cancelled.` : `test run ${id} was cancelled.`;
            return `test run ${id} had already ended (${(0,test_run_status/* describeTestRunStatus */.pB)(status)}).`;
        default:
            if (stopped.forceAccepted)
                return `test run ${id} was force-cancelled.`;
            if (stopped.forceSent && stopped.forceRefused)
                return (`test run ${id} was sent a force-cancel, which the service refused (409) ` +
                    `(last seen ${(0,test_run_status/* describeTestRunStatus */.pB)(status)}); the post step makes sure it ends.`);
            if (stopped.forceSent)
                return (`test run ${id} was sent a force-cancel, which the service had not answered when the step had to end ` +
                    `(last seen ${(0,test_run_status/* describeTestRunStatus */.pB)(status)}); the post step makes sure it ends.`);
            if (stopped.cancelAccepted)
                return `test run ${id} was asked to cancel and is stopping (last seen ${(0,test_run_status/* describeTestRunStatus */.pB)(status)}); the post step makes sure it ends.`;
            if (status === 'running')
                return `test run ${id} could not be cancelled${failed}; the post step tries again.`;
            return `test run ${id} was still ${(0,test_run_status/* describeTestRunStatus */.pB)(status)} and can be cancelled only once it runs; the post step cancels it then${failed}.`;
    }
}


/***/ }),

/***/ 8890:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A: () => (/* binding */ VersionGuard)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3916);
/* harmony import */ var _other_runs_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8631);
/* harmony import */ var _stop_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7511);
/* harmony import */ var _stop_policy_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(539);
// The guard over one configuration version's test runs: the one place a run is stopped. It holds
// the step's own run (stopped when the job is cancelled, the timeout runs out or the run can no
// longer be read), the watch for runs the service queues by itself (each stopped as soon as it
// is seen), and the wiring of both to the runner's signals: the first signal cancels every run
// and bounds the watching by the wind-down, SIGTERM or a second signal force-cancels them
// (action-interface "Cancellation"). The main step's follow, its cancelled and failed starts,
// and the post step all stop runs through it, each with the wind-down its own budgets allow; the
// plans of the stops and the wind-downs are stop-policy.ts's.




class VersionGuard {
    #options;
    #own;
    /** Every other run being stopped. */
    #others = [];
    #watches = [];
    #off;
    constructor(options) {
        this.#options = options;
        // The wind-down counts from each signal's arrival, also for a signal that came before the
        // guard was set up: each stop registered later gets it as it is then.
        this.#off = options.cancellation.onSignal(() => this.#applyWindDown());
    }
    /** The wind-down the signals call for now; undefined before any signal. */
    #windDown() {
        return this.#options.windDown();
    }
    /** The kill is near (SIGTERM, or a second signal): no wait or read that can be left out is begun. */
    killNear() {
        return this.#windDown()?.killNear ?? false;
    }
    /** What is left once the job is being cancelled: when the stops end, and the look for other runs. */
    afterSignal(timing) {
        return (0,_stop_policy_js__WEBPACK_IMPORTED_MODULE_2__/* .afterSignal */ .TR)(this.#windDown(), timing, this.#options.clock);
    }
    /**
     * The step's own run, `first` as the start saw it. Its stop starts on the first signal (at once
     * when one came already) unless the caller started it before; `onCancelAccepted` says when its
     * cancel was accepted (the post step is told).
     */
    ownRun(first, onCancelAccepted) {
        const stopper = this.#stopper(first.id, { onCancelAccepted });
        stopper.seen(first);
        this.#own = stopper;
        const windDown = this.#windDown();
        if (windDown !== undefined)
            this.#windDownOwn(stopper, windDown);
        return stopper;
    }
    /**
     * Stops another run of the version now, within `plan` and whatever wind-down the signals call
     * for. `cancelAlreadyAccepted`: the main step's cancel of it was accepted (for the post step).
     */
    stop(runId, plan, options = {}) {
        return this.#startStop(runId, plan, options).outcome;
    }
    /**
     * Starts the watch for the runs of `version` the step did not start (`ownRunId`: the run it
     * follows, if any), each stopped through this guard as soon as it is seen. The late-run window
     * counts from `uploadedAt`.
     */
    watchOtherRuns(watch) {
        const { client, module, clock, info, warn, debug } = this.#options;
        const others = new _other_runs_js__WEBPACK_IMPORTED_MODULE_0__/* .OtherRunsWatch */ .WT({
            client,
            module,
            version: watch.version,
            ...(watch.ownRunId !== undefined ? { ownRunId: watch.ownRunId } : {}),
            ...(watch.ownRunFromUpload ? { ownRunFromUpload: true } : {}),
            uploadedAt: watch.uploadedAt,
            timing: watch.timing,
            clock,
            info,
            warn,
            debug,
            stop: (run, plan) => this.#startStop(run.id, plan, {}),
        });
        this.#watches.push(others);
        if (this.killNear())
            others.hurry();
        others.start(watch.known);
        return others;
    }
    /**
     * Stops listening to the signals, ends the own run's stop at its next step (a cancel sent still
     * completes) and ends the watches' looks; the other runs' stops go on to their deadlines.
     */
    dispose() {
        this.#off();
        this.#own?.halt();
        for (const watch of this.#watches)
            watch.close();
    }
    #startStop(runId, plan, options) {
        const stopper = this.#stopper(runId, options);
        this.#others.push(stopper);
        const outcome = stopper.start(plan);
        const windDown = this.#windDown();
        if (windDown !== undefined)
            windDownOther(stopper, windDown);
        return { stopper, outcome };
    }
    #stopper(testRunId, extra) {
        const { client, module, pollMs, clock, info } = this.#options;
        return new _stop_js__WEBPACK_IMPORTED_MODULE_1__/* .TestRunStopper */ .$({ client, module, testRunId, log: info, pollMs, clock, ...extra });
    }
    #applyWindDown() {
        const windDown = this.#windDown();
        if (windDown === undefined)
            return;
        if (windDown.killNear)
            for (const watch of this.#watches)
                watch.hurry();
        for (const stopper of this.#others)
            windDownOther(stopper, windDown);
        if (this.#own)
            this.#windDownOwn(this.#own, windDown);
    }
    /** The own run: its stop starts at the first signal, within the wind-down. */
    #windDownOwn(stopper, windDown) {
        if (!stopper.started) {
            const id = stopper.testRunId;
            this.#options.info(`The job is being cancelled: stopping test run ${id}.`);
            stopper
                .start((0,_stop_policy_js__WEBPACK_IMPORTED_MODULE_2__/* .atSignal */ .A3)(windDown))
                .catch((error) => this.#options.debug(`Stopping test run ${id} failed: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .getErrorMessage */ .u1)(error)}`));
        }
        else {
            stopper.limitDeadline(windDown.deadline);
        }
        (0,_stop_policy_js__WEBPACK_IMPORTED_MODULE_2__/* .forceAsWindDownSays */ .g0)(stopper, windDown);
    }
}
/** Another run: already being stopped, its stop is cut to the wind-down, and force-cancelled as it says. */
function windDownOther(stopper, windDown) {
    stopper.limitDeadline(windDown.deadline);
    (0,_stop_policy_js__WEBPACK_IMPORTED_MODULE_2__/* .forceAsWindDownSays */ .g0)(stopper, windDown);
}


/***/ }),

/***/ 8121:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FB: () => (/* binding */ optionsFingerprint),
/* harmony export */   Ne: () => (/* binding */ requestedRunOf),
/* harmony export */   SD: () => (/* binding */ adoptableRun),
/* harmony export */   nA: () => (/* binding */ isDefaultRequest),
/* harmony export */   q5: () => (/* binding */ runFingerprint),
/* harmony export */   q8: () => (/* binding */ runsOfConfigurationVersion),
/* harmony export */   sh: () => (/* binding */ optionDifferences)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2697);
/* harmony import */ var _lifetime_deadline_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8451);
/* harmony import */ var _report_format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2011);
/* harmony import */ var _status_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1250);
// The runs of a configuration version, and which of them carries the requested options: what
// the step adopts, what the post step recognises as the run of a create it never saw answered,
// and what the other-runs watch stops. The service lists runs in no promised order (4.2) and
// may not send every option back: nothing here depends on either.





/** The run options the inputs ask for. */
function requestedRunOf(inputs) {
    return {
        testDirectory: inputs.testDirectory,
        filters: inputs.testFilters,
        variables: inputs.testVariables,
        verbose: inputs.verbose,
    };
}
/**
 * The options of a run nobody asked anything of (spec 4.2 defaults): what a run the service
 * queues by itself carries.
 */
function isDefaultRequest(requested) {
    return (requested.testDirectory === 'tests' &&
        requested.filters.length === 0 &&
        requested.variables.length === 0 &&
        !requested.verbose);
}
/**
 * The runs of one configuration version (relationships.configuration-version, 2.2). The list
 * comes in no promised order (4.2), so nothing here depends on it, but a list that comes newest
 * first is not read further than the version's creation (`since`): a module's whole test
 * history is not read on every look. Runs in `known` must be seen before the search stops early:
 * a list that only looked newest first is then read on.
 */
async function runsOfConfigurationVersion(client, module, version, options) {
    // Bounded by time as well as by pages: a list that pages on must end, whoever asked for it.
    const bound = _lifetime_deadline_js__WEBPACK_IMPORTED_MODULE_3__/* .Deadline */ .B.after(_lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_1__/* .VERSION_RUNS_LISTING_MS */ .ut, options.clock);
    const signal = options.signal ? bound.cut(options.signal) : bound.signal;
    const runs = [];
    const unseen = new Set(options.known ?? []);
    let newestFirst = true;
    let previous = Number.POSITIVE_INFINITY;
    try {
        for await (const run of client.moduleTests.iterateTestRuns(module, { signal })) {
            if ((0,_status_js__WEBPACK_IMPORTED_MODULE_2__/* .configurationVersionOf */ ._f)(run) === version.id) {
                runs.push(run);
                unseen.delete(run.id);
            }
            const created = Date.parse(run.attributes['created-at'] ?? '');
            if (!(created <= previous))
                newestFirst = false;
            previous = created;
            if (newestFirst && version.since !== undefined && created < version.since && unseen.size === 0)
                break;
        }
    }
    catch (error) {
        // Cut by its own bound, not by the caller: said as what it is, not as an aborted operation.
        if (bound.expired && !options.signal?.aborted)
            throw new Error(`the list did not end within ${(0,_report_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(_lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_1__/* .VERSION_RUNS_LISTING_MS */ .ut)}`, { cause: error });
        throw error;
    }
    return runs;
}
/**
 * The one run of the version, by creation time (the list order says nothing), that carries the
 * requested options and was not cancelled; undefined when there is none.
 */
function adoptableRun(runs, requested) {
    return [...runs]
        .filter((run) => run.attributes.status !== 'canceled' && optionDifferences(run, requested).length === 0)
        .sort(byCreation)[0];
}
function byCreation(a, b) {
    const at = (run) => Date.parse(run.attributes['created-at'] ?? '') || Number.POSITIVE_INFINITY;
    return at(a) - at(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
/**
 * The options the run carries that differ from the requested ones. An attribute the service
 * does not send is not compared. Variables are named by key only: values may be private.
 */
function optionDifferences(run, requested) {
    const a = run.attributes;
    const differences = [];
    const directory = a['test-directory'];
    if (directory !== undefined && directory !== requested.testDirectory) {
        differences.push(`test-directory is "${directory}" instead of "${requested.testDirectory}"`);
    }
    if (a.filters !== undefined && !sameSet(a.filters ?? [], requested.filters)) {
        differences.push(`test-filters are ${listText(a.filters ?? [])} instead of ${listText(requested.filters)}`);
    }
    if (a.variables !== undefined) {
        const actual = a.variables ?? [];
        if (!sameSet(actual.map(variableKey), requested.variables.map(variableKey))) {
            const actualKeys = actual.map((v) => v.key);
            const requestedKeys = requested.variables.map((v) => v.key);
            differences.push(sameSet(actualKeys, requestedKeys)
                ? `test-variables ${listText(requestedKeys)} have other values`
                : `test-variables are ${listText(actualKeys)} instead of ${listText(requestedKeys)}`);
        }
    }
    if (a.verbose !== undefined && a.verbose !== requested.verbose) {
        differences.push(`verbose is ${String(a.verbose)} instead of ${String(requested.verbose)}`);
    }
    return differences;
}
/**
 * The requested options as one digest: what the post step recognises a run of the step's create
 * by, when the main step never saw the create answered, without the step's state holding the
 * options themselves (variable values may be private). Spec defaults stand in for what a run
 * does not say.
 */
function optionsFingerprint(options) {
    const canonical = JSON.stringify([
        options.testDirectory,
        [...new Set(options.filters)].sort(),
        [...new Set(options.variables.map(variableKey))].sort(),
        options.verbose,
    ]);
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(canonical).digest('hex');
}
/** The fingerprint of the options a run carries. */
function runFingerprint(run) {
    const a = run.attributes;
    return optionsFingerprint({
        testDirectory: a['test-directory'] ?? 'tests',
        filters: a.filters ?? [],
        variables: a.variables ?? [],
        verbose: a.verbose ?? false,
    });
}
function variableKey(v) {
    return JSON.stringify([v.key, v.value]);
}
function sameSet(a, b) {
    const left = [...new Set(a)].sort();
    const right = [...new Set(b)].sort();
    return left.length === right.length && left.every((v, i) => v === right[i]);
}
function listText(values) {
    return values.length === 0 ? 'none' : values.map((v) => `"${v}"`).join(', ');
}


/***/ }),

/***/ 240:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ DEFAULT_POST_TUNING),
/* harmony export */   o: () => (/* binding */ DEFAULT_TUNING)
/* harmony export */ });
/* harmony import */ var _lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2697);

/** The budgets of the mode (lifetime/budgets.ts, where each says what it bounds). */
const MODE_BUDGETS = [
    'adoptWaitMs',
    'adoptLookMs',
    'stopPollMs',
    'windDownMs',
    'forceBudgetMs',
    'forceAfterLoneSigtermMs',
    'createWaitAfterSignalMs',
    'lookUpAfterSignalMs',
    'stopAfterWaitMs',
    'uploadTimeoutMs',
    'logReadTimeoutMs',
    'liveLogEveryMs',
    'liveLogReadMs',
];
/** The timings; the clock is the step's (ModeContext.clock). */
const DEFAULT_TUNING = {
    wait: {},
    otherRuns: {},
    ...(0,_lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__/* .budgetsOf */ .k7)(...MODE_BUDGETS),
};
const POST_BUDGETS = [
    'queuedWaitMs',
    'graceMs',
    'forceSlackMs',
    'pollMs',
    'appearWaitMs',
    'lateRunWindowMs',
    'afterSignalMs',
];
const DEFAULT_POST_TUNING = (0,_lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__/* .budgetsOf */ .k7)(...POST_BUDGETS);


/***/ })

};
