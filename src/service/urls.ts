// Addresses of the service: the base URL, paths and links under it, query strings, and the safe
// way to name an address in a message.

import { ConfigurationError } from '../errors.ts';

const VERSION_PREFIX = '/api/v2';

export type QueryValue = string | number | boolean | readonly string[] | undefined | null;
export type Query = Readonly<Record<string, QueryValue>>;

/**
 * The API root as a URL whose path ends in `/api/v2` (action-interface "Common inputs": when the
 * path lacks `/api/v2` it is appended). Query and fragment are dropped. Inputs refuse a
 * misshapen address first, naming the input; this guard is for every other caller.
 */
export function normaliseBaseUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new ConfigurationError(
      `The service address must be an http(s) address such as https://app.example.com/api/v2 (got ${JSON.stringify(address)}).`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(
      `The service address must start with https:// or http:// (got ${JSON.stringify(address)}).`,
    );
  }
  if (url.username || url.password) {
    throw new ConfigurationError('The service address must not carry a user name or password.');
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(VERSION_PREFIX)) path += VERSION_PREFIX;
  return new URL(path, url.origin);
}

/**
 * Where a request goes. `target` is one of: an absolute address (upload-url, log-read-url, or a
 * full link); a link returned by the service, which carries the version prefix and so is
 * resolved against the origin (spec "Conventions"); or a path relative to the base URL.
 */
export function resolveTarget(base: URL, target: string): URL {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return new URL(target);
  const basePath = base.pathname;
  if (
    target.startsWith('/') &&
    (target === basePath || target.startsWith(`${basePath}/`) || target.startsWith(`${VERSION_PREFIX}/`))
  ) {
    return new URL(target, base.origin);
  }
  const sep = target.startsWith('/') ? '' : '/';
  return new URL(`${basePath}${sep}${target}`, base.origin);
}

/** RFC 3986 encoding of a query key or value; `[` and `]` become `%5B`/`%5D` (spec "Conventions"). */
export function encodeQueryComponent(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function queryValueText(value: Exclude<QueryValue, undefined | null>): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value.join(',');
}

/**
 * The full address of an API request: the query already in `url` (from a link) merged with
 * `query` (which wins for the same key), every key and value encoded so that brackets travel as
 * `%5B`/`%5D` whatever the link held.
 */
export function apiRequestUrl(url: URL, query: Query | undefined): string {
  const entries: Array<[string, string]> = [];
  const overridden = new Set(Object.keys(query ?? {}).filter((k) => query?.[k] !== undefined && query?.[k] !== null));
  for (const [key, value] of url.searchParams) {
    if (!overridden.has(key)) entries.push([key, value]);
  }
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    entries.push([key, queryValueText(value)]);
  }
  const search = entries.map(([k, v]) => `${encodeQueryComponent(k)}=${encodeQueryComponent(v)}`).join('&');
  return `${url.origin}${url.pathname}${search ? `?${search}` : ''}`;
}

/**
 * How an address may appear in a message or log line. API addresses show their path (and,
 * for logs, their query); any other address (upload-url, log-read-url) shows only its origin,
 * because its path and query string are its credentials.
 */
export function describeTarget(url: URL, apiOrigin: string, withQuery = false): string {
  if (url.origin !== apiOrigin) return url.origin;
  return withQuery ? `${url.pathname}${url.search}` : url.pathname;
}
