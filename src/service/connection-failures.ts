// What a failed connection means: whether the request may have reached the service (and so
// whether repeating it is safe), a host name that does not exist, a TLS failure (a certificate
// refused, a server that answered without TLS) worded for the person with what to do, a proxy that
// refused the tunnel. Node and undici report these as error codes, anywhere in a cause chain.

import { HostNotFoundError, NetworkError, UntrustedCertificateError } from './errors.ts';
import type { UnknownHost } from './errors.ts';
import { proxyFor } from './proxy.ts';
import { baseUrlProblem } from './urls.ts';
import { plural, quoteClipped } from '../text.ts';
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

/** The fields Node and undici give a TLS failure: OpenSSL's code, and for a name the certificate
 *  does not hold, the host asked for and the certificate (`subjectaltname`: `DNS:a, IP Address:b`). */
interface TlsFailure {
  code: string;
  host?: unknown;
  cert?: { subjectaltname?: unknown; subject?: { CN?: unknown } };
}

/** What a TLS failure means to the person and what to do, for the address `url`; no OpenSSL text. */
type TlsWording = (failure: TlsFailure, url: URL) => string;

const unknownAuthority: TlsWording = ({ code }) =>
  `the server's certificate is signed by a certificate authority this machine does not trust (${code}); ` +
  'if the service uses a private certificate authority, give its PEM file in NODE_EXTRA_CA_CERTS';

const selfSigned: TlsWording = ({ code }) =>
  `the server's certificate is self-signed, which this machine does not trust (${code}); ` +
  'to trust it, give its PEM file in NODE_EXTRA_CA_CERTS';

/**
 * A server that answered a TLS handshake in plain text: an http:// server, or the wrong port.
 * `http://` is the answer only where the action takes it: on this machine (baseUrlProblem), for
 * the token goes to any other only over TLS.
 */
const withoutTls: TlsWording = (_failure, url) =>
  baseUrlProblem(`http://${url.host}`) === undefined
    ? 'the server answered without TLS (is it `http://`?)'
    : 'the server answered without TLS (is it `http://`, or the wrong port?); the token goes to another machine ' +
      'only over TLS: give the address where the service answers `https://`';

const hostNotInCertificate: TlsWording = ({ code, host, cert }, url) => {
  const asked = typeof host === 'string' && host !== '' ? host : url.hostname;
  const names = certificateNames(cert);
  const holds = names.length === 0 ? '' : ` but for ${names}`;
  return (
    `the server's certificate is not for the host ${quoteClipped(asked, 80)}${holds} (${code}); ` +
    "give the service's address by a name its certificate holds"
  );
};

/**
 * Each TLS failure by the code Node gives it: a refused certificate (OpenSSL's verification
 * codes) or a handshake that could not happen. Any other `ERR_SSL_`/`ERR_TLS_` code is a failed
 * handshake, said as such (tlsWording).
 */
const TLS_FAILURES: Readonly<Record<string, TlsWording>> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: unknownAuthority,
  UNABLE_TO_GET_ISSUER_CERT: unknownAuthority,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: unknownAuthority,
  SELF_SIGNED_CERT_IN_CHAIN: unknownAuthority,
  CERT_UNTRUSTED: unknownAuthority,
  DEPTH_ZERO_SELF_SIGNED_CERT: selfSigned,
  CERT_HAS_EXPIRED: ({ code }) =>
    `the server's certificate has expired (${code}); whoever runs the service must renew it, unless this machine's clock is wrong`,
  CERT_NOT_YET_VALID: ({ code }) => `the server's certificate is not valid yet (${code}); check this machine's clock`,
  CERT_REVOKED: ({ code }) =>
    `the server's certificate has been revoked by its certificate authority (${code}); whoever runs the service must replace it`,
  CERT_SIGNATURE_FAILURE: ({ code }) => `the signature of the server's certificate is not valid (${code})`,
  INVALID_CA: ({ code }) => `a certificate authority in the server's certificate chain is not valid as one (${code})`,
  ERR_TLS_CERT_ALTNAME_INVALID: hostNotInCertificate,
  // OpenSSL 3, and 1.1 (Node before 17) for the same plain-text answer.
  ERR_SSL_WRONG_VERSION_NUMBER: withoutTls,
  ERR_SSL_PACKET_LENGTH_TOO_LONG: withoutTls,
};

/** The wording of a TLS failure's code, or undefined when the code is none. */
function tlsWording(failure: TlsFailure & { reason?: unknown }): TlsWording | undefined {
  const wording = TLS_FAILURES[failure.code];
  if (wording !== undefined) return wording;
  // Node's own sockets report the plain-text answer as EPROTO, with OpenSSL's reason.
  if (failure.code === 'EPROTO' && failure.reason === 'wrong version number') return withoutTls;
  if (!/^ERR_(?:SSL|TLS)_/.test(failure.code)) return undefined;
  return ({ code }) => `the TLS handshake with the server failed (${code})`;
}

/** The TLS failure anywhere in an error's causes (undici wraps those met inside a proxy
 *  tunnel), with its wording. */
function tlsFailureIn(error: unknown): { failure: TlsFailure; wording: TlsWording } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const failure = e as TlsFailure & { reason?: unknown };
    const wording = typeof failure.code === 'string' ? tlsWording(failure) : undefined;
    if (wording !== undefined) return { failure, wording };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The names a certificate holds, as a message shows them: at most three, quoted. */
function certificateNames(cert: TlsFailure['cert']): string {
  const altNames = typeof cert?.subjectaltname === 'string' ? cert.subjectaltname : '';
  const names = altNames
    .split(',')
    .map((entry) => entry.trim().replace(/^(?:DNS|IP Address):/, ''))
    .filter((name) => name !== '');
  const commonName = cert?.subject?.CN;
  if (names.length === 0 && typeof commonName === 'string' && commonName !== '') names.push(commonName);
  const shown = names.slice(0, 3).map((name) => quoteClipped(name, 80));
  const more = names.length > shown.length ? `, and ${plural(names.length - shown.length, 'other name')}` : '';
  return `${shown.join(', ')}${more}`;
}

/**
 * A TLS failure as the error the step reports: the origin only (the path and query of an upload
 * or log address are its credentials), what failed and what to do. Not retried: the same server
 * gives the same answer.
 */
function tlsFailureError(method: HttpMethod, url: string, found: { failure: TlsFailure; wording: TlsWording }): Error {
  const address = new URL(url);
  const said = found.wording(found.failure, address);
  const error = new UntrustedCertificateError(method, url, { code: found.failure.code, message: said });
  // The class's own sentence speaks of an unknown authority alone; each failure says what it is.
  error.message = `${method} ${address.origin}: ${said}`;
  return error;
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
 * service. A TLS failure is thrown (UntrustedCertificateError, worded by TLS_FAILURES), as is any
 * error that is no failure of a connection.
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
  const tls = tlsFailureIn(error);
  if (tls) throw tlsFailureError(method, url, tls);
  throw error;
}
