// TLS for tests: a private certificate authority and a server certificate made at test time with
// the openssl command line, and a TLS front that terminates TLS on 127.0.0.1 and passes the
// bytes to a plain-HTTP server (the emulator), so that the service can be reached as
// https://svc.test:PORT through a proxy that maps the name.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:tls';
import { listenLocally } from './local-server.ts';

export interface TestCertificates {
  /** PEM file of the authority, for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  caPem: string;
  /** Server key and certificate (PEM) valid for every name given. */
  key: string;
  cert: string;
  remove(): void;
}

/** A new authority and a server certificate for `names`, signed by it (P-256, one day). */
export function makeCertificates(names: string[]): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'test-ca-'));
  const file = (name: string): string => join(dir, name);
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '1',
    '-subj',
    '/CN=Test Private CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${names[0]}`);
  writeFileSync(
    file('server.ext'),
    [
      `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '1',
    '-extfile',
    'server.ext',
  );
  return {
    caFile: file('ca.pem'),
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    key: readFileSync(file('server.key'), 'utf8'),
    cert: readFileSync(file('server.pem'), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface TlsFront {
  readonly port: number;
  /** TLS connections accepted. */
  readonly connections: number;
  close(): Promise<void>;
}

/** Terminates TLS on 127.0.0.1 and passes each connection's bytes to 127.0.0.1:`targetPort`. */
export async function startTlsFront(
  certificates: Pick<TestCertificates, 'key' | 'cert'>,
  targetPort: number,
): Promise<TlsFront> {
  let connections = 0;
  const server = createServer({ key: certificates.key, cert: certificates.cert }, (secure) => {
    connections++;
    const upstream = connect(targetPort, '127.0.0.1');
    local.track(upstream);
    secure.pipe(upstream).pipe(secure);
    upstream.on('error', () => secure.destroy());
    secure.on('error', () => upstream.destroy());
  });
  const local = await listenLocally(server);
  return {
    port: local.port,
    get connections() {
      return connections;
    },
    close: local.close,
  };
}
