/******/ var __webpack_modules__ = ({

/***/ 945:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  BF: () => (/* binding */ runToStop)
});

// UNUSED EXPORTS: STATE_NAMES, readSavedRun, saveCancelRequested, saveConfigurationVersion, saveCreateSent, saveRunFinal, saveRunStarted, saveUploadRunSeen, saveUploaded

;// CONCATENATED MODULE: ./src/json-object.ts
/** Whether a parsed JSON, YAML or HCL value is an object (a map of names to values): not null, not a list. */
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** The value of a JSON text, or undefined when it is empty or not JSON: for answers read as they come. */
function parseJsonOrUndefined(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
/** The object a JSON text holds; undefined when the text is not JSON or holds anything else (a list, a string). */
function parseJsonObject(text) {
    const value = parseJsonOrUndefined(text);
    return isObject(value) ? value : undefined;
}

;// CONCATENATED MODULE: ./src/modes/run-module-tests/state.ts
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
    const value = parseJsonObject(text);
    if (value === undefined)
        return undefined;
    const { organization, namespace, name, provider } = value;
    if (typeof organization !== 'string' || typeof name !== 'string' || typeof provider !== 'string')
        return undefined;
    return { organization, name, provider, ...(typeof namespace === 'string' ? { namespace } : {}) };
}


/***/ }),

/***/ 908:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _modes_run_module_tests_state_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(945);
// The post step of every job that uses the action (action.yml `runs.post`, built as dist/post.js).
// Most main steps leave nothing behind, and loading the bundle costs several times Node.js's own
// start: the state is read first, from the STATE_* variables the runner sets (what
// @actions/core's getState reads), and dist/index.js is loaded only when a test run may still be
// running. It then runs the post step, which the main step marked in the state (`isPost`).

if ((0,_modes_run_module_tests_state_js__WEBPACK_IMPORTED_MODULE_0__/* .runToStop */ .BF)((name) => process.env[`STATE_${name}`] ?? '') !== undefined) {
    // Not bundled into this file: the main bundle, beside it.
    await import(/* webpackIgnore: true */ './index.js');
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(908);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
