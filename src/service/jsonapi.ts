// JSON:API documents as the service sends them, and reading lists whole, page by page.

import { isObject } from '../json-object.ts';
import { plural, quoteClipped } from '../text.ts';
import type { HttpClient } from './http.ts';
import type { HttpResponse } from './request.ts';
import { PaginationError, UnexpectedResponseError } from './errors.ts';
import { shapeProblem } from './shapes.ts';
import { resolveTarget } from './urls.ts';
import type { Query } from './urls.ts';
import type { Relationship } from './types.ts';

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
    throw new UnexpectedResponseError(
      response.method,
      response.target,
      response.status,
      `a \`${type}\` document`,
      problem,
    );
  }
  throw new UnexpectedResponseError(
    response.method,
    response.target,
    response.status,
    `a \`${type}\` document`,
    undefined,
    describeBody(response),
  );
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
  if (isObject(json) && isObject(json.data) && typeof json.data.type === 'string')
    return `a \`${json.data.type}\` document`;
  if (json !== undefined) return `a JSON body ${quoteClipped(json, QUOTED_BODY)}`;
  const contentType = String(response.headers['content-type'] ?? 'untyped')
    .split(';')[0]!
    .trim();
  return `a ${contentType} body ${quoteClipped(text, QUOTED_BODY)}`;
}

/** The resource of a single-resource document. */
export function readResource<R>(response: HttpResponse, type: string): R {
  return readDocument<R>(response, type).data;
}

/**
 * The resource of a 2xx answer that carries a single-resource document of `type` in its
 * documented shape; undefined when it carries none (no body, another shape), for a caller that
 * can read the object back (and that read is held to the shape).
 */
export function optionalResource<R>(response: HttpResponse, type: string): R | undefined {
  const json = response.json;
  if (!isObject(json) || !isObject(json.data) || typeof json.data.id !== 'string' || json.data.type !== type)
    return undefined;
  return shapeProblem(type, json.data) === undefined ? (json.data as R) : undefined;
}

/** The list document of a 2xx answer; an UnexpectedResponseError when there is none or an item is misshapen. */
export function readListDocument<R>(response: HttpResponse, type: string): ListDocument<R> {
  const json = response.json;
  if (isObject(json) && Array.isArray(json.data)) {
    for (const item of json.data) {
      const problem = isObject(item) ? shapeProblem(type, item) : 'an item that is not a resource';
      if (problem !== undefined) {
        throw new UnexpectedResponseError(
          response.method,
          response.target,
          response.status,
          `a list of \`${type}\``,
          problem,
        );
      }
    }
    return json as unknown as ListDocument<R>;
  }
  throw new UnexpectedResponseError(
    response.method,
    response.target,
    response.status,
    `a list of \`${type}\``,
    undefined,
    describeBody(response),
  );
}

export interface PaginateOptions {
  query?: Query;
  /** Default 100: lists are read whole, in as few requests as the service allows. */
  pageSize?: number;
  signal?: AbortSignal;
  /** Type name for messages. */
  type?: string;
}

/**
 * Most pages read of one list, whatever the service announces: 1,000 pages of 100 items, or
 * some 35 s of requests at the service's 30 per second.
 */
export const MAX_PAGES = 1000;

interface PageRequest {
  path: string;
  query: Query | undefined;
}

/**
 * Every page of a list, following `links.next`, or `meta.pagination.next-page` when the answer
 * has no next link (or one outside the API), until neither is present. Bounded whatever the
 * service says: no more pages than the `total-pages` the latest page announced, nor than
 * MAX_PAGES; a page number must move forward and no page is asked for twice.
 */
export async function* paginatePages<R>(
  http: HttpClient,
  path: string,
  options: PaginateOptions = {},
): AsyncGenerator<ListDocument<R>> {
  const pageSize = options.pageSize ?? 100;
  const type = options.type ?? 'resources';
  const listPath = resolveTarget(http.baseUrl, path).pathname;
  const firstQuery: Query = { ...options.query, 'page[size]': pageSize };
  const seen = new Set<string>();
  let next: PageRequest | string | undefined = { path, query: firstQuery };
  for (let pages = 0; next !== undefined;) {
    if (typeof next === 'string') throw new PaginationError(listPath, pages, next);
    const key = `${resolveTarget(http.baseUrl, next.path).href} ${JSON.stringify(next.query ?? {})}`;
    if (seen.has(key))
      throw new PaginationError(listPath, pages, `page ${pages} names a page already read as the next one`);
    seen.add(key);
    const response = await http.request({ method: 'GET', path: next.path, query: next.query, signal: options.signal });
    const doc = readListDocument<R>(response, type);
    pages++;
    yield doc;
    next = nextPage(http, path, firstQuery, doc, pageSize);
    if (next === undefined) break;
    const total = doc.meta?.pagination?.['total-pages'];
    if (isPageNumber(total) && pages >= total) {
      next = `the service announced ${plural(total, 'page')} (total-pages), yet page ${pages} names a next one`;
    } else if (pages >= MAX_PAGES) {
      next = `the list goes on past ${MAX_PAGES} pages, more than the action reads`;
    }
  }
}

function isPageNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

/** The request for the page after `doc`, undefined after the last, or what is wrong with the answer. */
function nextPage(
  http: HttpClient,
  path: string,
  firstQuery: Query,
  doc: ListDocument<unknown>,
  pageSize: number,
): PageRequest | string | undefined {
  const link = typeof doc.links?.next === 'string' && doc.links.next !== '' ? doc.links.next : undefined;
  let linkUrl: URL | undefined;
  if (link !== undefined) {
    try {
      linkUrl = resolveTarget(http.baseUrl, link);
    } catch {
      return 'the next link is not an address';
    }
    // Only a link on the API's own origin and under its prefix is followed: a list answer must
    // not send the action to another address. A service behind a proxy that writes its internal
    // address into links still pages, by the page number below.
    if (http.isApiAddress(linkUrl)) {
      // A next link carries the page size it was asked for; when it does not, ask again so that
      // the page numbers stay those of 100-item pages.
      return { path: link, query: linkUrl.searchParams.has('page[size]') ? undefined : { 'page[size]': pageSize } };
    }
  }
  const pagination = doc.meta?.pagination;
  const number: unknown = pagination?.['next-page'];
  if (number === undefined || number === null) {
    return linkUrl
      ? `the next link points outside the API (${linkUrl.origin}) and no next-page number was given`
      : undefined;
  }
  const current: unknown = pagination?.['current-page'];
  if (!isPageNumber(number) || (isPageNumber(current) && number <= current)) {
    return `page ${isPageNumber(current) ? current : '?'} names ${JSON.stringify(number)} as the next page`;
  }
  return { path, query: { ...firstQuery, 'page[number]': number } };
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
