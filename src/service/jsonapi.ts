// JSON:API documents as the service sends them, and reading lists whole, page by page.

import type { HttpClient, HttpResponse } from './http.ts';
import { UnexpectedResponseError } from './errors.ts';
import { shapeProblem } from './shapes.ts';
import { resolveTarget } from './urls.ts';
import type { Query } from './urls.ts';

export interface ResourceIdentifier<T extends string = string> {
  id: string;
  type: T;
}

export interface RelationshipLinks {
  related?: string;
  self?: string;
}

export interface Relationship<D = ResourceIdentifier | ResourceIdentifier[] | null> {
  data?: D;
  links?: RelationshipLinks;
}

/** A resource object: `type`, `id`, kebab-case `attributes`, `relationships`, `links`. */
export interface Resource<T extends string = string, A = Record<string, unknown>> {
  id: string;
  type: T;
  attributes: A;
  relationships?: Record<string, Relationship>;
  links?: Record<string, string | undefined>;
}

/** `meta.pagination` of a list answer. */
export interface Pagination {
  'current-page'?: number;
  'page-size'?: number;
  'prev-page'?: number | null;
  'next-page'?: number | null;
  'total-pages'?: number;
  'total-count'?: number;
}

export interface DocumentLinks {
  self?: string;
  first?: string;
  prev?: string | null;
  next?: string | null;
  last?: string;
}

export interface Document<D> {
  data: D;
  included?: Resource[];
  links?: DocumentLinks;
  meta?: { pagination?: Pagination } & Record<string, unknown>;
}

export type ListDocument<R> = Document<R[]>;

/** One JSON:API error object (spec section 7: its fields are "not shown"). */
export interface ErrorObject {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
}

export interface ErrorDocument {
  errors: ErrorObject[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The single-resource document of a 2xx answer; an UnexpectedResponseError, saying what came
 * back, when there is none or its resource is of another type, or when its id, status or
 * counters do not have their documented shapes (shapes.ts).
 */
export function readDocument<R>(response: HttpResponse, type: string): Document<R> {
  const json = response.json;
  if (isObject(json) && isObject(json.data) && typeof json.data.id === 'string' && json.data.type === type) {
    const problem = shapeProblem(type, json.data);
    if (problem === undefined) return json as unknown as Document<R>;
    throw new UnexpectedResponseError(response.method, response.target, response.status, `a \`${type}\` document`, problem);
  }
  throw new UnexpectedResponseError(response.method, response.target, response.status, `a \`${type}\` document`, undefined, describeBody(response));
}

/** Longest part of an unexpected body quoted in a message. */
const QUOTED_BODY = 200;

/**
 * What a 2xx answer held, in words for a message: `no body`, `a \`workspaces\` document`,
 * `a JSON body {"message":"..."}` or `a text/plain body "..."`, quoted on one line and cut.
 */
export function describeBody(response: HttpResponse): string {
  const text = response.text.trim();
  if (text === '') return 'no body';
  const json = response.json;
  if (isObject(json) && isObject(json.data) && typeof json.data.type === 'string') return `a \`${json.data.type}\` document`;
  const quoted = (s: string): string => (s.length > QUOTED_BODY ? `${s.slice(0, QUOTED_BODY)}...` : s);
  if (json !== undefined) return `a JSON body ${quoted(JSON.stringify(json))}`;
  const contentType = String(response.headers['content-type'] ?? 'untyped').split(';')[0]!.trim();
  return `a ${contentType} body ${quoted(JSON.stringify(text))}`;
}

/** The resource of a single-resource document. */
export function readResource<R>(response: HttpResponse, type: string): R {
  return readDocument<R>(response, type).data;
}

/** The list document of a 2xx answer; an UnexpectedResponseError when there is none or an item is misshapen. */
export function readListDocument<R>(response: HttpResponse, type: string): ListDocument<R> {
  const json = response.json;
  if (isObject(json) && Array.isArray(json.data)) {
    for (const item of json.data) {
      const problem = isObject(item) ? shapeProblem(type, item) : 'an item that is not a resource';
      if (problem !== undefined) {
        throw new UnexpectedResponseError(response.method, response.target, response.status, `a list of \`${type}\``, problem);
      }
    }
    return json as unknown as ListDocument<R>;
  }
  throw new UnexpectedResponseError(response.method, response.target, response.status, `a list of \`${type}\``, undefined, describeBody(response));
}

export interface PaginateOptions {
  query?: Query;
  /** Default 100: lists are read whole, in as few requests as the service allows. */
  pageSize?: number;
  signal?: AbortSignal;
  /** Type name for messages. */
  type?: string;
}

/** Longest list followed, as a guard against a service whose `next` never ends. */
const MAX_PAGES = 10_000;

/**
 * Every page of a list, following `links.next`, or `meta.pagination.next-page` when the answer
 * has no next link, until neither is present.
 */
export async function* paginatePages<R>(http: HttpClient, path: string, options: PaginateOptions = {}): AsyncGenerator<ListDocument<R>> {
  const pageSize = options.pageSize ?? 100;
  const type = options.type ?? 'resources';
  const firstQuery: Query = { ...options.query, 'page[size]': pageSize };
  let next: { path: string; query: Query | undefined } | undefined = { path, query: firstQuery };
  const seen = new Set<string>();
  for (let pages = 0; next; pages++) {
    const key = `${next.path}?${JSON.stringify(next.query ?? {})}`;
    if (seen.has(key) || pages >= MAX_PAGES) {
      throw new UnexpectedResponseError('GET', resolveTarget(http.baseUrl, path).pathname, 200, 'a pagination that ends (a page repeated)');
    }
    seen.add(key);
    const response = await http.request({ method: 'GET', path: next.path, query: next.query, signal: options.signal });
    const doc = readListDocument<R>(response, type);
    yield doc;
    next = nextPage(http, path, firstQuery, doc, pageSize);
  }
}

function nextPage(
  http: HttpClient,
  path: string,
  firstQuery: Query,
  doc: ListDocument<unknown>,
  pageSize: number,
): { path: string; query: Query | undefined } | undefined {
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
export async function* paginate<R>(http: HttpClient, path: string, options: PaginateOptions = {}): AsyncGenerator<R> {
  for await (const page of paginatePages<R>(http, path, options)) yield* page.data;
}

/** The whole list. */
export async function listAll<R>(http: HttpClient, path: string, options: PaginateOptions = {}): Promise<R[]> {
  const items: R[] = [];
  for await (const item of paginate<R>(http, path, options)) items.push(item);
  return items;
}
