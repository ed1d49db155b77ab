export const id = 79;
export const ids = [79];
export const modules = {

/***/ 1079:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createGitHubClient: () => (/* binding */ createGitHubClient)
});

// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 21 modules
var github = __webpack_require__(1758);
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
;// CONCATENATED MODULE: ./src/github/transport.ts
// The HTTP under Octokit: the fetch it is given. Requests to GitHub go through the bundle's one
// undici (the service client's), on connections of their own: direct, or through the proxy the
// environment names for GitHub's address, read by the runner's own HTTP client's rules
// (HTTPS_PROXY / HTTP_PROXY, NO_PROXY), as @actions/github reads them. A private authority in
// NODE_EXTRA_CA_CERTS is in Node's default trust store, which direct connections and those inside
// a proxy's tunnel both use. @actions/github's own fetch is bound, once per process, to the
// proxy of the address GITHUB_API_URL named when it was loaded; this one follows the address
// the client is given.


/** A request to GitHub whose connection stays silent this long is given up (the step must not hang on it). */
const GITHUB_REQUEST_TIMEOUT_MS = 30_000;
function gitHubTransport(options = {}) {
    const connect = {
        timeout: GITHUB_REQUEST_TIMEOUT_MS,
        ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
    };
    const timeouts = { headersTimeout: GITHUB_REQUEST_TIMEOUT_MS, bodyTimeout: GITHUB_REQUEST_TIMEOUT_MS };
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
    const fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : input);
        // undici's fetch and Response are the standard's; only their TypeScript declarations differ.
        return (0,undici/* fetch */.hd)(url, {
            ...init,
            dispatcher: dispatcherFor(url),
        });
    };
    return {
        fetch,
        async close() {
            const all = [...(direct ? [direct] : []), ...viaProxy.values()];
            await Promise.all(all.map((d) => d.close()));
        },
    };
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
 *   tried again; a resolver that did not answer is.
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
    const unit = options.tuning?.retryUnitMs ?? 1000;
    const transport = gitHubTransport(options.tuning?.lookup ? { lookup: options.tuning.lookup } : {});
    const cut = cancellation
        ? (0,grace/* abortAfterFirstSignal */.d)(cancellation, budgets/* GITHUB_DONE_AFTER_SIGNAL_MS */.MJ, deadline?.clock)
        : undefined;
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
            if ((0,failure/* isUnknownHost */.RT)(error)) {
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
        request: { fetch: transport.fetch, ...(cut ? { signal: cut.signal } : {}) },
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
        async close() {
            cut?.dispose();
            await transport.close();
        },
    };
}


/***/ })

};
