// The service client masks its token in what the service says back, with the action's one
// masking (src/redaction.ts): an error answer that echoes the token never carries it on.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/service/client.ts';
import { ApiError } from '../../../src/service/errors.ts';
import { caught } from '../../service/harness.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

const servers: Array<{ close(): void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('the token in an error answer', () => {
  it('is masked in the message and in each error object', async () => {
    // The service echoes the Authorization header it was sent, word for word.
    const server = createServer((request, response) => {
      const sent = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      response.writeHead(422, { 'content-type': 'application/vnd.api+json' });
      response.end(JSON.stringify({ errors: [{ title: `bad ${sent}`, detail: `the token ${sent} may not do this` }] }));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const token = 'svc-token.' + 'q'.repeat(40);
    const client = createServiceClient({
      clock: systemClock,
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token,
      retry: { retries: 0 },
    });
    try {
      const error = await caught(client.http.request({ method: 'GET', path: '/organizations/acme/policies' }));
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.message).toContain('the token *** may not do this');
      expect(apiError.message).not.toContain(token);
      expect(apiError.errors).toEqual([{ title: 'bad ***', detail: 'the token *** may not do this' }]);
    } finally {
      await client.close();
    }
  });
});
