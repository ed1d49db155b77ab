export const id = 661;
export const ids = [661];
export const modules = {

/***/ 6661:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runPost: () => (/* binding */ runPost)
/* harmony export */ });
/* harmony import */ var _cancellation_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4632);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(3916);
/* harmony import */ var _inputs_read_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4245);
/* harmony import */ var _modes_run_module_tests_module_ref_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8321);
/* harmony import */ var _modes_run_module_tests_run_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4164);
/* harmony import */ var _modes_run_module_tests_start_test_run_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2366);
/* harmony import */ var _modes_run_module_tests_stop_test_run_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5450);
/* harmony import */ var _modes_run_module_tests_test_run_status_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1388);
/* harmony import */ var _report_github_sink_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7395);
/* harmony import */ var _service_client_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3743);
/* harmony import */ var _state_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2462);
/* harmony import */ var _wait_poll_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(5548);
// The post step: a test run must never be left running behind a cancelled or killed job
// (action-interface "Cancellation"). The main step saves the configuration version as soon as it
// exists, the run id the moment the run is known, and marks the run once it saw it final; when
// that mark is missing, this step makes sure every run of that version ends: it cancels it (a
// queued run once it runs, within a bounded wait), then force-cancels it if it is still running
// after a grace period. A main step killed while its create was unanswered saved no run id: the
// run is found by its configuration version, once it appears.












/** Exit code 0 unless a run may still be running that this step could not stop. */
async function runPost(options = {}) {
    const saved = (0,_modes_run_module_tests_run_state_js__WEBPACK_IMPORTED_MODULE_2__/* .runToStop */ .BF)(options.getState ?? _state_js__WEBPACK_IMPORTED_MODULE_8__/* .getState */ .G);
    if (saved === undefined)
        return 0;
    const read = options.read ?? _inputs_read_js__WEBPACK_IMPORTED_MODULE_1__/* .readActionInput */ .LJ;
    const token = read('token').trim();
    const sink = options.sink ?? (0,_report_github_sink_js__WEBPACK_IMPORTED_MODULE_6__/* .githubSink */ .X)({ secrets: token ? [token] : [] });
    const { module } = saved;
    const label = (0,_modes_run_module_tests_module_ref_js__WEBPACK_IMPORTED_MODULE_10__/* .moduleLabel */ .$)(module);
    const what = saved.testRunId !== undefined ? `Test run ${saved.testRunId} of module ${label}` : `A test run of configuration version ${saved.configurationVersionId ?? '?'} (module ${label})`;
    let baseUrl;
    try {
        ({ baseUrl } = (0,_inputs_read_js__WEBPACK_IMPORTED_MODULE_1__/* .readServiceInputs */ .Dz)(read));
    }
    catch (error) {
        sink.fail(`${what} may still be running, and it cannot be stopped: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_11__/* .getErrorMessage */ .u)(error)}`);
        return 1;
    }
    const queuedWaitMs = options.queuedWaitMs ?? 120_000;
    const graceMs = options.graceMs ?? 20_000;
    const pollMs = options.pollMs ?? 1000;
    const client = (0,_service_client_js__WEBPACK_IMPORTED_MODULE_7__/* .createServiceClient */ .r)({ baseUrl, token, onRequest: (e) => sink.debug(`${e.method} ${e.target} → ${e.status ?? e.error ?? 'no answer'}`), ...options.client });
    const cancellation = (0,_cancellation_js__WEBPACK_IMPORTED_MODULE_0__/* .createCancellation */ .MI)();
    const stoppers = [];
    // The post step being cancelled in turn: what was sent stays sent, the waiting stops.
    cancellation.onSignal(() => {
        for (const stopper of stoppers)
            stopper.limitDeadline(Date.now() + 1000);
    });
    try {
        const found = await runsToStop(saved, { client, sink, signal: cancellation.signal, pollMs, appearWaitMs: options.appearWaitMs ?? 30_000 });
        if (found.runs.length === 0)
            return found.code;
        const now = Date.now();
        const plan = {
            startBy: now + queuedWaitMs,
            // Long enough for a queued run to start, be cancelled, get its grace and be force-cancelled.
            deadline: now + queuedWaitMs + graceMs + 15_000,
            forceAfterCancelMs: graceMs,
        };
        const codes = await Promise.all(found.runs.map(async ({ id, lastSeen }) => {
            const stopper = new _modes_run_module_tests_stop_test_run_js__WEBPACK_IMPORTED_MODULE_4__/* .TestRunStopper */ .$({
                client,
                module,
                testRunId: id,
                log: (line) => sink.info(line),
                pollMs,
                cancelAlreadyAccepted: saved.cancelRequested && id === saved.testRunId,
            });
            stoppers.push(stopper);
            if (cancellation.signal.aborted)
                stopper.limitDeadline(Date.now() + 1000);
            sink.info(`Test run ${id} of module ${label} was not seen to end by the main step: making sure it stops.`);
            return report(sink, `Test run ${id} of module ${label}`, await stopper.start({ ...plan, ...(lastSeen ? { lastSeen } : {}) }), queuedWaitMs);
        }));
        return Math.max(found.code, ...codes);
    }
    finally {
        cancellation.dispose();
        await client.close();
    }
}
/**
 * The saved run, and every run of the saved configuration version that is not final. When the
 * main step sent a create it never saw answered, and no run is known yet, the version is looked
 * at again until one appears or `appearWaitMs` passes.
 */
async function runsToStop(saved, options) {
    const { sink, signal } = options;
    const runs = saved.testRunId !== undefined ? [{ id: saved.testRunId }] : [];
    const version = saved.configurationVersionId;
    if (version === undefined)
        return { runs, code: 0 };
    const label = (0,_modes_run_module_tests_module_ref_js__WEBPACK_IMPORTED_MODULE_10__/* .moduleLabel */ .$)(saved.module);
    const waitUntil = Date.now() + (runs.length === 0 && saved.createSent ? options.appearWaitMs : 0);
    let noted = false;
    for (;;) {
        let listed;
        try {
            listed = await (0,_modes_run_module_tests_start_test_run_js__WEBPACK_IMPORTED_MODULE_3__/* .runsOfConfigurationVersion */ .q8)(options.client, saved.module, version, { signal });
        }
        catch (error) {
            if (runs.length > 0) {
                sink.warning(`The test runs of configuration version ${version} (module ${label}) could not be listed (${(0,_errors_js__WEBPACK_IMPORTED_MODULE_11__/* .getErrorMessage */ .u)(error)}); only test run ${saved.testRunId ?? '?'} is stopped.`);
                return { runs, code: 0 };
            }
            sink.fail(`The test runs of configuration version ${version} (module ${label}) could not be listed, and one may still be running: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_11__/* .getErrorMessage */ .u)(error)}. Check the module's test runs in the service.`);
            return { runs, code: 1 };
        }
        for (const run of listed) {
            const known = runs.find((r) => r.id === run.id);
            if (known)
                known.lastSeen = run;
            else if (!(0,_modes_run_module_tests_test_run_status_js__WEBPACK_IMPORTED_MODULE_5__/* .isFinal */ .dR)(run))
                runs.push({ id: run.id, lastSeen: run });
        }
        if (listed.length > 0 || runs.length > 0) {
            if (runs.length === 0)
                sink.info(`Every test run of configuration version ${version} (module ${label}) has ended: nothing to stop.`);
            return { runs, code: 0 };
        }
        if (Date.now() >= waitUntil || signal.aborted)
            break;
        if (!noted) {
            noted = true;
            sink.info(`The main step sent the create of a test run on configuration version ${version} (module ${label}) and saw no answer: waiting up to ${(0,_wait_poll_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(options.appearWaitMs)} for the run to appear.`);
        }
        try {
            await (0,_wait_poll_js__WEBPACK_IMPORTED_MODULE_9__/* .sleep */ .yy)(Math.min(options.pollMs, waitUntil - Date.now()), signal);
        }
        catch {
            break;
        }
    }
    if (saved.createSent) {
        sink.warning(`No test run of configuration version ${version} (module ${label}) appeared after the main step sent its create; if one appears later, cancel it in the service.`);
    }
    else {
        sink.info(`Configuration version ${version} (module ${label}) has no test run: nothing to stop.`);
    }
    return { runs, code: 0 };
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
            const when = status === 'running' ? '' : ` (it was still ${status ?? 'unknown'} after ${(0,_wait_poll_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(queuedWaitMs)}, and only a running test can be cancelled)`;
            sink.fail(`${what} could not be cancelled${when}${why}; cancel it in the service.`);
            return 1;
        }
    }
}


/***/ })

};
