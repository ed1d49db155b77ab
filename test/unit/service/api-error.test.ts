import { describe, expect, it } from 'vitest';
import { AmbiguousWriteError, ApiError, NetworkError } from '../../../src/service/errors.ts';

describe('ApiError messages', () => {
  const make = (
    status: number,
    errors = [
      {
        title: 'invalid attribute',
        detail: 'Name has already been taken',
        source: { pointer: '/data/attributes/name' },
      },
    ],
  ) => new ApiError({ method: 'POST', target: '/api/v2/organizations/acme/policies', status, errors });

  it('redacts a secret the service repeats before cutting its words, so no part of it survives the cut', () => {
    const token = 'tok3n.atlasv1.' + 'k'.repeat(60);
    // The token straddles the 300-character cut of a detail.
    const detail = `${'x'.repeat(280)} ${token}`;
    const error = new ApiError({
      method: 'POST',
      target: '/api/v2/organizations/acme/policies',
      status: 422,
      errors: [{ detail }],
      redact: (t) => t.replaceAll(token, '***'),
    });
    expect(error.message).toContain('***');
    expect(error.message).not.toContain('tok3n');
    expect(JSON.stringify(error.errors)).not.toContain('tok3n');
  });

  it('says what a 404 means for this service', () => {
    expect(make(404, []).message).toBe(
      'POST /api/v2/organizations/acme/policies: not found, or the token has no permission to see it (404)',
    );
  });

  it('says a 401 is about the token itself, and which token to make', () => {
    expect(make(401, []).message).toBe(
      'POST /api/v2/organizations/acme/policies: the service refused the token (401 Unauthorized): it is mistyped, expired or revoked; ' +
        'create a new API token (with the permissions the mode needs) and set the token input to it, from a secret',
    );
    const error = new ApiError({
      method: 'GET',
      target: '/api/v2/x',
      status: 401,
      errors: [{ title: 'unauthorized', detail: 'A valid API token is required.' }],
      tokenNeeded: 'one that may manage policies',
    });
    expect(error.message).toBe(
      'GET /api/v2/x: the service refused the token (401 Unauthorized): it is mistyped, expired or revoked; ' +
        'the service said: unauthorized: A valid API token is required; ' +
        'create a new API token (one that may manage policies) and set the token input to it, from a secret',
    );
  });

  it('leaves out the final period of the service’s words, which the message goes on after', () => {
    const error = new ApiError({
      method: 'POST',
      target: '/api/v2/x',
      status: 422,
      errors: [{ title: 'invalid attribute', detail: 'Name is taken.' }],
    });
    expect(error.message).toMatch(/the service said: invalid attribute: Name is taken$/);
  });

  it('carries titles, details and the pointer for 409/413/422/400', () => {
    for (const status of [400, 409, 413, 422]) {
      const error = make(status);
      expect(error.status).toBe(status);
      expect(error.message).toContain(`(${status}`);
      expect(error.message).toContain('invalid attribute: Name has already been taken (at /data/attributes/name)');
      expect(error.details).toEqual(['invalid attribute: Name has already been taken (at /data/attributes/name)']);
    }
    expect(make(413, []).message).toMatch(/too large .*10 MB.*nothing was saved/);
  });

  it('masks the token wherever the service echoed it', () => {
    const error = new ApiError({
      method: 'GET',
      target: '/api/v2/x',
      status: 422,
      errors: [{ detail: 'token tok-SECRET is odd' }],
      redact: (t) => t.split('tok-SECRET').join('***'),
    });
    expect(error.message).not.toContain('tok-SECRET');
    expect(JSON.stringify(error.errors)).not.toContain('tok-SECRET');
  });
});

describe('other errors', () => {
  it('AmbiguousWriteError says the write may have happened', () => {
    const e = new AmbiguousWriteError('POST', '/api/v2/organizations/acme/policies', 'the connection closed');
    expect(e.message).toMatch(
      /^POST \/api\/v2\/organizations\/acme\/policies: the connection closed after the request was sent, so it is unknown/,
    );
  });

  it('NetworkError names the code and the attempts', () => {
    const e = new NetworkError({
      method: 'GET',
      target: '/api/v2/x',
      code: 'ECONNREFUSED',
      timedOut: false,
      attempts: 3,
    });
    expect(e.message).toBe(
      'GET /api/v2/x: the connection failed (ECONNREFUSED) after 3 attempts; check that the service address is right and the service is reachable',
    );
  });
});
