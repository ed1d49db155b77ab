import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The real go-slug packer, as the service's own command-line tool runs it: `terraform test
 * -cloud-run` packs the module directory with go-slug (following links that leave it) and
 * uploads the archive. A small local server stands in for the service just far enough to receive
 * that upload; the archive is what the referee returns. Tests that use it run only where a
 * `terraform` binary is on the PATH.
 */
export const TERRAFORM_AVAILABLE = ((): boolean => {
  try {
    execFileSync('terraform', ['version'], {
      stdio: 'ignore',
      env: { ...process.env, TF_CLI_CONFIG_FILE: '/dev/null' },
    });
    return true;
  } catch {
    return false;
  }
})();

const HOST = 'slug-referee.test';
const MODULE = 'org/name/provider';

/** The gzip'd tar go-slug makes of `moduleDir`, or the error terraform printed when it refused. */
export async function packWithGoSlug(moduleDir: string): Promise<{ archive: Buffer } | { error: string }> {
  let upload: Buffer | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '';
      const json = (status: number, body: unknown): void => {
        response.writeHead(status, { 'content-type': 'application/vnd.api+json' });
        response.end(JSON.stringify(body));
      };
      if (url.endsWith('/ping')) {
        response.writeHead(204, { 'tfp-api-version': '2.6' });
        response.end();
      } else if (request.method === 'GET' && url.includes('/registry-modules/private/')) {
        json(200, {
          data: {
            id: 'mod-1',
            type: 'registry-modules',
            attributes: { name: 'name', provider: 'provider', namespace: 'org' },
          },
        });
      } else if (request.method === 'POST' && url.endsWith('/test-runs/configuration-versions')) {
        const port = (server.address() as AddressInfo).port;
        json(201, {
          data: {
            id: 'cv-1',
            type: 'configuration-versions',
            attributes: { status: 'pending', 'upload-url': `http://127.0.0.1:${port}/upload` },
          },
        });
      } else if (request.method === 'PUT' && url === '/upload') {
        upload = Buffer.concat(chunks);
        response.writeHead(200);
        response.end();
      } else {
        // Anything after the upload (the test run's create) ends terraform's work there.
        json(404, { errors: [{ status: '404', title: 'not found' }] });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'slug-referee-'));
  const config = path.join(configDir, 'terraform.rc');
  await writeFile(
    config,
    `host "${HOST}" {\n  services = { "tfe.v2" = "http://127.0.0.1:${port}/api/v2/" }\n}\ncredentials "${HOST}" {\n  token = "referee"\n}\n`,
  );
  try {
    const output = await new Promise<string>((resolve) => {
      execFile(
        'terraform',
        ['test', '-no-color', `-cloud-run=${HOST}/${MODULE}`],
        {
          cwd: moduleDir,
          env: { PATH: process.env.PATH ?? '', HOME: configDir, TF_CLI_CONFIG_FILE: config, TF_IN_AUTOMATION: '1' },
          timeout: 60_000,
        },
        (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
      );
    });
    return upload ? { archive: upload } : { error: output };
  } finally {
    server.close();
    await rm(configDir, { recursive: true, force: true });
  }
}
