import { createServer, type IncomingMessage, type Server } from 'node:http';
import { emptyAnswer, jsonAnswer, writeAnswer, type Answer } from './answer.ts';
import type { Fault, RecordedRequest } from './api.ts';
import { readBody, type ReceivedBody } from './body.ts';
import { ServiceError } from './errors.ts';
import type { FaultQueue } from './faults.ts';
import type { RequestLog } from './request-log.ts';
import type { Timers } from './timers.ts';

/** What one listening port does; the request pipeline around it is shared. */
export interface PortBehaviour {
  port(path: string): RecordedRequest['port'];
  /** Bytes of a request body kept in memory; the rest is counted and discarded. */
  keepBytes(method: string, path: string): number;
  latencyMs(): number;
  /** Handles a request that no fault stopped. Throws ServiceError for error answers. */
  apply(request: RecordedRequest, req: IncomingMessage, body: ReceivedBody): Answer;
}

export interface PortDependencies {
  log: RequestLog;
  faults: FaultQueue;
  timers: Timers;
}

/** A node:http server running every request through: record, read the body, latency, the
 *  next matching fault, then the port's own handling. */
export function createPortServer(behaviour: PortBehaviour, deps: PortDependencies): Server {
  return createServer((req, res) => {
    void serve(behaviour, deps, req).then((outcome) => {
      if (outcome === 'dropped' || res.destroyed) return;
      writeAnswer(res, outcome.answer);
      outcome.record.status = outcome.answer.status;
    });
  });
}

type Outcome = { record: RecordedRequest; answer: Answer } | 'dropped';

async function serve(behaviour: PortBehaviour, deps: PortDependencies, req: IncomingMessage): Promise<Outcome> {
  const path = (req.url ?? '/').split('?')[0]!;
  const record = deps.log.begin(behaviour.port(path), req);
  let body: ReceivedBody;
  try {
    body = await readBody(req, behaviour.keepBytes(record.method, record.path));
  } catch {
    req.socket.destroy();
    return 'dropped';
  }
  record.body = body.bytes;
  await deps.timers.holdAnswer(behaviour.latencyMs());
  const fault = deps.faults.take(record.port, record.method, record.path);
  if (fault?.type === 'drop-before') return drop(req);
  if (fault?.type === 'status') return { record, answer: statusFaultAnswer(fault) };
  if (fault?.type === 'delay') await deps.timers.holdAnswer(fault.ms);
  if (fault?.type === 'drop-after' && fault.afterMs !== undefined) await deps.timers.holdAnswer(fault.afterMs);
  let answer = answerOf(() => behaviour.apply(record, req, body));
  if (fault?.type === 'drop-after') return drop(req);
  if (fault?.type === 'rewrite' && answer.kind === 'json')
    answer = { ...answer, body: fault.body(structuredClone(answer.body)) };
  if (fault?.type === 'no-body') return { record, answer: emptyAnswer(fault.status) };
  return { record, answer };
}

/** The connection ends without an answer; the request keeps status 0 in the log. */
function drop(req: IncomingMessage): 'dropped' {
  req.socket.destroy();
  return 'dropped';
}

function answerOf(apply: () => Answer): Answer {
  try {
    return apply();
  } catch (error) {
    if (error instanceof ServiceError) return jsonAnswer(error.status, error.toDocument());
    console.error('emulator: unexpected error while handling a request', error);
    const detail = error instanceof Error ? error.message : String(error);
    return jsonAnswer(500, new ServiceError(500, 'internal server error', detail).toDocument());
  }
}

function statusFaultAnswer(fault: Extract<Fault['kind'], { type: 'status' }>): Answer {
  const headers: Record<string, string> = {};
  if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
  if (fault.rateLimitReset !== undefined) headers['x-ratelimit-reset'] = fault.rateLimitReset;
  const titles: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 429: 'too many requests' };
  const title = titles[fault.status] ?? 'service unavailable';
  return jsonAnswer(fault.status, new ServiceError(fault.status, title, 'injected fault').toDocument(), headers);
}
