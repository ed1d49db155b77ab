// What a failed connection means: whether the request may have reached the service (and so
// whether repeating it is safe), a host name that does not exist, a certificate refused, a proxy
// that refused the tunnel. Node and undici report these as error codes, anywhere in a cause chain.

import { HostNotFoundError, NetworkError, UntrustedCertificateError } from './errors.ts';
import type { UnknownHost } from './errors.ts';
import { proxyFor } from './proxy.ts';
import type { FailedAttempt, HttpMethod } from './request.ts';

/** DNS says the host name does not exist: unlike EAI_AGAIN (the resolver did not answer),
 *  repeating cannot help, and the step ends at the first attempt, naming the host. */
export const HOST_NOT_FOUND = 'ENOTFOUND';

/** Failures where the request cannot have reached the service: safe to repeat for any method. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  HOST_NOT_FOUND,
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Failures after which the request may have reached the service. */
const MAYBE_SENT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_SOCKET',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNABORTED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
]);

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The host name a DNS failure names (Node's `hostname` on a lookup error), anywhere in its causes. */
function hostnameOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const hostname = (e as { hostname?: unknown }).hostname;
    if (typeof hostname === 'string' && hostname !== '') return hostname;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Verification failures of a server certificate (OpenSSL's codes, as Node reports them). */
const CERTIFICATE_CODES: ReadonlySet<string> = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'INVALID_CA',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The certificate failure anywhere in an error's causes (undici wraps those met inside a
 *  proxy tunnel). */
function certificateProblem(error: unknown): { code: string; message: string } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CERTIFICATE_CODES.has(code)) return { code, message: (e as Error).message };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A proxy that refused the CONNECT tunnel (undici: `Proxy response (502) !== 200 ...`): the
 *  request itself never left. */
function proxyRefusal(error: unknown): string | undefined {
  const status = error instanceof Error ? /^Proxy\b.*\((\d{3})\)/.exec(error.message)?.[1] : undefined;
  return status ? `the proxy answered ${status}` : undefined;
}

/**
 * The error for a host name that does not exist: the input's or the proxy's to fix (exit 2)
 * when nothing has reached the service yet; otherwise a network failure naming the host.
 */
export function hostNotFoundError(
  failure: { method: HttpMethod; target: string; url: string; error: unknown },
  client: { baseUrl: URL; apiAnswered: boolean },
): Error {
  const { method, target, url, error } = failure;
  const address = new URL(url);
  const proxy = proxyFor(address);
  const host = hostnameOf(error) ?? proxy?.hostname ?? address.hostname;
  const unknown: UnknownHost = {
    host,
    from:
      proxy !== undefined && host === proxy.hostname
        ? 'proxy'
        : host === client.baseUrl.hostname
          ? 'base-url'
          : 'service',
  };
  if (unknown.from !== 'service' && !client.apiAnswered)
    return new HostNotFoundError(method, target, unknown, { cause: error });
  return new NetworkError(
    { method, target, code: HOST_NOT_FOUND, timedOut: false, attempts: 1, unknownHost: unknown },
    { cause: error },
  );
}

/**
 * A connection's failure as the outcome of an attempt: whether the request may have reached the
 * service. A refused certificate is thrown (UntrustedCertificateError), as is any error that is
 * no failure of a connection.
 */
export function failedAttempt(error: unknown, method: HttpMethod, url: string): FailedAttempt {
  const code = errorCode(error);
  if (code && NOT_SENT_CODES.has(code)) {
    return { kind: 'failed', code, sent: false, timedOut: code === 'UND_ERR_CONNECT_TIMEOUT', error };
  }
  if (code && (MAYBE_SENT_CODES.has(code) || code.startsWith('HPE_'))) {
    return { kind: 'failed', code, sent: true, timedOut: code.endsWith('_TIMEOUT'), error };
  }
  const refusal = proxyRefusal(error);
  if (refusal) return { kind: 'failed', code: refusal, sent: false, timedOut: false, error };
  const certificate = certificateProblem(error);
  if (certificate) throw new UntrustedCertificateError(method, url, certificate);
  throw error;
}
