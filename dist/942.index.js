export const id = 942;
export const ids = [942];
export const modules = {

/***/ 9942:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// UNUSED EXPORTS: EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_SUCCESS

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 18 modules
var core = __webpack_require__(6257);
;// CONCATENATED MODULE: ./src/cancellation.ts
function createCancellation() {
    const controller = new AbortController();
    const received = [];
    const listeners = new Set();
    const handle = (signal) => {
        received.push(signal);
        if (!controller.signal.aborted)
            controller.abort(new CancelledError(signal));
        for (const listener of listeners)
            listener(signal, received.length);
    };
    const onInt = () => handle('SIGINT');
    const onTerm = () => handle('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    return {
        signal: controller.signal,
        received,
        onSignal(listener) {
            listeners.add(listener);
            return () => listeners.delete(listener);
        },
        dispose() {
            process.off('SIGINT', onInt);
            process.off('SIGTERM', onTerm);
            listeners.clear();
        },
    };
}
class CancelledError extends Error {
    name = 'CancelledError';
    signal;
    constructor(signal) {
        super(`The step was cancelled (${signal}).`);
        this.signal = signal;
    }
}

;// CONCATENATED MODULE: ./src/errors.ts
/**
 * A problem the user can fix (a bad input, a file that does not parse, a setting the service
 * refuses): reported as one clear sentence, without a stack trace.
 */
class ConfigurationError extends Error {
    name = 'ConfigurationError';
}
function errors_getErrorMessage(error) {
    if (error instanceof Error)
        return error.message;
    return String(error);
}

// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 22 modules
var lib_github = __webpack_require__(2413);
;// CONCATENATED MODULE: ./src/github/check-run-output.ts
/**
 * What a check run's output may hold, shaped for the Checks API: the summary and text cut to the
 * API's length limit, annotations in the API's field names, in batches the API accepts.
 */
/** The Checks API refuses an `output.summary` or `output.text` longer than this. */
const OUTPUT_TEXT_LIMIT = 65535;
/** The Checks API takes at most this many annotations in one request; later ones are appended. */
const ANNOTATIONS_PER_REQUEST = 50;
/** The Checks API's limit on an annotation's title. */
const ANNOTATION_TITLE_LIMIT = 255;
/**
 * The Checks API takes annotation messages up to 64 KB. A UTF-16 code unit never takes more than
 * 3 bytes in UTF-8, so this many code units always fit.
 */
const ANNOTATION_MESSAGE_LIMIT = Math.floor(64_000 / 3);
const SUMMARY_CUT_NOTE = '\n\n---\n_Cut here: a check run keeps at most 65535 characters. The job summary has the full report._';
/**
 * `text` when it fits in `limit` code units; otherwise its start, cut at a line break when one is
 * near (so a Markdown table row or list item is not split), followed by `note`.
 */
function cutToLimit(text, limit, note) {
    if (text.length <= limit)
        return text;
    const room = Math.max(0, limit - note.length);
    let end = room;
    const lineBreak = text.lastIndexOf('\n', room);
    if (lineBreak > 0 && room - lineBreak < 4096)
        end = lineBreak;
    else if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1)))
        end -= 1;
    return text.slice(0, end) + note.slice(0, limit);
}
function isHighSurrogate(code) {
    return code >= 0xd800 && code <= 0xdbff;
}
function toApiAnnotation(annotation) {
    // Line numbers start at 1 in the Checks API; a diagnostic without a usable line points at the top.
    const startLine = wholeLine(annotation.startLine);
    const endLine = Math.max(startLine, wholeLine(annotation.endLine ?? startLine));
    const message = annotation.message.trim() !== '' ? annotation.message : (annotation.title ?? annotation.level);
    const api = {
        path: annotation.path.replaceAll('\\', '/').replace(/^(\.\/)+/, ''),
        start_line: startLine,
        end_line: endLine,
        annotation_level: annotation.level,
        message: cutToLimit(message, ANNOTATION_MESSAGE_LIMIT, '…'),
    };
    if (annotation.title !== undefined && annotation.title !== '') {
        api.title = cutToLimit(annotation.title, ANNOTATION_TITLE_LIMIT, '…');
    }
    return api;
}
function wholeLine(line) {
    return Number.isFinite(line) ? Math.max(1, Math.trunc(line)) : 1;
}
/** `items` in consecutive groups of at most `size`, in order. */
function inBatches(items, size) {
    const batches = [];
    for (let start = 0; start < items.length; start += size)
        batches.push(items.slice(start, start + size));
    return batches;
}

;// CONCATENATED MODULE: ./src/github/check-run-target.ts
/**
 * Where a check run goes: the repository and the commit, read from the workflow's context.
 */
function checkRunTarget(context) {
    let owner;
    let repo;
    try {
        ({ owner, repo } = context.repo);
    }
    catch {
        // The getter's own message speaks of its implementation; say what the user can check instead.
    }
    if (typeof owner !== 'string' || owner === '' || typeof repo !== 'string' || repo === '') {
        return { problem: 'there is no repository to publish to (GITHUB_REPOSITORY is not set: not running in GitHub Actions?)' };
    }
    const headSha = commitOf(context);
    if (headSha === undefined) {
        return { problem: 'there is no commit to publish on (GITHUB_SHA is not set: not running in GitHub Actions?)' };
    }
    const target = { owner, repo, headSha };
    if (context.serverUrl && Number.isSafeInteger(context.runId) && (context.runId ?? 0) > 0) {
        target.detailsUrl = `${context.serverUrl.replace(/\/+$/, '')}/${owner}/${repo}/actions/runs/${context.runId}`;
    }
    return { target };
}
/**
 * The commit people look at. On pull request events (`pull_request`, `pull_request_target` and
 * the review events) GITHUB_SHA is a merge commit or the base branch's head, which the pull
 * request page never shows: the check run belongs on the pull request's head commit.
 */
function commitOf(context) {
    const pullRequestHead = context.payload?.pull_request?.head?.sha;
    if (context.eventName?.startsWith('pull_request') && typeof pullRequestHead === 'string' && pullRequestHead !== '') {
        return pullRequestHead;
    }
    return typeof context.sha === 'string' && context.sha !== '' ? context.sha : undefined;
}

;// CONCATENATED MODULE: ./src/github/check-run.ts
/**
 * Publishes a step's results as a GitHub check run (input `check-name`): created `in_progress`
 * when the step starts, completed with its output and every annotation at the end.
 *
 * Publishing is a courtesy on top of the step's own report: every failure here (no permission,
 * no repository, GitHub unreachable) becomes one warning, never an error of the step.
 */



/** A request to GitHub that takes longer than this is given up (the step must not hang on it). */
const REQUEST_TIMEOUT_MS = 30_000;
async function startCheckRun(options) {
    const { token, name, log } = options;
    const notPublished = (reason) => {
        log.warning(hideToken(`check-name: the check run "${name}" is not published: ${reason}`, token));
        return null;
    };
    const found = checkRunTarget(options.context ?? lib_github/* context */._);
    if ('problem' in found)
        return notPublished(`${found.problem}.`);
    if (token.trim() === '')
        return notPublished('github-token is empty; set it to a token with the checks: write permission.');
    const { target } = found;
    const apiUrl = apiBaseUrl(options.apiUrl);
    const github = (0,lib_github/* getOctokit */.Q)(token, { baseUrl: apiUrl, log: octokitLog(log) });
    try {
        const { data } = await github.rest.checks.create({
            owner: target.owner,
            repo: target.repo,
            name,
            head_sha: target.headSha,
            status: 'in_progress',
            started_at: timestamp(),
            ...(target.detailsUrl === undefined ? {} : { details_url: target.detailsUrl }),
            request: { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
        });
        log.debug(`check run "${name}" (${data.id}) started on ${target.owner}/${target.repo}@${target.headSha}`);
        return checkRunHandle({ github, target, id: data.id, url: data.html_url ?? undefined, name, token, apiUrl, log });
    }
    catch (error) {
        return notPublished(failureReason(error, apiUrl));
    }
}
function checkRunHandle(parts) {
    const { github, target, id, name, token, apiUrl, log } = parts;
    let completing = false;
    const update = async (fields) => {
        await github.rest.checks.update({
            owner: target.owner,
            repo: target.repo,
            check_run_id: id,
            ...fields,
            request: { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
        });
    };
    const warn = (what, error) => {
        log.warning(hideToken(`check-name: ${what} of the check run "${name}" failed: ${failureReason(error, apiUrl)}`, token));
    };
    return {
        id,
        url: parts.url,
        async complete(result) {
            if (completing) {
                log.debug(`check run "${name}" (${id}) is already completed; nothing more sent`);
                return { completed: false, annotationsPublished: 0 };
            }
            completing = true;
            const output = {
                title: result.title,
                summary: cutToLimit(result.summary, OUTPUT_TEXT_LIMIT, SUMMARY_CUT_NOTE),
                ...(result.text === undefined ? {} : { text: cutToLimit(result.text, OUTPUT_TEXT_LIMIT, SUMMARY_CUT_NOTE) }),
            };
            const annotations = result.annotations.map(toApiAnnotation);
            // The Checks API appends the annotations of each update to those already there, and takes
            // at most 50 at a time; title and summary are required with every output.
            const batches = annotations.length === 0 ? [[]] : inBatches(annotations, ANNOTATIONS_PER_REQUEST);
            let published = 0;
            let outputSent = false;
            for (const batch of batches) {
                try {
                    await update({ output: batch.length === 0 ? output : { ...output, annotations: batch } });
                }
                catch (error) {
                    const range = batch.length === 0 ? 'output' : `annotations ${published + 1}-${published + batch.length} of ${annotations.length}`;
                    warn(`publishing the ${range}`, error);
                    break;
                }
                outputSent = true;
                published += batch.length;
            }
            if (published < annotations.length && published > 0) {
                log.debug(`${annotations.length - published} annotations of check run "${name}" were not published`);
            }
            try {
                await update({
                    status: 'completed',
                    conclusion: result.conclusion,
                    completed_at: timestamp(),
                    // Whatever went wrong with the annotations, the check run still carries the summary.
                    ...(outputSent ? {} : { output }),
                });
            }
            catch (error) {
                warn('completing', error);
                return { completed: false, annotationsPublished: published };
            }
            log.debug(`check run "${name}" (${id}) completed: ${result.conclusion}, ${published} annotations`);
            return { completed: true, annotationsPublished: published };
        },
    };
}
function apiBaseUrl(explicit) {
    const url = explicit || process.env.GITHUB_API_URL || 'https://api.github.com';
    return url.replace(/\/+$/, '');
}
/** ISO 8601 as the Checks API documents it: `YYYY-MM-DDTHH:MM:SSZ`. */
function timestamp() {
    return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
}
/** Octokit's own notices (deprecations) go to the debug log, not the step's warnings. */
function octokitLog(log) {
    const toDebug = (message) => log.debug(`GitHub client: ${message}`);
    return { debug: () => { }, info: () => { }, warn: toDebug, error: toDebug };
}
function failureReason(error, apiUrl) {
    const status = answeredStatus(error);
    const message = error instanceof Error ? error.message : String(error);
    if (status === 403) {
        return (`GitHub answered 403 (${message}). The github-token needs the checks: write permission: ` +
            'add `permissions: checks: write` to the job, or set github-token to a token that has it.');
    }
    if (status !== undefined)
        return `GitHub answered ${status} (${message}).`;
    return `could not reach ${apiUrl}: ${message}.`;
}
/** The HTTP status of a response GitHub gave, or undefined when no response came. */
function answeredStatus(error) {
    if (typeof error !== 'object' || error === null || !('response' in error))
        return undefined;
    const response = error.response;
    return typeof response?.status === 'number' ? response.status : undefined;
}
function hideToken(text, token) {
    return token.length >= 4 ? text.split(token).join('***') : text;
}

;// CONCATENATED MODULE: ./src/input-parsers.ts

const UNIT_MS = { h: 3_600_000, m: 60_000, s: 1000 };
/** `90s`, `15m`, `1h`, `1h30m`, or plain seconds. */
function parseDuration(input, value) {
    const v = value.trim();
    if (/^\d+$/.test(v)) {
        const ms = Number(v) * 1000;
        if (ms > 0)
            return ms;
    }
    else if (/^(?:\d+h)?(?:\d+m)?(?:\d+s)?$/.test(v) && v !== '') {
        let ms = 0;
        for (const [, n, unit] of v.matchAll(/(\d+)([hms])/g))
            ms += Number(n) * UNIT_MS[unit];
        if (ms > 0)
            return ms;
    }
    throw new ConfigurationError(`Input "${input}" must be a duration such as 90s, 15m, 1h or a number of seconds (got "${value}").`);
}
/** The YAML 1.2 core schema booleans, as @actions/core accepts them. */
function parseBoolean(input, value) {
    if (['true', 'True', 'TRUE'].includes(value))
        return true;
    if (['false', 'False', 'FALSE'].includes(value))
        return false;
    throw new ConfigurationError(`Input "${input}" must be true or false (got "${value}").`);
}
/** Comma or newline separated. */
function parseList(value) {
    return value
        .split(/[,\n]/)
        .map((s) => s.trim())
        .filter((s) => s !== '');
}
function nonEmptyLines(value) {
    return value
        .split(/\r?\n/)
        .map((text, i) => ({ text: text.trim(), number: i + 1 }))
        .filter((l) => l.text !== '' && !l.text.startsWith('#'));
}
const HCL_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Lines `key = <HCL literal>`; the literal is passed on as written (2.2: values are HCL literals). */
function parseHclVariableLines(input, value) {
    const seen = new Set();
    return nonEmptyLines(value).map(({ text, number }) => {
        const eq = text.indexOf('=');
        const key = eq < 0 ? '' : text.slice(0, eq).trim();
        const literal = eq < 0 ? '' : text.slice(eq + 1).trim();
        if (!HCL_IDENTIFIER.test(key) || literal === '') {
            throw new ConfigurationError(`Input "${input}" line ${number} must look like key = "value" (an HCL literal after the =).`);
        }
        if (seen.has(key))
            throw new ConfigurationError(`Input "${input}" sets "${key}" twice (line ${number}).`);
        seen.add(key);
        return { key, value: literal };
    });
}
/** Lines `KEY=VALUE`; the value is everything after the first `=` (it may hold `=`). */
function parseEnvLines(input, value) {
    const seen = new Set();
    return nonEmptyLines(value).map(({ text, number }) => {
        const eq = text.indexOf('=');
        const key = eq < 0 ? '' : text.slice(0, eq).trim();
        if (!ENV_NAME.test(key)) {
            // The value is never echoed: these are secrets.
            throw new ConfigurationError(`Input "${input}" line ${number} must look like NAME=value with NAME made of letters, digits and _.`);
        }
        if (seen.has(key))
            throw new ConfigurationError(`Input "${input}" sets "${key}" twice (line ${number}).`);
        seen.add(key);
        return { key, value: text.slice(eq + 1).trim() };
    });
}
/**
 * Three forms: a JSON array of `{key, value, category, hcl, sensitive, description}`; or lines
 * `key=value` (category svc) and `env:KEY=VALUE` (category env).
 */
function parseWorkspaceVariables(input, value) {
    const trimmed = value.trim();
    if (trimmed === '')
        return [];
    const vars = trimmed.startsWith('[') ? parseWorkspaceVariablesJson(input, trimmed) : parseWorkspaceVariableLines(input, trimmed);
    const seen = new Set();
    for (const v of vars) {
        const id = `${v.category}:${v.key}`;
        if (seen.has(id))
            throw new ConfigurationError(`Input "${input}" sets ${v.category} variable "${v.key}" twice.`);
        seen.add(id);
    }
    return vars;
}
function parseWorkspaceVariableLines(input, value) {
    return nonEmptyLines(value).map(({ text, number }) => {
        const env = text.startsWith('env:');
        const body = env ? text.slice(4) : text;
        const eq = body.indexOf('=');
        const key = eq < 0 ? '' : body.slice(0, eq).trim();
        if (!(env ? ENV_NAME : HCL_IDENTIFIER).test(key)) {
            throw new ConfigurationError(`Input "${input}" line ${number} must look like name=value, env:NAME=value, or the input must be a JSON array.`);
        }
        return { key, value: body.slice(eq + 1).trim(), category: env ? 'env' : 'svc', hcl: false, sensitive: false };
    });
}
function parseWorkspaceVariablesJson(input, value) {
    let parsed;
    try {
        parsed = JSON.parse(value);
    }
    catch {
        // The parser's message quotes the text, which may hold sensitive values.
        throw new ConfigurationError(`Input "${input}" starts with "[" but is not valid JSON.`);
    }
    if (!Array.isArray(parsed))
        throw new ConfigurationError(`Input "${input}" must be a JSON array of variables.`);
    return parsed.map((item, i) => {
        const where = `Input "${input}" item ${i + 1}`;
        if (typeof item !== 'object' || item === null || Array.isArray(item))
            throw new ConfigurationError(`${where} must be an object.`);
        const o = item;
        const allowed = ['key', 'value', 'category', 'hcl', 'sensitive', 'description'];
        const unknown = Object.keys(o).filter((k) => !allowed.includes(k));
        if (unknown.length)
            throw new ConfigurationError(`${where} has unknown field(s) ${unknown.join(', ')}; allowed: ${allowed.join(', ')}.`);
        if (typeof o.key !== 'string' || o.key === '')
            throw new ConfigurationError(`${where} needs a string "key".`);
        const category = o.category ?? 'svc';
        if (category !== 'svc' && category !== 'env')
            throw new ConfigurationError(`${where} ("${o.key}"): category must be "svc" or "env".`);
        const v = {
            key: o.key,
            value: stringValue(o.value, `${where} ("${o.key}"): value`),
            category,
            hcl: booleanField(o.hcl, `${where} ("${o.key}"): hcl`),
            sensitive: booleanField(o.sensitive, `${where} ("${o.key}"): sensitive`),
        };
        if (o.description !== undefined)
            v.description = stringValue(o.description, `${where} ("${o.key}"): description`);
        return v;
    });
}
function stringValue(v, what) {
    if (v === undefined || v === null)
        return '';
    if (typeof v === 'string')
        return v;
    if (typeof v === 'number' || typeof v === 'boolean')
        return String(v);
    throw new ConfigurationError(`${what} must be a string (write HCL values as strings with "hcl": true).`);
}
function booleanField(v, what) {
    if (v === undefined)
        return false;
    if (typeof v !== 'boolean')
        throw new ConfigurationError(`${what} must be true or false.`);
    return v;
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./src/variable-options-input.ts



/**
 * No-code variable options (2.6) from `variable-options` (inline JSON or YAML) or
 * `variable-options-file` (a .json/.yaml/.yml file). Two shapes are accepted:
 * a list of `{variable-name, variable-type, options, id?}` as the service names them, or a map
 * `name: {type, options, id?}`, which reads better in YAML.
 */
function readVariableOptions(read) {
    const inline = read('variable-options');
    const file = read('variable-options-file');
    if (inline && file) {
        throw new ConfigurationError('Inputs "variable-options" and "variable-options-file" cannot both be set.');
    }
    if (!inline && !file)
        return null;
    const input = inline ? 'variable-options' : 'variable-options-file';
    let text = inline;
    if (file) {
        try {
            text = (0,external_node_fs_.readFileSync)(file, 'utf8');
        }
        catch {
            throw new ConfigurationError(`Input "variable-options-file": cannot read "${file}".`);
        }
    }
    let parsed;
    try {
        // JSON is a subset of YAML 1.2, so one parser reads both.
        parsed = (0,dist/* parse */.qg)(text);
    }
    catch (error) {
        throw new ConfigurationError(`Input "${input}" is neither valid JSON nor YAML: ${error.message.split('\n')[0]}`);
    }
    return parseVariableOptions(input, parsed);
}
function parseVariableOptions(input, parsed) {
    const entries = Array.isArray(parsed)
        ? parsed.map((item) => [undefined, item])
        : typeof parsed === 'object' && parsed !== null
            ? Object.entries(parsed)
            : [];
    if (entries.length === 0 && !(Array.isArray(parsed) || (typeof parsed === 'object' && parsed !== null))) {
        throw new ConfigurationError(`Input "${input}" must be a list of variable options or a map of variable name to options.`);
    }
    const seen = new Set();
    return entries.map(([mapKey, item], i) => {
        const where = mapKey === undefined ? `Input "${input}" item ${i + 1}` : `Input "${input}" variable "${mapKey}"`;
        if (typeof item !== 'object' || item === null || Array.isArray(item))
            throw new ConfigurationError(`${where} must be an object.`);
        const o = item;
        const variableName = mapKey ?? o['variable-name'];
        const variableType = o['variable-type'] ?? o.type;
        if (typeof variableName !== 'string' || !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(variableName)) {
            throw new ConfigurationError(`${where} needs a "variable-name" that is a variable name.`);
        }
        if (typeof variableType !== 'string' || variableType === '') {
            throw new ConfigurationError(`${where} needs a "variable-type" (e.g. string, number).`);
        }
        if (!Array.isArray(o.options))
            throw new ConfigurationError(`${where} needs "options", a list of allowed values.`);
        if (seen.has(variableName))
            throw new ConfigurationError(`Input "${input}" gives options for "${variableName}" twice.`);
        seen.add(variableName);
        const result = { variableName, variableType, options: o.options };
        if (o.id !== undefined) {
            if (typeof o.id !== 'string' || !/^ncvaropt-[A-Za-z0-9]+$/.test(o.id)) {
                throw new ConfigurationError(`${where}: "id" must be a variable options id starting with "ncvaropt-".`);
            }
            result.id = o.id;
        }
        return result;
    });
}

;// CONCATENATED MODULE: ./src/inputs.ts




const MODES = [
    'sync-policies',
    'run-module-tests',
    'upgrade-no-code-workspace',
    'publish-no-code-module',
    'provision-no-code-workspace',
];
/**
 * Defaults of optional inputs. action.yml declares the same values (a test keeps them equal);
 * they are applied here too because outside GitHub (`node dist/index.js`, the command line)
 * nobody fills in action.yml's defaults.
 */
const INPUT_DEFAULTS = {
    timeout: '30m',
    'dry-run': 'false',
    'check-name': '',
    'policy-files': 'policies/**/*.native\npolicies/**/*.rego',
    'policy-config': '',
    'enforcement-level': 'advisory',
    'policy-sets': '',
    prune: 'false',
    'module-directory': '.',
    'module-namespace': '',
    'test-directory': 'tests',
    'test-filters': '',
    'test-variables': '',
    'test-env-variables': '',
    verbose: 'false',
    'fail-on-test-failure': 'true',
    'workspace-variables': '',
    confirm: 'false',
    enabled: 'true',
    'version-pin': '',
    'variable-options': '',
    'variable-options-file': '',
    'workspace-description': '',
    'auto-apply': 'false',
};
const NATIVE_LEVELS = ['hard-mandatory', 'soft-mandatory', 'advisory'];
const OPA_LEVELS = ['mandatory', 'advisory'];
const readActionInput = (name) => core/* getInput */.V4(name);
const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
function withDefault(read) {
    return (name) => {
        const value = read(name).trim();
        if (value !== '')
            return value;
        return INPUT_DEFAULTS[name] ?? '';
    };
}
function required(read, name, why = '') {
    const value = read(name);
    if (value === '')
        throw new ConfigurationError(`Input "${name}" is required${why}.`);
    return value;
}
function prefixedId(name, value, prefix) {
    if (!new RegExp(`^${prefix}-[A-Za-z0-9]+$`).test(value)) {
        throw new ConfigurationError(`Input "${name}" must be an id starting with "${prefix}-" (got "${value}").`);
    }
    return value;
}
function prefixedIds(name, value, prefix) {
    const ids = parseList(value);
    for (const id of ids)
        prefixedId(name, id, prefix);
    return [...new Set(ids)];
}
function pathSegmentName(name, value) {
    if (!NAME_PATTERN.test(value)) {
        throw new ConfigurationError(`Input "${name}" may contain only letters, digits, "-" and "_" (got "${value}").`);
    }
    return value;
}
function normalizeBaseUrl(value) {
    let url;
    try {
        url = new URL(value);
    }
    catch {
        throw new ConfigurationError(`Input "base-url" must be an http(s) address such as https://app.example.com/api/v2 (got "${value}").`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new ConfigurationError(`Input "base-url" must start with https:// or http:// (got "${value}").`);
    }
    if (url.search || url.hash || url.username || url.password) {
        throw new ConfigurationError('Input "base-url" must be a plain address without credentials, query or fragment.');
    }
    let path = url.pathname.replace(/\/+$/, '');
    if (!path.endsWith('/api/v2'))
        path += '/api/v2';
    return `${url.origin}${path}`;
}
function enforcementLevel(value) {
    const all = [...NATIVE_LEVELS, ...OPA_LEVELS];
    if (!all.includes(value)) {
        throw new ConfigurationError(`Input "enforcement-level" must be one of ${NATIVE_LEVELS.join(', ')} (native) or ${OPA_LEVELS.join(', ')} (opa) (got "${value}").`);
    }
    return value;
}
function lines(value) {
    return value
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l !== '');
}
function readCommon(read) {
    const token = required(read, 'token');
    // Masked before anything else can print it.
    core/* setSecret */.Pq(token);
    const githubToken = read('github-token');
    if (githubToken)
        core/* setSecret */.Pq(githubToken);
    return {
        token,
        baseUrl: normalizeBaseUrl(required(read, 'base-url')),
        timeoutMs: parseDuration('timeout', read('timeout')),
        dryRun: parseBoolean('dry-run', read('dry-run')),
        githubToken,
        checkName: read('check-name'),
    };
}
function organization(read, mode) {
    return pathSegmentName('organization', required(read, 'organization', ` in mode ${mode}`));
}
/**
 * Parses and validates every input of the chosen mode into typed values. Throws a
 * ConfigurationError naming the first input that is missing or malformed; nothing has been
 * sent to the service at that point.
 */
function readInputs(rawRead = readActionInput) {
    const read = withDefault(rawRead);
    const mode = read('mode');
    if (mode === '')
        throw new ConfigurationError(`Input "mode" is required: one of ${MODES.join(', ')}.`);
    if (!MODES.includes(mode)) {
        throw new ConfigurationError(`Input "mode" must be one of ${MODES.join(', ')} (got "${mode}").`);
    }
    const common = readCommon(read);
    switch (mode) {
        case 'sync-policies':
            return {
                ...common,
                mode: 'sync-policies',
                organization: organization(read, 'sync-policies'),
                policyFiles: lines(read('policy-files')),
                policyConfig: read('policy-config'),
                enforcementLevel: enforcementLevel(read('enforcement-level')),
                policySets: prefixedIds('policy-sets', read('policy-sets'), 'polset'),
                prune: parseBoolean('prune', read('prune')),
            };
        case 'run-module-tests': {
            const org = organization(read, 'run-module-tests');
            const env = parseEnvLines('test-env-variables', read('test-env-variables'));
            for (const v of env)
                if (v.value)
                    core/* setSecret */.Pq(v.value);
            return {
                ...common,
                mode: 'run-module-tests',
                organization: org,
                moduleDirectory: read('module-directory'),
                moduleNamespace: pathSegmentName('module-namespace', read('module-namespace') || org),
                moduleName: pathSegmentName('module-name', required(read, 'module-name', ' in mode run-module-tests')),
                moduleProvider: pathSegmentName('module-provider', required(read, 'module-provider', ' in mode run-module-tests')),
                testDirectory: read('test-directory'),
                testFilters: lines(read('test-filters')),
                testVariables: parseHclVariableLines('test-variables', read('test-variables')),
                testEnvVariables: env,
                verbose: parseBoolean('verbose', read('verbose')),
                failOnTestFailure: parseBoolean('fail-on-test-failure', read('fail-on-test-failure')),
            };
        }
        case 'upgrade-no-code-workspace': {
            const workspaceIds = prefixedIds('workspace-id', required(read, 'workspace-id', ' in mode upgrade-no-code-workspace'), 'ws');
            return {
                ...common,
                mode: 'upgrade-no-code-workspace',
                noCodeModuleId: prefixedId('no-code-module-id', required(read, 'no-code-module-id', ' in mode upgrade-no-code-workspace'), 'nocode'),
                workspaceIds,
                workspaceVariables: maskedWorkspaceVariables(read),
                confirm: parseBoolean('confirm', read('confirm')),
            };
        }
        case 'publish-no-code-module': {
            const noCodeModuleId = read('no-code-module-id');
            const registryModuleId = read('registry-module-id');
            if (noCodeModuleId === '' && registryModuleId === '') {
                throw new ConfigurationError('Input "registry-module-id" (to allow a module) or "no-code-module-id" (to update one) is required in mode publish-no-code-module.');
            }
            return {
                ...common,
                mode: 'publish-no-code-module',
                organization: organization(read, 'publish-no-code-module'),
                noCodeModuleId: noCodeModuleId && prefixedId('no-code-module-id', noCodeModuleId, 'nocode'),
                registryModuleId: registryModuleId && prefixedId('registry-module-id', registryModuleId, 'mod'),
                enabled: parseBoolean('enabled', read('enabled')),
                versionPin: versionPin(read('version-pin')),
                variableOptions: readVariableOptions(read),
            };
        }
        case 'provision-no-code-workspace':
            return {
                ...common,
                mode: 'provision-no-code-workspace',
                noCodeModuleId: prefixedId('no-code-module-id', required(read, 'no-code-module-id', ' in mode provision-no-code-workspace'), 'nocode'),
                projectId: prefixedId('project-id', required(read, 'project-id', ' in mode provision-no-code-workspace'), 'prj'),
                workspaceName: pathSegmentName('workspace-name', required(read, 'workspace-name', ' in mode provision-no-code-workspace')),
                workspaceDescription: read('workspace-description'),
                autoApply: parseBoolean('auto-apply', read('auto-apply')),
                workspaceVariables: maskedWorkspaceVariables(read),
            };
    }
}
function maskedWorkspaceVariables(read) {
    const vars = parseWorkspaceVariables('workspace-variables', read('workspace-variables'));
    for (const v of vars)
        if (v.sensitive && v.value)
            core/* setSecret */.Pq(v.value);
    return vars;
}
function versionPin(value) {
    if (value !== '' && !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(value)) {
        throw new ConfigurationError(`Input "version-pin" must be a module version such as 1.2.0 (got "${value}").`);
    }
    return value;
}

;// CONCATENATED MODULE: ./src/modes/index.ts
/** Each mode is loaded only when chosen, so one mode's dependencies (the HCL parser's WASM) never load for another. */
const RUNNERS = {
    'sync-policies': async () => (await __webpack_require__.e(/* import() */ 202).then(__webpack_require__.bind(__webpack_require__, 821))).runSyncPolicies,
    'run-module-tests': async () => (await __webpack_require__.e(/* import() */ 180).then(__webpack_require__.bind(__webpack_require__, 9180))).runModuleTests,
    'upgrade-no-code-workspace': async () => (await __webpack_require__.e(/* import() */ 76).then(__webpack_require__.bind(__webpack_require__, 1076))).runUpgradeNoCodeWorkspace,
    'publish-no-code-module': async () => (await __webpack_require__.e(/* import() */ 756).then(__webpack_require__.bind(__webpack_require__, 3756))).runPublishNoCodeModule,
    'provision-no-code-workspace': async () => (await __webpack_require__.e(/* import() */ 587).then(__webpack_require__.bind(__webpack_require__, 6587))).runProvisionNoCodeWorkspace,
};
async function runMode(inputs, context) {
    const runner = (await RUNNERS[inputs.mode]());
    return runner(inputs, context);
}

;// CONCATENATED MODULE: ./src/report/annotations.ts
/** GitHub keeps only this many workflow-command annotations of each level per step. */
const GITHUB_ANNOTATIONS_PER_LEVEL = 10;
/**
 * Per level: all of them when there are `limit` or fewer; otherwise the first `limit - 1` and
 * a last one saying how many more there are, so that GitHub's cap never drops the count silently.
 */
function capAnnotations(annotations, limit = GITHUB_ANNOTATIONS_PER_LEVEL) {
    const totals = new Map();
    for (const a of annotations)
        totals.set(a.level, (totals.get(a.level) ?? 0) + 1);
    const shown = new Map();
    const emit = [];
    const heldBack = [];
    for (const a of annotations) {
        const total = totals.get(a.level) ?? 0;
        const room = total <= limit ? limit : Math.max(0, limit - 1);
        const count = shown.get(a.level) ?? 0;
        if (count < room) {
            emit.push(a);
            shown.set(a.level, count + 1);
        }
        else {
            heldBack.push(a);
        }
    }
    if (limit > 0) {
        for (const level of ['error', 'warning', 'notice']) {
            const more = (totals.get(level) ?? 0) - (shown.get(level) ?? 0);
            if (more > 0)
                emit.push(moreNote(level, more));
        }
    }
    return { emit, heldBack };
}
function moreNote(level, count) {
    const noun = count === 1 ? level : `${level}s`;
    return { level, message: `+${count} more ${noun}; see the job summary` };
}
/**
 * Writes annotations through the sink within GitHub's cap (see `capAnnotations`). `limit` is
 * lower when the step writes other annotations of its own.
 */
function emitAnnotations(sink, annotations, options = {}) {
    const capped = capAnnotations(annotations, options.limit ?? GITHUB_ANNOTATIONS_PER_LEVEL);
    for (const a of capped.emit)
        sink.annotate(a);
    return capped;
}

;// CONCATENATED MODULE: ./src/report/outputs.ts
/** An output as the step writes it: strings as they are, numbers and booleans as text, objects as JSON. */
function outputText(value) {
    if (value === undefined)
        return undefined;
    if (value === null)
        return '';
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
        return String(value);
    return JSON.stringify(value);
}
/** Sets every output of the record; an undefined value is left unset. */
function setOutputs(sink, outputs) {
    for (const [name, value] of Object.entries(outputs)) {
        const text = outputText(value);
        if (text !== undefined)
            sink.setOutput(name, text);
    }
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/report/markdown.ts
/**
 * Building blocks of every job summary. Anything that comes from the service, the repository or
 * a log is escaped here; only markup built by these helpers (an `Html` value) goes in as it is.
 * GitHub renders the summary as GitHub-flavoured Markdown with a safe subset of HTML; its own
 * `summary.addTable` does not escape cell text, so tables are built here instead.
 */
/** Markup built by these helpers, inserted without escaping. */
class Html {
    html;
    constructor(html) {
        this.html = html;
    }
    toString() {
        return this.html;
    }
}
/** Marks markup as trusted. Only for markup assembled from escaped parts. */
function html(trusted) {
    return new Html(trusted);
}
function escapeHtml(text) {
    return text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
}
/**
 * Text for a Markdown context (a heading, a paragraph, a list item), kept on one line: HTML
 * markup turned into entities, Markdown emphasis, code, link and table characters
 * backslash-escaped, and a leading character that would start a list or a quote escaped too.
 */
function escapeMarkdown(text) {
    const oneLine = text.replace(/\s*[\r\n]+\s*/g, ' ');
    const escaped = oneLine
        .replace(/[\\`*_[\]|~#]/g, '\\$&')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;');
    return escaped.replace(/^(\s*)([-+=])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');
}
/** Content for an HTML context: text escaped, line breaks kept as `<br>`. */
function renderHtml(content) {
    if (content instanceof Html)
        return content.html;
    if (content === null || content === undefined)
        return '';
    return escapeHtml(String(content)).replace(/\r\n|\r|\n/g, '<br>');
}
/** Content for a Markdown context: text escaped and kept on one line. */
function renderMarkdown(content) {
    if (content instanceof Html)
        return content.html;
    if (content === null || content === undefined)
        return '';
    return escapeMarkdown(String(content));
}
/**
 * An HTML table, one row a line and no blank line inside, so that the whole table stays one
 * HTML block whatever the cells hold.
 */
function table(headers, rows) {
    const head = `<tr>${headers.map((h) => `<th>${renderHtml(h)}</th>`).join('')}</tr>`;
    const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${renderHtml(cell)}</td>`).join('')}</tr>`);
    return ['<table>', `<thead>${head}</thead>`, '<tbody>', ...body, '</tbody>', '</table>', ''].join('\n');
}
/**
 * A collapsible section. `body` is Markdown built from these helpers; the blank lines around it
 * let GitHub render Markdown (code blocks, tables) inside the HTML element.
 */
function details(summary, body, options = {}) {
    const open = options.open ? ' open' : '';
    return `<details${open}><summary>${renderHtml(summary)}</summary>\n\n${body.trimEnd()}\n\n</details>\n`;
}
function heading(text, level = 2) {
    return `${'#'.repeat(level)} ${renderMarkdown(text)}\n`;
}
function paragraph(...parts) {
    return `${parts.map(renderMarkdown).filter((p) => p !== '').join(' ')}\n`;
}
function bulletList(items) {
    return items.map((item) => `- ${renderMarkdown(item)}\n`).join('');
}
/**
 * A fenced code block that content cannot break out of: the fence is one backtick longer than
 * the longest run of backticks in the content.
 */
function codeBlock(content, language = '') {
    const longestRun = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(Math.max(3, longestRun + 1));
    const info = /^[\w+.-]+$/.test(language) ? language : '';
    const body = content.replace(/\r\n?/g, '\n').replace(/\n$/, '');
    return `${fence}${info}\n${body}\n${fence}\n`;
}
function inlineCode(text) {
    return html(`<code>${escapeHtml(text)}</code>`);
}
function strong(content) {
    return html(`<strong>${renderHtml(content)}</strong>`);
}
/**
 * A link when `url` is an http(s) address; otherwise only the text, so that a `javascript:`
 * or relative address from the service never becomes a link.
 */
function markdown_link(text, url) {
    const label = renderHtml(text);
    const safe = httpUrl(url);
    if (!safe)
        return html(label);
    return html(`<a href="${escapeHtml(safe)}">${label}</a>`);
}
function httpUrl(url) {
    if (!url)
        return undefined;
    try {
        const parsed = new URL(url);
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
            return undefined;
        return parsed.href;
    }
    catch {
        return undefined;
    }
}
function dryRunBanner(what = 'Nothing was changed: this is what would be done.') {
    return `> [!NOTE]\n> **Dry run.** ${escapeMarkdown(what)}\n`;
}
/**
 * `**3** created · **1** updated · **0** deleted`. A null count (the service has not given it)
 * is shown as a dash; `skipZero` leaves out zero counts.
 */
function countsLine(counts, options = {}) {
    const parts = counts
        .filter(([, count]) => !(options.skipZero && count === 0))
        .map(([label, count]) => `**${count === null || count === undefined ? '–' : count}** ${escapeMarkdown(label)}`);
    return `${parts.join(' · ')}\n`;
}
/** Blocks joined with one blank line between them; empty and false blocks are left out. */
function joinBlocks(...blocks) {
    const kept = blocks.filter((b) => typeof b === 'string' && b.trim() !== '');
    return kept.map((b) => b.trimEnd()).join('\n\n') + (kept.length > 0 ? '\n' : '');
}
const CLOSABLE_TAGS = new Set([
    'details', 'summary', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'ul', 'ol', 'li',
    'blockquote', 'pre', 'code', 'p', 'div', 'strong', 'em', 'a',
]);
/**
 * Cuts Markdown to at most `maxBytes` UTF-8 bytes at a line boundary, closes the code fence and
 * the HTML elements the cut left open (so the note is not swallowed by a `<details>`), and
 * appends `note(omittedBytes)`.
 */
function truncateMarkdown(markdown, maxBytes, note = (n) => `> [!WARNING]\n> This summary was cut short: ${Math.ceil(n / 1024)} KiB more did not fit.\n`) {
    const bytes = Buffer.from(markdown, 'utf8');
    if (bytes.length <= maxBytes)
        return { text: markdown, cut: false, omittedBytes: 0 };
    // Room for the closing markup and the note.
    const reserve = Math.min(4096, Math.floor(maxBytes / 2));
    let end = Math.max(0, maxBytes - reserve);
    while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80)
        end--;
    let text = bytes.subarray(0, end).toString('utf8');
    const lastNewline = text.lastIndexOf('\n');
    text = lastNewline >= 0 ? text.slice(0, lastNewline + 1) : '';
    const omittedBytes = bytes.length - Buffer.byteLength(text, 'utf8');
    const closing = closeOpenMarkup(text);
    let result = `${text}${closing}\n${note(omittedBytes)}`;
    // A note or closing markup larger than the reserve is not expected; never exceed the limit.
    if (Buffer.byteLength(result, 'utf8') > maxBytes) {
        result = Buffer.from(result, 'utf8').subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '');
    }
    return { text: result, cut: true, omittedBytes };
}
function closeOpenMarkup(text) {
    let fence;
    const open = [];
    for (const line of text.split('\n')) {
        const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
        if (fence !== undefined) {
            const marker = fenceMatch?.[1];
            if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
                fence = undefined;
            continue;
        }
        if (fenceMatch) {
            fence = fenceMatch[1];
            continue;
        }
        for (const match of line.matchAll(/<(\/?)([a-zA-Z]+)\b[^>]*?(\/?)>/g)) {
            const name = match[2].toLowerCase();
            if (!CLOSABLE_TAGS.has(name) || match[3] === '/')
                continue;
            if (match[1] === '/') {
                const at = open.lastIndexOf(name);
                if (at >= 0)
                    open.length = at;
            }
            else {
                open.push(name);
            }
        }
    }
    let closing = fence === undefined ? '' : `${fence}\n`;
    if (open.length > 0)
        closing += `${open.reverse().map((name) => `</${name}>`).join('')}\n`;
    return closing;
}

;// CONCATENATED MODULE: ./src/report/redact.ts
/**
 * The last line of defence against leaking a secret: every string a sink writes (log line,
 * annotation, output, job summary) passes through `redact`, which replaces each known secret
 * with `***`, the same mark the runner's own masking uses.
 */

const REDACTED = '***';
/**
 * Values shorter than this are not masked: masking a one- or two-character value (a sensitive
 * variable set to `1`) would blank out every such character of the report and hide nothing.
 */
const MIN_SECRET_LENGTH = 3;
/** Parts of an address (a query string, a signed path segment) shorter than this are not masked. */
const MIN_URL_PART_LENGTH = 8;
function redact_redactor(secrets = []) {
    const needles = new Set();
    let pattern;
    const add = (secret) => {
        let grew = false;
        for (const needle of needlesOf(secret)) {
            if (!needles.has(needle)) {
                needles.add(needle);
                grew = true;
            }
        }
        if (grew)
            pattern = compile(needles);
    };
    for (const secret of secrets)
        add(secret);
    return {
        redact(text) {
            if (!pattern || text === '')
                return text;
            return text.replace(pattern, REDACTED);
        },
        add,
    };
}
/**
 * Every form in which a secret may show up in what the sinks write: as it is, line by line
 * when it spans lines, and as the summary's HTML and Markdown escaping, JSON string escaping
 * (the `result` output) and URL encoding would render it. An http(s) address also yields its
 * query string, its query values and long path segments, which carry the authorization of
 * signed addresses (upload-url, log-read-url) even when the address is printed without its host.
 */
function needlesOf(secret) {
    const found = new Set();
    const keep = (value, min = MIN_SECRET_LENGTH) => {
        if (value.length < min)
            return;
        found.add(value);
        found.add(escapeHtml(value));
        found.add(escapeMarkdown(value));
        found.add(JSON.stringify(value).slice(1, -1));
        found.add(encodeURIComponent(value));
    };
    const trimmed = secret.trim();
    if (trimmed === '')
        return [];
    keep(secret);
    keep(trimmed);
    if (/[\r\n]/.test(trimmed)) {
        for (const line of trimmed.split(/\r?\n|\r/))
            keep(line.trim());
    }
    const url = parseHttpUrl(trimmed);
    if (url) {
        keep(url.href);
        const pathAndQuery = url.pathname + url.search;
        if (pathAndQuery.length > 1)
            keep(pathAndQuery, MIN_URL_PART_LENGTH);
        if (url.search.length > 1)
            keep(url.search.slice(1), MIN_URL_PART_LENGTH);
        for (const value of url.searchParams.values())
            keep(value, MIN_URL_PART_LENGTH);
        for (const segment of url.pathname.split('/')) {
            // A long path segment is a signed object key or token rather than a route name.
            if (segment.length < 16)
                continue;
            keep(segment, 16);
            keep(decodeSafely(segment), 16);
        }
    }
    return [...found].filter((needle) => needle.length >= MIN_SECRET_LENGTH);
}
function compile(needles) {
    // Longest first, so that a secret containing another secret is masked whole.
    const sorted = [...needles].sort((a, b) => b.length - a.length);
    return new RegExp(sorted.map(escapeRegExp).join('|'), 'g');
}
function parseHttpUrl(text) {
    if (!/^https?:\/\//i.test(text))
        return undefined;
    try {
        return new URL(text);
    }
    catch {
        return undefined;
    }
}
function decodeSafely(segment) {
    try {
        return decodeURIComponent(segment);
    }
    catch {
        return segment;
    }
}
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

;// CONCATENATED MODULE: ./src/report/summary-budget.ts

/** GitHub keeps a step summary only up to 1 MiB; stay a little under it. */
const GITHUB_SUMMARY_LIMIT_BYTES = 1024 * 1024 - 16 * 1024;
/** Tracks the bytes of summary written so far by one sink, across several writes. */
function summary_budget_summaryBudget(limitBytes) {
    let used = 0;
    let spent = false;
    return {
        fit(markdown) {
            if (spent || markdown === '')
                return '';
            const size = Buffer.byteLength(markdown, 'utf8');
            if (used + size <= limitBytes) {
                used += size;
                return markdown;
            }
            spent = true;
            const room = limitBytes - used;
            if (room < 256)
                return '';
            const limitKiB = Math.floor(limitBytes / 1024);
            const { text } = truncateMarkdown(markdown, room, (omitted) => `> [!WARNING]\n> The summary was cut at the ${limitKiB} KiB a job summary may hold; ` +
                `${Math.ceil(omitted / 1024)} KiB more did not fit.\n`);
            used += Buffer.byteLength(text, 'utf8');
            return text;
        },
    };
}

;// CONCATENATED MODULE: ./src/report/github-sink.ts





/**
 * The sink of a GitHub Actions step: log lines and annotations as workflow commands on stdout,
 * outputs to the file named by GITHUB_OUTPUT, the summary to the file named by
 * GITHUB_STEP_SUMMARY (all through @actions/core).
 */
function githubSink(options = {}) {
    const secrets = redact_redactor();
    const budget = summary_budget_summaryBudget(options.summaryLimitBytes ?? GITHUB_SUMMARY_LIMIT_BYTES);
    const redact = (text) => secrets.redact(text);
    const addSecret = (value) => {
        if (value.trim() === '')
            return;
        secrets.add(value);
        // The runner masks it too, in whatever else reaches the log (a stack trace, a child's output).
        core/* setSecret */.Pq(value);
    };
    for (const secret of options.secrets ?? [])
        addSecret(secret);
    return {
        info(message) {
            core/* info */.pq(neutraliseCommands(redact(message)));
        },
        warning(message) {
            core/* warning */.$e(redact(message));
        },
        error(message) {
            core/* error */.z3(redact(message));
        },
        debug(message) {
            core/* debug */.Yz(redact(message));
        },
        annotate(annotation) {
            const properties = annotationProperties(annotation, redact);
            const message = redact(annotation.message);
            if (annotation.level === 'error')
                core/* error */.z3(message, properties);
            else if (annotation.level === 'warning')
                core/* warning */.$e(message, properties);
            else
                core/* notice */.lm(message, properties);
        },
        setOutput(name, value) {
            try {
                core/* setOutput */.uH(name, redact(value));
            }
            catch (error) {
                // GITHUB_OUTPUT names a file that is gone: the outputs are lost, the step's work is not.
                core/* warning */.$e(redact(`Output ${name} could not be written: ${errors_getErrorMessage(error)}`));
            }
        },
        async writeSummary(markdown) {
            const text = budget.fit(redact(markdown));
            if (text === '')
                return;
            try {
                await core/* summary */.z.emptyBuffer().addRaw(text, true).write();
            }
            catch (error) {
                core/* summary */.z.emptyBuffer();
                // A summary that cannot be written must not fail a step whose work succeeded.
                core/* warning */.$e(redact(`The job summary could not be written: ${errors_getErrorMessage(error)}`));
            }
        },
        startGroup(name) {
            core/* startGroup */.Oh(redact(name));
        },
        endGroup() {
            core/* endGroup */.N4();
        },
        fail(message) {
            core/* setFailed */.C1(redact(message));
        },
        addSecret,
        redact,
    };
}
function annotationProperties(annotation, redact) {
    const properties = {};
    if (annotation.title !== undefined && annotation.title !== '')
        properties.title = redact(annotation.title);
    if (annotation.file !== undefined && annotation.file !== '')
        properties.file = redact(annotation.file);
    if (isLine(annotation.startLine))
        properties.startLine = annotation.startLine;
    if (isLine(annotation.endLine))
        properties.endLine = annotation.endLine;
    if (isLine(annotation.startColumn))
        properties.startColumn = annotation.startColumn;
    if (isLine(annotation.endColumn))
        properties.endColumn = annotation.endColumn;
    return properties;
}
function isLine(value) {
    return value !== undefined && Number.isInteger(value) && value > 0;
}
/**
 * A plain log line that starts with `::` would be read by the runner as a workflow command
 * (text from a test log could set an output or stop masking). Such text is written between
 * `stop-commands` markers, the runner's own way of printing untrusted text.
 */
function neutraliseCommands(message) {
    if (!/^\s*::/m.test(message))
        return message;
    const token = `stop-${(0,external_node_crypto_.randomUUID)()}`;
    return `::stop-commands::${token}\n${message}\n::${token}::`;
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
;// CONCATENATED MODULE: ./src/report/plain-sink.ts






/**
 * The sink for CI systems other than GitHub Actions: plain lines a person or a log parser can
 * read. Annotations follow the `file:line:column: level: message` convention that compilers use
 * and most CI systems recognise; outputs are `name=value` lines, with a multi-line value in the
 * same `name<<DELIMITER` form GitHub's output file uses.
 */
function plainSink(options = {}) {
    const out = options.stdout ?? process.stdout;
    const secrets = redactor(options.secrets ?? []);
    const budget = summaryBudget(options.summaryLimitBytes ?? Number.POSITIVE_INFINITY);
    const redact = (text) => secrets.redact(text);
    const line = (text) => {
        out.write(`${redact(text)}\n`);
    };
    return {
        info(message) {
            line(message);
        },
        warning(message) {
            line(`warning: ${message}`);
        },
        error(message) {
            line(`error: ${message}`);
        },
        debug(message) {
            if (options.debug)
                line(`debug: ${message}`);
        },
        annotate(annotation) {
            line(annotationLine(annotation));
        },
        setOutput(name, value) {
            const text = outputLines(name, redact(value));
            if (options.outputFile) {
                try {
                    appendFileSync(options.outputFile, text);
                    return;
                }
                catch (error) {
                    line(`warning: output ${name} could not be written to ${options.outputFile}: ${getErrorMessage(error)}`);
                }
            }
            out.write(text);
        },
        async writeSummary(markdown) {
            const text = budget.fit(redact(markdown));
            if (text === '')
                return;
            const body = text.endsWith('\n') ? text : `${text}\n`;
            if (options.summaryFile) {
                try {
                    await appendFile(options.summaryFile, body, 'utf8');
                    return;
                }
                catch (error) {
                    line(`warning: the summary could not be written to ${options.summaryFile}: ${getErrorMessage(error)}`);
                }
            }
            out.write(`\n${body}`);
        },
        startGroup(name) {
            line(`── ${name}`);
        },
        endGroup() { },
        fail(message) {
            line(`error: ${message}`);
            process.exitCode = 1;
        },
        addSecret(value) {
            secrets.add(value);
        },
        redact,
    };
}
/** `file:line:column: level: title: message`, continuation lines indented. */
function annotationLine(annotation) {
    let location = '';
    if (annotation.file) {
        location = annotation.file;
        if (annotation.startLine) {
            location += `:${annotation.startLine}`;
            if (annotation.startColumn)
                location += `:${annotation.startColumn}`;
        }
        location += ': ';
    }
    const title = annotation.title ? `${annotation.title}: ` : '';
    const [first = '', ...rest] = annotation.message.replace(/\r\n?/g, '\n').trimEnd().split('\n');
    const continuation = rest.map((l) => (l === '' ? '' : `    ${l}`));
    return [`${location}${annotation.level}: ${title}${first}`, ...continuation].join('\n');
}
/** `name=value`, or for a value on several lines `name<<DELIMITER`, the lines, `DELIMITER`. */
function outputLines(name, value) {
    if (!/[\r\n]/.test(value))
        return `${name}=${value}\n`;
    let delimiter = 'EOF';
    while (value.includes(delimiter))
        delimiter = `EOF_${randomUUID()}`;
    return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
}

;// CONCATENATED MODULE: ./src/report/sink.ts
/**
 * Where a report goes. Nothing but the reporter writes to the job summary, outputs or
 * annotations, and it writes them through a sink: `githubSink` on GitHub Actions, `plainSink`
 * for any other CI system. Both pass every string they write through the redactor.
 */



// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(4371);
;// CONCATENATED MODULE: ./src/service/errors.ts
// Errors raised by the service client. Every message is written for a person reading a job log:
// it names the request (method and path, or only the origin for upload and log addresses, whose
// query strings carry credentials) and says what to do. No message ever holds the token.
/** The service answered with a status that is not 2xx (after any retries that were allowed). */
class ApiError extends Error {
    name = 'ApiError';
    method;
    path;
    status;
    errors;
    constructor(init) {
        const redact = init.redact ?? ((t) => t);
        super(redact(apiErrorMessage(init)));
        this.method = init.method;
        this.path = init.target;
        this.status = init.status;
        this.errors = init.errors.map((e) => redactItem(e, redact));
    }
    /** The titles and details the service sent, one line each. */
    get details() {
        return describeItems(this.errors);
    }
}
/**
 * A write that is not safe to repeat (a POST that creates something) may or may not have taken
 * effect: the connection dropped after the request was sent, the request timed out, or a gateway
 * answered 502/504. The caller must look whether it took effect before trying again.
 */
class AmbiguousWriteError extends Error {
    name = 'AmbiguousWriteError';
    method;
    path;
    /** What happened: `connection closed`, `timed out`, `502 Bad Gateway`, ... */
    reason;
    constructor(method, target, reason, options) {
        super(`${method} ${target}: ${reason} after the request was sent, so it is unknown whether the ` +
            'service carried it out; it was not repeated automatically so that nothing is created twice', options);
        this.method = method;
        this.path = target;
        this.reason = reason;
    }
}
/** The service could not be reached, or kept dropping or timing out, after every allowed retry. */
class NetworkError extends Error {
    name = 'NetworkError';
    method;
    path;
    code;
    timedOut;
    constructor(init, options) {
        const what = init.timedOut
            ? 'the request timed out'
            : `the connection failed${init.code ? ` (${init.code})` : ''}`;
        const tries = init.attempts > 1 ? ` after ${init.attempts} attempts` : '';
        super(`${init.method} ${init.target}: ${what}${tries}; check that base-url is right and the service is reachable`, options);
        this.method = init.method;
        this.path = init.target;
        this.code = init.code;
        this.timedOut = init.timedOut;
    }
}
/** A 2xx answer whose body is not the JSON:API document the spec shows for that endpoint. */
class UnexpectedResponseError extends Error {
    name = 'UnexpectedResponseError';
    method;
    path;
    status;
    constructor(method, target, status, expected) {
        super(`${method} ${target}: the service answered ${status} without ${expected}`);
        this.method = method;
        this.path = target;
        this.status = status;
    }
}
function isApiError(error, status) {
    return error instanceof ApiError && (status === undefined || error.status === status);
}
function isNotFound(error) {
    return isApiError(error, 404);
}
/** An abort of the client-wide or per-call signal, as raised by every wait and request. */
function isAbortError(error) {
    return error instanceof Error && error.name === 'AbortError';
}
const STATUS_TEXT = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    406: 'Not Acceptable',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
};
function statusText(status) {
    const text = STATUS_TEXT[status];
    return text ? `${status} ${text}` : String(status);
}
const MAX_DETAIL = 300;
function describeItems(errors) {
    const lines = [];
    for (const e of errors) {
        const parts = [e.title, e.detail].filter((p) => typeof p === 'string' && p.trim() !== '');
        // A detail that repeats the title adds nothing.
        const unique = parts.filter((p, i) => parts.indexOf(p) === i);
        let line = unique.join(': ');
        const pointer = e.source?.pointer ?? e.source?.parameter;
        if (pointer)
            line = line ? `${line} (at ${pointer})` : `at ${pointer}`;
        if (line)
            lines.push(line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL)}...` : line);
    }
    return lines;
}
function apiErrorMessage(init) {
    const head = `${init.method} ${init.target}`;
    const details = describeItems(init.errors);
    const said = details.length > 0 ? `; the service said: ${details.join('; ')}` : '';
    const after = init.attempts && init.attempts > 1 ? ` after ${init.attempts} attempts` : '';
    switch (init.status) {
        case 401:
            return `${head}: the service rejected the token (401 Unauthorized); check that the token input holds a valid, unexpired API token${said}`;
        case 403:
            return `${head}: the token is not allowed to do this (403 Forbidden); use a token with the needed permission (a user or team token where organization tokens are refused)${said}`;
        case 404:
            // Spec section 5: a missing permission is reported as 404.
            return `${head}: not found, or the token has no permission to see it (404)${said}`;
        case 409:
            return `${head}: conflict with the current state of the object (409)${said}`;
        case 413:
            return `${head}: the body is too large (413; the service takes at most 10 MB), nothing was saved${said}`;
        case 422:
            return `${head}: the service refused the request as malformed (422)${said}`;
        case 400:
            return `${head}: bad request (400)${said}`;
        case 429:
            return `${head}: rate limited by the service (429)${after}; try again later or lower the request rate${said}`;
        default:
            if (init.status >= 500) {
                return `${head}: the service failed (${statusText(init.status)})${after}; try again later${said}`;
            }
            return `${head}: the service answered ${statusText(init.status)}${said}`;
    }
}
function redactItem(item, redact) {
    const out = {};
    if (item.status !== undefined)
        out.status = redact(String(item.status));
    if (item.code !== undefined)
        out.code = redact(String(item.code));
    if (item.title !== undefined)
        out.title = redact(String(item.title));
    if (item.detail !== undefined)
        out.detail = redact(String(item.detail));
    if (item.source) {
        out.source = {};
        if (item.source.pointer !== undefined)
            out.source.pointer = redact(String(item.source.pointer));
        if (item.source.parameter !== undefined)
            out.source.parameter = redact(String(item.source.parameter));
    }
    return out;
}

;// CONCATENATED MODULE: ./src/service/pacing.ts
// Pacing of requests: abortable waits, the cap on requests in flight, and the client-side rate
// limit (action-interface "Pacing and faults": 30 requests per second per token).
/** The error every abortable wait and request raises when its signal fires. */
function abortError(signal) {
    const reason = signal?.reason;
    if (reason instanceof Error && reason.name === 'AbortError')
        return reason;
    const error = new DOMException('The operation was aborted', 'AbortError');
    if (reason !== undefined)
        Object.defineProperty(error, 'cause', { value: reason, configurable: true });
    return error;
}
function throwIfAborted(signal) {
    if (signal?.aborted)
        throw abortError(signal);
}
/** Resolves after `ms`, or rejects with an AbortError as soon as the signal fires. */
function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted) {
            reject(abortError(signal));
            return;
        }
        const onAbort = () => {
            clearTimeout(timer);
            reject(abortError(signal));
        };
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, Math.max(0, ms));
        signal?.addEventListener('abort', onAbort, { once: true });
    });
}
/** Waits for `promise`, or rejects with an AbortError as soon as the signal fires. */
function raceAbort(promise, signal) {
    if (!signal)
        return promise;
    if (signal.aborted)
        return Promise.reject(abortError(signal));
    return new Promise((resolve, reject) => {
        const onAbort = () => reject(abortError(signal));
        signal.addEventListener('abort', onAbort, { once: true });
        promise.then((v) => {
            signal.removeEventListener('abort', onAbort);
            resolve(v);
        }, (e) => {
            signal.removeEventListener('abort', onAbort);
            reject(e instanceof Error ? e : new Error(String(e)));
        });
    });
}
/** At most `limit` holders at once; waiters are served first come, first served. */
class Semaphore {
    limit;
    #active = 0;
    #waiters = [];
    constructor(limit) {
        if (!Number.isFinite(limit) || limit < 1)
            throw new RangeError(`concurrency must be at least 1, got ${limit}`);
        this.limit = Math.floor(limit);
    }
    get active() {
        return this.#active;
    }
    /** Resolves with a release function once a place is free. */
    acquire(signal) {
        if (signal?.aborted)
            return Promise.reject(abortError(signal));
        if (this.#active < this.limit) {
            this.#active++;
            return Promise.resolve(this.#releaser());
        }
        return new Promise((resolve, reject) => {
            const waiter = {
                grant: () => {
                    signal?.removeEventListener('abort', onAbort);
                    this.#active++;
                    resolve(this.#releaser());
                },
            };
            const onAbort = () => {
                const i = this.#waiters.indexOf(waiter);
                if (i >= 0)
                    this.#waiters.splice(i, 1);
                reject(abortError(signal));
            };
            signal?.addEventListener('abort', onAbort, { once: true });
            this.#waiters.push(waiter);
        });
    }
    #releaser() {
        let released = false;
        return () => {
            if (released)
                return;
            released = true;
            this.#active--;
            this.#waiters.shift()?.grant();
        };
    }
}
/**
 * Sliding-window limit: at most `perSecond` requests in any window of `windowMs`. A request
 * occupies the window from the moment it is sent until `windowMs` after its answer arrived, so
 * that whatever the delay between sending and the service counting it, the service never sees
 * more than `perSecond` requests within one window. `pauseUntil` holds every request back (a 429
 * pauses the whole client, not only the request that got it).
 */
class RateLimiter {
    perSecond;
    windowMs;
    #inFlight = 0;
    /** Times at which finished requests leave the window, oldest first. */
    #leaving = [];
    #pausedUntil = 0;
    #changed;
    #queue = Promise.resolve();
    #now;
    constructor(perSecond, options = {}) {
        if (!(perSecond > 0))
            throw new RangeError(`rate limit must be above 0 requests per second, got ${perSecond}`);
        this.perSecond = perSecond;
        this.windowMs = options.windowMs ?? 1000;
        this.#now = options.now ?? Date.now;
        this.#changed = RateLimiter.#signalPair();
    }
    static #signalPair() {
        let resolve;
        const promise = new Promise((r) => (resolve = r));
        return { promise, resolve };
    }
    get pausedUntil() {
        return this.#pausedUntil;
    }
    /** Holds every request until `time` (epoch ms). */
    pauseUntil(time) {
        if (time > this.#pausedUntil)
            this.#pausedUntil = time;
    }
    /**
     * Waits for a place in the window, takes it, and returns the function to call once the answer
     * (or the failure) arrived.
     */
    async take(signal) {
        // First come, first served: each taker waits for the one before it.
        const before = this.#queue;
        let done;
        this.#queue = new Promise((r) => (done = r));
        try {
            await raceAbort(before, signal);
            await this.#waitForPlace(signal);
        }
        finally {
            done();
        }
        this.#inFlight++;
        let finished = false;
        return () => {
            if (finished)
                return;
            finished = true;
            this.#inFlight--;
            this.#leaving.push(this.#now() + this.windowMs);
            const wake = this.#changed;
            this.#changed = RateLimiter.#signalPair();
            wake.resolve();
        };
    }
    async #waitForPlace(signal) {
        for (;;) {
            const now = this.#now();
            if (this.#pausedUntil > now) {
                await sleep(this.#pausedUntil - now, signal);
                continue;
            }
            while (this.#leaving.length > 0 && (this.#leaving[0] ?? 0) <= now)
                this.#leaving.shift();
            if (this.#inFlight + this.#leaving.length < this.perSecond)
                return;
            const next = this.#leaving[0];
            const waits = [this.#changed.promise];
            // The timer is cleared when another event wins, so that no wait outlives its purpose.
            const stop = new AbortController();
            if (next !== undefined)
                waits.push(sleep(next - now, stop.signal).catch(() => undefined));
            try {
                await raceAbort(Promise.race(waits), signal);
            }
            finally {
                stop.abort();
            }
        }
    }
}

;// CONCATENATED MODULE: ./src/service/retry.ts
// When and how long to wait before repeating a request.
const DEFAULT_RETRY = {
    retries: 6,
    baseDelayMs: 500,
    maxDelayMs: 30_000,
    maxServerWaitMs: 300_000,
};
/** Capped exponential backoff with full jitter: a uniform wait in [0, min(cap, base * 2^n)]. */
function backoffDelay(retry, options, random = Math.random) {
    const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry));
    return Math.floor(random() * ceiling);
}
function first(value) {
    const v = Array.isArray(value) ? value[0] : value;
    return v === undefined ? undefined : v.trim();
}
/** `Retry-After`: delay seconds or an HTTP date (RFC 9110 10.2.3). */
function parseRetryAfter(value, now) {
    const text = first(value);
    if (!text)
        return undefined;
    if (/^\d+(\.\d+)?$/.test(text))
        return Number(text) * 1000;
    const date = Date.parse(text);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, date - now);
}
/**
 * `X-RateLimit-Reset`: seconds until the limit resets, possibly fractional (action-interface
 * "Pacing and faults"). A value that can only be an epoch time is read as one.
 */
function parseRateLimitReset(value, now) {
    const text = first(value);
    if (!text || !/^\d+(\.\d+)?$/.test(text))
        return undefined;
    const seconds = Number(text);
    if (seconds > 1e9)
        return Math.max(0, seconds * 1000 - now);
    return seconds * 1000;
}
/** How long the service asked to wait, in ms: the longer of the two headers, if any. */
function serverRequestedWait(headers, now) {
    const waits = [parseRetryAfter(headers['retry-after'], now), parseRateLimitReset(headers['x-ratelimit-reset'], now)].filter((w) => w !== undefined);
    return waits.length > 0 ? Math.max(...waits) : undefined;
}

;// CONCATENATED MODULE: ./src/service/urls.ts
// Addresses of the service: the base URL, paths and links under it, query strings, and the safe
// way to name an address in a message.

const VERSION_PREFIX = '/api/v2';
/**
 * The API root as a URL whose path ends in `/api/v2` (action-interface "Common inputs": when the
 * path lacks `/api/v2` it is appended). Query and fragment are dropped.
 */
function normaliseBaseUrl(input) {
    let url;
    try {
        url = new URL(input.trim());
    }
    catch {
        throw new ConfigurationError('base-url is not a valid address: give the service address, for example https://service.example.com/api/v2');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new ConfigurationError(`base-url must be an http or https address, not ${url.protocol}`);
    }
    if (url.username || url.password) {
        throw new ConfigurationError('base-url must not carry a user name or password: pass the token in the token input');
    }
    let path = url.pathname.replace(/\/+$/, '');
    if (!path.endsWith(VERSION_PREFIX))
        path += VERSION_PREFIX;
    return new URL(path, url.origin);
}
/**
 * Where a request goes. `target` is one of: an absolute address (upload-url, log-read-url, or a
 * full link); a link returned by the service, which carries the version prefix and so is
 * resolved against the origin (spec "Conventions"); or a path relative to the base URL.
 */
function resolveTarget(base, target) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target))
        return new URL(target);
    const basePath = base.pathname;
    if (target.startsWith('/') && (target === basePath || target.startsWith(`${basePath}/`) || target.startsWith(`${VERSION_PREFIX}/`))) {
        return new URL(target, base.origin);
    }
    const sep = target.startsWith('/') ? '' : '/';
    return new URL(`${basePath}${sep}${target}`, base.origin);
}
/** RFC 3986 encoding of a query key or value; `[` and `]` become `%5B`/`%5D` (spec "Conventions"). */
function encodeQueryComponent(text) {
    return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
function queryValueText(value) {
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    return value.join(',');
}
/**
 * The full address of an API request: the query already in `url` (from a link) merged with
 * `query` (which wins for the same key), every key and value encoded so that brackets travel as
 * `%5B`/`%5D` whatever the link held.
 */
function apiRequestUrl(url, query) {
    const entries = [];
    const overridden = new Set(Object.keys(query ?? {}).filter((k) => query?.[k] !== undefined && query?.[k] !== null));
    for (const [key, value] of url.searchParams) {
        if (!overridden.has(key))
            entries.push([key, value]);
    }
    for (const [key, value] of Object.entries(query ?? {})) {
        if (value === undefined || value === null)
            continue;
        entries.push([key, queryValueText(value)]);
    }
    const search = entries.map(([k, v]) => `${encodeQueryComponent(k)}=${encodeQueryComponent(v)}`).join('&');
    return `${url.origin}${url.pathname}${search ? `?${search}` : ''}`;
}
/**
 * How an address may appear in a message or log line. API addresses show their path (and,
 * for logs, their query); any other address (upload-url, log-read-url) shows only its origin,
 * because its path and query string are its credentials.
 */
function describeTarget(url, apiOrigin, withQuery = false) {
    if (url.origin !== apiOrigin)
        return url.origin;
    return withQuery ? `${url.pathname}${url.search}` : url.pathname;
}

;// CONCATENATED MODULE: ./src/service/http.ts
// The one HTTP layer under the service client: undici, authorization, JSON:API media types,
// retries, pacing, timeouts and abort. Nothing else in the action speaks HTTP to the service.









const JSON_API = 'application/vnd.api+json';
const OCTET_STREAM = 'application/octet-stream';
const IDEMPOTENT_BY_DEFAULT = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);
/** Failures where the request cannot have reached the service: safe to repeat for any method. */
const NOT_SENT_CODES = new Set([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EADDRNOTAVAIL',
    'UND_ERR_CONNECT_TIMEOUT',
]);
/** Failures after which the request may have reached the service. */
const MAYBE_SENT_CODES = new Set([
    'UND_ERR_SOCKET',
    'ECONNRESET',
    'EPIPE',
    'ETIMEDOUT',
    'ECONNABORTED',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT',
    'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
]);
function errorCode(error) {
    for (let e = error, depth = 0; e && depth < 4; depth++) {
        const code = e.code;
        if (typeof code === 'string' && code)
            return code;
        e = e.cause;
    }
    return undefined;
}
function isSuccess(status) {
    return status >= 200 && status < 300;
}
class HttpClient {
    baseUrl;
    origin;
    #token;
    #agent;
    #signal;
    #limiter;
    #slots;
    #timeoutMs;
    #userAgent;
    #retry;
    #onRequest;
    #closed = false;
    constructor(options) {
        const token = options.token.trim();
        if (!token)
            throw new ConfigurationError('token is empty: give an API token of the service');
        if (/[\s\u0000-\u001f\u007f]/.test(token)) {
            throw new ConfigurationError('token contains spaces or control characters: give the API token alone');
        }
        // Masked before anything can print it.
        core/* setSecret */.Pq(token);
        this.#token = token;
        this.baseUrl = normaliseBaseUrl(options.baseUrl);
        this.origin = this.baseUrl.origin;
        this.#signal = options.signal;
        this.#limiter = new RateLimiter(options.rateLimitPerSecond ?? 30);
        this.#slots = new Semaphore(options.concurrency ?? 8);
        this.#timeoutMs = options.timeoutMs ?? 30_000;
        this.#userAgent = options.userAgent ?? 'svc-ci-action';
        this.#retry = { ...DEFAULT_RETRY, ...options.retry };
        this.#onRequest = options.onRequest ?? logRequest;
        this.#agent = new undici/* Agent */.g6({
            connections: Math.max(8, options.concurrency ?? 8),
            headersTimeout: this.#timeoutMs,
            bodyTimeout: this.#timeoutMs,
            connect: { timeout: Math.min(this.#timeoutMs, 10_000) },
        });
    }
    /** Closes the keep-alive sockets so that they never hold the process open. */
    async close() {
        if (this.#closed)
            return;
        this.#closed = true;
        await this.#agent.close();
    }
    /**
     * Whether an address belongs to the API: the origin of the base URL and a path under its
     * `/api/v2`. Only such addresses get the token (an upload or log address on the same host,
     * as some installations serve them, does not).
     */
    isApiAddress(url) {
        const base = this.baseUrl.pathname;
        return url.origin === this.origin && (url.pathname === base || url.pathname.startsWith(`${base}/`));
    }
    /** Text safe for a message: the token, should a service message echo it, is masked. */
    redact(text) {
        return text.split(this.#token).join('***');
    }
    /**
     * Sends one request, retrying as its idempotency allows, and returns any 2xx answer. Any other
     * final answer is an ApiError; see RequestOptions.idempotent for AmbiguousWriteError.
     */
    async request(options) {
        if (this.#closed)
            throw new Error('the service client is closed');
        const method = options.method;
        const signal = this.#combinedSignal(options.signal);
        const resolved = resolveTarget(this.baseUrl, options.path);
        const toApi = !options.external && this.isApiAddress(resolved);
        const url = toApi ? apiRequestUrl(resolved, options.query) : resolved.href;
        const target = toApi ? describeTarget(resolved, this.origin) : resolved.origin;
        const logTarget = toApi ? describeTarget(new URL(url), this.origin, true) : target;
        const idempotent = options.idempotent ?? IDEMPOTENT_BY_DEFAULT.has(method);
        const headers = this.#headers(options, toApi);
        const jsonText = options.json === undefined ? undefined : JSON.stringify(options.json);
        const doneWhenRepeatAnswers = options.doneWhenRepeatAnswers ?? (method === 'DELETE' ? [404] : []);
        // Whether an earlier attempt may have reached the service (it dropped after sending, or a
        // gateway answered): a DELETE answered 404 afterwards, say, has already done its work.
        let mayHaveLanded = false;
        for (let attempt = 0;; attempt++) {
            throwIfAborted(signal);
            const started = Date.now();
            const result = await this.#attempt(url, method, headers, jsonText ?? options.body, signal, options.timeoutMs);
            const ms = Date.now() - started;
            const canRetry = attempt < this.#retry.retries;
            const report = (outcome, extra = {}) => this.#onRequest({ method, target: logTarget, attempt, ms, outcome, ...extra });
            if (result.kind === 'failed') {
                const retriable = !result.sent || idempotent;
                if (!retriable) {
                    report('failure', { error: result.code });
                    throw new AmbiguousWriteError(method, target, result.timedOut ? 'the request timed out' : 'the connection closed', {
                        cause: result.error,
                    });
                }
                if (!canRetry) {
                    report('failure', { error: result.code });
                    throw new NetworkError({ method, target, code: result.code === 'timeout' ? undefined : result.code, timedOut: result.timedOut, attempts: attempt + 1 }, { cause: result.error });
                }
                report('retry', { error: result.code });
                if (result.sent)
                    mayHaveLanded = true;
                await sleep(backoffDelay(attempt, this.#retry), signal);
                continue;
            }
            const { status } = result;
            if (isSuccess(status) || (mayHaveLanded && doneWhenRepeatAnswers.includes(status))) {
                report('success', { status });
                return this.#response(method, target, result, !isSuccess(status));
            }
            // 429 and 503 mean the service refused the request: repeating is safe for any method.
            const refused = status === 429 || status === 503;
            const gateway = status === 502 || status === 504;
            if ((refused || (gateway && idempotent)) && canRetry) {
                const asked = serverRequestedWait(result.headers, Date.now());
                if (asked !== undefined && asked > this.#retry.maxServerWaitMs) {
                    report('failure', { status });
                    throw this.#apiError(method, target, result, attempt + 1);
                }
                const wait = asked ?? backoffDelay(attempt, this.#retry);
                // A 429 is about the token, not the request: every request of the client waits.
                if (status === 429)
                    this.#limiter.pauseUntil(Date.now() + wait);
                report('retry', { status });
                if (gateway)
                    mayHaveLanded = true;
                // After a 429 the limiter holds this request back with all the others.
                if (status !== 429)
                    await sleep(wait, signal);
                continue;
            }
            if (gateway && !idempotent) {
                report('failure', { status });
                throw new AmbiguousWriteError(method, target, `the gateway answered ${statusText(status)}`);
            }
            report('failure', { status });
            throw this.#apiError(method, target, result, attempt + 1);
        }
    }
    #combinedSignal(perCall) {
        const signals = [this.#signal, perCall].filter((s) => s !== undefined);
        if (signals.length <= 1)
            return signals[0];
        return AbortSignal.any(signals);
    }
    #headers(options, toApi) {
        const headers = { 'user-agent': this.#userAgent };
        // The token goes to the API origin only: upload-url and log-read-url addresses carry their
        // own authorization (action-interface "Mode run-module-tests").
        if (toApi)
            headers.authorization = `Bearer ${this.#token}`;
        headers.accept = options.accept ?? (toApi ? JSON_API : '*/*');
        if (options.json !== undefined)
            headers['content-type'] = JSON_API;
        else if (options.body !== undefined)
            headers['content-type'] = OCTET_STREAM;
        if (options.contentLength !== undefined)
            headers['content-length'] = String(options.contentLength);
        return headers;
    }
    async #attempt(url, method, headers, body, signal, timeoutMs) {
        const release = await this.#slots.acquire(signal);
        try {
            const answered = await this.#limiter.take(signal);
            const limit = timeoutMs ?? this.#timeoutMs;
            const timeout = new AbortController();
            const timer = setTimeout(() => timeout.abort(), limit);
            const attemptSignal = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
            try {
                const response = await (0,undici/* request */.Em)(url, {
                    dispatcher: this.#agent,
                    method,
                    headers,
                    body: attemptBody(body),
                    signal: attemptSignal,
                    headersTimeout: limit,
                    bodyTimeout: limit,
                });
                answered();
                const bytes = Buffer.from(await response.body.arrayBuffer());
                return { kind: 'answer', status: response.statusCode, headers: response.headers, body: bytes };
            }
            catch (error) {
                answered();
                if (signal?.aborted)
                    throw abortError(signal);
                if (timeout.signal.aborted)
                    return { kind: 'failed', code: 'timeout', sent: true, timedOut: true, error };
                const code = errorCode(error);
                if (code && NOT_SENT_CODES.has(code)) {
                    return { kind: 'failed', code, sent: false, timedOut: code === 'UND_ERR_CONNECT_TIMEOUT', error };
                }
                if (code && (MAYBE_SENT_CODES.has(code) || code.startsWith('HPE_'))) {
                    return { kind: 'failed', code, sent: true, timedOut: code.endsWith('_TIMEOUT'), error };
                }
                throw error;
            }
            finally {
                clearTimeout(timer);
            }
        }
        finally {
            release();
        }
    }
    #response(method, target, answer, alreadyDone) {
        const text = answer.body.toString('utf8');
        return { status: answer.status, headers: answer.headers, text, json: parseJson(text), alreadyDone, method, target };
    }
    #apiError(method, target, answer, attempts) {
        const errors = errorItems(parseJson(answer.body.toString('utf8')));
        return new ApiError({ method, target, status: answer.status, errors, attempts, redact: (t) => this.redact(t) });
    }
}
function attemptBody(body) {
    if (body === undefined || typeof body === 'string' || body instanceof Uint8Array)
        return body;
    const made = body();
    return made instanceof external_node_stream_.Readable ? made : external_node_stream_.Readable.from(made);
}
function parseJson(text) {
    if (text.trim() === '')
        return undefined;
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
/** JSON:API error objects of an error answer (spec section 7; their fields are "not shown"). */
function errorItems(json) {
    if (!json || typeof json !== 'object')
        return [];
    const errors = json.errors;
    if (!Array.isArray(errors))
        return [];
    const items = [];
    for (const e of errors) {
        if (typeof e === 'string') {
            items.push({ detail: e });
            continue;
        }
        if (!e || typeof e !== 'object')
            continue;
        const o = e;
        const item = {};
        if (typeof o.status === 'string' || typeof o.status === 'number')
            item.status = String(o.status);
        if (typeof o.code === 'string')
            item.code = o.code;
        if (typeof o.title === 'string')
            item.title = o.title;
        if (typeof o.detail === 'string')
            item.detail = o.detail;
        const source = o.source;
        if (source && typeof source === 'object') {
            item.source = {};
            if (typeof source.pointer === 'string')
                item.source.pointer = source.pointer;
            if (typeof source.parameter === 'string')
                item.source.parameter = source.parameter;
        }
        items.push(item);
    }
    return items;
}
function logRequest(event) {
    const answer = event.status !== undefined ? String(event.status) : (event.error ?? 'no answer');
    const retry = event.attempt > 0 ? ` (retry ${event.attempt})` : '';
    core/* debug */.Yz(`${event.method} ${event.target} -> ${answer} in ${event.ms} ms${retry}${event.outcome === 'retry' ? ', will retry' : ''}`);
}

;// CONCATENATED MODULE: ./src/service/create-once.ts
// Creating an object exactly once over an unreliable connection (architecture "Decisions":
// a retried create first checks whether the object already exists).

/**
 * Runs `create`; when it ends in an AmbiguousWriteError (the request may or may not have taken
 * effect), asks `findExisting` whether the object is there and returns it if so, and otherwise
 * creates again. Gives up with the last AmbiguousWriteError after `rounds` creates that all
 * ended that way without the object appearing.
 */
async function createOnce(create, findExisting, rounds = 3) {
    for (let round = 1;; round++) {
        try {
            return await create();
        }
        catch (error) {
            if (!(error instanceof AmbiguousWriteError))
                throw error;
            const existing = await findExisting();
            if (existing !== undefined)
                return existing;
            if (round >= rounds)
                throw error;
        }
    }
}

;// CONCATENATED MODULE: ./src/service/jsonapi.ts
// JSON:API documents as the service sends them, and reading lists whole, page by page.


function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** The single-resource document of a 2xx answer; an UnexpectedResponseError when there is none. */
function readDocument(response, type) {
    const json = response.json;
    if (isObject(json) && isObject(json.data) && typeof json.data.id === 'string')
        return json;
    throw new UnexpectedResponseError(response.method, response.target, response.status, `a \`${type}\` document`);
}
/** The resource of a single-resource document. */
function readResource(response, type) {
    return readDocument(response, type).data;
}
/** The list document of a 2xx answer; an UnexpectedResponseError when there is none. */
function readListDocument(response, type) {
    const json = response.json;
    if (isObject(json) && Array.isArray(json.data))
        return json;
    throw new UnexpectedResponseError(response.method, response.target, response.status, `a list of \`${type}\``);
}
/** Longest list followed, as a guard against a service whose `next` never ends. */
const MAX_PAGES = 10_000;
/**
 * Every page of a list, following `links.next`, or `meta.pagination.next-page` when the answer
 * has no next link, until neither is present.
 */
async function* paginatePages(http, path, options = {}) {
    const pageSize = options.pageSize ?? 100;
    const type = options.type ?? 'resources';
    const firstQuery = { ...options.query, 'page[size]': pageSize };
    let next = { path, query: firstQuery };
    const seen = new Set();
    for (let pages = 0; next; pages++) {
        const key = `${next.path}?${JSON.stringify(next.query ?? {})}`;
        if (seen.has(key) || pages >= MAX_PAGES) {
            throw new UnexpectedResponseError('GET', resolveTarget(http.baseUrl, path).pathname, 200, 'a pagination that ends (a page repeated)');
        }
        seen.add(key);
        const response = await http.request({ method: 'GET', path: next.path, query: next.query, signal: options.signal });
        const doc = readListDocument(response, type);
        yield doc;
        next = nextPage(http, path, firstQuery, doc, pageSize);
    }
}
function nextPage(http, path, firstQuery, doc, pageSize) {
    const link = doc.links?.next;
    if (typeof link === 'string' && link !== '') {
        // A next link carries the page size it was asked for; when it does not, ask again so that
        // the page numbers stay those of 100-item pages.
        const hasSize = resolveTarget(http.baseUrl, link).searchParams.has('page[size]');
        return { path: link, query: hasSize ? undefined : { 'page[size]': pageSize } };
    }
    const number = doc.meta?.pagination?.['next-page'];
    if (typeof number === 'number' && Number.isFinite(number)) {
        return { path, query: { ...firstQuery, 'page[number]': number } };
    }
    return undefined;
}
/** Every item of a list, page after page. */
async function* paginate(http, path, options = {}) {
    for await (const page of paginatePages(http, path, options))
        yield* page.data;
}
/** The whole list. */
async function listAll(http, path, options = {}) {
    const items = [];
    for await (const item of paginate(http, path, options))
        items.push(item);
    return items;
}

;// CONCATENATED MODULE: ./src/service/module-tests.ts
// Registry-module test endpoints (spec 4.2), the configuration upload, and the test log.


/** `{TESTROOT}` of spec 4.2, each segment percent-encoded. */
function testRoot(module) {
    const enc = encodeURIComponent;
    const namespace = module.namespace ?? module.organization;
    return `/organizations/${enc(module.organization)}/tests/registry-modules/private/${enc(namespace)}/${enc(module.name)}/${enc(module.provider)}`;
}
function createTestRunBody(input) {
    return {
        data: {
            type: 'test-runs',
            attributes: {
                verbose: input.verbose,
                'test-directory': input.testDirectory,
                filters: input.filters,
                variables: input.variables,
            },
            relationships: {
                'configuration-version': { data: { type: 'configuration-versions', id: input.configurationVersionId } },
            },
        },
    };
}
/** Spec 4.2 does not show this body; `auto-queue-runs` is the attribute of 2.3. */
function createConfigurationVersionBody(autoQueueRuns) {
    return { data: { type: 'configuration-versions', attributes: { 'auto-queue-runs': autoQueueRuns } } };
}
function testVariableBody(input) {
    return {
        data: {
            type: 'vars',
            attributes: {
                key: input.key,
                value: input.value,
                description: input.description,
                // Spec 2.4: the category of a test variable must be `env`.
                category: 'env',
                sensitive: input.sensitive,
            },
        },
    };
}
function hasDocument(response) {
    const json = response.json;
    return typeof json === 'object' && json !== null && typeof json.data === 'object' && json.data !== null;
}
function createModuleTestsApi(http) {
    const enc = encodeURIComponent;
    const api = {
        async createTestRun(module, input, options = {}) {
            const response = await http.request({
                method: 'POST',
                path: `${testRoot(module)}/test-runs`,
                json: createTestRunBody(input),
                idempotent: false,
                signal: options.signal,
            });
            return readResource(response, 'test-runs');
        },
        async createConfigurationVersion(module, options = {}) {
            const response = await http.request({
                method: 'POST',
                path: `${testRoot(module)}/test-runs/configuration-versions`,
                json: createConfigurationVersionBody(options.autoQueueRuns ?? false),
                idempotent: false,
                signal: options.signal,
            });
            return readResource(response, 'configuration-versions');
        },
        async uploadConfiguration(uploadUrl, body, options = {}) {
            // Success status not shown (spec 4.2): any 2xx. The same bytes again are harmless, but the
            // address is single-use (spec 5): when a repeat is refused with 403, the attempt that
            // dropped had spent it, that is, had been stored. (Were it not, creating the test run
            // fails with a clear error.)
            await http.request({
                method: 'PUT',
                path: uploadUrl,
                body,
                contentLength: options.contentLength,
                idempotent: true,
                doneWhenRepeatAnswers: [403],
                external: true,
                signal: options.signal,
            });
        },
        listTestRuns(module, options = {}) {
            return listAll(http, `${testRoot(module)}/test-runs`, {
                query: { 'filter[source]': options.sources },
                signal: options.signal,
                type: 'test-runs',
            });
        },
        iterateTestRuns(module, options = {}) {
            return paginate(http, `${testRoot(module)}/test-runs`, {
                query: { 'filter[source]': options.sources },
                signal: options.signal,
                type: 'test-runs',
            });
        },
        async getTestRun(module, testRunId, options = {}) {
            const response = await http.request({
                method: 'GET',
                path: `${testRoot(module)}/test-runs/${enc(testRunId)}`,
                signal: options.signal,
            });
            return readResource(response, 'test-runs');
        },
        async cancelTestRun(module, testRunId, options = {}) {
            await http.request({
                method: 'POST',
                path: `${testRoot(module)}/test-runs/${enc(testRunId)}/cancel`,
                // Asking a run to stop twice is asking once (spec 3.1: the run stays running meanwhile).
                idempotent: true,
                signal: options.signal,
            });
        },
        async forceCancelTestRun(module, testRunId, options = {}) {
            await http.request({
                method: 'POST',
                path: `${testRoot(module)}/test-runs/${enc(testRunId)}/force-cancel`,
                idempotent: true,
                signal: options.signal,
            });
        },
        async createVariable(module, input, options = {}) {
            const response = await http.request({
                method: 'POST',
                path: `${testRoot(module)}/vars`,
                json: testVariableBody(input),
                idempotent: false,
                signal: options.signal,
            });
            return readResource(response, 'vars');
        },
        createVariableOnce(module, input, options = {}) {
            return createOnce(() => api.createVariable(module, input, options), async () => (await api.listVariables(module, options)).find((v) => v.attributes.key === input.key));
        },
        listVariables(module, options = {}) {
            return listAll(http, `${testRoot(module)}/vars`, { signal: options.signal, type: 'vars' });
        },
        async updateVariable(module, variableId, input, options = {}) {
            const response = await http.request({
                method: 'PATCH',
                path: `${testRoot(module)}/vars/${enc(variableId)}`,
                json: testVariableBody(input),
                // Absolute values: repeating the request changes nothing more.
                idempotent: true,
                signal: options.signal,
            });
            // Status codes of this endpoint are not shown (spec 4.2): a 2xx without a body is success.
            return hasDocument(response) ? readResource(response, 'vars') : undefined;
        },
        async deleteVariable(module, variableId, options = {}) {
            await http.request({
                method: 'DELETE',
                path: `${testRoot(module)}/vars/${enc(variableId)}`,
                idempotent: true,
                signal: options.signal,
            });
        },
        async readLog(logReadUrl, options = {}) {
            const response = await http.request({
                method: 'GET',
                path: logReadUrl,
                external: true,
                accept: '*/*',
                signal: options.signal,
            });
            return response.text;
        },
    };
    return api;
}

;// CONCATENATED MODULE: ./src/service/no-code.ts
// No-code provisioning endpoints (spec 4.3).

function variableOptionsData(entries) {
    return entries.map((e) => ({
        ...(e.id !== undefined ? { id: e.id } : {}),
        type: 'variable-options',
        attributes: { 'variable-name': e.variableName, 'variable-type': e.variableType, options: e.options },
    }));
}
function noCodeModuleBody(input) {
    const relationships = {};
    if (input.registryModuleId !== undefined) {
        // Spec 4.3: the relationship type is the singular `registry-module` in this request.
        relationships['registry-module'] = { data: { id: input.registryModuleId, type: 'registry-module' } };
    }
    if (input.variableOptions !== undefined) {
        relationships['variable-options'] = { data: variableOptionsData(input.variableOptions) };
    }
    return {
        data: {
            type: 'no-code-modules',
            attributes: { 'version-pin': input.versionPin, enabled: input.enabled },
            ...(Object.keys(relationships).length > 0 ? { relationships } : {}),
        },
    };
}
function varsData(vars) {
    return vars.map((v) => ({
        type: 'vars',
        attributes: {
            key: v.key,
            value: v.value,
            description: v.description,
            category: v.category,
            hcl: v.hcl,
            sensitive: v.sensitive,
        },
    }));
}
function createWorkspaceBody(input) {
    return {
        data: {
            type: 'workspaces',
            // Spec 4.3: `auto_apply` with an underscore, unlike every other attribute.
            attributes: { name: input.name, description: input.description, auto_apply: input.autoApply },
            relationships: {
                // Spec 4.3: the singular `project` type in this request.
                project: { data: { id: input.projectId, type: 'project' } },
                vars: { data: varsData(input.vars ?? []) },
            },
        },
    };
}
function upgradeBody(vars) {
    return { data: { type: 'workspaces', relationships: { vars: { data: varsData(vars) } } } };
}
/** A plain message of an answer without a document: `{"message": ...}` or a text body. */
function answerMessage(response) {
    const json = response.json;
    if (json && typeof json === 'object') {
        const message = json.message;
        if (typeof message === 'string')
            return message;
        const meta = json.meta;
        if (meta && typeof meta.message === 'string')
            return meta.message;
        return null;
    }
    const text = response.text.trim();
    if (text === '')
        return null;
    return text.length > 500 ? `${text.slice(0, 500)}...` : text;
}
function hasResource(response) {
    const data = response.json?.data;
    return typeof data === 'object' && data !== null && typeof data.id === 'string';
}
function createNoCodeApi(http) {
    const enc = encodeURIComponent;
    const upgradePath = (moduleId, workspaceId) => `/no-code-modules/${enc(moduleId)}/workspaces/${enc(workspaceId)}/upgrade`;
    return {
        async createModule(organization, input, options = {}) {
            const response = await http.request({
                method: 'POST',
                path: `/organizations/${enc(organization)}/no-code-modules`,
                json: noCodeModuleBody(input),
                idempotent: false,
                signal: options.signal,
            });
            return readResource(response, 'no-code-modules');
        },
        async updateModule(noCodeModuleId, input, options = {}) {
            const response = await http.request({
                method: 'PATCH',
                path: `/no-code-modules/${enc(noCodeModuleId)}`,
                json: noCodeModuleBody(input),
                // Spec 4.3: an options entry without `id` creates a new set, so only an update whose
                // entries all name their set can be repeated without adding sets.
                idempotent: (input.variableOptions ?? []).every((e) => e.id !== undefined),
                signal: options.signal,
            });
            return readResource(response, 'no-code-modules');
        },
        async readModule(noCodeModuleId, options = {}) {
            const response = await http.request({
                method: 'GET',
                path: `/no-code-modules/${enc(noCodeModuleId)}`,
                query: { include: options.includeVariableOptions ? 'variable_options' : undefined },
                signal: options.signal,
            });
            const doc = readDocument(response, 'no-code-modules');
            const variableOptions = (doc.included ?? []).filter((r) => r.type === 'variable-options');
            return { noCodeModule: doc.data, variableOptions };
        },
        async createWorkspace(noCodeModuleId, input, options = {}) {
            const response = await http.request({
                method: 'POST',
                path: `/no-code-modules/${enc(noCodeModuleId)}/workspaces`,
                json: createWorkspaceBody(input),
                idempotent: false,
                signal: options.signal,
            });
            return readResource(response, 'workspaces');
        },
        async initiateUpgrade(noCodeModuleId, workspaceId, vars = [], options = {}) {
            const response = await http.request({
                method: 'POST',
                path: upgradePath(noCodeModuleId, workspaceId),
                json: upgradeBody(vars),
                idempotent: false,
                signal: options.signal,
            });
            // Status and the shape of a document-less answer are not shown (spec 4.3): a 2xx without
            // a document means there was nothing to upgrade.
            if (hasResource(response)) {
                return { nothingToUpgrade: false, upgrade: readResource(response, 'workspace-upgrade') };
            }
            return { nothingToUpgrade: true, message: answerMessage(response) };
        },
        async readUpgrade(noCodeModuleId, workspaceId, upgradeId, options = {}) {
            const response = await http.request({
                method: 'GET',
                path: `${upgradePath(noCodeModuleId, workspaceId)}/${enc(upgradeId)}`,
                signal: options.signal,
            });
            return readResource(response, 'workspace-upgrade');
        },
        async confirmUpgrade(noCodeModuleId, workspaceId, upgradeId, options = {}) {
            const response = await http.request({
                method: 'POST',
                path: `${upgradePath(noCodeModuleId, workspaceId)}/${enc(upgradeId)}`,
                idempotent: false,
                signal: options.signal,
            });
            // Spec 4.3: "not shown beyond a plain message": any 2xx, with or without a body.
            return { message: answerMessage(response) };
        },
    };
}

;// CONCATENATED MODULE: ./src/service/policies.ts
// Policy endpoints (spec 4.1).


const enc = encodeURIComponent;
function createPolicyBody(input) {
    const ids = input.policySetIds ?? [];
    return {
        data: {
            type: 'policies',
            attributes: {
                name: input.name,
                description: input.description,
                kind: input.kind,
                query: input.query,
                'enforcement-level': input.enforcementLevel,
            },
            ...(ids.length > 0 ? { relationships: { 'policy-sets': { data: ids.map((id) => ({ id, type: 'policy-sets' })) } } } : {}),
        },
    };
}
function updatePolicyBody(input) {
    return {
        data: {
            type: 'policies',
            attributes: {
                description: input.description,
                query: input.query,
                'enforcement-level': input.enforcementLevel,
            },
        },
    };
}
function createPoliciesApi(http) {
    const api = {
        async create(organization, input, options = {}) {
            const response = await http.request({
                method: 'POST',
                path: `/organizations/${enc(organization)}/policies`,
                json: createPolicyBody(input),
                idempotent: false,
                signal: options.signal,
            });
            return readResource(response, 'policies');
        },
        createOnce(organization, input, options = {}) {
            return createPolicyOnce(api, organization, input, options);
        },
        async show(policyId, options = {}) {
            const response = await http.request({
                method: 'GET',
                path: `/policies/${enc(policyId)}`,
                query: { include: options.includePolicySets ? 'policy_sets' : undefined },
                signal: options.signal,
            });
            return readResource(response, 'policies');
        },
        async uploadCode(policyId, code, options = {}) {
            // Spec 4.1: this endpoint does not follow the JSON:API conventions; success status not
            // shown, so any 2xx is success. Repeating it with the same bytes is harmless.
            await http.request({
                method: 'PUT',
                path: `/policies/${enc(policyId)}/upload`,
                body: code,
                idempotent: true,
                signal: options.signal,
            });
        },
        async update(policyId, input, options = {}) {
            const response = await http.request({
                method: 'PATCH',
                path: `/policies/${enc(policyId)}`,
                json: updatePolicyBody(input),
                // Every field sets an absolute value: repeating the request changes nothing more.
                idempotent: true,
                signal: options.signal,
            });
            return readResource(response, 'policies');
        },
        list(organization, options = {}) {
            return listAll(http, `/organizations/${enc(organization)}/policies`, {
                query: {
                    'search[name]': options.search,
                    'filter[kind]': options.kind,
                    include: options.includePolicySets ? 'policy_sets' : undefined,
                },
                signal: options.signal,
                type: 'policies',
            });
        },
        async findByName(organization, name, options = {}) {
            const found = await api.list(organization, { search: name, signal: options.signal });
            return found.find((p) => p.attributes.name === name);
        },
        async delete(policyId, options = {}) {
            await http.request({ method: 'DELETE', path: `/policies/${enc(policyId)}`, idempotent: true, signal: options.signal });
        },
        async downloadCode(policy, options = {}) {
            const path = typeof policy === 'string' ? policy : (policy.links?.download ?? `/policies/${enc(policy.id)}/download`);
            const response = await http.request({
                method: 'GET',
                path,
                accept: 'application/octet-stream, text/plain, */*',
                signal: options.signal,
            });
            return response.text;
        },
    };
    return api;
}
/**
 * Creates a policy so that a dropped connection never leaves two of them: a policy name is unique
 * in an organization, so after an ambiguous create the policy is looked up by that name (exact
 * match) and returned if it exists; otherwise the create is sent again.
 */
function createPolicyOnce(policies, organization, input, options = {}) {
    return createOnce(() => policies.create(organization, input, options), () => policies.findByName(organization, input.name, options));
}

;// CONCATENATED MODULE: ./src/service/client.ts
// The typed client of the service: one HTTP layer, one group of calls per area of the API.




function createServiceClient(options) {
    const http = new HttpClient(options);
    return {
        http,
        policies: createPoliciesApi(http),
        moduleTests: createModuleTestsApi(http),
        noCode: createNoCodeApi(http),
        close: () => http.close(),
    };
}

;// CONCATENATED MODULE: ./src/main.ts











const EXIT_SUCCESS = 0;
const EXIT_FAILURE = 1;
const EXIT_BAD_INPUT = 2;
/** Runs the chosen mode from start to end and returns the process exit code. */
async function run(options = {}) {
    const sink = options.sink ?? githubSink();
    let inputs;
    try {
        inputs = readInputs(options.read ?? readActionInput);
    }
    catch (error) {
        return failed(sink, error);
    }
    for (const secret of secretsOf(inputs))
        sink.addSecret(secret);
    const cancellation = createCancellation();
    const client = createServiceClient({ baseUrl: inputs.baseUrl, token: inputs.token, onRequest: (e) => sink.debug(describeRequest(e)) });
    const checkRun = inputs.checkName && options.checkRuns !== false
        ? await startCheckRun({ token: inputs.githubToken, name: inputs.checkName, log: sink })
        : null;
    try {
        const result = await runMode(inputs, {
            sink,
            client,
            cancellation,
            saveState: options.saveState ?? ((name, value) => core/* saveState */.LZ(name, value)),
            workspaceRoot: options.workspaceRoot ?? process.env.GITHUB_WORKSPACE ?? process.cwd(),
        });
        await report(sink, result, checkRun);
        return result.failure === null ? EXIT_SUCCESS : EXIT_FAILURE;
    }
    catch (error) {
        const aborted = cancellation.signal.aborted && isAbortError(error);
        const message = aborted ? 'The step was cancelled before it finished.' : errors_getErrorMessage(error);
        await checkRun?.complete({ conclusion: aborted ? 'cancelled' : 'failure', title: message, summary: message, annotations: [] });
        return failed(sink, error, aborted ? message : undefined);
    }
    finally {
        cancellation.dispose();
        await client.close();
    }
}
async function report(sink, result, checkRun) {
    emitAnnotations(sink, result.annotations);
    setOutputs(sink, result.outputs);
    await sink.writeSummary(result.summary);
    await checkRun?.complete({
        conclusion: result.conclusion,
        title: result.title,
        summary: sink.redact(result.summary),
        annotations: result.annotations.filter((a) => a.file).map((a) => toCheckAnnotation(sink, a)),
    });
    if (result.failure !== null)
        sink.fail(result.failure);
    else
        sink.info(result.title);
}
function toCheckAnnotation(sink, a) {
    const annotation = {
        path: a.file,
        startLine: a.startLine ?? 1,
        level: a.level === 'error' ? 'failure' : a.level,
        message: sink.redact(a.message),
    };
    if (a.endLine !== undefined)
        annotation.endLine = a.endLine;
    if (a.title !== undefined)
        annotation.title = sink.redact(a.title);
    return annotation;
}
function failed(sink, error, message) {
    if (!(error instanceof ConfigurationError) && message === undefined && error instanceof Error && error.stack) {
        // Not the user's doing: keep the trace for whoever debugs it.
        sink.debug(error.stack);
    }
    sink.fail(message ?? errors_getErrorMessage(error));
    return error instanceof ConfigurationError ? EXIT_BAD_INPUT : EXIT_FAILURE;
}
/** Values no log line, summary or output may show. */
function secretsOf(inputs) {
    const secrets = [inputs.token, inputs.githubToken];
    if (inputs.mode === 'run-module-tests')
        secrets.push(...inputs.testEnvVariables.map((v) => v.value));
    if (inputs.mode === 'upgrade-no-code-workspace' || inputs.mode === 'provision-no-code-workspace') {
        secrets.push(...inputs.workspaceVariables.filter((v) => v.sensitive).map((v) => v.value));
    }
    return secrets.filter((s) => s !== '');
}
function describeRequest(e) {
    const answer = e.status === undefined ? (e.error ?? 'no answer') : String(e.status);
    return `${e.method} ${e.target} → ${answer} in ${Math.round(e.ms)} ms${e.attempt > 0 ? ` (attempt ${e.attempt + 1})` : ''}${e.outcome === 'retry' ? ', retrying' : ''}`;
}


/***/ })

};
