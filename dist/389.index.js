export const id = 389;
export const ids = [389];
export const modules = {

/***/ 49284:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ failureResult)
/* harmony export */ });
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(54285);

/** The result of a mode that stopped at one error: the summary says what and why. */
function failureResult(options) {
    return {
        title: options.title,
        summary: (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .joinBlocks */ .x9)((0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .heading */ .R_)(options.heading), (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .paragraph */ .FY)(`❌ ${options.message}`), options.more),
        annotations: [],
        outputs: options.outputs ?? {},
        failure: options.message,
        conclusion: 'failure',
    };
}


/***/ }),

/***/ 53104:
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

/***/ 49278:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ variablesTable)
/* harmony export */ });
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(54285);

/**
 * The variables sent to the service, without any value: a sensitive value must never appear,
 * and an `env` value given in the `env:KEY=VALUE` form is often a credential that nobody marked
 * sensitive, so no value is shown at all.
 */
function variablesTable(vars) {
    if (vars.length === 0)
        return (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .paragraph */ .FY)('No workspace variables are sent.');
    return (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(['Variable', 'Category', 'HCL', 'Sensitive', 'Description'], vars.map((v) => [(0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineCode */ .ti)(v.key), v.category, v.hcl ? 'yes' : 'no', v.sensitive ? 'yes' : 'no', v.description ?? '']));
}


/***/ }),

/***/ 23466:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   j: () => (/* binding */ describeWriteFailure),
/* harmony export */   m: () => (/* binding */ describeReadFailure)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(83916);
/* harmony import */ var _service_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5756);


/**
 * One sentence or three for a person reading the job log, about a no-code write that failed.
 *
 * Spec 5: the no-code create, update and workspace-creation endpoints refuse organization
 * tokens, and a refusal looks like any other missing permission: 404 (spec 7). So a 404 on a
 * write names the token as the likely cause, beside an unknown id or a missing permission.
 */
function describeWriteFailure(error, context) {
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AmbiguousWriteError */ .yI) {
        return (`The request ${context.operation} ended without an answer (${error.reason}), so it may or may not have ` +
            `taken effect; it was not repeated so that nothing happens twice. ${context.ifUnknown}`);
    }
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD && error.status === 404) {
        const said = error.details.length > 0 ? `; the service said: ${error.details.join('; ')}` : '';
        return (`The service refused ${context.operation} (404 not found or not authorized${said}). ` +
            'No-code create, update and workspace creation need a user or team token; organization tokens ' +
            `cannot be used for them. A 404 can also mean that ${context.ids} does not exist or that ` +
            'the token has no permission on it.');
    }
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD && error.status === 422 && context.ifRefused) {
        return `The service refused ${context.operation}: ${error.message}. ${context.ifRefused}`;
    }
    return `Could not finish the request ${context.operation}: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .getErrorMessage */ .u)(error)}`;
}
/** A read of an object named by an input that failed: the input is the first thing to check. */
function describeReadFailure(error, what, input) {
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD && error.status === 404) {
        return `${what} was not found, or the token has no permission to read it (404): check the input "${input}" and the token.`;
    }
    return `Could not read ${what}: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .getErrorMessage */ .u)(error)}`;
}


/***/ }),

/***/ 13389:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runProvisionNoCodeWorkspace: () => (/* binding */ runProvisionNoCodeWorkspace)
});

// EXTERNAL MODULE: ./src/modes/no-code-shared/failure-result.ts
var failure_result = __webpack_require__(49284);
// EXTERNAL MODULE: ./src/modes/no-code-shared/service-address.ts
var service_address = __webpack_require__(53104);
// EXTERNAL MODULE: ./src/modes/no-code-shared/write-failure.ts
var write_failure = __webpack_require__(23466);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
// EXTERNAL MODULE: ./src/modes/no-code-shared/variables-table.ts
var variables_table = __webpack_require__(49278);
;// CONCATENATED MODULE: ./src/modes/provision-no-code-workspace/report.ts


function provisionReport(input) {
    const ws = input.workspace;
    const rows = [
        ['Workspace', ws ? (0,markdown/* link */.nf)(ws.id, ws.url) : 'not created yet'],
        ['Name', (0,markdown/* inlineCode */.ti)(input.name)],
        ['Project', (0,markdown/* inlineCode */.ti)(input.projectId)],
        ['No-code module', (0,markdown/* html */.qy)(`${(0,markdown/* inlineCode */.ti)(input.noCodeModuleId).html}${input.moduleVersion ? ` (version ${(0,markdown/* escapeHtml */.ZD)(input.moduleVersion)})` : ''}`)],
        ['Source module', ws?.sourceModuleId ? (0,markdown/* inlineCode */.ti)(ws.sourceModuleId) : '–'],
        ['Auto apply', input.autoApply ? 'yes' : 'no'],
        ['Description', input.description || '–'],
    ];
    const summary = (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)(input.dryRun ? 'Workspace from a no-code module (dry run)' : 'Workspace from a no-code module'), input.dryRun && (0,markdown/* dryRunBanner */.NI)('No workspace was created: this is what would be created.'), (0,markdown/* paragraph */.FY)((0,markdown/* html */.qy)(ws
        ? `<strong>Created workspace ${(0,markdown/* escapeHtml */.ZD)(input.name)}</strong> (${(0,markdown/* inlineCode */.ti)(ws.id).html}).`
        : `<strong>Would create workspace ${(0,markdown/* escapeHtml */.ZD)(input.name)}.</strong>`)), (0,markdown/* table */.tp)(['Setting', 'Value'], rows), (0,markdown/* heading */.R_)(`Variables (${input.vars.length})`, 3), (0,variables_table/* variablesTable */.o)(input.vars));
    return {
        title: ws ? `Workspace ${input.name} (${ws.id}) created from no-code module ${input.noCodeModuleId}` : `Dry run: would create workspace ${input.name} from no-code module ${input.noCodeModuleId}`,
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

;// CONCATENATED MODULE: ./src/modes/provision-no-code-workspace/run.ts




const HEADING = 'Workspace from a no-code module';
/**
 * Mode provision-no-code-workspace: creates a workspace from a no-code module in a project, with
 * its variables, which deploys the module.
 */
async function runProvisionNoCodeWorkspace(inputs, context) {
    const { sink, client } = context;
    const signal = context.cancellation.signal;
    const outputs = { 'workspace-id': '', 'workspace-url': '', 'no-code-module-id': inputs.noCodeModuleId };
    // A read first (allowed in a dry run): a module that is unknown or not enabled is reported
    // as such, before anything is created.
    let moduleVersion;
    try {
        const { noCodeModule } = await client.noCode.readModule(inputs.noCodeModuleId, { signal });
        moduleVersion = noCodeModule.attributes['version-pin'] ?? null;
        if (!noCodeModule.attributes.enabled) {
            return (0,failure_result/* failureResult */.G)({
                title: 'No-code provisioning is not enabled for the module',
                heading: HEADING,
                message: `No-code provisioning is not enabled for no-code module ${inputs.noCodeModuleId}, so no workspace can be created from it: ` +
                    'enable it first (mode publish-no-code-module with enabled: true).',
                outputs,
            });
        }
    }
    catch (error) {
        if (signal.aborted)
            throw error;
        return (0,failure_result/* failureResult */.G)({
            title: 'The no-code module could not be read',
            heading: HEADING,
            message: (0,write_failure/* describeReadFailure */.m)(error, `No-code module ${inputs.noCodeModuleId}`, 'no-code-module-id'),
            outputs,
        });
    }
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
    sink.info(`Creating workspace ${inputs.workspaceName} in project ${inputs.projectId} from no-code module ${inputs.noCodeModuleId}.`);
    let workspace;
    try {
        workspace = await client.noCode.createWorkspace(inputs.noCodeModuleId, request, { signal });
    }
    catch (error) {
        if (signal.aborted)
            throw error;
        return (0,failure_result/* failureResult */.G)({
            title: 'The workspace could not be created',
            heading: HEADING,
            message: (0,write_failure/* describeWriteFailure */.j)(error, {
                operation: `to create workspace "${inputs.workspaceName}" from no-code module ${inputs.noCodeModuleId}`,
                ids: `no-code module ${inputs.noCodeModuleId}`,
                ifUnknown: `The workspace may have been created: look for a workspace named ${inputs.workspaceName} in project ${inputs.projectId} ` +
                    'before running again (a second creation is refused once the name is taken).',
                ifRefused: `A workspace named ${inputs.workspaceName} may already exist in the organization, or project ${inputs.projectId} may not exist there.`,
            }),
            outputs,
        });
    }
    const url = (0,service_address/* absoluteServiceUrl */.i)(workspace.links?.['self-html'], inputs.baseUrl);
    sink.info(`Created workspace ${workspace.id}${url ? ` (${url})` : ''}.`);
    return report({ id: workspace.id, url, sourceModuleId: workspace.attributes['source-module-id'] ?? null });
}


/***/ })

};
