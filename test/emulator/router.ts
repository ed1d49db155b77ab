import type { Answer } from './answer.ts';
import type { RequestContext } from './context.ts';

/** What a route expects as body: a JSON:API document (required or optional), raw bytes, or nothing. */
export type BodyKind = 'json' | 'optional-json' | 'octet-stream' | 'none';

export interface Route {
  method: string;
  segments: string[];
  body: BodyKind;
  /** Bytes of the body kept in memory; the rest is counted and discarded. */
  keepBytes?: number;
  handle(ctx: RequestContext): Answer;
}

export function route(
  method: string,
  pattern: string,
  body: BodyKind,
  handle: Route['handle'],
  keepBytes?: number,
): Route {
  const segments = pattern.split('/').filter(Boolean);
  return keepBytes === undefined ? { method, segments, body, handle } : { method, segments, body, handle, keepBytes };
}

export type RouteMatch = { route: Route; params: Record<string, string> } | 'method-not-allowed' | undefined;

/** Finds the route of a path (relative to the API prefix; one trailing slash is ignored, as in
 *  the spec's `GET {TESTROOT}/test-runs/`). */
export function findRoute(routes: Route[], method: string, path: string): RouteMatch {
  let segments: string[];
  try {
    segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  let pathMatched = false;
  for (const candidate of routes) {
    const params = matchSegments(candidate.segments, segments);
    if (params === undefined) continue;
    if (candidate.method === method) return { route: candidate, params };
    pathMatched = true;
  }
  return pathMatched ? 'method-not-allowed' : undefined;
}

function matchSegments(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index]!;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return undefined;
  }
  return params;
}
