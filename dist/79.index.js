export const id = 79;
export const ids = [79];
export const modules = {

/***/ 1079:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createGitHubClient: () => (/* binding */ createGitHubClient)
});

// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 20 modules
var github = __webpack_require__(2270);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-retry/dist-bundle/index.js
var dist_bundle = __webpack_require__(9735);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var plugin_throttling_dist_bundle = __webpack_require__(6856);
// EXTERNAL MODULE: ./src/lifetime/grace.ts
var grace = __webpack_require__(7603);
// EXTERNAL MODULE: ./src/report/redact.ts
var redact = __webpack_require__(649);
// EXTERNAL MODULE: ./src/lifetime/budgets.ts
var budgets = __webpack_require__(2697);
// EXTERNAL MODULE: ./src/lifetime/deadline.ts
var lifetime_deadline = __webpack_require__(8451);
// EXTERNAL MODULE: ./src/github/answers.ts
var answers = __webpack_require__(3948);
;// CONCATENATED MODULE: ./src/github/client.ts
/**
 * What the check run and the pull request comment share about talking to GitHub: the client,
 * where the API is, and the limits every call keeps. Calls go through the Actions toolkit's
 * Octokit (@actions/github) with GitHub's own retry and throttling plugins, loaded only when a
 * step talks to GitHub (github/octokit.ts): a step that does not pays nothing for them at start.
 *
 * Each of the check run and the comment masks the token in what it logs with the sinks' redactor
 * (report/redact.ts), built for that token: the log it is given need not be a sink that knows it.
 */
/** The explicit address, else GITHUB_API_URL (GitHub Enterprise Server), else github.com's. */
function apiBaseUrl(explicit) {
    const url = explicit || process.env.GITHUB_API_URL || 'https://api.github.com';
    return url.replace(/\/+$/, '');
}

// EXTERNAL MODULE: ./src/github/failure.ts
var failure = __webpack_require__(8881);
// EXTERNAL MODULE: ./node_modules/@actions/http-client/lib/proxy.js
var lib_proxy = __webpack_require__(9783);
// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
// EXTERNAL MODULE: ./src/json-object.ts
var json_object = __webpack_require__(249);
// EXTERNAL MODULE: ./src/lifetime/abort.ts
var abort = __webpack_require__(3853);
;// CONCATENATED MODULE: ./src/github/transport.ts
// The HTTP under Octokit: the fetch it is given. Requests to GitHub go through the bundle's one
// undici (the service client's), on connections of their own: direct, or through the proxy the
// environment names for GitHub's address, read by the runner's own HTTP client's rules
// (HTTPS_PROXY / HTTP_PROXY, NO_PROXY), as @actions/github reads them. A private authority in
// NODE_EXTRA_CA_CERTS is in Node's default trust store, which direct connections and those inside
// a proxy's tunnel both use. @actions/github's own fetch is bound, once per process, to the
// proxy of the address GITHUB_API_URL named when it was loaded; this one follows the address
// the client is given.
//
// Every request ends when the client's bound fires (the step's deadline and its reporting budget,
// the cut after a signal), its answer's body included, however slowly the bytes come: the idle
// timeouts below end only a connection that stays silent. Each answer is read whole here, at most
// MAX_GITHUB_ANSWER_BYTES of it, and a success must carry a JSON document (answers.ts): Octokit
// would read an empty or cut body as an empty answer, and a body larger than memory whole.






/** Statuses whose answer has no body (a Response with one cannot be made). */
const WITHOUT_BODY = new Set([204, 205, 304]);
function gitHubTransport(options = {}) {
    const connect = {
        timeout: budgets/* GITHUB_REQUEST_TIMEOUT_MS */.bB,
        ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
    };
    const timeouts = { headersTimeout: budgets/* GITHUB_REQUEST_TIMEOUT_MS */.bB, bodyTimeout: budgets/* GITHUB_REQUEST_TIMEOUT_MS */.bB };
    let direct;
    const viaProxy = new Map();
    const dispatcherFor = (url) => {
        const proxy = (0,lib_proxy/* getProxyUrl */.s)(url);
        if (proxy === undefined || proxy.hostname === '')
            return (direct ??= new undici/* Agent */.g6({ ...timeouts, connect }));
        let agent = viaProxy.get(proxy.href);
        if (agent === undefined) {
            // The proxy's user and password, when its address carries them, go as Proxy-Authorization.
            agent = new undici/* ProxyAgent */.kT({ ...timeouts, uri: proxy.href, proxyTls: connect, requestTls: connect });
            viaProxy.set(proxy.href, agent);
        }
        return agent;
    };
    const redact = options.redact ?? ((text) => text);
    const fetch = async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : input);
        const request = `${init?.method ?? 'GET'} ${url.pathname}`;
        const signal = eitherSignal(init?.signal ?? undefined, options.signal);
        try {
            // undici's fetch and Response are the standard's; only their TypeScript declarations differ.
            const response = await (0,undici/* fetch */.hd)(url, {
                ...init,
                ...(signal === undefined ? {} : { signal }),
                dispatcher: dispatcherFor(url),
            });
            return (await heldWhole(response, request, init?.method === 'HEAD', redact));
        }
        catch (error) {
            // However undici words it (the bound's own reason, a body cut short), an ended request is
            // the AbortError every wait and request of the action raises.
            if (signal?.aborted)
                throw (0,abort/* abortError */.vt)(signal);
            throw error;
        }
    };
    return {
        fetch,
        async close() {
            const all = [...(direct ? [direct] : []), ...viaProxy.values()];
            await Promise.all(all.map((d) => d.close()));
        },
    };
}
/** A signal that fires when any of those given does; undefined when none is. */
function eitherSignal(...signals) {
    const given = signals.filter((signal) => signal !== undefined);
    return given.length > 1 ? AbortSignal.any(given) : given[0];
}
/**
 * The answer, its body read whole (at most MAX_GITHUB_ANSWER_BYTES) and, for a success that
 * carries one (not a HEAD's, not a 204), held to be JSON: the failure of the call otherwise,
 * naming it.
 */
async function heldWhole(response, request, head, redact) {
    const body = await boundedBody(response, request);
    const success = response.status >= 200 && response.status < 300;
    if (success && !head && !WITHOUT_BODY.has(response.status))
        requireJson(body, response, request, redact);
    const held = new undici.Response(WITHOUT_BODY.has(response.status) ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
    });
    // Octokit reports the address an answer came from (after redirects).
    Object.defineProperty(held, 'url', { value: response.url });
    return held;
}
/**
 * The body, or the failure of the call once it passes MAX_GITHUB_ANSWER_BYTES (by its
 * Content-Length, or counted as it arrives): the rest is not read, and the connection is dropped.
 */
async function boundedBody(response, request) {
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > answers/* MAX_GITHUB_ANSWER_BYTES */.ae) {
        await response.body?.cancel();
        throw tooLarge(request, declared);
    }
    const chunks = [];
    let length = 0;
    // undici declares the body's chunks as any; a fetch's body gives bytes.
    const body = (response.body ?? []);
    // Leaving the loop early (the throw) cancels the body, and with it the connection.
    for await (const chunk of body) {
        length += chunk.byteLength;
        if (length > answers/* MAX_GITHUB_ANSWER_BYTES */.ae)
            throw tooLarge(request);
        chunks.push(chunk);
    }
    return Buffer.concat(chunks, length);
}
function tooLarge(request, declared) {
    const limit = `${answers/* MAX_GITHUB_ANSWER_BYTES */.ae / (1024 * 1024)} MiB`;
    const size = declared === undefined ? `more than ${limit}` : `${declared} bytes (its Content-Length)`;
    return (0,answers/* unexpectedAnswer */.au)(`GitHub's answer to ${request} is ${size}, larger than the ${limit} the action reads of one answer; ` +
        'the rest was not read. Check GITHUB_API_URL and any proxy between the runner and GitHub.');
}
/** A success of GitHub's REST and GraphQL APIs carries a JSON document: anything else fails the call. */
function requireJson(body, response, request, redact) {
    const text = body.toString('utf8');
    const contentType = response.headers.get('content-type');
    // The media type Octokit parses: with another, it would hand the text on as the answer.
    if ((0,answers/* mediaType */.JL)(contentType) === 'application/json' && (0,json_object/* parseJsonOrUndefined */.rx)(text) !== undefined)
        return;
    throw (0,answers/* unexpectedAnswer */.au)(`GitHub answered ${request} ${response.status} with ${(0,answers/* describeBody */.MP)(text, contentType, redact)}, ` +
        'not the JSON document its API documents.');
}

;// CONCATENATED MODULE: ./src/github/octokit.ts
/**
 * The Octokit every GitHub call goes through, loaded only when a step talks to GitHub
 * (client.ts `openGitHub`): the Actions toolkit's client with GitHub's retry and throttling
 * plugins, on our own connections (transport.ts), and the step's limits on every wait.
 *
 * - Rate limits are the throttling plugin's: a secondary limit is waited out for `retry-after`
 *   seconds (a minute when GitHub gives none), the quota until `x-ratelimit-reset`, each only
 *   when the wait ends before the step's deadline and the step was not cancelled.
 * - Server errors and dropped connections are the retry plugin's: three more tries, 1, 4 and 9
 *   seconds apart, again only within the deadline. A host name that does not resolve is not
 *   tried again; a resolver that did not answer is. Nor is an answer the action does not take
 *   (answers.ts): asked again, GitHub or what stands in its way would answer the same.
 * - Every request ends GITHUB_DONE_AFTER_DEADLINE_MS after the step's deadline, or at the cut
 *   after a signal if that comes first, whatever GitHub does: one bound for the client, on its
 *   transport, so that no call can be sent without it.
 */











const API_VERSION = '2022-11-28';
/**
 * Answers the retry plugin leaves alone: those a repeat would not change, and the rate limits
 * (403, 429), which the throttling plugin waits out as GitHub asks instead of on a back-off.
 */
const NOT_RETRIED = [400, 401, 403, 404, 410, 422, 429, 451];
/** A rate limit that still holds a request after this many waits is given up. */
const MAX_RATE_LIMIT_WAITS = 4;
/**
 * A limiter group for the throttling plugin's pacing of writes that lets every write through at
 * once (its `write` and `notifications` groups, as the plugin keys and schedules them).
 */
const UNPACED = {
    key: () => ({ schedule: (_job, run) => run() }),
};
function createGitHubClient(options) {
    const apiUrl = apiBaseUrl(options.apiUrl);
    const { log, deadline, cancellation } = options;
    const secrets = (0,redact/* redactor */.$)([options.token]);
    const unit = options.tuning?.retryUnitMs ?? budgets/* GITHUB_RETRY_UNIT_MS */.jG;
    const cut = cancellation
        ? (0,grace/* abortAfterFirstSignal */.d)(cancellation, budgets/* GITHUB_DONE_AFTER_SIGNAL_MS */.MJ, deadline.clock)
        : undefined;
    const bound = callBound(deadline, cut?.signal);
    const transport = gitHubTransport({
        ...(options.tuning?.lookup ? { lookup: options.tuning.lookup } : {}),
        ...(bound === undefined ? {} : { signal: bound }),
        redact: (text) => secrets.redact(text),
    });
    let unwaited;
    /** Why a wait of `ms` may not begin now, if it may not. */
    const refusal = (ms) => {
        if (cancellation?.signal.aborted)
            return 'cancelled';
        if (deadline !== undefined && deadline.clock.now() + ms > deadline.at)
            return 'deadline';
        return undefined;
    };
    const limits = (octokit) => {
        octokit.hook.before('request', (request) => {
            // Octokit hands every request the same `request` options object; the plugins count each
            // request's tries in it, so each request gets its own.
            request.request = { ...request.request };
            request.headers['x-github-api-version'] = API_VERSION;
        });
        octokit.hook.error('request', (error, request) => {
            const settings = request.request;
            const status = (0,failure/* answeredStatus */.W)(error) ?? 500;
            if ((0,failure/* isUnknownHost */.RT)(error) || (0,answers/* unexpectedAnswerOf */.r$)(error) !== undefined) {
                settings.retries = 0;
            }
            else if (status >= 500 || !NOT_RETRIED.includes(status)) {
                // The retry plugin's back-off before its next try: (tries so far + 1)² units.
                const reason = refusal(((settings.retryCount ?? 0) + 1) ** 2 * unit);
                if (reason !== undefined) {
                    settings.retries = 0;
                    log.debug(`GitHub: ${request.method} ${request.url} is not tried again (${reason}).`);
                }
            }
            throw error;
        });
    };
    const onRateLimit = (kind) => (retryAfter, request, _octokit, retryCount) => {
        const waitMs = retryAfter * 1000;
        const reason = retryCount >= MAX_RATE_LIMIT_WAITS ? 'tries' : refusal(waitMs);
        if (reason !== undefined) {
            unwaited = { kind, waitMs, reason };
            return false;
        }
        log.info(`GitHub's ${kind} rate limit holds ${request.method} ${request.url}: waiting ${retryAfter} s, as GitHub asks, before sending it again.`);
        return true;
    };
    const quiet = (message) => log.debug(secrets.redact(`GitHub client: ${message}`));
    const octokit = (0,github/* getOctokit */.Q)(options.token, {
        baseUrl: apiUrl,
        userAgent: 'svc-ci-action',
        request: { fetch: transport.fetch },
        log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
        retry: { doNotRetry: NOT_RETRIED, retryAfterBaseValue: unit },
        throttle: {
            onRateLimit: onRateLimit('primary'),
            onSecondaryRateLimit: onRateLimit('secondary'),
            ...(options.tuning?.pacedWrites === false ? { write: UNPACED, notifications: UNPACED } : {}),
        },
    }, limits, dist_bundle/* retry */.L, plugin_throttling_dist_bundle/* throttling */.A);
    return {
        apiUrl,
        octokit,
        get unwaited() {
            return unwaited;
        },
        redact: (text) => secrets.redact(text),
        async close() {
            cut?.dispose();
            await transport.close();
        },
    };
}
/**
 * What ends every request: GITHUB_DONE_AFTER_DEADLINE_MS after the step's deadline (the check run
 * and the comment are written after the mode, which may end at it), or `cut`, whichever fires first.
 */
function callBound(deadline, cut) {
    const end = deadline === undefined ? undefined : new lifetime_deadline/* Deadline */.B(deadline.at + budgets/* GITHUB_DONE_AFTER_DEADLINE_MS */.QB, deadline.clock);
    if (end === undefined)
        return cut;
    return cut === undefined ? end.signal : AbortSignal.any([end.signal, cut]);
}


/***/ })

};
