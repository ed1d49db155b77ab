// A TLS failure told apart and worded for the person, with what to do: a plain-HTTP server behind
// an https:// address, a certificate from an authority this machine does not trust, an expired
// certificate, one for other names. Never OpenSSL's own text (`SSL routines:...:../deps/openssl/...`
// with its line break, which the runner shows as `%0A`). Real TLS servers on 127.0.0.1; names are
// answered by a test resolver.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/service/client.ts';
import type { ServiceClient } from '../../../src/service/client.ts';
import { UntrustedCertificateError } from '../../../src/service/errors.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { makeCertificates, startTlsFront } from '../../support/tls-front.ts';
import type { TestCertificates, TlsFront } from '../../support/tls-front.ts';
import { testResolver } from '../../support/test-resolver.ts';
import { caught, FAST_RETRY } from '../../service/harness.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

const trusted = getCACertificates('default');
let emulator: Emulator;
let certificates: TestCertificates;
let front: TlsFront;
let expired: { dir: string; caPem: string };
let expiredFront: TlsFront;

beforeAll(async () => {
  emulator = await startEmulator();
  const port = Number(new URL(emulator.baseUrl).port);
  certificates = makeCertificates(['svc.test']);
  front = await startTlsFront(certificates, port);
  expired = makeExpiredCertificate('svc.test');
  expiredFront = await startTlsFront(
    {
      key: readFileSync(join(expired.dir, 'server.key'), 'utf8'),
      cert: readFileSync(join(expired.dir, 'server.pem'), 'utf8'),
    },
    port,
  );
});
afterAll(async () => {
  setDefaultCACertificates(trusted);
  await Promise.all([front?.close(), expiredFront?.close()]);
  await emulator?.close();
  certificates?.remove();
  if (expired) rmSync(expired.dir, { recursive: true, force: true });
});

const clients: ServiceClient[] = [];
afterEach(async () => {
  setDefaultCACertificates(trusted);
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/** The error of one read through a client of `baseUrl` (every name is this machine), and its attempts. */
async function failedRead(baseUrl: string): Promise<Error> {
  const client = createServiceClient({
    clock: systemClock,
    baseUrl,
    token: emulator.token,
    retry: FAST_RETRY,
    lookup: testResolver(() => 'this machine').lookup,
  });
  clients.push(client);
  const error = await caught(client.policies.list('acme'));
  expect(error).toBeInstanceOf(UntrustedCertificateError);
  return error as Error;
}

/** What a person reads holds none of OpenSSL's own text, and stays on one line. */
function expectWordedForPeople(message: string): void {
  expect(message).not.toMatch(/SSL routines|deps\/openssl|:error:|[\r\n]/);
  expect(message).not.toMatch(/organization/);
}

describe('a TLS failure, worded for the person', () => {
  it('a plain-HTTP server behind an https:// address on this machine: "is it http://?"', async () => {
    const origin = new URL(emulator.baseUrl).origin.replace('http://', 'https://');
    const error = await failedRead(`${origin}/api/v2`);
    expect(error.message).toBe(`GET ${origin}: the server answered without TLS (is it \`http://\`?)`);
    expect((error as UntrustedCertificateError).code).toBe('ERR_SSL_WRONG_VERSION_NUMBER');
    expectWordedForPeople(error.message);
  });

  it('a plain-HTTP server behind an https:// address of another machine: http:// is no answer there, the token goes only over TLS', async () => {
    const port = new URL(emulator.baseUrl).port;
    const error = await failedRead(`https://svc.test:${port}/api/v2`);
    expect(error.message).toBe(
      `GET https://svc.test:${port}: the server answered without TLS (is it \`http://\`, or the wrong port?); ` +
        'the token goes to another machine only over TLS: give the address where the service answers `https://`',
    );
    expectWordedForPeople(error.message);
  });

  it('a certificate from an authority this machine does not trust: NODE_EXTRA_CA_CERTS', async () => {
    const error = await failedRead(`https://svc.test:${front.port}/api/v2`);
    expect(error.message).toBe(
      `GET https://svc.test:${front.port}: the server's certificate is signed by a certificate authority this machine ` +
        'does not trust (UNABLE_TO_VERIFY_LEAF_SIGNATURE); if the service uses a private certificate authority, ' +
        'give its PEM file in NODE_EXTRA_CA_CERTS',
    );
    expectWordedForPeople(error.message);
  });

  it('an expired certificate: to be renewed, not trusted by another authority', async () => {
    setDefaultCACertificates([...trusted, expired.caPem]);
    const error = await failedRead(`https://svc.test:${expiredFront.port}/api/v2`);
    expect(error.message).toBe(
      `GET https://svc.test:${expiredFront.port}: the server's certificate has expired (CERT_HAS_EXPIRED); ` +
        "whoever runs the service must renew it, unless this machine's clock is wrong",
    );
    expect(error.message).not.toContain('NODE_EXTRA_CA_CERTS');
    expectWordedForPeople(error.message);
  });

  it('a certificate for other names: the host asked for and the names the certificate holds', async () => {
    setDefaultCACertificates([...trusted, certificates.caPem]);
    const error = await failedRead(`https://other.test:${front.port}/api/v2`);
    expect(error.message).toBe(
      `GET https://other.test:${front.port}: the server's certificate is not for the host "other.test" but for "svc.test" ` +
        "(ERR_TLS_CERT_ALTNAME_INVALID); give the service's address by a name its certificate holds",
    );
    expect(error.message).not.toContain('NODE_EXTRA_CA_CERTS');
    expectWordedForPeople(error.message);
  });
});

/**
 * A private authority and a server certificate for `name` signed by it that expired in 2020:
 * `openssl ca` is the command that sets a certificate's dates.
 */
function makeExpiredCertificate(name: string): { dir: string; caPem: string } {
  const dir = mkdtempSync(join(tmpdir(), 'test-expired-'));
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=Test Expiring CA');
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${name}`);
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '01\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = ca_section',
      '[ca_section]',
      'database = index.txt',
      'new_certs_dir = .',
      'serial = serial',
      'default_md = sha256',
      'policy = any',
      'x509_extensions = server',
      '[any]',
      'commonName = supplied',
      '[server]',
      `subjectAltName = DNS:${name}`,
      'basicConstraints = CA:FALSE',
      'extendedKeyUsage = serverAuth',
      '',
    ].join('\n'),
  );
  openssl(
    'ca',
    '-config',
    'ca.cnf',
    '-batch',
    '-notext',
    '-cert',
    'ca.pem',
    '-keyfile',
    'ca.key',
    '-in',
    'server.csr',
    '-out',
    'server.pem',
    '-startdate',
    '20200101000000Z',
    '-enddate',
    '20200102000000Z',
  );
  return { dir, caPem: readFileSync(join(dir, 'ca.pem'), 'utf8') };
}
