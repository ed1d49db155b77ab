/**
 * The last line of defence against leaking a secret: every string a sink writes (log line,
 * annotation, output, job summary) passes through `redact`, which replaces each known secret
 * with `***` (the action's one masking, src/redaction.ts), in every form the sink may write it.
 */

import { createRedactor, MIN_SECRET_LENGTH } from '../redaction.ts';
import type { Redactor } from '../redaction.ts';
import { isServiceId } from '../service/shapes.ts';
import { escapeHtml, escapeMarkdown } from './markdown.ts';

export type { Redactor } from '../redaction.ts';

/** Parts of an address (a query string, a signed path segment) shorter than this are not masked. */
const MIN_URL_PART_LENGTH = 8;

/** The redactor of what the sinks write: each secret in every form below. */
export function redactor(secrets: Iterable<string> = []): Redactor {
  return createRedactor(secrets, needlesOf);
}

/**
 * Every form in which a secret may show up in what the sinks write: as it is, line by line
 * when it spans lines, and as the summary's HTML and Markdown escaping, JSON string escaping
 * (the `result` output) and URL encoding would render it. An http(s) address also yields its
 * secret parts, which carry the authorization of signed addresses (upload-url, log-read-url)
 * even when the address is printed without its host: its query string, its query values, and
 * the long opaque path segments that name the object. A path segment or query value that is
 * public by its shape (a service id such as the test run's `trun-...`, a route word such as
 * `configuration-versions`) is not masked on its own: masking it would blank the very id the
 * step reports.
 */
function needlesOf(secret: string): string[] {
  const found = new Set<string>();
  const keep = (value: string, min = MIN_SECRET_LENGTH): void => {
    if (value.length < min) return;
    found.add(value);
    found.add(escapeHtml(value));
    found.add(escapeMarkdown(value));
    found.add(JSON.stringify(value).slice(1, -1));
    found.add(encodeURIComponent(value));
  };

  const trimmed = secret.trim();
  if (trimmed === '') return [];
  keep(secret);
  keep(trimmed);
  if (/[\r\n]/.test(trimmed)) {
    for (const line of trimmed.split(/\r?\n|\r/)) keep(line.trim());
  }

  const url = parseHttpUrl(trimmed);
  if (url) {
    keep(url.href);
    const pathAndQuery = url.pathname + url.search;
    if (pathAndQuery.length > 1) keep(pathAndQuery, MIN_URL_PART_LENGTH);
    if (url.search.length > 1) keep(url.search.slice(1), MIN_URL_PART_LENGTH);
    for (const value of url.searchParams.values()) if (!isServiceId(value)) keep(value, MIN_URL_PART_LENGTH);
    for (const segment of url.pathname.split('/')) {
      // A long path segment is a signed object key or token, unless its shape says it is public.
      const decoded = decodeSafely(segment);
      if (segment.length < 16 || isPublicSegment(decoded)) continue;
      keep(segment, 16);
      keep(decoded, 16);
    }
  }
  return [...found];
}

/** A service id or lower-case route words (`test-runs`, `configuration-versions`), with or without a file extension. */
function isPublicSegment(segment: string): boolean {
  const stem = segment.replace(/\.[A-Za-z0-9]{1,8}$/, '');
  return isServiceId(stem) || /^[a-z]+(?:[-_][a-z]+)*$/.test(stem);
}

function parseHttpUrl(text: string): URL | undefined {
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
