import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { emptyAnswer, JSON_API_MEDIA_TYPE, jsonAnswer, writeAnswer, type Answer } from './answer.ts';
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
  if (fault?.type === 'huge-body') return { record, answer: hugeBody(fault.bytes, fault.declareLength) };
  if (fault?.type === 'drip') return { record, answer: drip(fault.everyMs, deps.timers) };
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
  const titles: Record<number, string> = {
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not found',
    409: 'conflict',
    429: 'too many requests',
  };
  const title = titles[fault.status] ?? 'service unavailable';
  return jsonAnswer(fault.status, new ServiceError(fault.status, title, 'injected fault').toDocument(), headers);
}

/** `{"data":[],"meta":"aaa…"}` of exactly `bytes` bytes, written as the client reads it. */
function hugeBody(bytes: number, declareLength: boolean): Answer {
  const head = Buffer.from('{"data":[],"meta":"');
  const tail = Buffer.from('"}');
  const filler = Buffer.alloc(64 * 1024, 'a');
  const headers: Record<string, string> = { 'content-type': JSON_API_MEDIA_TYPE };
  if (declareLength) headers['content-length'] = String(bytes);
  const send = (res: ServerResponse): void => {
    let left = bytes - head.length - tail.length;
    const pump = (): void => {
      while (!res.destroyed && left > 0) {
        const chunk = left >= filler.length ? filler : filler.subarray(0, left);
        left -= chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end(tail);
    };
    res.write(head);
    pump();
  };
  return { status: 200, kind: 'stream', headers, send };
}

/** A body that never ends: a byte every `everyMs`, until the client goes away. */
function drip(everyMs: number, timers: Timers): Answer {
  const send = (res: ServerResponse): void => {
    const next = (): void => {
      if (res.destroyed) return;
      res.write(' ');
      timers.after(everyMs, next);
    };
    res.write('{');
    timers.after(everyMs, next);
  };
  return { status: 200, kind: 'stream', headers: { 'content-type': JSON_API_MEDIA_TYPE }, send };
}
