// Errors raised by the service client. Every message is written for a person reading a job log:
// it names the request (method and path, or only the origin for upload and log addresses, whose
// query strings carry credentials) and says what to do. No message ever holds the token.

import { ConfigurationError } from '../errors.ts';
import { clip, plural } from '../text.ts';
import type { HttpMethod } from './request.ts';

/** One JSON:API error object, as far as the service fills it in (spec section 7: "not shown"). */
export interface ApiErrorItem {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
}

export interface ApiErrorInit {
  method: string;
  /** Path of the request (API) or the origin of an upload/log address: safe to show. */
  target: string;
  status: number;
  errors: ApiErrorItem[];
  /** Retries spent before giving up (429/5xx), for the message. */
  attempts?: number;
  redact?: (text: string) => string;
  /** The token a 401 asks for (HttpClientOptions.tokenNeeded). */
  tokenNeeded?: string;
}

/** The service answered with a status that is not 2xx (after any retries that were allowed). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly errors: ApiErrorItem[];

  constructor(init: ApiErrorInit) {
    const redact = init.redact ?? ((t: string) => t);
    // The service's own words are redacted before they are cut to length: a secret they repeat
    // across the cut would otherwise survive as a prefix that no redaction recognises.
    const errors = init.errors.map((e) => redactItem(e, redact));
    super(redact(apiErrorMessage({ ...init, errors })));
    this.method = init.method;
    this.path = init.target;
    this.status = init.status;
    this.errors = errors;
  }

  /** The titles and details the service sent, one line each. */
  get details(): string[] {
    return describeItems(this.errors);
  }
}

/**
 * A write that is not safe to repeat (a POST that creates something) may or may not have taken
 * effect: the connection dropped after the request was sent, the request timed out, or a gateway
 * answered 502/504. The caller must look whether it took effect before trying again.
 */
export class AmbiguousWriteError extends Error {
  override readonly name = 'AmbiguousWriteError';
  readonly method: string;
  readonly path: string;
  /** What happened: `connection closed`, `timed out`, `502 Bad Gateway`, ... */
  readonly reason: string;

  constructor(method: string, target: string, reason: string, options?: { cause?: unknown }) {
    super(
      `${method} ${target}: ${reason} after the request was sent, so it is unknown whether the ` +
        'service carried it out; it was not repeated automatically so that nothing is created twice',
      options,
    );
    this.method = method;
    this.path = target;
    this.reason = reason;
  }
}

/** A write that may have been carried out though it failed (`createOnce` looks before creating again). */
export function mayHaveLanded(error: unknown): boolean {
  return error instanceof AmbiguousWriteError;
}

/** The service could not be reached, or kept dropping or timing out, after every allowed retry. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly method: string;
  readonly path: string;
  readonly code: string | undefined;
  readonly timedOut: boolean;

  constructor(
    init: {
      method: string;
      target: string;
      code: string | undefined;
      timedOut: boolean;
      attempts: number;
      /** A host name that does not exist (ENOTFOUND), and whose address it is: said instead of the code. */
      unknownHost?: UnknownHost;
    },
    options?: { cause?: unknown },
  ) {
    const what = init.timedOut ? 'the request timed out' : `the connection failed${init.code ? ` (${init.code})` : ''}`;
    const tries = init.attempts > 1 ? ` after ${init.attempts} attempts` : '';
    super(
      init.unknownHost !== undefined
        ? `${init.method} ${init.target}: ${describeUnknownHost(init.unknownHost)}`
        : `${init.method} ${init.target}: ${what}${tries}; check that the service address is right and the service is reachable`,
      options,
    );
    this.method = init.method;
    this.path = init.target;
    this.code = init.code;
    this.timedOut = init.timedOut;
  }
}

/**
 * A host name that DNS says does not exist (ENOTFOUND), and where the name came from. Unlike a
 * resolver that did not answer (EAI_AGAIN, retried), trying again cannot help.
 */
export interface UnknownHost {
  host: string;
  /** `base-url`: the input; `proxy`: the proxy the environment names; `service`: an address the
   *  service gave (upload-url, log-read-url, a download's redirect). */
  from: 'base-url' | 'proxy' | 'service';
}

function describeUnknownHost({ host, from }: UnknownHost): string {
  const name = JSON.stringify(host);
  switch (from) {
    case 'base-url':
      return `the host ${name} of the input "base-url" does not exist (ENOTFOUND: DNS knows no such name); correct the service address in "base-url"`;
    case 'proxy':
      return `the proxy host ${name} does not exist (ENOTFOUND: DNS knows no such name); correct the proxy address in HTTPS_PROXY or HTTP_PROXY`;
    case 'service':
      return (
        `the host ${name} of the address the service gave for this request does not exist (ENOTFOUND: DNS knows no such name); ` +
        "check the service's object store address in its settings, or that this machine's DNS can resolve that name"
      );
  }
}

/**
 * The host of the input `base-url`, or of the proxy the environment names, does not exist, and
 * nothing has reached the service yet: the user's to fix (exit 2), at once, without retries.
 */
export class HostNotFoundError extends ConfigurationError {
  readonly code = 'ENOTFOUND';
  readonly host: string;
  readonly method: string;
  readonly path: string;

  constructor(method: string, target: string, unknown: UnknownHost, options?: { cause?: unknown }) {
    super(`${method} ${target}: ${describeUnknownHost(unknown)}.`, options);
    this.host = unknown.host;
    this.method = method;
    this.path = target;
  }
}

/** A read answered a redirect that is not followed: no Location, an address that is not
 *  http(s), or more hops than the client follows. */
export class RedirectError extends Error {
  override readonly name = 'RedirectError';
  readonly method: string;
  readonly path: string;

  constructor(method: string, target: string, reason: string) {
    super(`${method} ${target}: ${reason}`);
    this.method = method;
    this.path = target;
  }
}

/** A 2xx answer whose body is not the JSON:API document the spec shows for that endpoint. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** What the spec names for the answer: `a \`workspaces\` document`. */
  readonly expected: string;
  /** What came back instead (`no body`, `a JSON body {...}`), when known. */
  readonly got: string | undefined;

  readonly found: string | undefined;

  /**
   * `found`: what was wrong, when the answer was a document of the wrong shape; `got`: what came
   * back instead (`no body`, `a JSON body {...}`), when there was no such document.
   */
  constructor(method: string, target: string, status: number, expected: string, found?: string, got?: string) {
    super(
      found === undefined
        ? `${method} ${target}: the service answered ${status} without ${expected}${got ? `; it sent ${got}` : ''}`
        : `${method} ${target}: the service answered ${status} with ${expected} holding ${found}`,
    );
    this.method = method;
    this.path = target;
    this.status = status;
    this.expected = expected;
    this.found = found;
    this.got = got;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export function isNotFound(error: unknown): error is ApiError {
  return isApiError(error, 404);
}

const STATUS_TEXT: Record<number, string> = {
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

export function statusText(status: number): string {
  const text = STATUS_TEXT[status];
  return text ? `${status} ${text}` : String(status);
}

const MAX_DETAIL = 300;

function describeItems(errors: ApiErrorItem[]): string[] {
  const lines: string[] = [];
  for (const e of errors) {
    const parts = [e.title, e.detail].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
    // A detail that repeats the title adds nothing.
    const unique = parts.filter((p, i) => parts.indexOf(p) === i);
    // Messages go on after the service's words (`; ...`, `. Check ...`): its own final period would double.
    let line = unique.join(': ').replace(/\s*\.+$/, '');
    const pointer = e.source?.pointer ?? e.source?.parameter;
    if (pointer) line = line ? `${line} (at ${pointer})` : `at ${pointer}`;
    if (line) lines.push(clip(line, MAX_DETAIL));
  }
  return lines;
}

function apiErrorMessage(init: ApiErrorInit): string {
  const head = `${init.method} ${init.target}`;
  const details = describeItems(init.errors);
  const said = details.length > 0 ? `; the service said: ${details.join('; ')}` : '';
  const after = init.attempts && init.attempts > 1 ? ` after ${init.attempts} attempts` : '';
  switch (init.status) {
    case 401:
      // Not a permission (those are 403 or 404, spec 5): the token itself is not one the service knows.
      return (
        `${head}: the service refused the token (401 Unauthorized): it is mistyped, expired or revoked${said}; ` +
        `create a new API token (${init.tokenNeeded ?? 'with the permissions the mode needs'}) and set the token input to it, from a secret`
      );
    case 403:
      return (
        `${head}: the token is not allowed to do this (403 Forbidden); ` +
        `use a token with the needed permission (a user or team token where organization tokens are refused)${said}`
      );
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

function redactItem(item: ApiErrorItem, redact: (t: string) => string): ApiErrorItem {
  const out: ApiErrorItem = {};
  if (item.status !== undefined) out.status = redact(String(item.status));
  if (item.code !== undefined) out.code = redact(String(item.code));
  if (item.title !== undefined) out.title = redact(String(item.title));
  if (item.detail !== undefined) out.detail = redact(String(item.detail));
  if (item.source) {
    out.source = {};
    if (item.source.pointer !== undefined) out.source.pointer = redact(String(item.source.pointer));
    if (item.source.parameter !== undefined) out.source.parameter = redact(String(item.source.parameter));
  }
  return out;
}

/** The server's certificate was refused: repeating cannot help, the trust store must change. */
export class UntrustedCertificateError extends Error {
  override readonly name = 'UntrustedCertificateError';
  readonly code: string;

  constructor(method: HttpMethod, url: string, problem: { code: string; message: string }) {
    // The origin only: the path and query of an upload or log address are its credentials.
    super(
      `${method} ${new URL(url).origin}: the service's TLS certificate was not accepted (${problem.code}: ${problem.message.split(';')[0]}); ` +
        'if the service uses a private certificate authority, give its PEM file in NODE_EXTRA_CA_CERTS.',
    );
    this.code = problem.code;
  }
}

/** An answer larger than MAX_ANSWER_BYTES: not read further, and not asked for again. */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';

  constructor(method: string, target: string, limit: number, declared?: number) {
    const size = declared === undefined ? `more than ${mebibytes(limit)}` : `${declared} bytes (its Content-Length)`;
    super(
      `The answer to ${method} ${target} is ${size}, larger than the ${mebibytes(limit)} the action reads of one answer; ` +
        `it was not read further. Check that base-url is the service's API address.`,
    );
  }
}

function mebibytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`;
}

/** A list whose pages do not end as the service announced they would; nothing more is read. */
export class PaginationError extends Error {
  override readonly name = 'PaginationError';
  readonly path: string;
  readonly pages: number;

  constructor(path: string, pages: number, what: string) {
    super(`GET ${path}: ${what}; stopped after ${plural(pages, 'page')} and read nothing more`);
    this.path = path;
    this.pages = pages;
  }
}
