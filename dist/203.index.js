export const id = 203;
export const ids = [203];
export const modules = {

/***/ 4584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runPublishNoCodeModule: () => (/* binding */ runPublishNoCodeModule)
});

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/inputs/variable-options.ts
var variable_options = __webpack_require__(9498);
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
// EXTERNAL MODULE: ./src/version-pin.ts
var version_pin = __webpack_require__(7177);
;// CONCATENATED MODULE: ./src/modes/no-code/publish/plan.ts


/** What allowing a module sends (4.3 "Allow a module"); ids name sets of an existing module only. */
function planNoCodeModuleCreate(wanted) {
    const withId = (wanted.variableOptions ?? []).find((o) => o.id !== undefined);
    if (withId) {
        throw new errors/* ConfigurationError */.j1(`Input "variable-options" gives the id ${withId.id} for "${withId.variableName}", but ids name option sets of an existing ` +
            'no-code module: set "no-code-module-id" to update that module, or leave the id out to create the module.');
    }
    // Allowing a module is meant to switch provisioning on unless the input says otherwise.
    const input = { registryModuleId: wanted.registryModuleId, enabled: wanted.enabled ?? true };
    if (wanted.versionPin !== '')
        input.versionPin = wanted.versionPin;
    if (wanted.variableOptions !== null) {
        input.variableOptions = wanted.variableOptions.map(({ variableName, variableType, options }) => ({
            variableName,
            variableType,
            options,
        }));
    }
    return input;
}
/**
 * What updating a module sends (4.3 "Update settings"): only the settings that differ, and the
 * variable options when any set differs. An options entry with `id` replaces that set and one
 * without creates a new set, so an entry without id whose variable name matches a set of the
 * module is given that set's id: running the same inputs twice replaces the set instead of
 * adding a copy, and the second run finds nothing to change.
 */
function planNoCodeModuleUpdate(current, wanted) {
    const { module } = current;
    const settings = [];
    const update = {};
    if (wanted.enabled !== null && module.attributes.enabled !== wanted.enabled) {
        settings.push({ setting: 'enabled', from: String(module.attributes.enabled), to: String(wanted.enabled) });
        update.enabled = wanted.enabled;
    }
    const currentRegistryModule = module.relationships?.['registry-module']?.data?.id ?? null;
    if (wanted.registryModuleId !== '' && wanted.registryModuleId !== currentRegistryModule) {
        settings.push({ setting: 'registry-module', from: currentRegistryModule, to: wanted.registryModuleId });
        update.registryModuleId = wanted.registryModuleId;
    }
    const currentPin = module.attributes['version-pin'] ?? null;
    // Compared in one spelling: `v1.2.0` and `1.2.0` are one pin, whichever the service keeps.
    if (wanted.versionPin !== '' && (0,version_pin/* normalVersionPin */.fx)(wanted.versionPin) !== (0,version_pin/* normalVersionPin */.fx)(currentPin ?? '')) {
        settings.push({ setting: 'version-pin', from: currentPin, to: wanted.versionPin });
        update.versionPin = wanted.versionPin;
    }
    const planned = wanted.variableOptions === null
        ? []
        : planVariableOptions(module.id, current.variableOptions, wanted.variableOptions);
    const named = new Set(planned.map((p) => p.id).filter((id) => id !== undefined));
    const untouched = wanted.variableOptions === null
        ? []
        : current.variableOptions.filter((o) => !named.has(o.id)).map((o) => o.attributes['variable-name']);
    if (planned.some((p) => p.action !== 'unchanged')) {
        // Every wanted set is sent, unchanged ones with their id too: the spec does not say whether
        // sets left out of an update are kept, so the update names all of them.
        update.variableOptions = planned.map(({ id, variableName, variableType, options }) => ({
            ...(id !== undefined ? { id } : {}),
            variableName,
            variableType,
            options,
        }));
    }
    const changed = settings.length > 0 || update.variableOptions !== undefined;
    return { update: changed ? update : null, settings, variableOptions: planned, untouched };
}
function planVariableOptions(noCodeModuleId, existing, wanted) {
    const byId = new Map(existing.map((o) => [o.id, o]));
    for (const entry of wanted) {
        if (entry.id !== undefined && !byId.has(entry.id)) {
            throw new errors/* ConfigurationError */.j1(`Input "variable-options" names the option set ${entry.id} for "${entry.variableName}", but no-code module ${noCodeModuleId} ` +
                `has no such set (it has: ${existing.map((o) => `${o.id} (${o.attributes['variable-name']})`).join(', ') || 'none'}); ` +
                'leave the id out to match the set by variable name.');
        }
    }
    // Sets named by an explicit id are taken; an entry without id matches a free set by name.
    const claimed = new Set(wanted.map((e) => e.id).filter((id) => id !== undefined));
    return wanted.map((entry) => {
        let set = entry.id !== undefined ? byId.get(entry.id) : undefined;
        if (entry.id === undefined) {
            set = existing.find((o) => !claimed.has(o.id) && o.attributes['variable-name'] === entry.variableName);
            if (set)
                claimed.add(set.id);
        }
        const values = { variableName: entry.variableName, variableType: entry.variableType, options: entry.options };
        if (!set)
            return { ...values, action: 'create' };
        const same = set.attributes['variable-name'] === entry.variableName &&
            set.attributes['variable-type'] === entry.variableType &&
            sameJson(set.attributes.options, entry.options);
        return { id: set.id, ...values, action: same ? 'unchanged' : 'replace' };
    });
}
/** Options are compared in order: the order is how they are offered to a person. */
function sameJson(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
}

// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
;// CONCATENATED MODULE: ./src/modes/no-code/publish/report.ts


const ACTION_TEXT = {
    created: 'Allowed for no-code provisioning',
    updated: 'Updated',
    unchanged: 'Unchanged (nothing differs, no update was sent)',
    'would-create': 'Would be allowed for no-code provisioning',
    'would-update': 'Would be updated',
};
/** Longest rendering of one option set's allowed values in the summary. */
const MAX_OPTIONS_TEXT = 300;
function publishReport(input) {
    const dryRun = input.action === 'would-create' || input.action === 'would-update';
    const name = input.noCodeModuleId ?? `for registry module ${input.registryModuleId ?? ''}`;
    const title = input.action === 'created'
        ? `No-code module ${name} created for registry module ${input.registryModuleId ?? ''}`
        : input.action === 'updated'
            ? `No-code module ${name} updated (${changeCount(input)})`
            : input.action === 'unchanged'
                ? `No-code module ${name} is up to date`
                : `Dry run: no-code module ${name} ${input.action === 'would-create' ? 'would be created' : `would be updated (${changeCount(input)})`}`;
    // The id as text: the service gives a no-code module no page a person can open, only its API
    // address (`links.self`), which answers JSON to a token holder; that stays in `result`.
    const moduleCell = input.noCodeModuleId ? (0,markdown/* inlineCode */.ti)(input.noCodeModuleId) : 'not created yet';
    const settingsRows = [
        ['No-code module', moduleCell],
        ['Registry module', input.registryModuleId ? (0,markdown/* inlineCode */.ti)(input.registryModuleId) : '–'],
        ['Enabled', input.enabled ? 'yes' : 'no'],
        ['Version pin', input.versionPin ?? 'the latest module version'],
    ];
    const changes = input.settings.map((c) => (0,markdown/* html */.qy)(`${(0,markdown/* inlineCode */.ti)(c.setting).html}: ${(0,markdown/* escapeHtml */.ZD)(c.from ?? 'not set')} → ${(0,markdown/* escapeHtml */.ZD)(c.to)}`));
    const optionRows = (input.variableOptions ?? []).map((o) => [
        (0,markdown/* inlineCode */.ti)(o.variableName),
        o.variableType,
        optionsText(o.options),
        o.id ? (0,markdown/* inlineCode */.ti)(o.id) : 'new',
        o.action === 'create' ? 'create' : o.action === 'replace' ? 'replace' : 'unchanged',
    ]);
    const summary = (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)(dryRun ? 'No-code module (dry run)' : 'No-code module'), dryRun && (0,markdown/* dryRunBanner */.NI)('Nothing was sent to the service: this is what would be done.'), (0,markdown/* paragraph */.FY)((0,markdown/* html */.qy)(`<strong>${(0,markdown/* escapeHtml */.ZD)(ACTION_TEXT[input.action])}.</strong>`)), (0,markdown/* table */.tp)(['Setting', 'Value'], settingsRows), changes.length > 0 && `${(0,markdown/* heading */.R_)('Settings that change', 3)}\n${(0,markdown/* bulletList */.fF)(changes)}`, input.variableOptions === null
        ? (0,markdown/* paragraph */.FY)('Variable options: not given, kept as they are.')
        : `${(0,markdown/* heading */.R_)('Variable options', 3)}\n${(0,markdown/* table */.tp)(['Variable', 'Type', 'Allowed values', 'Option set', 'Action'], optionRows)}`, input.untouched.length > 0 &&
        (0,markdown/* paragraph */.FY)(`Option sets not in the input were left as they are (the API documents no way to remove one): ${input.untouched.join(', ')}.`));
    return {
        title,
        summary,
        annotations: input.untouched.length > 0
            ? [
                {
                    level: 'warning',
                    title: 'Variable options left as they are',
                    message: `No-code module ${name} keeps option sets that variable-options leaves out: ${input.untouched.join(', ')}.`,
                },
            ]
            : [],
        outputs: {
            'no-code-module-id': input.noCodeModuleId ?? '',
            result: {
                action: input.action,
                noCodeModuleId: input.noCodeModuleId,
                url: input.url,
                registryModuleId: input.registryModuleId,
                enabled: input.enabled,
                versionPin: input.versionPin,
                changes: input.settings,
                variableOptions: input.variableOptions,
            },
        },
        failure: null,
        conclusion: 'success',
    };
}
function changeCount(input) {
    const options = (input.variableOptions ?? []).filter((o) => o.action !== 'unchanged').length;
    const parts = input.settings.map((c) => c.setting);
    if (options > 0)
        parts.push((0,src_text/* plural */.LS)(options, 'option set'));
    return parts.join(', ');
}
function optionsText(options) {
    const text = options.map((o) => (typeof o === 'string' ? o : JSON.stringify(o))).join(', ');
    return (0,src_text/* clip */.$Q)(text, MAX_OPTIONS_TEXT);
}

;// CONCATENATED MODULE: ./src/modes/no-code/publish/run.ts









const HEADING = 'No-code module';
/**
 * Mode publish-no-code-module: allows a registry module for no-code provisioning, or, with
 * `no-code-module-id`, brings an existing no-code module to the given settings (sending nothing
 * when they already match).
 */
async function runPublishNoCodeModule(inputs, context, tuning = {}) {
    const grace = (0,writes/* writeGraceOf */.l)(tuning, context.clock);
    // The file's options, read before any request: a file that cannot be used stops the step there.
    const options = inputs.variableOptionsFile === ''
        ? inputs
        : {
            ...inputs,
            variableOptions: await (0,variable_options/* readVariableOptionsFile */.zO)(context.workspaceRoot, inputs.variableOptionsFile, context.cancellation.signal),
        };
    return options.noCodeModuleId === '' ? allowModule(options, context, grace) : updateModule(options, context, grace);
}
async function allowModule(inputs, context, grace) {
    const { graceMs } = grace;
    const { sink, client } = context;
    const signal = context.cancellation.signal;
    const create = planNoCodeModuleCreate(inputs);
    const planned = create.variableOptions?.map((o) => ({ ...o, action: 'create' })) ?? null;
    if (inputs.dryRun) {
        sink.info(`Dry run: would allow registry module ${inputs.registryModuleId} for no-code provisioning in ${inputs.organization}.`);
        return publishReport({
            action: 'would-create',
            noCodeModuleId: null,
            url: null,
            registryModuleId: inputs.registryModuleId,
            enabled: create.enabled ?? true,
            versionPin: create.versionPin ?? null,
            settings: [],
            variableOptions: planned,
            untouched: [],
        });
    }
    const outputs = { 'no-code-module-id': '' };
    // Once sent, the create is not cut short by the cancellation: it may be carried out anyway.
    const allow = await (0,writes/* sendWrite */.A)((writeSignal) => client.noCode.createModule(inputs.organization, create, { signal: writeSignal }), {
        cancellation: context.cancellation,
        ...grace,
        onSend: () => sink.info(`Allowing registry module ${inputs.registryModuleId} for no-code provisioning in ${inputs.organization}.`),
    });
    const check = `look at registry module ${inputs.registryModuleId} in the service, and if it is allowed, ` +
        'set no-code-module-id to update it instead of creating it again.';
    switch (allow.kind) {
        case 'not-sent':
            return (0,results/* cancelledResult */.Hv)({
                title: 'Cancelled before the no-code module was created',
                heading: HEADING,
                message: `The step was cancelled before registry module ${inputs.registryModuleId} was allowed for no-code provisioning; nothing was created.`,
                outputs,
            });
        case 'done': {
            const created = allow.answer;
            sink.info(`Created no-code module ${created.id}.`);
            const result = publishReport({
                action: 'created',
                noCodeModuleId: created.id,
                url: (0,service_address/* absoluteServiceUrl */.i)(created.links?.self, inputs.baseUrl),
                registryModuleId: created.relationships?.['registry-module']?.data?.id ?? inputs.registryModuleId,
                enabled: created.attributes.enabled,
                versionPin: created.attributes['version-pin'] ?? null,
                settings: [],
                variableOptions: planned,
                untouched: [],
            });
            if (!signal.aborted)
                return result;
            return (0,results/* reachedAfterCancellation */.Gt)(result, `The step was cancelled while registry module ${inputs.registryModuleId} was being allowed for no-code provisioning; ` +
                `the service created no-code module ${created.id} before the step ended.`);
        }
        case 'maybe-applied':
            if (allow.cause === 'cancelled') {
                const message = `The step was cancelled while registry module ${inputs.registryModuleId} was being allowed for no-code provisioning, ` +
                    `and the service did not answer within ${(0,format/* formatPreciseDuration */.DE)(graceMs)}, so the no-code module may have been created: ${check}`;
                return (0,results/* cancelledResult */.Hv)({
                    title: `Cancelled: a no-code module for registry module ${inputs.registryModuleId} may have been created`,
                    heading: HEADING,
                    message,
                    outputs: {
                        ...outputs,
                        result: {
                            action: 'may-have-been-created',
                            noCodeModuleId: null,
                            registryModuleId: inputs.registryModuleId,
                            message,
                        },
                    },
                });
            }
            break;
    }
    return (0,results/* failureResult */.GO)({
        title: 'The no-code module could not be created',
        heading: HEADING,
        message: (0,write_failure/* describeWriteFailure */.j)(allow, {
            operation: `to allow registry module ${inputs.registryModuleId} for no-code provisioning`,
            ids: `organization ${inputs.organization} or registry module ${inputs.registryModuleId}`,
            ifUnknown: `The no-code module may have been created: ${check}`,
            ifRefused: 'If this registry module is already allowed for no-code provisioning, set no-code-module-id to update that no-code module instead.',
        }),
        outputs,
        cancelled: signal.aborted,
    });
}
async function updateModule(inputs, context, grace) {
    const { sink, client } = context;
    const id = inputs.noCodeModuleId;
    const read = await readModuleSettings(id, context);
    if ('result' in read)
        return read.result;
    const { current } = read;
    const plan = planNoCodeModuleUpdate(current, inputs);
    const base = {
        noCodeModuleId: id,
        url: (0,service_address/* absoluteServiceUrl */.i)(current.module.links?.self, inputs.baseUrl),
        settings: plan.settings,
        variableOptions: inputs.variableOptions === null ? null : plan.variableOptions,
        untouched: plan.untouched,
    };
    const wantedRegistryModule = inputs.registryModuleId || (current.module.relationships?.['registry-module']?.data?.id ?? null);
    // A new registry module without a pin gets its latest version (4.3: the pin's default).
    const movesModule = plan.settings.some((c) => c.setting === 'registry-module');
    const wantedPin = inputs.versionPin || (movesModule ? null : (current.module.attributes['version-pin'] ?? null));
    if (plan.update === null) {
        sink.info(`No-code module ${id} already has these settings; no update sent.`);
        return publishReport({
            ...base,
            action: 'unchanged',
            registryModuleId: wantedRegistryModule,
            enabled: inputs.enabled ?? current.module.attributes.enabled,
            versionPin: wantedPin,
        });
    }
    if (inputs.dryRun) {
        sink.info(`Dry run: would update no-code module ${id}.`);
        return publishReport({
            ...base,
            action: 'would-update',
            registryModuleId: wantedRegistryModule,
            enabled: inputs.enabled ?? current.module.attributes.enabled,
            versionPin: wantedPin,
        });
    }
    // Once sent, the update is not cut short by the cancellation: it may be carried out anyway.
    const update = plan.update;
    const sent = await (0,writes/* sendWrite */.A)((writeSignal) => client.noCode.updateModule(id, update, { signal: writeSignal }), {
        cancellation: context.cancellation,
        ...grace,
        onSend: () => sink.info(`Updating no-code module ${id}: ${[...plan.settings.map((c) => c.setting), ...(update.variableOptions ? ['variable options'] : [])].join(', ')}.`),
    });
    // The module as the service answered, what it did not say taken from the plan.
    const updatedReport = (updated) => publishReport({
        ...base,
        action: 'updated',
        url: (0,service_address/* absoluteServiceUrl */.i)(updated.links?.self, inputs.baseUrl) ?? base.url,
        registryModuleId: updated.relationships?.['registry-module']?.data?.id ?? wantedRegistryModule,
        enabled: updated.attributes.enabled,
        versionPin: updated.attributes['version-pin'] ?? wantedPin,
    });
    return updateResult(sent, { id, context, graceMs: grace.graceMs, changes: plan.settings, updatedReport });
}
function notUpdated(id) {
    return (0,results/* cancelledResult */.Hv)({
        title: 'Cancelled before the no-code module was updated',
        heading: HEADING,
        message: `The step was cancelled before no-code module ${id} was updated; nothing was changed.`,
        outputs: { 'no-code-module-id': id },
    });
}
/** The module's settings and variable options as the service has them, which the update is planned against. */
async function readModuleSettings(id, { client, cancellation: { signal } }) {
    try {
        const read = await client.noCode.readModule(id, { includeVariableOptions: true, signal });
        return { current: { module: read.noCodeModule, variableOptions: read.variableOptions } };
    }
    catch (error) {
        if (signal.aborted)
            return { result: notUpdated(id) };
        // A base-url whose host does not exist is the user's to fix, and nothing was sent.
        if (error instanceof errors/* ConfigurationError */.j1)
            throw error;
        return {
            result: (0,results/* failureResult */.GO)({
                title: 'The no-code module could not be read',
                heading: HEADING,
                message: (0,write_failure/* describeReadFailure */.m)(error, `No-code module ${id}`, 'no-code-module-id'),
                outputs: { 'no-code-module-id': '' },
            }),
        };
    }
}
/**
 * The step's result once the update has ended: the module updated (also when the step was
 * cancelled meanwhile), or what is known when it was not, or may have been.
 */
function updateResult(sent, update) {
    const { id, graceMs } = update;
    const { sink } = update.context;
    const signal = update.context.cancellation.signal;
    const again = 'Running the step again is safe: it reads the module first and sends only what still differs.';
    switch (sent.kind) {
        case 'not-sent':
            return notUpdated(id);
        case 'done': {
            sink.info(`Updated no-code module ${id}.`);
            const result = update.updatedReport(sent.answer);
            if (!signal.aborted)
                return result;
            return (0,results/* reachedAfterCancellation */.Gt)(result, `The step was cancelled while no-code module ${id} was being updated; the service applied the update before the step ended.`);
        }
        case 'maybe-applied':
            if (sent.cause === 'cancelled') {
                const message = `The step was cancelled while no-code module ${id} was being updated, and the service did not answer within ` +
                    `${(0,format/* formatPreciseDuration */.DE)(graceMs)}, so the update may have been applied: check the module in the service. ${again}`;
                return (0,results/* cancelledResult */.Hv)({
                    title: `Cancelled: no-code module ${id} may have been updated`,
                    heading: HEADING,
                    message,
                    outputs: {
                        'no-code-module-id': id,
                        result: { action: 'may-have-been-updated', noCodeModuleId: id, changes: update.changes, message },
                    },
                });
            }
            break;
    }
    return (0,results/* failureResult */.GO)({
        title: 'The no-code module could not be updated',
        heading: HEADING,
        message: (0,write_failure/* describeWriteFailure */.j)(sent, {
            operation: `to update no-code module ${id}`,
            ids: `no-code module ${id}`,
            ifUnknown: `The update may have been applied. ${again}`,
        }),
        outputs: { 'no-code-module-id': id },
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
