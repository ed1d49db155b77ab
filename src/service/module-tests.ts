// Registry-module test endpoints (spec 4.2), the configuration upload, and the test log.

import { createOnce } from '../create-once.ts';
import { isObject } from '../json-object.ts';
import { isAbortError } from '../lifetime/abort.ts';
import { LOG_READ_LONGEST_MS } from '../lifetime/budgets.ts';
import type { HttpClient } from './http.ts';
import type { CallOptions, HttpResponse, UploadBody } from './request.ts';
import { listAll, paginate, readResource } from './jsonapi.ts';
import { isApiError, mayHaveLanded } from './errors.ts';
import type { ConfigurationVersion, TestRun, TestRunSource, TestRunVariable, TestVariable } from './types.ts';
import { clip } from '../text.ts';

/** A private registry module. */
export interface ModuleRef {
  organization: string;
  /** Default: the organization (spec 4.2: for private modules the namespace is the organization). */
  namespace?: string;
  name: string;
  provider: string;
}

export interface CreateTestRunInput {
  configurationVersionId: string;
  verbose?: boolean;
  /** Service default `tests`. */
  testDirectory?: string;
  filters?: string[];
  /** Values are HCL literals. */
  variables?: TestRunVariable[];
}

export interface CreateConfigurationVersionOptions extends CallOptions {
  /** Default false: the upload then starts no run, so the one run is created with its options
   *  (action-interface "Mode run-module-tests"). */
  autoQueueRuns?: boolean;
}

export interface ListTestRunsOptions extends CallOptions {
  /** `filter[source]` */
  sources?: TestRunSource[];
}

export interface TestVariableInput {
  key: string;
  value?: string;
  description?: string;
  /** Written once, not visible afterwards. */
  sensitive?: boolean;
}

export interface ModuleTestsApi {
  /** `POST {TESTROOT}/test-runs` */
  createTestRun(module: ModuleRef, input: CreateTestRunInput, options?: CallOptions): Promise<TestRun>;
  /** `POST {TESTROOT}/test-runs/configuration-versions`; the answer holds the single-use `upload-url`. */
  createConfigurationVersion(
    module: ModuleRef,
    options?: CreateConfigurationVersionOptions,
  ): Promise<ConfigurationVersion>;
  /** `PUT {upload-url}`: the archive bytes, without the token. */
  uploadConfiguration(
    uploadUrl: string,
    body: UploadBody,
    options?: CallOptions & { contentLength?: number; timeoutMs?: number },
  ): Promise<void>;
  /** `GET {TESTROOT}/test-runs`, every page. */
  listTestRuns(module: ModuleRef, options?: ListTestRunsOptions): Promise<TestRun[]>;
  /** The same list, one run at a time, so that a search can stop early. */
  iterateTestRuns(module: ModuleRef, options?: ListTestRunsOptions): AsyncGenerator<TestRun>;
  /** `GET {TESTROOT}/test-runs/:id` */
  getTestRun(module: ModuleRef, testRunId: string, options?: CallOptions): Promise<TestRun>;
  /** `POST {TESTROOT}/test-runs/:id/cancel` (202; 409 when the run is not running). */
  cancelTestRun(module: ModuleRef, testRunId: string, options?: CallOptions): Promise<void>;
  /** `POST {TESTROOT}/test-runs/:id/force-cancel` (409 unless a cancel came first). */
  forceCancelTestRun(module: ModuleRef, testRunId: string, options?: CallOptions): Promise<void>;
  /** `POST {TESTROOT}/vars` (category `env`). */
  createVariable(module: ModuleRef, input: TestVariableInput, options?: CallOptions): Promise<TestVariable>;
  /** Creates the variable exactly once: on an AmbiguousWriteError, looks it up by key first. */
  createVariableOnce(module: ModuleRef, input: TestVariableInput, options?: CallOptions): Promise<TestVariable>;
  /** `GET {TESTROOT}/vars` */
  listVariables(module: ModuleRef, options?: CallOptions): Promise<TestVariable[]>;
  /** `PATCH {TESTROOT}/vars/:id`; the updated variable, when the answer carries it. */
  updateVariable(
    module: ModuleRef,
    variableId: string,
    input: Partial<TestVariableInput>,
    options?: CallOptions,
  ): Promise<TestVariable | undefined>;
  /** `DELETE {TESTROOT}/vars/:id` */
  deleteVariable(module: ModuleRef, variableId: string, options?: CallOptions): Promise<void>;
  /**
   * The test log at a run's `log-read-url`, read without the token as a stream: each chunk goes
   * to `onChunk` as it arrives and none is kept. The read ends at the log's end, at `maxMs` (a
   * run's log may never end), or when the connection fails midway; what was read stands, and
   * `cut` says why it stopped short.
   */
  readLog(logReadUrl: string, onChunk: (chunk: Uint8Array) => void, options?: ReadLogOptions): Promise<LogRead>;
}

export interface ReadLogOptions extends CallOptions {
  /** Longest wait for the answer, and for each further piece of the log. */
  timeoutMs?: number;
  /** Longest read of the whole log (default 10 minutes). */
  maxMs?: number;
  /**
   * Read from this byte on (a log read again as it grows): asked for with `Range`, and where
   * the service sends the whole log instead, its first `from` bytes are passed over unseen.
   */
  from?: number;
  /**
   * Read one page from `from` instead, as the log store's own paging gives it (`limit` and
   * `offset` in the address's query, as the service's official client reads its logs): for a
   * store that does not honour `Range`. At most `page` bytes are taken; a store that ignores the
   * paging too gets nothing delivered, and `paged` says so.
   */
  page?: number;
  /**
   * With `page`: the last bytes already read, before `from`. The page is asked for from where
   * they start, and taken only when it starts with them: a store that ignores `offset` answers
   * from the log's first byte, which is told apart so.
   */
  overlap?: Uint8Array;
}

export interface LogRead {
  /** Bytes read (from `from` on). */
  bytes: number;
  /** With `from`: the service sent only the part asked for (a 206 answer to `Range`), rather
   *  than the whole log, whose first `from` bytes were then passed over. */
  ranged?: boolean;
  /** With `page`: the store answered one page (at most `page` bytes), as asked. */
  paged?: boolean;
  /** Why the read stopped before the log's end; absent when it was read to its end. */
  cut?: { reason: 'time'; afterMs: number } | { reason: 'connection'; error: string };
}

/** `{TESTROOT}` of spec 4.2, each segment percent-encoded. */
export function testRoot(module: ModuleRef): string {
  const enc = encodeURIComponent;
  const namespace = module.namespace ?? module.organization;
  return `/organizations/${enc(module.organization)}/tests/registry-modules/private/${enc(namespace)}/${enc(module.name)}/${enc(module.provider)}`;
}

export function createTestRunBody(input: CreateTestRunInput): unknown {
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
export function createConfigurationVersionBody(autoQueueRuns: boolean): unknown {
  return { data: { type: 'configuration-versions', attributes: { 'auto-queue-runs': autoQueueRuns } } };
}

export function testVariableBody(input: Partial<TestVariableInput>): unknown {
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

function hasDocument(response: HttpResponse): boolean {
  const json = response.json;
  return isObject(json) && isObject(json.data);
}

/** A failed read in a few words: its code when it has one (`UND_ERR_SOCKET`, `ECONNRESET`). */
function errorText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code !== '') return code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * One page of a log (ReadLogOptions.page): the address with `limit` and `offset` set in its query
 * (the rest of the query kept: it may carry the address's own authorization), read whole but
 * bounded to one byte past the page, so that a store that ignores the paging is seen and given
 * nothing to deliver.
 */
async function readLogPage(
  http: HttpClient,
  logReadUrl: string,
  onChunk: (chunk: Uint8Array) => void,
  options: ReadLogOptions & { page: number },
): Promise<LogRead> {
  const overlap = Buffer.from(options.overlap ?? []);
  const from = Math.max(0, options.from ?? 0);
  const url = new URL(logReadUrl);
  url.searchParams.set('limit', String(options.page + overlap.length));
  url.searchParams.set('offset', String(from - overlap.length));
  const maxMs = options.maxMs ?? LOG_READ_LONGEST_MS;
  const timeUp = http.clock.timeout(maxMs);
  const response = await http.request({
    method: 'GET',
    path: url.href,
    external: true,
    accept: '*/*',
    signal: options.signal === undefined ? timeUp : AbortSignal.any([options.signal, timeUp]),
    timeoutMs: Math.min(options.timeoutMs ?? maxMs, maxMs),
    stream: true,
  });
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for await (const chunk of (response.body ?? [Buffer.from(response.text)]) as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (bytes > options.page + overlap.length) return { bytes: 0, paged: false };
      chunks.push(chunk);
    }
  } finally {
    response.body?.destroy();
  }
  const answer = Buffer.concat(chunks, bytes);
  if (answer.byteLength < overlap.length || !answer.subarray(0, overlap.length).equals(overlap)) {
    return { bytes: 0, paged: false };
  }
  const fresh = answer.subarray(overlap.length);
  if (fresh.byteLength > 0) onChunk(fresh);
  return { bytes: fresh.byteLength, paged: true };
}

/** The first byte a `Content-Range: bytes N-M/T` names; undefined when it names none. */
function contentRangeStart(header: string | string[] | undefined): number | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  const match = /^\s*bytes\s+(\d{1,15})-\d{1,15}\/(?:\d{1,15}|\*)\s*$/i.exec(text ?? '');
  return match ? Number(match[1]) : undefined;
}

export function createModuleTestsApi(http: HttpClient): ModuleTestsApi {
  const enc = encodeURIComponent;
  const variables = createTestVariablesApi(http);
  const api: ModuleTestsApi = {
    async createTestRun(module, input, options = {}) {
      const response = await http.request({
        method: 'POST',
        path: `${testRoot(module)}/test-runs`,
        json: createTestRunBody(input),
        idempotent: false,
        signal: options.signal,
      });
      return readResource<TestRun>(response, 'test-runs');
    },

    async createConfigurationVersion(module, options = {}) {
      const response = await http.request({
        method: 'POST',
        path: `${testRoot(module)}/test-runs/configuration-versions`,
        json: createConfigurationVersionBody(options.autoQueueRuns ?? false),
        idempotent: false,
        signal: options.signal,
      });
      return readResource<ConfigurationVersion>(response, 'configuration-versions');
    },

    async uploadConfiguration(uploadUrl, body, options = {}) {
      // Success status not shown (spec 4.2): any 2xx. The same bytes again are harmless, so a
      // dropped attempt is repeated. The address is single-use (spec 5), and a repeat may be
      // refused (403) because the attempt that dropped spent it, or for another reason: the
      // spec does not say, so a 403 is an error like any other (the caller says what it means).
      await http.request({
        method: 'PUT',
        path: uploadUrl,
        body,
        contentLength: options.contentLength,
        idempotent: true,
        external: true,
        signal: options.signal,
        timeoutMs: options.timeoutMs,
      });
    },

    listTestRuns(module, options = {}) {
      return listAll<TestRun>(http, `${testRoot(module)}/test-runs`, {
        query: { 'filter[source]': options.sources },
        signal: options.signal,
        type: 'test-runs',
      });
    },

    iterateTestRuns(module, options = {}) {
      return paginate<TestRun>(http, `${testRoot(module)}/test-runs`, {
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
      return readResource<TestRun>(response, 'test-runs');
    },

    async cancelTestRun(module, testRunId, options = {}) {
      await http.request({
        method: 'POST',
        path: `${testRoot(module)}/test-runs/${enc(testRunId)}/cancel`,
        // Asking a run to stop twice is asking once (spec 3.1: the run stays running meanwhile).
        idempotent: true,
        // A run left running costs more than a request past a 429's pause.
        urgent: true,
        signal: options.signal,
      });
    },

    async forceCancelTestRun(module, testRunId, options = {}) {
      await http.request({
        method: 'POST',
        path: `${testRoot(module)}/test-runs/${enc(testRunId)}/force-cancel`,
        idempotent: true,
        urgent: true,
        signal: options.signal,
      });
    },

    ...variables,

    readLog(logReadUrl, onChunk, options = {}) {
      return options.page !== undefined
        ? readLogPage(http, logReadUrl, onChunk, { ...options, page: options.page })
        : readWholeLog(http, logReadUrl, onChunk, options);
    },
  };
  return api;
}

type TestVariablesApi = Pick<
  ModuleTestsApi,
  'createVariable' | 'createVariableOnce' | 'listVariables' | 'updateVariable' | 'deleteVariable'
>;

/** The module's test variables (spec 4.2, `/vars`). */
function createTestVariablesApi(http: HttpClient): TestVariablesApi {
  const enc = encodeURIComponent;
  const variables: TestVariablesApi = {
    async createVariable(module, input, options = {}) {
      const response = await http.request({
        method: 'POST',
        path: `${testRoot(module)}/vars`,
        json: testVariableBody(input),
        idempotent: false,
        signal: options.signal,
      });
      return readResource<TestVariable>(response, 'vars');
    },

    createVariableOnce(module, input, options = {}) {
      return createOnce(
        () => variables.createVariable(module, input, options),
        async () => (await variables.listVariables(module, options)).find((v) => v.attributes.key === input.key),
        mayHaveLanded,
      );
    },

    listVariables(module, options = {}) {
      return listAll<TestVariable>(http, `${testRoot(module)}/vars`, { signal: options.signal, type: 'vars' });
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
      return hasDocument(response) ? readResource<TestVariable>(response, 'vars') : undefined;
    },

    async deleteVariable(module, variableId, options = {}) {
      await http.request({
        method: 'DELETE',
        path: `${testRoot(module)}/vars/${enc(variableId)}`,
        idempotent: true,
        signal: options.signal,
      });
    },
  };
  return variables;
}

/**
 * The whole log from `from` on, in one answer: a 206 is read from the byte asked for, a whole log
 * (or a part from an earlier byte) is passed over up to it; cut at `maxMs`, answer and retries
 * included, or when the connection drops, with what arrived kept.
 */
async function readWholeLog(
  http: HttpClient,
  logReadUrl: string,
  onChunk: (chunk: Uint8Array) => void,
  options: ReadLogOptions,
): Promise<LogRead> {
  const clock = http.clock;
  const started = clock.now();
  const maxMs = options.maxMs ?? LOG_READ_LONGEST_MS;
  const from = Math.max(0, options.from ?? 0);
  // One bound for the whole read: the answer's retries included, not only the body.
  const timeUp = clock.timeout(maxMs);
  const cutAtOnce = (): LogRead => ({ bytes: 0, cut: { reason: 'time', afterMs: clock.now() - started } });
  let response;
  try {
    response = await http.request({
      method: 'GET',
      path: logReadUrl,
      external: true,
      accept: '*/*',
      signal: options.signal === undefined ? timeUp : AbortSignal.any([options.signal, timeUp]),
      timeoutMs: Math.min(options.timeoutMs ?? maxMs, maxMs),
      stream: true,
      fromByte: from,
    });
  } catch (error) {
    if (timeUp.aborted && !options.signal?.aborted) return cutAtOnce();
    // Nothing past `from` yet (416 Range Not Satisfiable): nothing new.
    if (from > 0 && isApiError(error, 416)) return { bytes: 0, ranged: true };
    throw error;
  }
  // A 206 is the part asked for only when its Content-Range says it starts at that byte; one
  // that starts earlier is passed over up to it, one that starts later (or says nothing) is
  // no part of this log to read on from.
  const rangeStart = response.status === 206 ? contentRangeStart(response.headers['content-range']) : 0;
  if (from > 0 && response.status === 206 && (rangeStart === undefined || rangeStart > from)) {
    response.body?.destroy();
    const said = clip(String(response.headers['content-range'] ?? 'none'), 60);
    throw new Error(
      `the log store answered 206 for bytes from ${from} with a Content-Range starting elsewhere (${said})`,
    );
  }
  const ranged = from > 0 && response.status === 206;
  // A service that sent the whole log, or a part from an earlier byte: what was already read is passed over.
  let skip = from > 0 ? from - (rangeStart ?? 0) : 0;
  const deliver = (chunk: Uint8Array): number => {
    if (skip >= chunk.byteLength) {
      skip -= chunk.byteLength;
      return 0;
    }
    const part = skip > 0 ? chunk.subarray(skip) : chunk;
    skip = 0;
    onChunk(part);
    return part.byteLength;
  };
  const body = response.body;
  const read = (r: LogRead): LogRead => (from > 0 ? { ...r, ranged } : r);
  if (body === undefined) return read({ bytes: deliver(Buffer.from(response.text)) });
  let bytes = 0;
  let cut: LogRead['cut'];
  const cutForTime = (): void => {
    cut = { reason: 'time', afterMs: clock.now() - started };
    body.destroy();
  };
  if (timeUp.aborted) cutForTime();
  timeUp.addEventListener('abort', cutForTime, { once: true });
  try {
    for await (const chunk of body as AsyncIterable<Uint8Array>) bytes += deliver(chunk);
  } catch (error) {
    if (cut === undefined && isAbortError(error)) throw error;
    cut ??= { reason: 'connection', error: errorText(error) };
  } finally {
    timeUp.removeEventListener('abort', cutForTime);
    body.destroy();
  }
  return read(cut === undefined ? { bytes } : { bytes, cut });
}
