// A local stand-in for the parts of GitHub's API that the action uses: check runs
// (https://docs.github.com/rest/checks/runs), the comments of a pull request, which are its
// issue's comments (https://docs.github.com/rest/issues/comments), and who a token acts as
// (`GET /user`, and GraphQL's `viewer { login }`, the one query answered). Real HTTP on
// 127.0.0.1, answering, paginating and validating as GitHub documents it, recording every request.
// An upcoming request can be answered otherwise: refused (failNext), dropped (dropNext), with any
// body (answerNext), a byte at a time without end (dripNext), or with a body of any size
// (streamNext).
//
// Whose a token is: a token given to appToken() is an installation token of that GitHub App; any
// other token starting `ghs_` is the workflow's GITHUB_TOKEN, an installation token of GitHub
// Actions (`github-actions`); any other token is a user's, `user-` and its first six characters.
// An app's token writes as its bot account `<slug>[bot]` through the app.

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
  /** The status the fake answered; 0 when it dropped the connection instead. */
  status: number;
  /** When the request arrived (Date.now()). */
  at: number;
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
  external_id: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  /** Every annotation received, in order: GitHub appends those of each update. */
  annotations: FakeAnnotation[];
}

export interface FakeComment {
  id: number;
  owner: string;
  repo: string;
  /** The pull request's (issue's) number. */
  issue: number;
  body: string;
  /** Who wrote it: the login of the token that created it, or the one given when seeded. */
  user: string;
  /** The GitHub App it was written through (`github-actions` for the workflow's token), if any. */
  app: string | null;
  created_at: string;
  updated_at: string;
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
  /** Every comment of every pull request, in the order created. */
  readonly comments: readonly FakeComment[];
  /** Requests with this token are refused as GitHub refuses a token without `checks: write`. */
  denyChecksWrite(token: string): void;
  /** Comment writes with this token are refused as GitHub refuses a token without
   *  `pull-requests: write` (reading them is still allowed). */
  denyPullRequestsWrite(token: string): void;
  /**
   * This token is an installation token of the GitHub App `slug` (as actions/create-github-app-token
   * makes them): `GET /user` refuses it, GraphQL's viewer is `<slug>[bot]`, and it writes as that
   * bot account through the app.
   */
  appToken(token: string, slug: string): void;
  /**
   * GraphQL's viewer query with this token is refused: `graphql` (the default) answers 200 with a
   * `FORBIDDEN` error and a null viewer, as GitHub answers a query the token may not make; `http`
   * answers 403 `Resource not accessible by integration`; `RATE_LIMITED` (as GitHub documents it)
   * or `RATE_LIMIT` (as it has also been seen) answers 200 with an error of that type, the quota
   * spent for the next hour (`x-ratelimit-remaining: 0`); `broken` answers 200 with an error of
   * no type, as GitHub answers a query it could not run ("Something went wrong").
   */
  refuseViewer(token: string, how?: ViewerRefusal): void;
  /** GraphQL's viewer query with this token answers `viewer` as given (any value, however malformed). */
  answerViewer(token: string, viewer: unknown): void;
  /**
   * A comment already on pull request `owner/repo#issue`, written by `user` (default `octocat`)
   * through the GitHub App `app` (default: for a bot account `<slug>[bot]` its app `<slug>`, else
   * none).
   */
  seedComment(comment: {
    owner: string;
    repo: string;
    issue: number;
    body: string;
    user?: string;
    app?: string | null;
  }): FakeComment;
  /**
   * Upcoming requests answered with `status` instead of their usual answer: `count` of them
   * (default 1), after letting `after` requests through (default 0); with `method`, only requests
   * of that method count. `headers` go with the answer (`retry-after`, `x-ratelimit-*`).
   */
  failNext(status: number, options?: FailOptions): void;
  /** Like failNext, but the connection is closed without an answer once the request is read. */
  dropNext(options?: Omit<FailOptions, 'message' | 'headers'>): void;
  /**
   * Like failNext, but the answer's body is `body` exactly, whatever it is (empty, not JSON, JSON
   * of another shape), with `contentType` (default JSON's; null: none).
   */
  answerNext(status: number, body: string, options?: RawAnswerOptions): void;
  /**
   * The next request (as failNext counts them) is answered 200 with JSON's headers at once, then
   * one byte of its body (a space, which JSON allows before a value) every `everyMs` of real time
   * (default 100), and never more: a degraded server or proxy that keeps every idle timeout from
   * firing. Resolves when the first byte is sent. The dripping stops when the client goes away.
   */
  dripNext(options?: DripOptions): Promise<void>;
  /**
   * The next request (as failNext counts them) is answered 200 with a JSON body `bytes` long (an
   * empty list, padded with spaces), streamed as fast as the client reads it, with its
   * Content-Length when `declared`. What it tells: how much of it went out before the client
   * went away.
   */
  streamNext(options: StreamOptions): StreamedAnswer;
  close(): Promise<void>;
}

export interface RawAnswerOptions extends Omit<FailOptions, 'message'> {
  contentType?: string | null;
}

export interface DripOptions extends Pick<FailOptions, 'after' | 'method'> {
  everyMs?: number;
}

export interface StreamOptions extends Pick<FailOptions, 'after' | 'method'> {
  bytes: number;
  declared?: boolean;
}

export interface StreamedAnswer {
  /** The bytes of the body handed to the connection so far. */
  readonly sent: number;
  /** Resolves once the whole body is sent or the connection is closed. */
  readonly finished: Promise<void>;
}

export type ViewerRefusal = 'graphql' | 'http' | 'RATE_LIMITED' | 'RATE_LIMIT' | 'broken';

export interface FailOptions {
  count?: number;
  after?: number;
  method?: string;
  message?: string;
  headers?: Record<string, string>;
  /** The request takes effect as usual; only its answer is replaced (or lost). */
  applied?: boolean;
}

/** How an upcoming request is answered instead of its usual answer. */
interface Failure {
  status: number;
  message: string;
  headers: Record<string, string>;
  drop: boolean;
  applied: boolean;
  /** Writes the whole answer itself (status, headers, body), instead of GitHub's JSON error. */
  answer?: (response: ServerResponse) => void;
}

const JSON_TYPE = 'application/json; charset=utf-8';

const DOCS = 'https://docs.github.com/rest/checks/runs';
const STATUSES = new Set(['queued', 'in_progress', 'completed', 'waiting', 'requested', 'pending']);
const CONCLUSIONS = new Set([
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'success',
  'skipped',
  'stale',
  'timed_out',
]);
const LEVELS = new Set(['notice', 'warning', 'failure']);
const MAX_ANNOTATIONS = 50;
const MAX_OUTPUT_TEXT = 65535;
/** "Body is too long (maximum is 65536 characters)". */
const MAX_COMMENT_BODY = 65536;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

class Answer extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

export async function startGitHubFake(options: GitHubFakeOptions = {}): Promise<GitHubFake> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const requests: RecordedRequest[] = [];
  const checkRuns: FakeCheckRun[] = [];
  const comments: FakeComment[] = [];
  const denied = new Set<string>();
  const deniedPullRequests = new Set<string>();
  const appTokens = new Map<string, string>();
  /** How the viewer query is answered for a token, instead of with its login. */
  const viewerAnswers = new Map<string, { refused: ViewerRefusal } | { viewer: unknown }>();
  /** The GitHub App a token writes through: none for a user's token. */
  const appOf = (token: string): string | null =>
    appTokens.get(token) ?? (token.startsWith('ghs_') ? 'github-actions' : null);
  /** The account a token acts as: an app's bot account, or a user. */
  const loginOf = (token: string): string => {
    const app = appOf(token);
    return app === null ? `user-${token.slice(0, 6)}` : `${app}[bot]`;
  };
  // GitHub Enterprise Server answers GraphQL at /api/graphql beside the REST API's /api/v3.
  const graphqlPath = /\/api\/v3$/.test(basePath)
    ? basePath.replace(/\/api\/v3$/, '/api/graphql')
    : `${basePath}/graphql`;
  let nextCommentId = 2_000_000_001;
  const addComment = (c: Omit<FakeComment, 'id' | 'created_at' | 'updated_at'>): FakeComment => {
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const comment: FakeComment = { id: nextCommentId++, ...c, created_at: now, updated_at: now };
    comments.push(comment);
    return comment;
  };
  // One queue per method ('*' for any): one entry per upcoming request of that method, how to
  // fail it, or undefined to answer it normally.
  const upcoming = new Map<string, Array<Failure | undefined>>();
  const queue = (method: string | undefined): Array<Failure | undefined> => {
    const key = method?.toUpperCase() ?? '*';
    let entries = upcoming.get(key);
    if (entries === undefined) upcoming.set(key, (entries = []));
    return entries;
  };
  const planFailure = (failure: Failure, { count = 1, after = 0, method }: FailOptions): void => {
    const entries = queue(method);
    for (let i = 0; i < count; i++) entries[after + i] = failure;
  };
  const nextFailure = (method: string): Failure | undefined => {
    const forAny = queue(undefined).shift();
    const forMethod = queue(method).shift();
    return forAny ?? forMethod;
  };
  let nextId = 4_000_000_001;

  /**
   * GraphQL (https://docs.github.com/graphql): only `viewer { login }` is answered. GitHub answers
   * a query it refuses 200, with `errors` (and `data` where the query was run).
   */
  const graphql = (
    token: string,
    body: unknown,
  ): { status: number; json: unknown; headers?: Record<string, string> } => {
    const fields = object(body);
    if (typeof fields.query !== 'string') {
      return {
        status: 200,
        json: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] },
      };
    }
    if (fields.variables !== undefined && fields.variables !== null && typeof fields.variables !== 'object') {
      return { status: 200, json: { errors: [{ message: 'Variables are invalid JSON.' }] } };
    }
    const unknown = unknownField(fields.query);
    if (unknown !== undefined) return { status: 200, json: { errors: [unknown] } };
    const answer = viewerAnswers.get(token);
    if (answer !== undefined && 'refused' in answer) {
      if (answer.refused === 'http') throw new Answer(403, 'Resource not accessible by integration');
      if (answer.refused === 'broken') {
        // What GitHub answers when it could not run a query: no type, and no refusal in it.
        return {
          status: 200,
          json: {
            data: null,
            errors: [
              {
                message:
                  'Something went wrong while executing your query. Please include `0400:3A2B:1C9D` when reporting this issue.',
              },
            ],
          },
        };
      }
      if (answer.refused === 'RATE_LIMITED' || answer.refused === 'RATE_LIMIT') {
        const reset = Math.ceil(Date.now() / 1000) + 3600;
        return {
          status: 200,
          json: { errors: [{ type: answer.refused, message: 'API rate limit exceeded for installation ID 1.' }] },
          headers: { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
        };
      }
      return {
        status: 200,
        json: {
          data: { viewer: null },
          errors: [
            {
              type: 'FORBIDDEN',
              path: ['viewer'],
              extensions: { saml_failure: false },
              locations: [{ line: 1, column: 9 }],
              message: 'Resource not accessible by integration',
            },
          ],
        },
      };
    }
    const viewer = answer !== undefined ? answer.viewer : { login: loginOf(token) };
    return { status: 200, json: { data: { viewer } } };
  };

  let url = '';
  const handle = (
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: unknown,
  ): { status: number; json: unknown; headers?: Record<string, string> } => {
    const token = tokenOf(headers.authorization);
    if (token === undefined) throw new Answer(401, 'Requires authentication');

    if (path.split('?')[0] === graphqlPath && method === 'POST') return graphql(token, body);
    if (!path.startsWith(`${basePath}/`)) throw new Answer(404, 'Not Found');
    const route = path.slice(basePath.length).split('?')[0] ?? '';
    const query = new URLSearchParams(path.split('?')[1] ?? '');

    if (route === '/user' && method === 'GET') {
      // An installation token (the workflow's GITHUB_TOKEN, or another app's) acts as no user.
      if (appOf(token) !== null) throw new Answer(403, 'Resource not accessible by integration');
      return { status: 200, json: { login: loginOf(token), id: 1, type: 'User' } };
    }

    const forRef = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)\/check-runs$/.exec(route);
    if (forRef && method === 'GET') {
      const owner = decodeURIComponent(forRef[1] ?? '');
      const repo = decodeURIComponent(forRef[2] ?? '');
      const ref = decodeURIComponent(forRef[3] ?? '');
      const name = query.get('check_name');
      const runs = checkRuns.filter(
        (r) => r.owner === owner && r.repo === repo && r.head_sha === ref && (name === null || r.name === name),
      );
      return { status: 200, json: { total_count: runs.length, check_runs: runs.map(representation) } };
    }
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
        external_id: typeof fields.external_id === 'string' ? fields.external_id : null,
        output: { title: null, summary: null, text: null },
        annotations: [],
      };
      applyUpdate(run, fields);
      checkRuns.push(run);
      return { status: 201, json: representation(run) };
    }

    const issueComments = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(route);
    const comment = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(route);
    if (issueComments) {
      const owner = decodeURIComponent(issueComments[1] ?? '');
      const repo = decodeURIComponent(issueComments[2] ?? '');
      const issue = Number(issueComments[3]);
      if (method === 'GET') {
        const perPage = Math.min(100, Math.max(1, Number(query.get('per_page') ?? 30) || 30));
        const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
        const all = comments.filter((c) => c.owner === owner && c.repo === repo && c.issue === issue);
        const slice = all.slice((page - 1) * perPage, page * perPage);
        const last = Math.max(1, Math.ceil(all.length / perPage));
        const link = (n: number, rel: string): string => `<${url}${route}?per_page=${perPage}&page=${n}>; rel="${rel}"`;
        const links = [
          ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
          ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : []),
        ];
        return {
          status: 200,
          json: slice.map(commentRepresentation),
          headers: links.length > 0 ? { link: links.join(', ') } : {},
        };
      }
      if (method === 'POST') {
        if (deniedPullRequests.has(token)) throw new Answer(403, 'Resource not accessible by integration');
        const fields = object(body);
        if (typeof fields.body !== 'string' || fields.body === '') throw invalid('"body" wasn\'t supplied.');
        if (fields.body.length > MAX_COMMENT_BODY)
          throw new Answer(422, `Validation Failed: body is too long (maximum is ${MAX_COMMENT_BODY} characters)`);
        return {
          status: 201,
          json: commentRepresentation(
            addComment({ owner, repo, issue, body: fields.body, user: loginOf(token), app: appOf(token) }),
          ),
        };
      }
    }
    if (comment && method === 'PATCH') {
      if (deniedPullRequests.has(token)) throw new Answer(403, 'Resource not accessible by integration');
      const found = comments.find(
        (c) =>
          c.id === Number(comment[3]) &&
          c.owner === decodeURIComponent(comment[1] ?? '') &&
          c.repo === decodeURIComponent(comment[2] ?? ''),
      );
      if (!found) throw new Answer(404, 'Not Found');
      const fields = object(body);
      if (typeof fields.body !== 'string' || fields.body === '') throw invalid('"body" wasn\'t supplied.');
      if (fields.body.length > MAX_COMMENT_BODY)
        throw new Answer(422, `Validation Failed: body is too long (maximum is ${MAX_COMMENT_BODY} characters)`);
      found.body = fields.body;
      found.updated_at = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      return { status: 200, json: commentRepresentation(found) };
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
    const at = Date.now();
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const raw = await readBody(request);
    let status: number;
    let json: unknown;
    let body: unknown;
    let extraHeaders: Record<string, string>;
    try {
      body = raw === '' ? undefined : parseJson(raw);
      const failure = nextFailure(method);
      if (failure?.applied) handle(method, path, request.headers, body);
      if (failure?.drop) {
        requests.push({ method, path, headers: request.headers, body, status: 0, at });
        request.socket.destroy();
        return;
      }
      if (failure?.answer) {
        requests.push({ method, path, headers: request.headers, body, status: failure.status, at });
        failure.answer(response);
        return;
      }
      if (failure) throw new Answer(failure.status, failure.message, failure.headers);
      ({ status, json, headers: extraHeaders = {} } = handle(method, path, request.headers, body));
    } catch (error) {
      if (!(error instanceof Answer)) throw error;
      status = error.status;
      json = { message: error.message, documentation_url: DOCS, status: String(error.status) };
      extraHeaders = error.headers;
    }
    requests.push({ method, path, headers: request.headers, body, status, at });
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...extraHeaders });
    response.end(JSON.stringify(json));
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}${basePath}`;

  return {
    url,
    requests,
    checkRuns,
    comments,
    denyChecksWrite: (token) => void denied.add(token),
    appToken: (token, slug) => void appTokens.set(token, slug),
    refuseViewer: (token, how = 'graphql') => void viewerAnswers.set(token, { refused: how }),
    answerViewer: (token, viewer) => void viewerAnswers.set(token, { viewer }),
    denyPullRequestsWrite: (token) => void deniedPullRequests.add(token),
    seedComment: ({ owner, repo, issue, body, user = 'octocat', app }) =>
      addComment({
        owner,
        repo,
        issue,
        body,
        user,
        app: app === undefined ? (/^(.+)\[bot\]$/.exec(user)?.[1] ?? null) : app,
      }),
    failNext: (status, options = {}) =>
      planFailure(
        {
          status,
          message: options.message ?? 'Server Error',
          headers: options.headers ?? {},
          drop: false,
          applied: options.applied ?? false,
        },
        options,
      ),
    dropNext: (options = {}) =>
      planFailure({ status: 0, message: '', headers: {}, drop: true, applied: options.applied ?? false }, options),
    answerNext: (status, body, options = {}) => {
      const { contentType = JSON_TYPE, headers = {} } = options;
      const answer = (response: ServerResponse): void => {
        response.writeHead(status, { ...(contentType === null ? {} : { 'content-type': contentType }), ...headers });
        response.end(body);
      };
      planFailure(
        { status, message: '', headers: {}, drop: false, applied: options.applied ?? false, answer },
        options,
      );
    },
    dripNext: (options = {}) =>
      new Promise<void>((started) => {
        const answer = (response: ServerResponse): void => {
          response.writeHead(200, { 'content-type': JSON_TYPE });
          response.write(' ');
          started();
          const drip = setInterval(() => response.write(' '), options.everyMs ?? 100);
          response.on('close', () => clearInterval(drip));
        };
        planFailure({ status: 200, message: '', headers: {}, drop: false, applied: false, answer }, options);
      }),
    streamNext: (options) => {
      let sent = 0;
      let finish = (): void => {};
      const finished = new Promise<void>((resolve) => (finish = resolve));
      const answer = (response: ServerResponse): void => {
        response.on('close', finish);
        response.writeHead(200, {
          'content-type': JSON_TYPE,
          ...(options.declared ? { 'content-length': String(options.bytes) } : {}),
        });
        streamPaddedList(response, options.bytes, (n) => (sent += n));
      };
      planFailure({ status: 200, message: '', headers: {}, drop: false, applied: false, answer }, options);
      return {
        get sent() {
          return sent;
        },
        finished,
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The size of each piece of a streamed answer. */
const STREAMED_PIECE = Buffer.alloc(64 * 1024, ' ');

/**
 * `[`, spaces, `]`: an empty JSON list `bytes` long (at least 2), written piece by piece as the
 * connection takes it, so that a client that stops reading stops the writing too.
 */
function streamPaddedList(response: ServerResponse, bytes: number, onSent: (bytes: number) => void): void {
  let left = bytes - 2;
  const write = (piece: Buffer): boolean => {
    onSent(piece.length);
    return response.write(piece);
  };
  const next = (): void => {
    while (left > 0 && !response.destroyed) {
      const piece = STREAMED_PIECE.subarray(0, Math.min(left, STREAMED_PIECE.length));
      left -= piece.length;
      if (!write(piece)) {
        response.once('drain', next);
        return;
      }
    }
    if (!response.destroyed) {
      onSent(1);
      response.end(']');
    }
  };
  write(Buffer.from('['));
  next();
}

/** GitHub takes `token X` and `Bearer X` (any case). */
function tokenOf(authorization: string | undefined): string | undefined {
  const match = /^(?:token|bearer) +(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * Why GraphQL would refuse a query other than `{ viewer { login } }` (whitespace, commas and an
 * optional `query` keyword aside), as GitHub words it: a field the fake does not know is a field
 * that does not exist; text that is not a selection is a parse error.
 */
function unknownField(query: string): Record<string, unknown> | undefined {
  const tokens = query.match(/[A-Za-z_][A-Za-z0-9_]*|[^\s,]/g) ?? [];
  const selection = tokens[0] === 'query' ? tokens.slice(1) : tokens;
  if (selection.join(' ') === '{ viewer { login } }') return undefined;
  const names = selection.filter((t) => /^[A-Za-z_]/.test(t));
  if (selection[0] !== '{' || names.length === 0) {
    return {
      message: `Parse error on ${JSON.stringify(selection[0] ?? '')} at [1, 1]`,
      locations: [{ line: 1, column: 1 }],
    };
  }
  // The one type and field the fake knows of each level: Query.viewer, then User.login.
  const [first] = names;
  const [typeName, fieldName, path] =
    first === 'viewer'
      ? ['User', names.slice(1).find((name) => name !== 'login'), ['query', 'viewer']]
      : ['Query', first, ['query']];
  if (fieldName === undefined) {
    return { message: 'Parse error on "}" (RCURLY) at [1, 1]', locations: [{ line: 1, column: 1 }] };
  }
  return {
    path: [...path, fieldName],
    extensions: { code: 'undefinedField', typeName, fieldName },
    locations: [{ line: 1, column: 1 }],
    message: `Field '${fieldName}' doesn't exist on type '${typeName}'`,
  };
}

function commentRepresentation(c: FakeComment): unknown {
  return {
    id: c.id,
    node_id: `IC_${c.id}`,
    url: `https://api.github.com/repos/${c.owner}/${c.repo}/issues/comments/${c.id}`,
    html_url: `https://github.com/${c.owner}/${c.repo}/pull/${c.issue}#issuecomment-${c.id}`,
    issue_url: `https://api.github.com/repos/${c.owner}/${c.repo}/issues/${c.issue}`,
    body: c.body,
    user: { login: c.user, id: 41898282, type: c.user.endsWith('[bot]') ? 'Bot' : 'User' },
    performed_via_github_app: c.app === null ? null : { id: 15368, slug: c.app, name: c.app },
    created_at: c.created_at,
    updated_at: c.updated_at,
    author_association: 'NONE',
  };
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
  for (const [key, value] of [
    ['started_at', started_at],
    ['completed_at', completed_at],
  ] as const) {
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
  if (output.summary.length > MAX_OUTPUT_TEXT)
    throw new Answer(
      422,
      `Invalid request.\n\nOnly ${MAX_OUTPUT_TEXT} characters are allowed; ${output.summary.length} were supplied.`,
    );
  if (typeof output.text === 'string' && output.text.length > MAX_OUTPUT_TEXT) {
    throw new Answer(
      422,
      `Invalid request.\n\nOnly ${MAX_OUTPUT_TEXT} characters are allowed; ${output.text.length} were supplied.`,
    );
  }
  if (output.annotations === undefined) return [];
  if (!Array.isArray(output.annotations)) throw invalid('"annotations" is not an array.');
  if (output.annotations.length > MAX_ANNOTATIONS) {
    throw new Answer(
      422,
      `Invalid request.\n\nOnly ${MAX_ANNOTATIONS} annotations are allowed per request; ${output.annotations.length} were supplied.`,
    );
  }
  return output.annotations.map((item: unknown) => {
    const a = object(item, 'annotation');
    if (typeof a.path !== 'string' || a.path === '') throw invalid('"path" wasn\'t supplied.');
    if (!isLine(a.start_line)) throw invalid('"start_line" wasn\'t supplied.');
    if (!isLine(a.end_line)) throw invalid('"end_line" wasn\'t supplied.');
    if (a.end_line < a.start_line) throw invalid('"end_line" is before "start_line".');
    if (typeof a.annotation_level !== 'string' || !LEVELS.has(a.annotation_level)) {
      throw invalid(
        `"annotation_level" ${JSON.stringify(a.annotation_level)} is not a member of notice, warning, failure.`,
      );
    }
    if (typeof a.message !== 'string' || a.message === '') throw invalid('"message" wasn\'t supplied.');
    if (Buffer.byteLength(a.message) > 64 * 1024) throw invalid('"message" is longer than 64 KB.');
    if (a.title !== undefined && (typeof a.title !== 'string' || a.title.length > 255))
      throw invalid('"title" is longer than 255 characters.');
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
    url: `https://api.github.com/repos/${run.owner}/${run.repo}/check-runs/${run.id}`,
    html_url: `https://github.com/${run.owner}/${run.repo}/runs/${run.id}`,
    details_url: run.details_url,
    external_id: run.external_id,
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
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(`the ${what} is not an object.`);
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
