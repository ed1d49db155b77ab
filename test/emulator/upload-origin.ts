import type { IncomingHttpHeaders } from 'node:http';
import { emptyAnswer, textAnswer, type Answer } from './answer.ts';
import { mediaType } from './body.ts';
import type { Service } from './context.ts';
import type { TestRun } from './state.ts';
import { CANCELED_LOG } from './default-log.ts';
import { notFound, ServiceError } from './errors.ts';
import type { PortBehaviour } from './port-server.ts';
import { isPolicyObjectPath, servePolicyObject } from './policy-objects.ts';
import { DEFAULT_TEST_RUN_OPTIONS, startTestRun } from './test-run-lifecycle.ts';

/** The second origin: configuration uploads (`upload-url`), test logs (`log-read-url`) and the
 *  objects policy downloads redirect to.
 *  Both addresses carry their own credential in the path; the bearer token is neither needed
 *  nor checked here (requests are recorded with their headers, so tests can see if it was sent). */

const UPLOAD_PATH = /^\/uploads\/([A-Za-z0-9_-]+)$/;
/** `/logs/<run id>/<credential>`: like an object store's signed address, the path names the
 *  run beside the unguessable part (only the credential is checked). */
const LOG_PATH = /^\/logs\/(?:[^/]+\/)?([A-Za-z0-9_-]+)$/;

/** Configuration archives are held whole (tests read them back); a generous cap keeps a
 *  runaway client from exhausting memory. */
const CONFIGURATION_UPLOAD_LIMIT = 512 * 1024 * 1024;

export function uploadPort(service: Service): PortBehaviour {
  return {
    port: (path) => (path.startsWith('/logs/') ? 'log' : isPolicyObjectPath(path) ? 'object' : 'upload'),
    keepBytes: (method) => (method === 'PUT' ? CONFIGURATION_UPLOAD_LIMIT : 0),
    latencyMs: () => 0,
    apply: (request, req, body) => handleUploadOrigin(service, request, req.headers, body.bytes, body.total),
  };
}

function handleUploadOrigin(
  service: Service,
  { method, path, rawQuery }: { method: string; path: string; rawQuery: string },
  headers: IncomingHttpHeaders,
  body: Buffer,
  bodyTotal: number,
): Answer {
  const upload = UPLOAD_PATH.exec(path);
  if (upload && method === 'PUT') return receiveConfiguration(service, upload[1]!, headers, body, bodyTotal);
  const log = LOG_PATH.exec(path);
  if (log && method === 'GET') return serveLog(service, log[1]!, headers.range, new URLSearchParams(rawQuery));
  if (isPolicyObjectPath(path) && method === 'GET') return servePolicyObject(service, path);
  throw notFound('no object at this address');
}

/** Spec 4.2: the upload itself creates the test (TestRunBehaviour decides whether it does).
 *  Spec 5: the address is single-use; like an object store refusing a spent signed URL, a
 *  second PUT is refused with 403 and changes nothing. */
function receiveConfiguration(
  service: Service,
  secret: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  bodyTotal: number,
): Answer {
  if (mediaType(headers['content-type']) !== 'application/octet-stream') {
    throw new ServiceError(
      415,
      'unsupported media type',
      'configuration uploads take Content-Type application/octet-stream',
    );
  }
  const version = service.store.configurationVersionByUploadSecret(secret);
  if (version === undefined) throw notFound('no upload address like this one');
  if (version.archive !== null)
    throw new ServiceError(
      403,
      'forbidden',
      'this upload address was already used; create a new configuration version',
    );
  if (bodyTotal > CONFIGURATION_UPLOAD_LIMIT)
    throw new ServiceError(413, 'payload too large', 'the configuration archive is too large');
  version.archive = body;
  const behaviour = service.settings.testRuns;
  if (behaviour.uploadCreatesRun && (version.autoQueueRuns || !behaviour.respectAutoQueueRuns)) {
    const start = (): void =>
      void startTestRun(
        service,
        version,
        version.moduleId,
        'svc-configuration-version',
        version.createdBy,
        DEFAULT_TEST_RUN_OPTIONS,
      );
    const delay = drawDelay(behaviour.autoRunDelayMs);
    if (delay <= 0) start();
    else service.timers.after(delay, start);
  }
  // Spec 4.2: the success status is not shown; 200 without a body, as object stores answer.
  return emptyAnswer(200);
}

/** A delay drawn uniformly from [min, max] ms. */
function drawDelay([min, max]: [number, number]): number {
  return min + Math.random() * Math.max(0, max - min);
}

function serveLog(service: Service, secret: string, range: string | undefined, query: URLSearchParams): Answer {
  const run = service.store.testRunByLogSecret(secret);
  if (run === undefined) throw notFound('no log at this address');
  const log = Buffer.from(logSoFar(service, run));
  // The log store's own paging, as the service's official client reads logs: `limit` bytes from
  // `offset`, 200 whatever is left (nothing past the end).
  const limit = query.get('limit');
  if (service.settings.testRuns.logPaging && limit !== null && /^\d+$/.test(limit)) {
    const offset = Number(/^\d+$/.test(query.get('offset') ?? '') ? query.get('offset') : 0);
    return textAnswer(200, log.subarray(offset, offset + Number(limit)));
  }
  const from = /^bytes=(\d+)-$/.exec(range ?? '');
  if (!service.settings.testRuns.logRange || from === null) return textAnswer(200, log);
  // As an object store answers a range of a growing object: its size so far is not final.
  // `whole`: a store that answers 206 with the whole log, from its first byte, as its
  // Content-Range says (not the byte asked for).
  const start = service.settings.testRuns.logRange === 'whole' ? 0 : Number(from[1]);
  const total = run.status === 'running' ? '*' : String(log.length);
  if (start >= log.length || Number(from[1]) > log.length)
    return textAnswer(416, '', undefined, { 'content-range': `bytes */${log.length}` });
  return textAnswer(206, log.subarray(start), undefined, {
    'content-range': `bytes ${start}-${log.length - 1}/${total}`,
  });
}

/** The log as it stands: while the run runs, its first lines in step with the time it has run
 *  (never the last line, which comes with the end), or the whole lines terraform has written;
 *  once it ended, all of it. */
function logSoFar(service: Service, run: TestRun): string {
  if (run.terraform !== null) {
    if (run.status === 'running') return run.terraform.wholeLines();
    return run.result?.log ?? (run.terraform.output() || CANCELED_LOG);
  }
  if (run.status !== 'running') return run.result?.log ?? CANCELED_LOG;
  const lines = run.outcome.log.split(/(?<=\n)/);
  const ran = service.now() - (run.runningSince ?? service.now());
  const share = Math.min(1, ran / service.settings.testRuns.runningMs);
  return lines.slice(0, Math.min(lines.length - 1, Math.floor(share * lines.length))).join('');
}
