// What a request to the service is and what its answer is, as the HTTP layer (http.ts) takes and
// gives them: the options of the client and of one request, the answer, and the event reported
// after each attempt.

import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import type { Clock } from '../lifetime/clock.ts';
import type { RetryOptions } from './retry.ts';
import type { Query } from './urls.ts';

export const JSON_API = 'application/vnd.api+json';
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Raw bytes for an upload. A function is called once per attempt, so that a streamed body can
 * be sent again when the upload is retried.
 */
export type UploadBody = string | Uint8Array | (() => Readable | AsyncIterable<Uint8Array>);

/** One attempt of one request, as reported to `onRequest`: never a secret, never an upload or
 *  log address beyond its origin. */
export interface RequestEvent {
  method: HttpMethod;
  /** API path with its query, or the origin of any other address. */
  target: string;
  /** 0 for the first attempt. */
  attempt: number;
  /** Absent when no answer arrived. */
  status?: number;
  ms: number;
  outcome: 'success' | 'retry' | 'failure';
  /** Error code of a failed connection (`UND_ERR_SOCKET`, `ECONNRESET`, `timeout`, ...). */
  error?: string;
}

export interface HttpClientOptions {
  /** The service address; `/api/v2` is appended when its path lacks it. */
  baseUrl: string;
  token: string;
  /** Aborts every request and wait of the client (the run's signal). */
  signal?: AbortSignal;
  /** Client-side limit, requests per second (default 30, the service's documented limit). */
  rateLimitPerSecond?: number;
  /** Requests in flight at once (default 8). */
  concurrency?: number;
  /** Limit of one attempt, answer headers and body included (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  userAgent?: string;
  /** The token a 401 asks for, by what it must be allowed to do (the mode's): `a token that may manage policies`. */
  tokenNeeded?: string;
  retry?: Partial<RetryOptions>;
  /** Called after every attempt (method, address without secrets, status, time); default: nothing. */
  onRequest?: (event: RequestEvent) => void;
  /**
   * The clock of the client's waits: back-offs, the waits a 429 or 503 asks for, and the rate
   * limit (on the real clock, its monotonic time: `pacingClock`). The step's, from its entry.
   */
  clock: Clock;
  /** How host names are resolved (default: the system's, as `dns.lookup`); tests answer for names that exist nowhere. */
  lookup?: LookupFunction;
}

export interface RequestOptions {
  method: HttpMethod;
  /** A path under the base URL (`/policies/pol-1`), a link the service returned, or an absolute
   *  address (upload-url, log-read-url). */
  path: string;
  /** Merged into the address; keys like `page[size]` are sent as `page%5Bsize%5D`. API only. */
  query?: Query;
  /** A JSON:API document to send. */
  json?: unknown;
  /** Raw bytes to send as application/octet-stream. */
  body?: UploadBody;
  /** Sets Content-Length for a streamed body. */
  contentLength?: number;
  /**
   * Whether repeating the request after it may have reached the service is harmless. Default:
   * true for GET, HEAD, PUT and DELETE, false for POST and PATCH. A request that is not
   * idempotent is still repeated after 429 or 503 (the service refused it), but a dropped
   * connection, a timeout, or 500/502/504 raise AmbiguousWriteError instead.
   */
  idempotent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Accept header (default JSON:API on the API, any type elsewhere). */
  accept?: string;
  /**
   * Statuses that, answered to a repeat after an attempt that may have reached the service,
   * mean that attempt did the work. Default: 404 for DELETE.
   */
  doneWhenRepeatAnswers?: readonly number[];
  /**
   * Sent at once, ahead of requests the client-side limit holds back and through the pause a 429
   * set: a request that stops work on the service (a test run's cancel) must not wait out a
   * `Retry-After` meant for the reads. Its own 429 is still waited for.
   */
  urgent?: boolean;
  /**
   * The address carries its own authorization (upload-url, log-read-url): never send the token
   * to it, whatever its origin, and leave its query string as it is.
   */
  external?: boolean;
  /**
   * Hand a 2xx answer's body over unread (`HttpResponse.body`) for the caller to read, bound and
   * close, instead of holding it whole (a test log may run to gigabytes). The attempt's time
   * limit then covers the answer's headers and each wait for more of the body; the signals still
   * abort the read.
   */
  stream?: boolean;
  /**
   * Ask for the body from this byte on (`Range: bytes=N-`, a read of a log that grows). The
   * answer says whether the server honoured it: 206 and its `content-range`, or 200 with the
   * whole body; 416 (nothing past that byte) is an ApiError.
   */
  fromByte?: number;
}

/** What every typed call of the client takes besides its own arguments. */
export interface CallOptions {
  /** Aborts this call, on top of the client-wide signal. */
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text ('' when there is none). */
  text: string;
  /** The body parsed as JSON, when it is JSON; undefined otherwise (no body, or not JSON). */
  json: unknown;
  /** A repeat got one of `doneWhenRepeatAnswers` (a retried DELETE answered 404): an earlier
   *  attempt had already done the work. */
  alreadyDone: boolean;
  /** With `stream`: the body, unread (`text` is then empty). The caller must read or destroy it. */
  body?: Readable;
  /** Method and path as they may be shown in a message. */
  method: HttpMethod;
  target: string;
}

/** What one attempt sends: the request's own address, or a redirect's. */
export interface AttemptRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | UploadBody | undefined;
  signal: AbortSignal | undefined;
  timeoutMs: number | undefined;
  stream: boolean;
  urgent: boolean;
}

/** An attempt that got no answer: whether the request may have been sent, and why. */
export type FailedAttempt = { kind: 'failed'; code: string; sent: boolean; timedOut: boolean; error: unknown };

export type Attempt =
  | {
      kind: 'answer';
      status: number;
      headers: Record<string, string | string[] | undefined>;
      body: Buffer;
      stream?: Readable;
    }
  | FailedAttempt;
