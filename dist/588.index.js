export const id = 588;
export const ids = [588];
export const modules = {

/***/ 1588:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runProvisionNoCodeWorkspace: () => (/* binding */ runProvisionNoCodeWorkspace)
});

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/modes/no-code/results.ts
var results = __webpack_require__(1634);
// EXTERNAL MODULE: ./src/modes/no-code/service-address.ts
var service_address = __webpack_require__(4230);
// EXTERNAL MODULE: ./src/modes/no-code/write-failure.ts
var write_failure = __webpack_require__(7116);
// EXTERNAL MODULE: ./src/report/format.ts
var format = __webpack_require__(2011);
// EXTERNAL MODULE: ./src/modes/no-code/writes.ts
var writes = __webpack_require__(166);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/modes/no-code/variables-table.ts
var variables_table = __webpack_require__(9844);
;// CONCATENATED MODULE: ./src/modes/no-code/provision/report.ts


function provisionReport(input) {
    const ws = input.workspace;
    const rows = [
        ['Workspace', ws ? (0,markdown/* link */.nf)(ws.id, ws.url) : 'not created yet'],
        ['Name', (0,markdown/* inlineCode */.ti)(input.name)],
        ['Project', (0,markdown/* inlineCode */.ti)(input.projectId)],
        [
            'No-code module',
            (0,markdown/* html */.qy)(`${(0,markdown/* inlineCode */.ti)(input.noCodeModuleId).html}${input.moduleVersion ? ` (version ${(0,markdown/* escapeHtml */.ZD)(input.moduleVersion)})` : ''}`),
        ],
        ['Source module', ws?.sourceModuleId ? (0,markdown/* inlineCode */.ti)(ws.sourceModuleId) : '–'],
        ['Auto apply', input.autoApply ? 'yes' : 'no'],
        ['Description', input.description || '–'],
    ];
    const summary = (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)(input.dryRun ? 'Workspace from a no-code module (dry run)' : 'Workspace from a no-code module'), input.dryRun && (0,markdown/* dryRunBanner */.NI)('No workspace was created: this is what would be created.'), (0,markdown/* paragraph */.FY)((0,markdown/* html */.qy)(ws
        ? `<strong>Created workspace ${(0,markdown/* escapeHtml */.ZD)(input.name)}</strong> (${(0,markdown/* inlineCode */.ti)(ws.id).html}).`
        : `<strong>Would create workspace ${(0,markdown/* escapeHtml */.ZD)(input.name)}.</strong>`)), (0,markdown/* table */.tp)(['Setting', 'Value'], rows), (0,markdown/* heading */.R_)(`Variables (${input.vars.length})`, 3), (0,variables_table/* variablesTable */.o)(input.vars));
    return {
        title: ws
            ? `Workspace ${input.name} (${ws.id}) created from no-code module ${input.noCodeModuleId}`
            : `Dry run: would create workspace ${input.name} from no-code module ${input.noCodeModuleId}`,
        summary,
        annotations: [],
        outputs: {
            'workspace-id': ws?.id ?? '',
            'workspace-url': ws?.url ?? '',
            'no-code-module-id': input.noCodeModuleId,
            result: {
                action: ws ? 'created' : 'would-create',
                workspaceId: ws?.id ?? null,
                workspaceUrl: ws?.url ?? null,
                name: input.name,
                projectId: input.projectId,
                noCodeModuleId: input.noCodeModuleId,
                sourceModuleId: ws?.sourceModuleId ?? null,
                autoApply: input.autoApply,
                variables: input.vars.map((v) => ({ key: v.key, category: v.category, hcl: v.hcl, sensitive: v.sensitive })),
            },
        },
        failure: null,
        conclusion: 'success',
    };
}

;// CONCATENATED MODULE: ./src/modes/no-code/provision/run.ts







const HEADING = 'Workspace from a no-code module';
/**
 * Mode provision-no-code-workspace: creates a workspace from a no-code module in a project, with
 * its variables, which deploys the module.
 */
async function runProvisionNoCodeWorkspace(inputs, context, tuning = {}) {
    const { sink, client } = context;
    const grace = (0,writes/* writeGraceOf */.l)(tuning, context.clock);
    const module = await readModuleVersion(inputs, context);
    if ('result' in module)
        return module.result;
    const { moduleVersion } = module;
    const request = {
        name: inputs.workspaceName,
        projectId: inputs.projectId,
        autoApply: inputs.autoApply,
        vars: inputs.workspaceVariables,
    };
    if (inputs.workspaceDescription !== '')
        request.description = inputs.workspaceDescription;
    const report = (workspace) => provisionReport({
        dryRun: inputs.dryRun,
        noCodeModuleId: inputs.noCodeModuleId,
        moduleVersion,
        projectId: inputs.projectId,
        name: inputs.workspaceName,
        description: inputs.workspaceDescription,
        autoApply: inputs.autoApply,
        vars: inputs.workspaceVariables,
        workspace,
    });
    if (inputs.dryRun) {
        sink.info(`Dry run: would create workspace ${inputs.workspaceName} in project ${inputs.projectId} from no-code module ${inputs.noCodeModuleId}.`);
        return report(null);
    }
    // Once sent, the create is not cut short by the cancellation: it may be carried out anyway.
    const create = await (0,writes/* sendWrite */.A)((writeSignal) => client.noCode.createWorkspace(inputs.noCodeModuleId, request, { signal: writeSignal }), {
        cancellation: context.cancellation,
        ...grace,
        onSend: () => sink.info(`Creating workspace ${inputs.workspaceName} in project ${inputs.projectId} from no-code module ${inputs.noCodeModuleId}.`),
    });
    return createResult(create, inputs, context, grace, report);
}
/** The outputs while no workspace is known to have been created. */
function noWorkspaceOutputs(inputs) {
    return { 'workspace-id': '', 'workspace-url': '', 'no-code-module-id': inputs.noCodeModuleId };
}
function notCreated(inputs) {
    return (0,results/* cancelledResult */.Hv)({
        title: 'Cancelled before the workspace was created',
        heading: HEADING,
        message: `The step was cancelled before workspace ${inputs.workspaceName} was created; nothing was created.`,
        outputs: noWorkspaceOutputs(inputs),
    });
}
/**
 * The module's version pin, read first (allowed in a dry run): a module that is unknown or not
 * enabled is reported as such, before anything is created.
 */
async function readModuleVersion(inputs, { client, cancellation: { signal } }) {
    try {
        const { noCodeModule } = await client.noCode.readModule(inputs.noCodeModuleId, { signal });
        if (!noCodeModule.attributes.enabled) {
            return {
                result: (0,results/* failureResult */.GO)({
                    title: 'No-code provisioning is not enabled for the module',
                    heading: HEADING,
                    message: `No-code provisioning is not enabled for no-code module ${inputs.noCodeModuleId}, so no workspace can be created from it: ` +
                        'enable it first (mode publish-no-code-module with enabled: true).',
                    outputs: noWorkspaceOutputs(inputs),
                }),
            };
        }
        return { moduleVersion: noCodeModule.attributes['version-pin'] ?? null };
    }
    catch (error) {
        if (signal.aborted)
            return { result: notCreated(inputs) };
        // A base-url whose host does not exist is the user's to fix, and nothing was sent.
        if (error instanceof errors/* ConfigurationError */.j1)
            throw error;
        return {
            result: (0,results/* failureResult */.GO)({
                title: 'The no-code module could not be read',
                heading: HEADING,
                message: (0,write_failure/* describeReadFailure */.m)(error, `No-code module ${inputs.noCodeModuleId}`, 'no-code-module-id'),
                outputs: noWorkspaceOutputs(inputs),
            }),
        };
    }
}
/**
 * The step's result once the create has ended: the workspace created (also when the step was
 * cancelled meanwhile), or what is known when it was not, or may have been.
 */
function createResult(create, inputs, { sink, cancellation: { signal } }, grace, report) {
    const beforeRunningAgain = `a workspace named ${inputs.workspaceName} in project ${inputs.projectId} before running again ` +
        '(a second creation is refused once the name is taken).';
    switch (create.kind) {
        case 'not-sent':
            return notCreated(inputs);
        case 'done': {
            const workspace = create.answer;
            const url = (0,service_address/* servicePageUrl */.m)(workspace.links?.['self-html'], inputs.baseUrl);
            sink.info(`Created workspace ${workspace.id}${url ? ` (${url})` : ''}.`);
            const created = report({
                id: workspace.id,
                url,
                sourceModuleId: workspace.attributes['source-module-id'] ?? null,
            });
            if (!signal.aborted)
                return created;
            return (0,results/* reachedAfterCancellation */.Gt)(created, `The step was cancelled while workspace ${inputs.workspaceName} was being created; the service created it (${workspace.id}) before the step ended.`);
        }
        case 'maybe-applied':
            if (create.cause === 'cancelled') {
                const message = `The step was cancelled while workspace ${inputs.workspaceName} was being created, and the service did not answer ` +
                    `within ${(0,format/* formatPreciseDuration */.DE)(grace.graceMs)}, so the workspace may have been created: check for ${beforeRunningAgain}`;
                return (0,results/* cancelledResult */.Hv)({
                    title: `Cancelled: workspace ${inputs.workspaceName} may have been created`,
                    heading: HEADING,
                    message,
                    outputs: {
                        ...noWorkspaceOutputs(inputs),
                        result: {
                            action: 'may-have-been-created',
                            workspaceId: null,
                            name: inputs.workspaceName,
                            projectId: inputs.projectId,
                            noCodeModuleId: inputs.noCodeModuleId,
                            message,
                        },
                    },
                });
            }
            break;
    }
    return (0,results/* failureResult */.GO)({
        title: 'The workspace could not be created',
        heading: HEADING,
        message: (0,write_failure/* describeWriteFailure */.j)(create, {
            operation: `to create workspace "${inputs.workspaceName}" from no-code module ${inputs.noCodeModuleId}`,
            ids: `no-code module ${inputs.noCodeModuleId}`,
            ifUnknown: `The workspace may have been created: look for ${beforeRunningAgain}`,
            ifRefused: `A workspace named ${inputs.workspaceName} may already exist in the organization, or project ${inputs.projectId} may not exist there.`,
        }),
        outputs: noWorkspaceOutputs(inputs),
        cancelled: signal.aborted,
    });
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


/***/ })

};
