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

import type { LookupFunction } from 'node:net';
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { Agent, ProxyAgent, Response as UndiciResponse, fetch as undiciFetch } from 'undici';
import type { Dispatcher } from 'undici';
import { parseJsonOrUndefined } from '../json-object.ts';
import { abortError } from '../lifetime/abort.ts';
import { GITHUB_REQUEST_TIMEOUT_MS } from '../lifetime/budgets.ts';
import { MAX_GITHUB_ANSWER_BYTES, describeBody, mediaType, unexpectedAnswer } from './answers.ts';

export interface GitHubTransport {
  /** A fetch as Octokit calls it (`request.fetch`). */
  readonly fetch: typeof globalThis.fetch;
  /** Ends the connections, so that a finished step holds no socket open. */
  close(): Promise<void>;
}

export interface TransportOptions {
  /** Resolves host names instead of the system's resolver (tests resolve names their own way). */
  lookup?: LookupFunction;
  /** Ends every request, its answer's body included, when it fires. */
  signal?: AbortSignal;
  /** Masks the token in what a message quotes of an answer. */
  redact?: (text: string) => string;
}

/** Statuses whose answer has no body (a Response with one cannot be made). */
const WITHOUT_BODY = new Set([204, 205, 304]);

export function gitHubTransport(options: TransportOptions = {}): GitHubTransport {
  const connect = {
    timeout: GITHUB_REQUEST_TIMEOUT_MS,
    ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
  };
  const timeouts = { headersTimeout: GITHUB_REQUEST_TIMEOUT_MS, bodyTimeout: GITHUB_REQUEST_TIMEOUT_MS };
  let direct: Agent | undefined;
  const viaProxy = new Map<string, ProxyAgent>();

  const dispatcherFor = (url: URL): Dispatcher => {
    const proxy = getProxyUrl(url);
    if (proxy === undefined || proxy.hostname === '') return (direct ??= new Agent({ ...timeouts, connect }));
    let agent = viaProxy.get(proxy.href);
    if (agent === undefined) {
      // The proxy's user and password, when its address carries them, go as Proxy-Authorization.
      agent = new ProxyAgent({ ...timeouts, uri: proxy.href, proxyTls: connect, requestTls: connect });
      viaProxy.set(proxy.href, agent);
    }
    return agent;
  };

  const redact = options.redact ?? ((text: string): string => text);
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const request = `${init?.method ?? 'GET'} ${url.pathname}`;
    const signal = eitherSignal(init?.signal ?? undefined, options.signal);
    try {
      // undici's fetch and Response are the standard's; only their TypeScript declarations differ.
      const response = await undiciFetch(url, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        ...(signal === undefined ? {} : { signal }),
        dispatcher: dispatcherFor(url),
      });
      return (await heldWhole(response, request, init?.method === 'HEAD', redact)) as unknown as Response;
    } catch (error) {
      // However undici words it (the bound's own reason, a body cut short), an ended request is
      // the AbortError every wait and request of the action raises.
      if (signal?.aborted) throw abortError(signal);
      throw error;
    }
  };

  return {
    fetch,
    async close() {
      const all: Dispatcher[] = [...(direct ? [direct] : []), ...viaProxy.values()];
      await Promise.all(all.map((d) => d.close()));
    },
  };
}

/** A signal that fires when any of those given does; undefined when none is. */
function eitherSignal(...signals: Array<AbortSignal | undefined>): AbortSignal | undefined {
  const given = signals.filter((signal) => signal !== undefined);
  return given.length > 1 ? AbortSignal.any(given) : given[0];
}

/**
 * The answer, its body read whole (at most MAX_GITHUB_ANSWER_BYTES) and, for a success that
 * carries one (not a HEAD's, not a 204), held to be JSON: the failure of the call otherwise,
 * naming it.
 */
async function heldWhole(
  response: UndiciResponse,
  request: string,
  head: boolean,
  redact: (text: string) => string,
): Promise<UndiciResponse> {
  const body = await boundedBody(response, request);
  const success = response.status >= 200 && response.status < 300;
  if (success && !head && !WITHOUT_BODY.has(response.status)) requireJson(body, response, request, redact);
  const held = new UndiciResponse(WITHOUT_BODY.has(response.status) ? null : body, {
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
async function boundedBody(response: UndiciResponse, request: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > MAX_GITHUB_ANSWER_BYTES) {
    await response.body?.cancel();
    throw tooLarge(request, declared);
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  // undici declares the body's chunks as any; a fetch's body gives bytes.
  const body = (response.body ?? []) as AsyncIterable<Uint8Array>;
  // Leaving the loop early (the throw) cancels the body, and with it the connection.
  for await (const chunk of body) {
    length += chunk.byteLength;
    if (length > MAX_GITHUB_ANSWER_BYTES) throw tooLarge(request);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}

function tooLarge(request: string, declared?: number): Error {
  const limit = `${MAX_GITHUB_ANSWER_BYTES / (1024 * 1024)} MiB`;
  const size = declared === undefined ? `more than ${limit}` : `${declared} bytes (its Content-Length)`;
  return unexpectedAnswer(
    `GitHub's answer to ${request} is ${size}, larger than the ${limit} the action reads of one answer; ` +
      'the rest was not read. Check GITHUB_API_URL and any proxy between the runner and GitHub.',
  );
}

/** A success of GitHub's REST and GraphQL APIs carries a JSON document: anything else fails the call. */
function requireJson(body: Buffer, response: UndiciResponse, request: string, redact: (text: string) => string): void {
  const text = body.toString('utf8');
  const contentType = response.headers.get('content-type');
  // The media type Octokit parses: with another, it would hand the text on as the answer.
  if (mediaType(contentType) === 'application/json' && parseJsonOrUndefined(text) !== undefined) return;
  throw unexpectedAnswer(
    `GitHub answered ${request} ${response.status} with ${describeBody(text, contentType, redact)}, ` +
      'not the JSON document its API documents.',
  );
}
