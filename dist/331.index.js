export const id = 331;
export const ids = [331];
export const modules = {

/***/ 9331:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runPost: () => (/* binding */ runPost)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(3916);
/* harmony import */ var _inputs_read_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4245);
/* harmony import */ var _lifetime_cancellation_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(784);
/* harmony import */ var _lifetime_abort_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(3853);
/* harmony import */ var _lifetime_clock_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9269);
/* harmony import */ var _lifetime_deadline_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8451);
/* harmony import */ var _lifetime_poll_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(666);
/* harmony import */ var _report_github_sink_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7395);
/* harmony import */ var _service_client_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2324);
/* harmony import */ var _state_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2462);
/* harmony import */ var _report_format_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(2011);
/* harmony import */ var _module_ref_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(8321);
/* harmony import */ var _state_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(6796);
/* harmony import */ var _test_run_version_guard_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8890);
/* harmony import */ var _test_run_status_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(1250);
/* harmony import */ var _tuning_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(240);
/* harmony import */ var _test_run_version_runs_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(8121);
// The post step: a test run must never be left running behind a cancelled or killed job
// (action-interface "Cancellation"), nor beside the step's own run (a service may queue one by
// itself on upload, late). The main step saves the configuration version as soon as it exists,
// the run id the moment the run is known, and marks the run once it saw it final. This step
// makes sure every run of that version ends, the step's own when it was not seen final and any
// other: it cancels it (a queued run once it runs, within a bounded wait), then force-cancels it
// if it is still running after a grace period. A main step killed while its create was
// unanswered saved no run id: the run is found by its configuration version, once it appears.

















/**
 * Null unless a run may still be running that this step could not stop; each failure is reported
 * on the sink as it happens, and the entry point turns the one returned into the exit code.
 */
async function runPost(options = {}) {
    const saved = (0,_state_js__WEBPACK_IMPORTED_MODULE_8__/* .runToStop */ .BF)(options.getState ?? _state_js__WEBPACK_IMPORTED_MODULE_7__/* .getState */ .G);
    if (saved === undefined)
        return null;
    const read = options.read ?? _inputs_read_js__WEBPACK_IMPORTED_MODULE_0__/* .readActionInput */ .LJ;
    const sink = options.sink ?? (0,_report_github_sink_js__WEBPACK_IMPORTED_MODULE_5__/* .githubSink */ .X)({ secrets: (0,_inputs_read_js__WEBPACK_IMPORTED_MODULE_0__/* .serviceSecretsAsGiven */ .yv)(read) });
    const { module } = saved;
    const label = (0,_module_ref_js__WEBPACK_IMPORTED_MODULE_13__/* .moduleLabel */ .$)(module);
    const what = saved.testRunId !== undefined && !saved.final
        ? `Test run ${saved.testRunId} of module ${label}`
        : `A test run of configuration version ${saved.configurationVersion?.id ?? '?'} (module ${label})`;
    let service;
    try {
        service = (0,_inputs_read_js__WEBPACK_IMPORTED_MODULE_0__/* .readServiceInputs */ .Dz)(read);
    }
    catch (error) {
        // A failure, not a bad input (exit 2 is for a step that has sent nothing): the main step
        // has already started a run, which may still be running.
        return failed(sink, (0,_errors_js__WEBPACK_IMPORTED_MODULE_14__/* .stepFailure */ .nK)(`${what} may still be running, and it cannot be stopped: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_14__/* .failureOf */ .g5)(error).message}`));
    }
    const { queuedWaitMs, graceMs, forceSlackMs, pollMs, appearWaitMs, lateRunWindowMs, afterSignalMs } = {
        ..._tuning_js__WEBPACK_IMPORTED_MODULE_11__/* .DEFAULT_POST_TUNING */ .l,
        ...options.tuning,
    };
    const clock = options.clock ?? _lifetime_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .systemClock */ .ml;
    const client = (0,_service_client_js__WEBPACK_IMPORTED_MODULE_6__/* .createServiceClient */ .r)({
        ...service,
        onRequest: (e) => sink.debug((0,_service_client_js__WEBPACK_IMPORTED_MODULE_6__/* .describeRequest */ .Ng)(e)),
        ...options.client,
    });
    const cancellation = (0,_lifetime_cancellation_js__WEBPACK_IMPORTED_MODULE_1__/* .createCancellation */ .MI)();
    const guard = new _test_run_version_guard_js__WEBPACK_IMPORTED_MODULE_9__/* .VersionGuard */ .A({
        client,
        module,
        cancellation,
        // The post step being cancelled in turn: what was sent stays sent, the waiting stops.
        windDown: () => cancellation.signal.aborted
            ? {
                firstAt: cancellation.receivedAt[0] ?? clock.now(),
                deadline: _lifetime_deadline_js__WEBPACK_IMPORTED_MODULE_3__/* .Deadline */ .B.after(afterSignalMs, clock),
                force: false,
            }
            : undefined,
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
        const plan = {
            startBy: _lifetime_deadline_js__WEBPACK_IMPORTED_MODULE_3__/* .Deadline */ .B.after(queuedWaitMs, clock),
            // Long enough for a queued run to start, be cancelled, get its grace and be force-cancelled.
            deadline: _lifetime_deadline_js__WEBPACK_IMPORTED_MODULE_3__/* .Deadline */ .B.after(queuedWaitMs + graceMs + forceSlackMs, clock),
            forceAfterCancelMs: graceMs,
            ...(lastSeen ? { lastSeen } : {}),
        };
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
        return [found, ...(await Promise.all(stops))].find((failure) => failure !== null) ?? null;
    }
    finally {
        guard.dispose();
        cancellation.dispose();
        await client.close();
    }
}
/**
 * Hands `stop` the saved run unless the main step saw it final, and every run of the saved
 * configuration version that is not final, as each is found. The version is looked at again
 * until the window in which the service may queue a run by itself has passed (the main step's,
 * from the upload), and, when the main step sent a create it never saw answered, until a run with
 * the create's options appears or `appearWaitMs` passes. Resolves with the failure when a run may
 * be running that could not be found, else null.
 */
async function findRunsToStop(saved, options) {
    const { sink, signal, stop, clock } = options;
    const known = new Set();
    const stopOnce = (run) => {
        if (known.has(run.id))
            return;
        known.add(run.id);
        stop(run);
    };
    const versionRef = saved.configurationVersion;
    if (versionRef === undefined) {
        if (saved.testRunId !== undefined && !saved.final)
            stopOnce({ id: saved.testRunId });
        return null;
    }
    const version = versionRef.id;
    const label = (0,_module_ref_js__WEBPACK_IMPORTED_MODULE_13__/* .moduleLabel */ .$)(saved.module);
    // The run of a create the main step never saw answered may take a while to appear.
    const awaitingCreate = saved.testRunId === undefined && saved.createSent;
    const appearBy = clock.now() + (awaitingCreate ? options.appearWaitMs : 0);
    // A service may queue a run of its own on the version up to the main step's window after the
    // upload: a main step killed before it ends must not leave that run to the service. An upload
    // the step died in may still land: then the window counts from now.
    const lateRunWindowMs = saved.lateRunWindowMs ?? options.lateRunWindowMs;
    const watchUntil = (saved.uploadedAt ?? clock.now()) + lateRunWindowMs;
    const ownFinal = saved.testRunId !== undefined && saved.final;
    let notedCreate = false;
    let notedWindow = false;
    let listedAny = false;
    let appeared = !awaitingCreate;
    const until = () => Math.max(appeared ? 0 : appearBy, watchUntil);
    const look = async () => {
        try {
            return {
                listed: await (0,_test_run_version_runs_js__WEBPACK_IMPORTED_MODULE_12__/* .runsOfConfigurationVersion */ .q8)(options.client, saved.module, versionRef, {
                    signal,
                    known: saved.testRunId !== undefined ? [saved.testRunId] : [],
                }),
            };
        }
        catch (error) {
            return { error };
        }
    };
    const stopListed = (listed) => {
        listedAny ||= listed.length > 0;
        for (const run of listed) {
            if (run.id === saved.testRunId ? !saved.final && !(0,_test_run_status_js__WEBPACK_IMPORTED_MODULE_10__/* .isFinal */ .dR)(run) : !(0,_test_run_status_js__WEBPACK_IMPORTED_MODULE_10__/* .isFinal */ .dR)(run))
                stopOnce({ id: run.id, lastSeen: run });
        }
        // The saved run may be missing from the list (the service no longer shows it): it is read by id.
        if (saved.testRunId !== undefined && !saved.final && !listed.some((run) => run.id === saved.testRunId))
            stopOnce({ id: saved.testRunId });
        appeared ||=
            saved.requested !== undefined ? listed.some((run) => (0,_test_run_version_runs_js__WEBPACK_IMPORTED_MODULE_12__/* .runFingerprint */ .q5)(run) === saved.requested) : listed.length > 0;
    };
    /** Says once what is waited for, before the first pause for it. */
    const noteWait = () => {
        if (!appeared && !notedCreate) {
            notedCreate = true;
            sink.info(`The main step sent the create of a test run on configuration version ${version} (module ${label}) and saw no answer: ` +
                `waiting up to ${(0,_report_format_js__WEBPACK_IMPORTED_MODULE_15__/* .formatDuration */ .a3)(options.appearWaitMs)} for the run to appear.`);
        }
        if (clock.now() < watchUntil && !notedWindow) {
            notedWindow = true;
            sink.info(`The service may still queue a test run of configuration version ${version} (module ${label}) by itself, ` +
                `up to ${(0,_report_format_js__WEBPACK_IMPORTED_MODULE_15__/* .formatDuration */ .a3)(lateRunWindowMs)} after the upload: looking for one until then.`);
        }
    };
    let failedLook;
    let looked = false;
    try {
        // Looked at until the run appears and the window has passed; each look answered, however late.
        await (0,_lifetime_poll_js__WEBPACK_IMPORTED_MODULE_4__/* .pollUntil */ .g3)({
            read: look,
            onValue: (answer) => {
                looked = true;
                if ('listed' in answer)
                    stopListed(answer.listed);
                else
                    failedLook = answer.error;
            },
            isFinal: (answer) => 'error' in answer || clock.now() >= until() || signal.aborted,
            signal,
            deadline: new _lifetime_deadline_js__WEBPACK_IMPORTED_MODULE_3__/* .Deadline */ .B(Math.max(appearBy, watchUntil), clock),
            pauses: () => {
                noteWait();
                return Math.min(options.pollMs, until() - clock.now());
            },
            cutReadsAtDeadline: false,
            readAtDeadline: true,
        });
    }
    catch (error) {
        // The post step is being cancelled: it looks no further (cancelled before its first look,
        // it stops the saved run all the same, as after a look that failed).
        if (!(0,_lifetime_abort_js__WEBPACK_IMPORTED_MODULE_16__/* .isAbortError */ .zf)(error))
            throw error;
        if (!looked)
            failedLook = error;
    }
    if (failedLook !== undefined) {
        const error = failedLook;
        if (saved.testRunId !== undefined && !saved.final) {
            stopOnce({ id: saved.testRunId });
            sink.warning(`The test runs of configuration version ${version} (module ${label}) could not be listed (${(0,_errors_js__WEBPACK_IMPORTED_MODULE_14__/* .getErrorMessage */ .u1)(error)}); ` +
                `only test run ${saved.testRunId} is stopped.`);
            return null;
        }
        if (ownFinal || known.size > 0) {
            // The step's own run ended; another run of the version is only possible, not known.
            sink.warning(`The test runs of configuration version ${version} (module ${label}) could not be listed (${(0,_errors_js__WEBPACK_IMPORTED_MODULE_14__/* .getErrorMessage */ .u1)(error)}); ` +
                `if another one is still running, cancel it in the service.`);
            return null;
        }
        return failed(sink, (0,_errors_js__WEBPACK_IMPORTED_MODULE_14__/* .stepFailure */ .nK)(`The test runs of configuration version ${version} (module ${label}) could not be listed, and one may still be running: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_14__/* .getErrorMessage */ .u1)(error)}. ` +
            `Check the module's test runs in the service.`));
    }
    if (!appeared) {
        sink.warning(`No test run with the requested options appeared on configuration version ${version} (module ${label}) after the main step sent its create; ` +
            `if one appears later, cancel it in the service.`);
    }
    else if (known.size === 0) {
        sink.info(listedAny
            ? `Every test run of configuration version ${version} (module ${label}) has ended: nothing to stop.`
            : `Configuration version ${version} (module ${label}) has no test run: nothing to stop.`);
    }
    return null;
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
            if (outcome.cancelAccepted) {
                sink.warning(`${what} was asked to ${outcome.forceAccepted ? 'force-cancel' : 'cancel'} and is still ${status ?? 'stopping'}; check it in the service.`);
                return null;
            }
            const why = outcome.lastError ? `: ${outcome.lastError}` : '';
            const when = status === 'running'
                ? ''
                : ` (it was still ${status ?? 'unknown'} after ${(0,_report_format_js__WEBPACK_IMPORTED_MODULE_15__/* .formatDuration */ .a3)(queuedWaitMs)}, and only a running test can be cancelled)`;
            return failed(sink, (0,_errors_js__WEBPACK_IMPORTED_MODULE_14__/* .stepFailure */ .nK)(`${what} could not be cancelled${when}${why}; cancel it in the service.`));
        }
    }
}
/** Reports a failure as it happens (the step goes on stopping the other runs); the failure. */
function failed(sink, failure) {
    sink.fail(failure.message);
    return failure;
}


/***/ })

};
