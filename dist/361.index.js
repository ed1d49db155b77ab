export const id = 361;
export const ids = [361];
export const modules = {

/***/ 7361:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runPostStep: () => (/* binding */ runPostStep)
});

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/inputs/read.ts
var inputs_read = __webpack_require__(4245);
// EXTERNAL MODULE: ./src/lifetime/clock.ts
var clock = __webpack_require__(9269);
// EXTERNAL MODULE: ./src/report/format.ts
var format = __webpack_require__(2011);
// EXTERNAL MODULE: ./src/modes/run-module-tests/module-ref.ts
var module_ref = __webpack_require__(8321);
// EXTERNAL MODULE: ./src/modes/run-module-tests/test-run/version-guard.ts
var version_guard = __webpack_require__(8890);
// EXTERNAL MODULE: ./src/modes/run-module-tests/test-run/stop-policy.ts + 1 modules
var stop_policy = __webpack_require__(539);
// EXTERNAL MODULE: ./src/modes/run-module-tests/tuning.ts
var tuning = __webpack_require__(240);
// EXTERNAL MODULE: ./src/lifetime/abort.ts
var abort = __webpack_require__(3853);
// EXTERNAL MODULE: ./src/lifetime/deadline.ts
var deadline = __webpack_require__(8451);
// EXTERNAL MODULE: ./src/lifetime/poll.ts
var poll = __webpack_require__(666);
// EXTERNAL MODULE: ./src/modes/run-module-tests/test-run/status.ts
var test_run_status = __webpack_require__(1250);
// EXTERNAL MODULE: ./src/modes/run-module-tests/test-run/version-runs.ts
var version_runs = __webpack_require__(8121);
;// CONCATENATED MODULE: ./src/modes/run-module-tests/post-search.ts
// The post step's search of the saved configuration version's runs: each run found that is not
// final is handed to the stop as soon as it is found, the saved one at once; the search goes on
// until the window in which the service may queue a run by itself has passed, and until the run of
// a create the main step never saw answered has appeared.








/**
 * Hands `stop` the saved run unless the main step saw it final, and every run of the saved
 * configuration version that is not final, as each is found. The version is looked at again
 * until the window in which the service may queue a run by itself has passed (the main step's,
 * from the upload), and, when the main step sent a create it never saw answered, until a run with
 * the create's options appears or `appearWaitMs` passes. Resolves with the failure (for the caller
 * to report) when a run may be running that could not be found, else null.
 */
async function findRunsToStop(saved, options) {
    const versionRef = saved.configurationVersion;
    if (versionRef === undefined) {
        if (saved.testRunId !== undefined && !saved.final)
            options.stop({ id: saved.testRunId });
        return null;
    }
    const search = new VersionSearch(saved, versionRef, options);
    // The run whose id is known is stopped at once, beside the look for others: a listing that
    // pages on, or fails, must not hold its cancel.
    if (saved.testRunId !== undefined && !saved.final)
        search.stopOnce({ id: saved.testRunId });
    const failedLook = await search.lookUntilDone();
    if (failedLook !== undefined)
        return search.listingFailure(failedLook);
    search.sayWhatWasFound();
    return null;
}
/** The post step's search of the saved configuration version's runs, and what it found. */
class VersionSearch {
    #saved;
    #version;
    #options;
    #label;
    /** Every run handed to `stop`. */
    #known = new Set();
    /** The run of a create the main step never saw answered may take a while to appear. */
    #appearBy;
    /** A service may queue a run of its own on the version up to the main step's window after the upload. */
    #watchUntil;
    #lateRunWindowMs;
    #appeared;
    #listedAny = false;
    #notedCreate = false;
    #notedWindow = false;
    constructor(saved, version, options) {
        this.#saved = saved;
        this.#version = version;
        this.#options = options;
        this.#label = (0,module_ref/* moduleLabel */.$)(saved.module);
        const { clock } = options;
        const awaitingCreate = saved.testRunId === undefined && saved.createSent;
        this.#appeared = !awaitingCreate;
        this.#appearBy = deadline/* Deadline */.B.after(awaitingCreate ? options.appearWaitMs : 0, clock);
        // A main step killed before it ends must not leave that run to the service. An upload the
        // step died in may still land: then the window counts from now.
        this.#lateRunWindowMs = saved.lateRunWindowMs ?? options.lateRunWindowMs;
        this.#watchUntil = new deadline/* Deadline */.B((saved.uploadedAt ?? clock.now()) + this.#lateRunWindowMs, clock);
    }
    stopOnce(run) {
        if (this.#known.has(run.id))
            return;
        this.#known.add(run.id);
        this.#options.stop(run);
    }
    /**
     * Looks at the version until the run has appeared and the window has passed, each look
     * answered however late; the failure of a look that failed, if one did.
     */
    async lookUntilDone() {
        const { signal, pollMs } = this.#options;
        // Until the run has appeared and the window has passed.
        const until = () => (this.#appeared ? this.#watchUntil : this.#appearBy.later(this.#watchUntil));
        let failedLook;
        let looked = false;
        try {
            await (0,poll/* pollUntil */.g3)({
                read: () => this.#look(),
                onValue: (answer) => {
                    looked = true;
                    if ('listed' in answer)
                        this.#stopListed(answer.listed);
                    else
                        failedLook = answer.error;
                },
                isFinal: (answer) => 'error' in answer || until().expired || signal.aborted,
                signal,
                deadline: this.#appearBy.later(this.#watchUntil),
                pauses: () => {
                    this.#noteWait();
                    return Math.min(pollMs, until().remainingMs());
                },
                cutReadsAtDeadline: false,
                readAtDeadline: true,
            });
        }
        catch (error) {
            // The post step is being cancelled: it looks no further (cancelled before its first look,
            // it stops the saved run all the same, as after a look that failed).
            if (!(0,abort/* isAbortError */.zf)(error))
                throw error;
            if (!looked)
                failedLook = error;
        }
        return failedLook;
    }
    async #look() {
        const { client, clock, signal } = this.#options;
        const saved = this.#saved;
        try {
            return {
                listed: await (0,version_runs/* runsOfConfigurationVersion */.q8)(client, saved.module, this.#version, {
                    clock,
                    signal,
                    known: saved.testRunId !== undefined ? [saved.testRunId] : [],
                }),
            };
        }
        catch (error) {
            return { error };
        }
    }
    #stopListed(listed) {
        const saved = this.#saved;
        this.#listedAny ||= listed.length > 0;
        for (const run of listed) {
            if (run.id === saved.testRunId ? !saved.final && !(0,test_run_status/* isFinal */.dR)(run) : !(0,test_run_status/* isFinal */.dR)(run))
                this.stopOnce({ id: run.id, lastSeen: run });
        }
        // The saved run may be missing from the list (the service no longer shows it): it is read by id.
        if (saved.testRunId !== undefined && !saved.final && !listed.some((run) => run.id === saved.testRunId))
            this.stopOnce({ id: saved.testRunId });
        this.#appeared ||=
            saved.requested !== undefined ? listed.some((run) => (0,version_runs/* runFingerprint */.q5)(run) === saved.requested) : listed.length > 0;
    }
    /** Says once what is waited for, before the first pause for it. */
    #noteWait() {
        const { sink, appearWaitMs } = this.#options;
        const version = this.#version.id;
        if (!this.#appeared && !this.#notedCreate) {
            this.#notedCreate = true;
            sink.info(`The main step sent the create of a test run on configuration version ${version} (module ${this.#label}) and saw no answer: ` +
                `waiting up to ${(0,format/* formatDuration */.a3)(appearWaitMs)} for the run to appear.`);
        }
        if (!this.#watchUntil.expired && !this.#notedWindow) {
            this.#notedWindow = true;
            sink.info(`The service may still queue a test run of configuration version ${version} (module ${this.#label}) by itself, ` +
                `up to ${(0,format/* formatDuration */.a3)(this.#lateRunWindowMs)} after the upload: looking for one until then.`);
        }
    }
    /**
     * Every run the step answers for must be read final at its end: when the version could not be
     * listed, one may still be running unseen, so the step fails, whatever it could stop.
     */
    listingFailure(error) {
        const saved = this.#saved;
        const version = this.#version.id;
        const label = this.#label;
        const ownFinal = saved.testRunId !== undefined && saved.final;
        if (ownFinal || this.#known.size > 0) {
            const stopped = saved.testRunId !== undefined && !saved.final ? ` Test run ${saved.testRunId} is stopped.` : '';
            return (0,errors/* stepFailure */.nK)(`The test runs of configuration version ${version} (module ${label}) could not be listed (${(0,errors/* getErrorMessage */.u1)(error)}), ` +
                `so another one may still be running.${stopped} Check the module's test runs in the service.`);
        }
        return (0,errors/* stepFailure */.nK)(`The test runs of configuration version ${version} (module ${label}) could not be listed, and one may still be running: ${(0,errors/* getErrorMessage */.u1)(error)}. ` +
            `Check the module's test runs in the service.`);
    }
    /** What the search found, when it found nothing to stop or not the run it waited for. */
    sayWhatWasFound() {
        const { sink } = this.#options;
        const version = this.#version.id;
        const label = this.#label;
        if (!this.#appeared) {
            sink.warning(`No test run with the requested options appeared on configuration version ${version} (module ${label}) after the main step sent its create; ` +
                `if one appears later, cancel it in the service.`);
        }
        else if (this.#known.size === 0) {
            sink.info(this.#listedAny
                ? `Every test run of configuration version ${version} (module ${label}) has ended: nothing to stop.`
                : `Configuration version ${version} (module ${label}) has no test run: nothing to stop.`);
        }
    }
}

;// CONCATENATED MODULE: ./src/modes/run-module-tests/post.ts
// The post step: a test run must never be left running behind a cancelled or killed job
// (action-interface "Cancellation"), nor beside the step's own run (a service may queue one by
// itself on upload, late). The main step saves the configuration version as soon as it exists,
// the run id the moment the run is known, and marks the run once it saw it final. This step
// makes sure every run of that version ends, the step's own when it was not seen final and any
// other: it cancels it (a queued run once it runs, within a bounded wait), then force-cancels it
// if it is still running after a grace period. A main step killed while its create was
// unanswered saved no run id: the run is found by its configuration version, once it appears.







/**
 * The failure of a post step that cannot start (its inputs are refused, its client cannot be
 * built), reported on the sink.
 */
function cannotStart(saved, sink, failure) {
    const label = (0,module_ref/* moduleLabel */.$)(saved.module);
    const what = saved.testRunId !== undefined && !saved.final
        ? `Test run ${saved.testRunId} of module ${label}`
        : `A test run of configuration version ${saved.configurationVersion?.id ?? '?'} (module ${label})`;
    // A failure, not a bad input (exit 2 is for a step that has sent nothing): the main step
    // has already started a run, which may still be running.
    return failed(sink, (0,errors/* stepFailure */.nK)(`${what} may still be running, and it cannot be stopped: ${failure.message}`));
}
/**
 * Null unless a run may still be running that this step could not stop; each failure is reported
 * on the sink as it happens, and the entry point turns the one returned into the exit code.
 */
async function runPost(start, options) {
    const { saved, sink, client, cancellation } = start;
    const { module } = saved;
    const label = (0,module_ref/* moduleLabel */.$)(module);
    const { queuedWaitMs, graceMs, forceSlackMs, pollMs, appearWaitMs, lateRunWindowMs, afterSignalMs } = {
        ...tuning/* DEFAULT_POST_TUNING */.l,
        ...options.tuning,
    };
    const { clock } = options;
    const guard = new version_guard/* VersionGuard */.A({
        client,
        module,
        cancellation,
        windDown: (0,stop_policy/* postStepWindDown */.LM)(cancellation, afterSignalMs, clock),
        pollMs,
        clock,
        info: (line) => sink.info(line),
        warn: (line) => sink.warning(line),
        debug: (line) => sink.debug(line),
    });
    // Each run is stopped as soon as it is found: one the service queued by itself is not left
    // running while the step waits for the run of an unanswered create to appear.
    const stops = [];
    const stop = ({ id, lastSeen }) => {
        const plan = (0,stop_policy/* leftBehind */.aU)({ queuedWaitMs, graceMs, forceSlackMs }, clock, lastSeen);
        sink.info(`Test run ${id} of module ${label} was not seen to end by the main step: making sure it stops.`);
        const cancelAlreadyAccepted = saved.cancelRequested && id === saved.testRunId;
        stops.push(guard
            .stop(id, plan, { cancelAlreadyAccepted })
            .then((outcome) => report(sink, `Test run ${id} of module ${label}`, outcome, queuedWaitMs)));
    };
    try {
        const found = await findRunsToStop(saved, {
            client,
            sink,
            signal: cancellation.signal,
            pollMs,
            appearWaitMs,
            lateRunWindowMs,
            stop,
            clock,
        });
        if (found !== null)
            failed(sink, found);
        return [found, ...(await Promise.all(stops))].find((failure) => failure !== null) ?? null;
    }
    finally {
        // The start-up (src/post-step.ts) closes the client and the cancellation.
        guard.dispose();
    }
}
function report(sink, what, outcome, queuedWaitMs) {
    const status = outcome.run?.attributes.status;
    switch (outcome.end) {
        case 'not-found':
            // Deleted, or the token lost access: nothing this step can do, nothing to fail for.
            sink.info(`${what} no longer exists (404): nothing to stop.`);
            return null;
        case 'final':
            if (outcome.forceAccepted)
                sink.info(`${what} was force-cancelled.`);
            else if (outcome.cancelAccepted && status === 'canceled')
                sink.info(`${what} was cancelled.`);
            else
                sink.info(`${what} had already ended (${status ?? 'final'}).`);
            return null;
        default: {
            // Only a run read final counts as stopped: one still running when the step must end fails it.
            if (outcome.cancelAccepted) {
                const refused = outcome.forceRefused && !outcome.forceAccepted ? ' (its force-cancel was refused, 409)' : '';
                return failed(sink, (0,errors/* stepFailure */.nK)(`${what} was asked to ${outcome.forceAccepted ? 'force-cancel' : 'cancel'}${refused} and is still ${status ?? 'stopping'} ` +
                    `at the end of the step; check it in the service.`));
            }
            const why = outcome.lastError ? `: ${outcome.lastError}` : '';
            const when = status === 'running'
                ? ''
                : ` (it was still ${status ?? 'unknown'} after ${(0,format/* formatDuration */.a3)(queuedWaitMs)}, and only a running test can be cancelled)`;
            return failed(sink, (0,errors/* stepFailure */.nK)(`${what} could not be cancelled${when}${why}; cancel it in the service.`));
        }
    }
}
/** Reports a failure as it happens (the step goes on stopping the other runs); the failure. */
function failed(sink, failure) {
    sink.fail(failure.message);
    return failure;
}

// EXTERNAL MODULE: ./src/modes/run-module-tests/state.ts
var state = __webpack_require__(6796);
// EXTERNAL MODULE: ./src/report/github-sink.ts
var github_sink = __webpack_require__(7395);
// EXTERNAL MODULE: ./src/state.ts
var src_state = __webpack_require__(2462);
// EXTERNAL MODULE: ./src/step.ts
var step = __webpack_require__(4353);
;// CONCATENATED MODULE: ./src/post-step.ts
// The post step, started as the main step is (step.ts): the state the main step saved is read
// once here and handed on; the inputs are the service's alone (the address and the token), read
// again from INPUT_*; the work is stopping every run the main step may have left
// (modes/run-module-tests/post.ts).








/** The post step's exit code: 0 unless a run may still be running that it could not stop. */
async function runPostStep(options = {}) {
    const saved = (0,state/* runToStop */.BF)(options.getState ?? src_state/* getState */.G);
    if (saved === undefined)
        return (0,errors/* exitCodeOf */.FO)(null);
    const read = options.read ?? inputs_read/* readActionInput */.LJ;
    const sink = options.sink ?? (0,github_sink/* githubSink */.X)();
    return (0,step/* runStep */.e)({
        sink,
        clock: options.clock ?? clock/* systemClock */.ml,
        secretsAsGiven: (0,inputs_read/* serviceSecretsAsGiven */.yv)(read),
        readInputs: () => (0,inputs_read/* readServiceInputs */.Dz)(read),
        clientOptions: (service) => ({ ...service, ...options.client }),
        refused: (failure) => (0,errors/* exitCodeOf */.FO)(cannotStart(saved, sink, failure)),
        work: async ({ client, cancellation, clock }) => (0,errors/* exitCodeOf */.FO)(await runPost({ saved, sink, client, cancellation }, { clock, ...(options.tuning ? { tuning: options.tuning } : {}) })),
    });
}


/***/ })

};
