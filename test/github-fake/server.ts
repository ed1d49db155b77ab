// A local stand-in for the part of GitHub's REST API that check runs use: real HTTP on
// 127.0.0.1, answering and validating as GitHub documents it
// (https://docs.github.com/rest/checks/runs), recording every request it receives.

import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query as received, base path included. */
  path: string;
  /** Header names in lower case, as node:http gives them. */
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; undefined when there was none. */
  body: unknown;
  /** The status the fake answered. */
  status: number;
}

export interface FakeAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
}

export interface FakeCheckRun {
  id: number;
  owner: string;
  repo: string;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  started_at: string | null;
  completed_at: string | null;
  details_url: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  /** Every annotation received, in order: GitHub appends those of each update. */
  annotations: FakeAnnotation[];
}

export interface GitHubFakeOptions {
  /** Path prefix of the API, as on GitHub Enterprise Server (`/api/v3`). Default: none. */
  basePath?: string;
}

export interface GitHubFake {
  /** The API base address to give as `GITHUB_API_URL`. */
  readonly url: string;
  readonly requests: readonly RecordedRequest[];
  readonly checkRuns: readonly FakeCheckRun[];
  /** Requests with this token are refused as GitHub refuses a token without `checks: write`. */
  denyChecksWrite(token: string): void;
  /**
   * Upcoming requests answered with `status` instead of their usual answer: `count` of them
   * (default 1), after letting `after` requests through (default 0).
   */
  failNext(status: number, options?: { count?: number; after?: number; message?: string }): void;
  close(): Promise<void>;
}

const DOCS = 'https://docs.github.com/rest/checks/runs';
const STATUSES = new Set(['queued', 'in_progress', 'completed', 'waiting', 'requested', 'pending']);
const CONCLUSIONS = new Set(['action_required', 'cancelled', 'failure', 'neutral', 'success', 'skipped', 'stale', 'timed_out']);
const LEVELS = new Set(['notice', 'warning', 'failure']);
const MAX_ANNOTATIONS = 50;
const MAX_OUTPUT_TEXT = 65535;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

class Answer extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export async function startGitHubFake(options: GitHubFakeOptions = {}): Promise<GitHubFake> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const requests: RecordedRequest[] = [];
  const checkRuns: FakeCheckRun[] = [];
  const denied = new Set<string>();
  // One entry per upcoming request: how to fail it, or undefined to answer it normally.
  const upcoming: Array<{ status: number; message: string } | undefined> = [];
  let nextId = 4_000_000_001;

  const handle = (method: string, path: string, headers: IncomingHttpHeaders, body: unknown): { status: number; json: unknown } => {
    const failure = upcoming.shift();
    if (failure) throw new Answer(failure.status, failure.message);

    const token = tokenOf(headers.authorization);
    if (token === undefined) throw new Answer(401, 'Requires authentication');

    if (!path.startsWith(`${basePath}/`)) throw new Answer(404, 'Not Found');
    const route = path.slice(basePath.length).split('?')[0] ?? '';
    const collection = /^\/repos\/([^/]+)\/([^/]+)\/check-runs$/.exec(route);
    const member = /^\/repos\/([^/]+)\/([^/]+)\/check-runs\/(\d+)$/.exec(route);

    if (collection && method === 'POST') {
      if (denied.has(token)) throw new Answer(403, 'Resource not accessible by integration');
      const fields = object(body);
      const name = fields.name;
      const headSha = fields.head_sha;
      if (typeof name !== 'string' || name === '') throw invalid('"name" wasn\'t supplied.');
      if (typeof headSha !== 'string' || !/^[0-9a-f]{40}$/.test(headSha)) throw invalid('"head_sha" wasn\'t supplied.');
      const run: FakeCheckRun = {
        id: nextId++,
        owner: decodeURIComponent(collection[1] ?? ''),
        repo: decodeURIComponent(collection[2] ?? ''),
        name,
        head_sha: headSha,
        status: 'queued',
        conclusion: null,
        started_at: null,
        completed_at: null,
        details_url: null,
        output: { title: null, summary: null, text: null },
        annotations: [],
      };
      applyUpdate(run, fields);
      checkRuns.push(run);
      return { status: 201, json: representation(run) };
    }

    if (member && method === 'PATCH') {
      if (denied.has(token)) throw new Answer(403, 'Resource not accessible by integration');
      const run = checkRuns.find(
        (r) =>
          r.id === Number(member[3]) &&
          r.owner === decodeURIComponent(member[1] ?? '') &&
          r.repo === decodeURIComponent(member[2] ?? ''),
      );
      if (!run) throw new Answer(404, 'Not Found');
      applyUpdate(run, object(body));
      return { status: 200, json: representation(run) };
    }

    throw new Answer(404, 'Not Found');
  };

  const server = createServer((request, response) => {
    void respond(request, response);
  });

  const respond = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const raw = await readBody(request);
    let status: number;
    let json: unknown;
    let body: unknown;
    try {
      body = raw === '' ? undefined : parseJson(raw);
      ({ status, json } = handle(method, path, request.headers, body));
    } catch (error) {
      if (!(error instanceof Answer)) throw error;
      status = error.status;
      json = { message: error.message, documentation_url: DOCS, status: String(error.status) };
    }
    requests.push({ method, path, headers: request.headers, body, status });
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(json));
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    requests,
    checkRuns,
    denyChecksWrite: (token) => void denied.add(token),
    failNext: (status, { count = 1, after = 0, message = 'Server Error' } = {}) => {
      for (let i = 0; i < count; i++) upcoming[after + i] = { status, message };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** GitHub takes `token X` and `Bearer X` (any case). */
function tokenOf(authorization: string | undefined): string | undefined {
  const match = /^(?:token|bearer) +(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}

function applyUpdate(run: FakeCheckRun, fields: Record<string, unknown>): void {
  const { status, conclusion, started_at, completed_at, details_url, output } = fields;
  if (status !== undefined && (typeof status !== 'string' || !STATUSES.has(status))) {
    throw invalid(`"status" ${JSON.stringify(status)} is not a member of ${[...STATUSES].join(', ')}.`);
  }
  if (conclusion !== undefined && (typeof conclusion !== 'string' || !CONCLUSIONS.has(conclusion))) {
    throw invalid(`"conclusion" ${JSON.stringify(conclusion)} is not a member of ${[...CONCLUSIONS].join(', ')}.`);
  }
  if ((status === 'completed' || completed_at !== undefined) && conclusion === undefined && run.conclusion === null) {
    throw new Answer(422, 'Validation Failed: conclusion is required when status is completed');
  }
  for (const [key, value] of [['started_at', started_at], ['completed_at', completed_at]] as const) {
    if (value !== undefined && (typeof value !== 'string' || !ISO_8601.test(value))) {
      throw invalid(`"${key}" ${JSON.stringify(value)} is not a timestamp.`);
    }
  }
  const annotations = output === undefined ? [] : validOutput(output);

  // Validated whole before anything changes, as GitHub refuses a request whole.
  if (typeof status === 'string') run.status = status;
  if (typeof conclusion === 'string') {
    // "Providing conclusion will automatically set the status parameter to completed."
    run.conclusion = conclusion;
    run.status = 'completed';
  }
  if (typeof started_at === 'string') run.started_at = started_at;
  if (typeof completed_at === 'string') run.completed_at = completed_at;
  if (run.status === 'completed' && run.completed_at === null) run.completed_at = new Date().toISOString();
  if (typeof details_url === 'string') run.details_url = details_url;
  if (output !== undefined) {
    const o = object(output);
    run.output = {
      title: o.title as string,
      summary: o.summary as string,
      text: typeof o.text === 'string' ? o.text : run.output.text,
    };
    run.annotations.push(...annotations);
  }
}

function validOutput(value: unknown): FakeAnnotation[] {
  const output = object(value, 'output');
  if (typeof output.title !== 'string') throw invalid('"title" wasn\'t supplied.');
  if (typeof output.summary !== 'string') throw invalid('"summary" wasn\'t supplied.');
  if (output.summary.length > MAX_OUTPUT_TEXT) throw new Answer(422, `Invalid request.\n\nOnly ${MAX_OUTPUT_TEXT} characters are allowed; ${output.summary.length} were supplied.`);
  if (typeof output.text === 'string' && output.text.length > MAX_OUTPUT_TEXT) {
    throw new Answer(422, `Invalid request.\n\nOnly ${MAX_OUTPUT_TEXT} characters are allowed; ${output.text.length} were supplied.`);
  }
  if (output.annotations === undefined) return [];
  if (!Array.isArray(output.annotations)) throw invalid('"annotations" is not an array.');
  if (output.annotations.length > MAX_ANNOTATIONS) {
    throw new Answer(422, `Invalid request.\n\nOnly ${MAX_ANNOTATIONS} annotations are allowed per request; ${output.annotations.length} were supplied.`);
  }
  return output.annotations.map((item: unknown) => {
    const a = object(item, 'annotation');
    if (typeof a.path !== 'string' || a.path === '') throw invalid('"path" wasn\'t supplied.');
    if (!isLine(a.start_line)) throw invalid('"start_line" wasn\'t supplied.');
    if (!isLine(a.end_line)) throw invalid('"end_line" wasn\'t supplied.');
    if (a.end_line < a.start_line) throw invalid('"end_line" is before "start_line".');
    if (typeof a.annotation_level !== 'string' || !LEVELS.has(a.annotation_level)) {
      throw invalid(`"annotation_level" ${JSON.stringify(a.annotation_level)} is not a member of notice, warning, failure.`);
    }
    if (typeof a.message !== 'string' || a.message === '') throw invalid('"message" wasn\'t supplied.');
    if (Buffer.byteLength(a.message) > 64 * 1024) throw invalid('"message" is longer than 64 KB.');
    if (a.title !== undefined && (typeof a.title !== 'string' || a.title.length > 255)) throw invalid('"title" is longer than 255 characters.');
    const annotation: FakeAnnotation = {
      path: a.path,
      start_line: a.start_line,
      end_line: a.end_line,
      annotation_level: a.annotation_level as FakeAnnotation['annotation_level'],
      message: a.message,
    };
    if (typeof a.title === 'string') annotation.title = a.title;
    return annotation;
  });
}

function isLine(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

function representation(run: FakeCheckRun): unknown {
  return {
    id: run.id,
    node_id: `CR_${run.id}`,
    head_sha: run.head_sha,
    external_id: '',
    url: `https://api.github.com/repos/${run.owner}/${run.repo}/check-runs/${run.id}`,
    html_url: `https://github.com/${run.owner}/${run.repo}/runs/${run.id}`,
    details_url: run.details_url,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: {
      title: run.output.title,
      summary: run.output.summary,
      text: run.output.text,
      annotations_count: run.annotations.length,
      annotations_url: `https://api.github.com/repos/${run.owner}/${run.repo}/check-runs/${run.id}/annotations`,
    },
    name: run.name,
    check_suite: { id: 1 },
    app: { id: 15368, slug: 'github-actions', name: 'GitHub Actions' },
    pull_requests: [],
  };
}

function object(value: unknown, what = 'body'): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`the ${what} is not an object.`);
  return value as Record<string, unknown>;
}

function invalid(detail: string): Answer {
  return new Answer(422, `Invalid request.\n\n${detail}`);
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new Answer(400, 'Problems parsing JSON');
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
