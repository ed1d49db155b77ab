export const id = 661;
export const ids = [661];
export const modules = {

/***/ 8321:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ moduleLabel),
/* harmony export */   L: () => (/* binding */ moduleRefOf)
/* harmony export */ });
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

/***/ 64164:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $e: () => (/* binding */ saveRunFinal),
/* harmony export */   F2: () => (/* binding */ readSavedRun),
/* harmony export */   M_: () => (/* binding */ saveCancelRequested),
/* harmony export */   Yy: () => (/* binding */ saveRunStarted)
/* harmony export */ });
/* unused harmony export STATE_NAMES */
// What the main step hands to the post step (action-interface "Cancellation": the run id is
// saved as soon as it is known, so that a post step can cancel a run the main step left behind).
const STATE_NAMES = {
    testRunId: 'testRunId',
    /** JSON of the ModuleRef: the post step reaches the run without re-reading every input. */
    module: 'testRunModule',
    /** 'true' once the main step saw the run in a final status: nothing left to clean up. */
    final: 'testRunFinal',
    /** 'true' once a cancel was accepted: the post step goes on to force-cancel after its grace. */
    cancelRequested: 'testRunCancelRequested',
};
function saveRunStarted(save, testRunId, module) {
    // The module first: a step killed between the two lines leaves no id without its module.
    save(STATE_NAMES.module, JSON.stringify(module));
    save(STATE_NAMES.testRunId, testRunId);
}
function saveRunFinal(save) {
    save(STATE_NAMES.final, 'true');
}
function saveCancelRequested(save) {
    save(STATE_NAMES.cancelRequested, 'true');
}
/** The run the main step saved, or undefined when it saved none (another mode, or no run). */
function readSavedRun(get) {
    const testRunId = get(STATE_NAMES.testRunId);
    if (testRunId === '')
        return undefined;
    const module = parseModule(get(STATE_NAMES.module));
    if (module === undefined)
        return undefined;
    return {
        testRunId,
        module,
        final: get(STATE_NAMES.final) === 'true',
        cancelRequested: get(STATE_NAMES.cancelRequested) === 'true',
    };
}
function parseModule(text) {
    try {
        const value = JSON.parse(text);
        if (!value || typeof value !== 'object')
            return undefined;
        const { organization, namespace, name, provider } = value;
        if (typeof organization !== 'string' || typeof name !== 'string' || typeof provider !== 'string')
            return undefined;
        return { organization, name, provider, ...(typeof namespace === 'string' ? { namespace } : {}) };
    }
    catch {
        return undefined;
    }
}


/***/ }),

/***/ 35450:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ TestRunStopper)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(83916);
/* harmony import */ var _service_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5756);
/* harmony import */ var _wait_poll_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(95548);
/* harmony import */ var _test_run_status_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(21388);
// Stopping a test run: cancel it while it runs, force-cancel it when told to or when it is still
// running after a grace period. Spec 3.1: only a running test can be cancelled (409 otherwise, so
// a queued run is cancelled as soon as it starts), and force-cancel is allowed only after a
// cancel. Used by the main step (job cancelled, timeout) and by the post step.




/** Longest wait for one request: stopping must finish within the runner's grace periods. */
const MAX_REQUEST_MS = 5000;
const MIN_REQUEST_MS = 500;
class TestRunStopper {
    #options;
    #pollMs;
    #plan;
    #running;
    #forceWanted = false;
    #cancelAccepted;
    #cancelAcceptedAt = 0;
    #forceAccepted = false;
    #lastRun;
    #lastError;
    #waitingNoted = false;
    #wake = new AbortController();
    #halt = new AbortController();
    constructor(options) {
        this.#options = options;
        this.#pollMs = options.pollMs ?? 250;
        this.#cancelAccepted = options.cancelAlreadyAccepted ?? false;
        if (this.#cancelAccepted)
            this.#cancelAcceptedAt = Date.now();
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
        if (this.#running && this.#plan) {
            this.limitDeadline(plan.deadline);
            return this.#running;
        }
        this.#plan = { ...plan };
        this.#running = this.#loop();
        return this.#running;
    }
    /** Force-cancel as soon as the service allows it (after an accepted cancel). */
    forceNow() {
        this.#forceWanted = true;
        this.#poke();
    }
    limitDeadline(at) {
        if (this.#plan && at < this.#plan.deadline)
            this.#plan.deadline = at;
        this.#poke();
    }
    /** Ends the attempt at its next step; a cancel or force-cancel already sent still completes. */
    halt() {
        this.#halt.abort();
    }
    async #loop() {
        const { testRunId } = this.#options;
        for (;;) {
            const plan = this.#plan;
            if (this.#halt.signal.aborted)
                return this.#end('halted');
            if (Date.now() >= plan.deadline)
                return this.#end('gave-up');
            const run = await this.#read();
            if (run === 'not-found')
                return this.#end('not-found');
            if (run !== undefined) {
                this.#lastRun = run;
                if ((0,_test_run_status_js__WEBPACK_IMPORTED_MODULE_2__/* .isFinal */ .dR)(run))
                    return this.#end('final');
                if (run.attributes.status === 'running') {
                    const step = await this.#act(plan);
                    if (step === 'not-found')
                        return this.#end('not-found');
                    if (step === 'read-again')
                        continue;
                }
                else {
                    if (plan.startBy !== undefined && Date.now() >= plan.startBy)
                        return this.#end('gave-up');
                    if (!this.#waitingNoted) {
                        this.#waitingNoted = true;
                        this.#options.log(`Test run ${testRunId} is ${run.attributes.status}: it can be cancelled only once it runs, so it is watched until then.`);
                    }
                }
            }
            if (this.#cancelAccepted &&
                plan.watchAfterCancelMs !== undefined &&
                Date.now() - this.#cancelAcceptedAt >= plan.watchAfterCancelMs) {
                return this.#end('cancel-requested');
            }
            await this.#pause(plan);
        }
    }
    /** One step for a running run: cancel it, or force-cancel it when that is due. */
    async #act(plan) {
        const { client, module, testRunId, log } = this.#options;
        if (!this.#cancelAccepted) {
            const answer = await this.#send(() => client.moduleTests.cancelTestRun(module, testRunId, { signal: this.#requestSignal(plan, false) }));
            if (answer !== 'accepted')
                return answer === 'not-found' ? 'not-found' : 'wait';
            this.#cancelAccepted = true;
            this.#cancelAcceptedAt = Date.now();
            log(`Cancel requested for test run ${testRunId}: its tests stop and it destroys what they created.`);
            this.#options.onCancelAccepted?.();
            // A force-cancel already asked for goes out at once.
            return this.#forceDue(plan) ? this.#act(plan) : 'wait';
        }
        if (this.#forceAccepted || !this.#forceDue(plan))
            return 'wait';
        const answer = await this.#send(() => client.moduleTests.forceCancelTestRun(module, testRunId, { signal: this.#requestSignal(plan, false) }));
        if (answer !== 'accepted')
            return answer === 'not-found' ? 'not-found' : 'wait';
        this.#forceAccepted = true;
        log(`Force-cancel requested for test run ${testRunId}: its process is terminated at once.`);
        return 'read-again';
    }
    #forceDue(plan) {
        if (!this.#cancelAccepted)
            return false;
        if (this.#forceWanted)
            return true;
        return plan.forceAfterCancelMs !== undefined && Date.now() - this.#cancelAcceptedAt >= plan.forceAfterCancelMs;
    }
    async #read() {
        const { client, module, testRunId } = this.#options;
        try {
            return await client.moduleTests.getTestRun(module, testRunId, { signal: this.#requestSignal(this.#plan, true) });
        }
        catch (error) {
            if ((0,_service_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isNotFound */ .c4)(error))
                return 'not-found';
            this.#lastError = (0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .getErrorMessage */ .u)(error);
            return undefined;
        }
    }
    /**
     * A cancel or force-cancel. 409 (`refused`) means the run is no longer, or not yet, in a state
     * for it: the next read tells which.
     */
    async #send(request) {
        try {
            await request();
            return 'accepted';
        }
        catch (error) {
            if ((0,_service_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isNotFound */ .c4)(error))
                return 'not-found';
            if ((0,_service_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isApiError */ .d7)(error, 409))
                return 'refused';
            this.#lastError = (0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .getErrorMessage */ .u)(error);
            return 'failed';
        }
    }
    /**
     * Reads end on `halt()`; a cancel or force-cancel is never cut short by it (it must go out
     * whatever else is being stopped), only by its own time limit.
     */
    #requestSignal(plan, haltable) {
        const ms = Math.min(MAX_REQUEST_MS, Math.max(MIN_REQUEST_MS, plan.deadline - Date.now()));
        const timeout = AbortSignal.timeout(ms);
        return haltable ? AbortSignal.any([timeout, this.#halt.signal]) : timeout;
    }
    async #pause(plan) {
        const ms = Math.max(0, Math.min(this.#pollMs, plan.deadline - Date.now()));
        try {
            await (0,_wait_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .sleep */ .yy)(ms, AbortSignal.any([this.#wake.signal, this.#halt.signal]));
        }
        catch {
            // Woken early: a force-cancel was asked for, the deadline moved, or halt().
        }
        if (this.#wake.signal.aborted)
            this.#wake = new AbortController();
    }
    #poke() {
        this.#wake.abort();
    }
    #end(end) {
        const outcome = {
            end,
            run: this.#lastRun,
            cancelAccepted: this.#cancelAccepted,
            forceAccepted: this.#forceAccepted,
        };
        if (this.#lastError !== undefined)
            outcome.lastError = this.#lastError;
        return outcome;
    }
}


/***/ }),

/***/ 21388:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _f: () => (/* binding */ configurationVersionOf),
/* harmony export */   dR: () => (/* binding */ isFinal)
/* harmony export */ });
/* unused harmony export isFinalStatus */
/** Spec 3.1: `errored`, `canceled` and `finished` are final. */
const FINAL = new Set(['errored', 'canceled', 'finished']);
function isFinalStatus(status) {
    return FINAL.has(status);
}
function isFinal(run) {
    return isFinalStatus(run.attributes.status);
}
/** The configuration version a run tests (relationships.configuration-version, spec 2.2). */
function configurationVersionOf(run) {
    return run.relationships?.['configuration-version']?.data?.id;
}


/***/ }),

/***/ 86661:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runPost: () => (/* binding */ runPost)
/* harmony export */ });
/* harmony import */ var _cancellation_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(34632);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(83916);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(89564);
/* harmony import */ var _modes_run_module_tests_module_ref_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8321);
/* harmony import */ var _modes_run_module_tests_run_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(64164);
/* harmony import */ var _modes_run_module_tests_stop_test_run_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(35450);
/* harmony import */ var _report_sink_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(83860);
/* harmony import */ var _service_client_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(72352);
/* harmony import */ var _state_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2462);
/* harmony import */ var _wait_poll_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(95548);
// The post step: a test run must never be left running behind a cancelled or killed job
// (action-interface "Cancellation"). The main step saves the run id the moment the run exists
// and marks it once it saw the run final; when that mark is missing, this step makes sure the
// run ends: it cancels it (a queued run once it runs, within a bounded wait), then force-cancels
// it if it is still running after a grace period.










/** Exit code 0 unless a run may still be running that this step could not stop. */
async function runPost(options = {}) {
    const saved = (0,_modes_run_module_tests_run_state_js__WEBPACK_IMPORTED_MODULE_2__/* .readSavedRun */ .F2)(options.getState ?? _state_js__WEBPACK_IMPORTED_MODULE_6__/* .getState */ .G);
    if (saved === undefined || saved.final)
        return 0;
    const read = options.read ?? _inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .readActionInput */ .LJ;
    const token = read('token').trim();
    const sink = options.sink ?? (0,_report_sink_js__WEBPACK_IMPORTED_MODULE_4__/* .githubSink */ .X)({ secrets: token ? [token] : [] });
    const { testRunId, module } = saved;
    const what = `Test run ${testRunId} of module ${(0,_modes_run_module_tests_module_ref_js__WEBPACK_IMPORTED_MODULE_8__/* .moduleLabel */ .$)(module)}`;
    let baseUrl;
    try {
        baseUrl = (0,_inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .normalizeBaseUrl */ .qT)(read('base-url'));
        if (token === '')
            throw new Error('Input "token" is empty');
    }
    catch (error) {
        sink.fail(`${what} may still be running, and it cannot be stopped: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .getErrorMessage */ .u)(error)}`);
        return 1;
    }
    const queuedWaitMs = options.queuedWaitMs ?? 120_000;
    const graceMs = options.graceMs ?? 20_000;
    sink.info(`${what} was not seen to end by the main step: making sure it stops.`);
    const client = (0,_service_client_js__WEBPACK_IMPORTED_MODULE_5__/* .createServiceClient */ .r)({ baseUrl, token, onRequest: (e) => sink.debug(`${e.method} ${e.target} → ${e.status ?? e.error ?? 'no answer'}`), ...options.client });
    const cancellation = (0,_cancellation_js__WEBPACK_IMPORTED_MODULE_0__/* .createCancellation */ .M)();
    const stopper = new _modes_run_module_tests_stop_test_run_js__WEBPACK_IMPORTED_MODULE_3__/* .TestRunStopper */ .$({
        client,
        module,
        testRunId,
        log: (line) => sink.info(line),
        pollMs: options.pollMs ?? 1000,
        cancelAlreadyAccepted: saved.cancelRequested,
    });
    // The post step being cancelled in turn: what was sent stays sent, the waiting stops.
    cancellation.onSignal(() => stopper.limitDeadline(Date.now() + 1000));
    try {
        const now = Date.now();
        const outcome = await stopper.start({
            startBy: now + queuedWaitMs,
            // Long enough for a queued run to start, be cancelled, get its grace and be force-cancelled.
            deadline: now + queuedWaitMs + graceMs + 15_000,
            forceAfterCancelMs: graceMs,
        });
        return report(sink, what, outcome, queuedWaitMs);
    }
    finally {
        cancellation.dispose();
        await client.close();
    }
}
function report(sink, what, outcome, queuedWaitMs) {
    const status = outcome.run?.attributes.status;
    switch (outcome.end) {
        case 'not-found':
            // Deleted, or the token lost access: nothing this step can do, nothing to fail for.
            sink.info(`${what} no longer exists (404): nothing to stop.`);
            return 0;
        case 'final':
            if (outcome.forceAccepted)
                sink.info(`${what} was force-cancelled.`);
            else if (outcome.cancelAccepted && status === 'canceled')
                sink.info(`${what} was cancelled.`);
            else
                sink.info(`${what} had already ended (${status ?? 'final'}).`);
            return 0;
        default: {
            if (outcome.cancelAccepted) {
                sink.warning(`${what} was asked to ${outcome.forceAccepted ? 'force-cancel' : 'cancel'} and is still ${status ?? 'stopping'}; check it in the service.`);
                return 0;
            }
            const why = outcome.lastError ? `: ${outcome.lastError}` : '';
            const when = status === 'running' ? '' : ` (it was still ${status ?? 'unknown'} after ${(0,_wait_poll_js__WEBPACK_IMPORTED_MODULE_7__/* .formatDuration */ .a3)(queuedWaitMs)}, and only a running test can be cancelled)`;
            sink.fail(`${what} could not be cancelled${when}${why}; cancel it in the service.`);
            return 1;
        }
    }
}


/***/ }),

/***/ 95548:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   WT: () => (/* binding */ statusReporter),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   g3: () => (/* binding */ pollUntil),
/* harmony export */   yy: () => (/* reexport safe */ _service_pacing_js__WEBPACK_IMPORTED_MODULE_0__.yy)
/* harmony export */ });
/* unused harmony export DEFAULT_POLL */
/* harmony import */ var _service_pacing_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(92599);

// One abortable sleep for the whole action: an abort ends it with the same AbortError as every
// request of the service client, which isAbortError recognises.

const DEFAULT_POLL = { initialIntervalMs: 250, maxIntervalMs: 3000, backoff: 1.5 };
async function pollUntil(options) {
    const started = Date.now();
    let interval = options.initialIntervalMs ?? DEFAULT_POLL.initialIntervalMs;
    const maxInterval = options.maxIntervalMs ?? DEFAULT_POLL.maxIntervalMs;
    const backoff = options.backoff ?? DEFAULT_POLL.backoff;
    let last;
    for (;;) {
        (0,_service_pacing_js__WEBPACK_IMPORTED_MODULE_0__/* .throwIfAborted */ .Te)(options.signal);
        last = await options.read(options.signal);
        options.onValue?.(last, Date.now() - started);
        if (options.isFinal(last))
            return { outcome: 'final', value: last };
        const remaining = options.deadline - Date.now();
        if (remaining <= 0)
            return { outcome: 'timed-out', value: last };
        await (0,_service_pacing_js__WEBPACK_IMPORTED_MODULE_0__/* .sleep */ .yy)(Math.min(interval, remaining), options.signal);
        interval = Math.min(maxInterval, interval * backoff);
    }
}
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
        log(`${status} (${formatDuration(elapsedMs)} elapsed)`);
    };
}
function formatDuration(ms) {
    const s = Math.round(ms / 1000);
    if (s < 60)
        return `${s}s`;
    const m = Math.floor(s / 60);
    if (m < 60)
        return `${m}m${String(s % 60).padStart(2, '0')}s`;
    return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}


/***/ })

};
