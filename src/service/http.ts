// The request loop under the service client: authorization, JSON:API media types, retries,
// pacing, timeouts and abort. Nothing else in the action sends a request to the service; its
// connections (connections.ts), redirects (redirects.ts) and the meaning of a failed connection
// (connection-failures.ts) are its parts (ARCHITECTURE.md, "The service's transport").

import { Readable } from 'node:stream';
import { request as undiciRequest } from 'undici';
import { ConfigurationError } from '../errors.ts';
import { parseJsonOrUndefined } from '../json-object.ts';
import { createRedactor } from '../redaction.ts';
import type { Redactor } from '../redaction.ts';
import { AmbiguousWriteError, AnswerTooLargeError, ApiError, NetworkError, statusText } from './errors.ts';
import { abortError, throwIfAborted } from '../lifetime/abort.ts';
import { CONNECT_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../lifetime/budgets.ts';
import { MAX_ANSWER_BYTES, readBoundedBody } from './answer-size.ts';
import type { Clock } from '../lifetime/clock.ts';
import { pacingClock } from '../lifetime/clock.ts';
import { Semaphore } from '../lifetime/limit.ts';
import { failedAttempt, HOST_NOT_FOUND, hostNotFoundError } from './connection-failures.ts';
import { Connections } from './connections.ts';
import { errorItems } from './error-items.ts';
import { RateLimiter } from './pacing.ts';
import { followRedirects } from './redirects.ts';
import { JSON_API } from './request.ts';
import type {
  Attempt,
  AttemptRequest,
  HttpClientOptions,
  HttpMethod,
  HttpResponse,
  RequestEvent,
  RequestOptions,
  UploadBody,
} from './request.ts';
import { backoffDelay, DEFAULT_RETRY, retryRule, serverRequestedWait } from './retry.ts';
import type { RetryOptions } from './retry.ts';
import { tokenProblem } from './token.ts';
import { apiRequestUrl, describeTarget, normaliseBaseUrl, resolveTarget } from './urls.ts';

const OCTET_STREAM = 'application/octet-stream';

const IDEMPOTENT_BY_DEFAULT: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['GET', 'HEAD', 'PUT', 'DELETE']);

/** Methods that change something on the service. */
const MUTATIONS: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['POST', 'PATCH', 'DELETE']);

/**
 * The media type a request declares. A JSON document is JSON:API and raw bytes are an upload's
 * octet stream; a mutation of the API without a body (a cancel, a confirm, a delete) declares
 * JSON:API too: the spec says every request does, and the real service answers 415 to a bodiless
 * POST or DELETE without it, as its official Go client learned. Reads and other addresses declare
 * nothing they do not send.
 */
function contentType(options: RequestOptions, toApi: boolean): string | undefined {
  if (options.json !== undefined) return JSON_API;
  if (options.body !== undefined) return OCTET_STREAM;
  return toApi && MUTATIONS.has(options.method) ? JSON_API : undefined;
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

export class HttpClient {
  readonly baseUrl: URL;
  readonly origin: string;
  readonly #token: string;
  /** Masks the token in what the service says back. */
  readonly #secrets: Redactor;
  readonly #connections: Connections;
  readonly #signal: AbortSignal | undefined;
  readonly #limiter: RateLimiter;
  readonly #slots: Semaphore;
  readonly #timeoutMs: number;
  readonly #userAgent: string;
  readonly #tokenNeeded: string | undefined;
  readonly #retry: RetryOptions;
  readonly #onRequest: (event: RequestEvent) => void;
  /** The clock of the client's waits (HttpClientOptions.clock). */
  readonly clock: Clock;
  #closed = false;
  /** Whether the API has answered any request yet: until then, nothing reached the service. */
  #apiAnswered = false;

  constructor(options: HttpClientOptions) {
    // The inputs refuse a misshapen token first, by the same rule (tokenProblem), naming the
    // input; this guard is for every other caller.
    const token = options.token.trim();
    const problem = tokenProblem(token);
    if (problem !== undefined) throw new ConfigurationError(`The API token ${problem}.`);
    // Masking is the sink's job: on GitHub it registers the token with the runner, while
    // elsewhere a `::add-mask::` line would print the very token it means to hide.
    this.#token = token;
    this.#secrets = createRedactor([token]);
    this.baseUrl = normaliseBaseUrl(options.baseUrl);
    this.origin = this.baseUrl.origin;
    this.#signal = options.signal;
    this.clock = options.clock;
    this.#limiter = new RateLimiter(options.rateLimitPerSecond ?? 30, { clock: pacingClock(options.clock) });
    this.#slots = new Semaphore(options.concurrency ?? 8);
    this.#timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.#userAgent = options.userAgent ?? 'svc-ci-action';
    this.#tokenNeeded = options.tokenNeeded;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#onRequest = options.onRequest ?? (() => {});
    this.#connections = new Connections(
      {
        connections: Math.max(8, options.concurrency ?? 8),
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      },
      { timeout: Math.min(this.#timeoutMs, CONNECT_TIMEOUT_MS), ...(options.lookup ? { lookup: options.lookup } : {}) },
    );
  }

  /**
   * Closes the keep-alive sockets so that they never hold the process open. With `now`, requests
   * still in flight are dropped instead of awaited: a cancelled step must be out before the kill.
   */
  async close(options: { now?: boolean } = {}): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#connections.close(options.now === true);
  }

  /**
   * Whether an address belongs to the API: the origin of the base URL and a path under its
   * `/api/v2`. Only such addresses get the token (an upload or log address on the same host,
   * as some installations serve them, does not).
   */
  isApiAddress(url: URL): boolean {
    const base = this.baseUrl.pathname;
    return url.origin === this.origin && (url.pathname === base || url.pathname.startsWith(`${base}/`));
  }

  /** The client's pace: requests to the API it sends in any second (the service's word on its limit included). */
  get requestsPerSecond(): number {
    return this.#limiter.perSecond;
  }

  /** Text safe for a message: the token, should a service message echo it, is masked. */
  redact(text: string): string {
    return this.#secrets.redact(text);
  }

  /**
   * Sends one request, retrying as its idempotency allows, and returns any 2xx answer. Any other
   * final answer is an ApiError; see RequestOptions.idempotent for AmbiguousWriteError.
   */
  async request(options: RequestOptions): Promise<HttpResponse> {
    if (this.#closed) throw new Error('the service client is closed');
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
    for (let attempt = 0; ; attempt++) {
      throwIfAborted(signal);
      const started = Date.now();
      const result = await followRedirects(
        {
          url,
          method,
          headers,
          body: jsonText ?? options.body,
          signal,
          timeoutMs: options.timeoutMs,
          stream: options.stream === true,
          urgent: options.urgent === true,
        },
        { toApi, target },
        {
          attempt: (request) => this.#attempt(request),
          isApiAddress: (address) => this.isApiAddress(address),
          origin: this.origin,
          authorization: `Bearer ${this.#token}`,
        },
      );
      const ms = Date.now() - started;
      // A failure after a redirect names where it happened, as far as that may be shown.
      const at = result.redirectedTo === undefined ? target : `${target} (redirected to ${result.redirectedTo})`;
      const canRetry = attempt < this.#retry.retries;
      const report = (outcome: RequestEvent['outcome'], extra: Partial<RequestEvent> = {}): void =>
        this.#onRequest({ method, target: logTarget, attempt, ms, outcome, ...extra });

      if (result.kind === 'failed' && result.code === HOST_NOT_FOUND) {
        report('failure', { error: result.code });
        throw hostNotFoundError(
          { method, target: at, url, error: result.error },
          { baseUrl: this.baseUrl, apiAnswered: this.#apiAnswered },
        );
      }
      if (result.kind === 'failed') {
        const rule = retryRule(result.sent ? 'no-answer' : 'not-sent', idempotent)!;
        if (rule === 'ambiguous' || !canRetry) {
          report('failure', { error: result.code });
          throw rule === 'ambiguous'
            ? new AmbiguousWriteError(
                method,
                target,
                result.timedOut ? 'the request timed out' : 'the connection closed',
                {
                  cause: result.error,
                },
              )
            : new NetworkError(
                {
                  method,
                  target: at,
                  code: result.code === 'timeout' ? undefined : result.code,
                  timedOut: result.timedOut,
                  attempts: attempt + 1,
                },
                { cause: result.error },
              );
        }
        report('retry', { error: result.code });
        mayHaveLanded ||= rule.mayHaveLanded;
        await this.clock.sleep(backoffDelay(attempt, this.#retry), signal);
        continue;
      }

      const { status } = result;
      if (toApi) {
        this.#apiAnswered = true;
        this.#adoptServiceLimit(result.headers);
      }
      if (isSuccess(status) || (mayHaveLanded && doneWhenRepeatAnswers.includes(status))) {
        report('success', { status });
        return this.#response(method, target, result, !isSuccess(status));
      }
      const rule = retryRule(status, idempotent);
      if (rule === 'ambiguous') {
        report('failure', { status });
        throw new AmbiguousWriteError(method, target, `the service answered ${statusText(status)}`);
      }
      const asked = rule?.serverWait ? serverRequestedWait(result.headers, this.clock.now()) : undefined;
      // A wait longer than the client's bound fails the request instead of hanging the job.
      if (rule === undefined || !canRetry || (asked ?? 0) > this.#retry.maxServerWaitMs) {
        report('failure', { status });
        throw this.#apiError(method, at, result, attempt + 1);
      }
      const wait = asked ?? backoffDelay(attempt, this.#retry);
      if (rule.pausesClient) this.#limiter.pauseFor(wait);
      report('retry', { status });
      mayHaveLanded ||= rule.mayHaveLanded;
      // A client-wide pause holds this request back in the limiter with all the others (an urgent
      // one passes the limiter, so it waits here).
      if (!rule.pausesClient || options.urgent) await this.clock.sleep(wait, signal);
    }
  }

  /** The service's own word on its limit, when it says it (RateLimiter.adoptServiceLimit). */
  #adoptServiceLimit(headers: Record<string, string | string[] | undefined>): void {
    const said = headers['x-ratelimit-limit'];
    const text = Array.isArray(said) ? said[0] : said;
    if (text !== undefined && /^\d{1,6}$/.test(text.trim())) this.#limiter.adoptServiceLimit(Number(text.trim()));
  }

  #combinedSignal(perCall: AbortSignal | undefined): AbortSignal | undefined {
    const signals = [this.#signal, perCall].filter((s): s is AbortSignal => s !== undefined);
    if (signals.length <= 1) return signals[0];
    return AbortSignal.any(signals);
  }

  #headers(options: RequestOptions, toApi: boolean): Record<string, string> {
    const headers: Record<string, string> = { 'user-agent': this.#userAgent };
    // The token goes to the API origin only: upload-url and log-read-url addresses carry their
    // own authorization (action-interface "Mode run-module-tests").
    if (toApi) headers.authorization = `Bearer ${this.#token}`;
    headers.accept = options.accept ?? (toApi ? JSON_API : '*/*');
    const type = contentType(options, toApi);
    if (type !== undefined) headers['content-type'] = type;
    if (options.contentLength !== undefined) headers['content-length'] = String(options.contentLength);
    if (options.fromByte !== undefined && options.fromByte > 0) headers.range = `bytes=${options.fromByte}-`;
    return headers;
  }

  async #attempt(request: AttemptRequest): Promise<Attempt> {
    const { url, method, headers, body, signal, timeoutMs, stream, urgent } = request;
    const release = await this.#slots.acquire(signal);
    try {
      // The service's limit is per token (30 requests a second): addresses that get no token (the
      // object store behind a redirected download, upload-url, log-read-url) are not paced by it.
      // An urgent request takes its place at once (RequestOptions.urgent).
      const answered = !this.isApiAddress(new URL(url))
        ? () => undefined
        : urgent
          ? this.#limiter.takeNow()
          : await this.#limiter.take(signal);
      const limit = timeoutMs ?? this.#timeoutMs;
      // The process's timer, not the client's clock: it bounds the attempt's input and output,
      // which go on in real time, as undici's headersTimeout and bodyTimeout below do with the
      // same limit. A test's clock that jumps ahead while a socket answers must not end it.
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), limit);
      const attemptSignal = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
      try {
        const response = await undiciRequest(url, {
          dispatcher: this.#connections.for(url),
          method,
          headers,
          body: attemptBody(body),
          signal: attemptSignal,
          headersTimeout: limit,
          bodyTimeout: limit,
        });
        answered();
        if (stream && isSuccess(response.statusCode)) {
          return {
            kind: 'answer',
            status: response.statusCode,
            headers: response.headers,
            body: Buffer.alloc(0),
            stream: response.body,
          };
        }
        const tooLarge = (declared?: number): AnswerTooLargeError =>
          new AnswerTooLargeError(method, describeTarget(new URL(url), this.origin), MAX_ANSWER_BYTES, declared);
        const length = response.headers['content-length'];
        const bytes = await readBoundedBody(response.body, length, MAX_ANSWER_BYTES, tooLarge);
        return { kind: 'answer', status: response.statusCode, headers: response.headers, body: bytes };
      } catch (error) {
        answered();
        // Asking again would bring the same answer: the request fails at once.
        if (error instanceof AnswerTooLargeError) throw error;
        if (signal?.aborted) throw abortError(signal);
        if (timeout.signal.aborted) return { kind: 'failed', code: 'timeout', sent: true, timedOut: true, error };
        return failedAttempt(error, method, url);
      } finally {
        clearTimeout(timer);
      }
    } finally {
      release();
    }
  }

  #response(
    method: HttpMethod,
    target: string,
    answer: Extract<Attempt, { kind: 'answer' }>,
    alreadyDone: boolean,
  ): HttpResponse {
    const text = answer.body.toString('utf8');
    const response: HttpResponse = {
      status: answer.status,
      headers: answer.headers,
      text,
      json: parseJsonOrUndefined(text),
      alreadyDone,
      method,
      target,
    };
    if (answer.stream) response.body = answer.stream;
    return response;
  }

  #apiError(
    method: HttpMethod,
    target: string,
    answer: Extract<Attempt, { kind: 'answer' }>,
    attempts: number,
  ): ApiError {
    const errors = errorItems(parseJsonOrUndefined(answer.body.toString('utf8')));
    return new ApiError({
      method,
      target,
      status: answer.status,
      errors,
      attempts,
      redact: (t) => this.redact(t),
      ...(this.#tokenNeeded !== undefined ? { tokenNeeded: this.#tokenNeeded } : {}),
    });
  }
}

function attemptBody(body: string | UploadBody | undefined): string | Uint8Array | Readable | undefined {
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) return body;
  const made = body();
  return made instanceof Readable ? made : Readable.from(made);
}
