import type { IncomingMessage } from 'node:http';
import { JSON_API_MEDIA_TYPE, jsonAnswer, type Answer } from './answer.ts';
import type { RecordedRequest } from './api.ts';
import { authenticate } from './auth.ts';
import { mediaType, type ReceivedBody } from './body.ts';
import { API_PREFIX, type Service } from './context.ts';
import { notFound, ServiceError } from './errors.ts';
import { moduleTestRoutes } from './module-tests.ts';
import { noCodeRoutes } from './no-code.ts';
import { policyRoutes } from './policies.ts';
import type { PortBehaviour } from './port-server.ts';
import type { RateLimiter } from './rate-limit.ts';
import { findRoute, type Route } from './router.ts';
import { planPage, upgradeRoutes } from './upgrades.ts';

const ROUTES: Route[] = [...policyRoutes, ...moduleTestRoutes, ...noCodeRoutes, ...upgradeRoutes];

/** JSON request documents are small; anything larger is refused rather than held. */
const JSON_BODY_LIMIT = 4 * 1024 * 1024;

export function apiPort(service: Service, limiter: RateLimiter): PortBehaviour {
  return {
    port: () => 'api',
    keepBytes(method, path) {
      const match = findRoute(ROUTES, method, path.slice(API_PREFIX.length));
      return typeof match === 'object' && match.route.keepBytes !== undefined ? match.route.keepBytes : JSON_BODY_LIMIT;
    },
    latencyMs: () => service.settings.latencyMs,
    apply: (request, req, body) => withLimitHeader(service, applyApiRequest(service, limiter, request, req, body)),
  };
}

function applyApiRequest(
  service: Service,
  limiter: RateLimiter,
  request: RecordedRequest,
  req: IncomingMessage,
  body: ReceivedBody,
): Answer {
  if (!request.path.startsWith(`${API_PREFIX}/`)) {
    const page = request.method === 'GET' ? planPage(service, request.path) : undefined;
    if (page) return page;
    throw notFound(`no endpoint at ${request.path}; paths start with ${API_PREFIX}`);
  }
  const limited = rateLimit(service, limiter, req.headers.authorization ?? '');
  if (limited) return limited;
  const caller = authenticate(service.store, req.headers.authorization);
  const match = findRoute(ROUTES, request.method, request.path.slice(API_PREFIX.length));
  if (match === undefined) throw notFound(`no endpoint at ${request.path}`);
  if (match === 'method-not-allowed')
    throw new ServiceError(405, 'method not allowed', `${request.method} is not supported on ${request.path}`);
  checkBody(match.route, req, body);
  return match.route.handle({
    service,
    caller,
    params: match.params,
    query: new URLSearchParams(request.rawQuery),
    path: request.path,
    body: body.bytes,
    bodyTotal: body.total,
  });
}

/** The service says its limit on every answer of the API (`X-RateLimit-Limit`), as the real one does. */
function withLimitHeader(service: Service, answer: Answer): Answer {
  const limit = service.settings.rateLimitPerSecond;
  if (!Number.isFinite(limit) || !service.settings.rateLimitHeader) return answer;
  return { ...answer, headers: { ...answer.headers, 'x-ratelimit-limit': String(limit) } } as Answer;
}

/** Per token, a sliding window of one second; `X-RateLimit-Reset` says (in fractional
 *  seconds) when the next slot frees. */
function rateLimit(service: Service, limiter: RateLimiter, authorization: string): Answer | undefined {
  const decision = limiter.check(authorization, service.settings.rateLimitPerSecond);
  if (decision.allowed) return undefined;
  const headers: Record<string, string> = { 'x-ratelimit-reset': decision.resetSeconds.toFixed(3) };
  if (service.settings.rateLimitRetryAfter)
    headers['retry-after'] = String(Math.max(1, Math.ceil(decision.resetSeconds)));
  const error = new ServiceError(
    429,
    'too many requests',
    `rate limit of ${service.settings.rateLimitPerSecond} requests per second exceeded`,
  );
  return jsonAnswer(429, error.toDocument(), headers);
}

const MUTATIONS = new Set(['POST', 'PATCH', 'DELETE']);

/** Every request that changes something must say `application/vnd.api+json` (spec
 *  "Conventions": all requests use it), with a body or without one: the real service answers 415
 *  Unsupported Media Type to a bodiless cancel, confirm or delete that declares nothing. A JSON
 *  body of any method must say it too. Uploads take `application/octet-stream` (415 otherwise).
 *  A body over the JSON limit is 413. */
function checkBody(route: Route, req: IncomingMessage, body: ReceivedBody): void {
  const type = mediaType(req.headers['content-type']);
  if (route.body === 'octet-stream') {
    if (type !== 'application/octet-stream') throw unsupported('application/octet-stream', type);
    return;
  }
  if (body.total > body.bytes.length)
    throw new ServiceError(413, 'payload too large', 'the request document is too large');
  const declares = MUTATIONS.has(req.method ?? '') || body.total > 0;
  if (declares && type !== JSON_API_MEDIA_TYPE) throw unsupported(JSON_API_MEDIA_TYPE, type);
}

function unsupported(expected: string, actual: string): ServiceError {
  return new ServiceError(
    415,
    'unsupported media type',
    `this endpoint takes Content-Type ${expected}, got ${actual || 'none'}`,
  );
}
