// Addresses of the service: the base URL, paths and links under it, query strings, and the safe
// way to name an address in a message.

import { isIP } from 'node:net';
import { ConfigurationError } from '../errors.ts';

const VERSION_PREFIX = '/api/v2';

export type QueryValue = string | number | boolean | readonly string[] | undefined | null;
export type Query = Readonly<Record<string, QueryValue>>;

/**
 * The API root as a URL whose path ends in `/api/v2` (action-interface "Common inputs": when the
 * path lacks `/api/v2` it is appended). Surrounding blanks, query and fragment are dropped: the
 * inputs refuse those first (baseUrlProblem), and this reads the address of any other caller.
 */
export function normaliseBaseUrl(address: string): URL {
  const read = readAddress(address.trim());
  if ('why' in read) throw new ConfigurationError(`The service address ${read.why} ${shown(address)}.`);
  let path = read.url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(VERSION_PREFIX)) path += VERSION_PREFIX;
  return new URL(path, read.url.origin);
}

/**
 * Why an address may not be the service's base URL, as words that follow its name ("must start
 * with https://", with the address as given but its credentials), or undefined when it may. Beyond
 * what normaliseBaseUrl needs to read it: no blank, control or invisible character, no query or
 * fragment, and plain http:// only to this machine, so that the token never travels in clear.
 * The caller names where the address came from.
 */
export function baseUrlProblem(address: string): string | undefined {
  const why = strictProblem(address);
  return why === undefined ? undefined : `${why} ${shown(address)}`;
}

function strictProblem(address: string): string | undefined {
  // URL parsing would drop some of them without a word, and read another address.
  if (/[\p{Cc}\p{Cf}\p{Z}]/u.test(address)) return 'must not hold spaces, line breaks, control or invisible characters';
  const read = readAddress(address);
  if ('why' in read) return read.why;
  if (address.includes('?') || address.includes('#'))
    return 'must not have a query (?...) or a fragment (#...): give the address of the API alone';
  if (read.url.protocol === 'http:' && !isLoopback(read.url.hostname)) {
    return 'must use https:// unless the service runs on this machine (127.0.0.1, ::1, localhost): over plain http:// the token would travel in clear';
  }
  return undefined;
}

/** The address as a URL, or why it cannot be the service's at all. */
function readAddress(address: string): { url: URL } | { why: string } {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { why: 'must be an http(s) address such as https://app.example.com/api/v2' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { why: 'must start with https:// or http://' };
  if (url.username !== '' || url.password !== '') {
    return { why: 'must not carry a user name or password: the service is reached with the API token alone' };
  }
  return { url };
}

/**
 * `(got "…")`, the address as given but a user name or password in it, which never reach a
 * message. Everything up to the last `@` is masked: a password as people type it may hold `/`,
 * `?` or `#`, which end the user part of a URL (a path that holds an `@` is masked too).
 */
function shown(address: string): string {
  return `(got ${JSON.stringify(address.replace(/^([^:/?#]*:[/\\]*).*@/s, '$1***@'))})`;
}

/** 127.0.0.0/8, ::1 (also as an IPv4-mapped address), and the name localhost. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host) || /^::ffff:7f[0-9a-f]{2}:/.test(host);
  return false;
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
