import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { baseUrlProblem, createServiceClient, normaliseBaseUrl, tokenProblem } from '../../../src/service/client.ts';
import { apiRequestUrl, describeTarget, resolveTarget } from '../../../src/service/urls.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

describe('normaliseBaseUrl', () => {
  it('appends /api/v2 when the path lacks it', () => {
    expect(normaliseBaseUrl('https://svc.example.com').href).toBe('https://svc.example.com/api/v2');
    expect(normaliseBaseUrl('https://svc.example.com/').href).toBe('https://svc.example.com/api/v2');
    expect(normaliseBaseUrl('https://svc.example.com/prefix').href).toBe('https://svc.example.com/prefix/api/v2');
  });

  it('keeps a path that already ends in /api/v2, without a trailing slash, query or fragment', () => {
    expect(normaliseBaseUrl('https://svc.example.com/api/v2').href).toBe('https://svc.example.com/api/v2');
    expect(normaliseBaseUrl(' https://svc.example.com/api/v2/?x=1#y ').href).toBe('https://svc.example.com/api/v2');
  });

  it('refuses what is not an http address', () => {
    expect(() => normaliseBaseUrl('svc.example.com')).toThrow(ConfigurationError);
    // The service layer names no input: the inputs name theirs.
    expect(() => normaliseBaseUrl('svc.example.com')).toThrow(/^The service address must be an http\(s\) address/);
    expect(() => normaliseBaseUrl('ftp://svc.example.com')).toThrow(/^The service address must start with https:\/\//);
    expect(() => normaliseBaseUrl('https://user:pw@svc.example.com')).toThrow(
      /^The service address must not carry a user name or password/,
    );
  });
});

describe('baseUrlProblem and tokenProblem, the one rule the inputs apply', () => {
  it('says what is wrong in words that follow any name, naming no input', () => {
    expect(baseUrlProblem('https://svc.example.com/api/v2')).toBeUndefined();
    expect(baseUrlProblem('http://127.0.0.1:8080')).toBeUndefined();
    expect(baseUrlProblem('http://svc.example.com')).toMatch(
      /^must use https:\/\/ unless the service runs on this machine/,
    );
    expect(baseUrlProblem('https://svc.example.com/api/v2?x=1')).toMatch(/^must not have a query/);
    expect(baseUrlProblem(' https://svc.example.com')).toMatch(/^must not hold spaces/);
    expect(tokenProblem('t0k3n.abc')).toBeUndefined();
    expect(tokenProblem('Bearer t0k3n')).toMatch(/^contains spaces or line breaks/);
    expect(tokenProblem('t0k3n\u00e9')).toMatch(/^contains a control, invisible or non-ASCII character/);
    for (const problem of [baseUrlProblem('ftp://x'), baseUrlProblem('x y'), tokenProblem('a b'), tokenProblem('')])
      expect(problem).not.toMatch(/input|base-url|"token"/i);
  });

  it('is the rule of the client itself, for a caller that is not the inputs', () => {
    const client = (token: string) => () =>
      createServiceClient({ clock: systemClock, baseUrl: 'https://svc.example.com', token });
    expect(client('t\u00f6ken')).toThrow(
      'The API token contains a control, invisible or non-ASCII character: copy the API token again, without anything around it.',
    );
    expect(client(' ')).toThrow('The API token is empty: the service needs one.');
  });

  it('never shows the credentials of an address', () => {
    expect(baseUrlProblem('https://user:pw@svc.example.com')).toContain('(got "https://***@svc.example.com")');
    expect(() => normaliseBaseUrl('ftp://user:pw@svc.example.com')).toThrow(
      'The service address must start with https:// or http:// (got "ftp://***@svc.example.com").',
    );
    // A password as typed, with the characters that end a URL's user part.
    for (const password of ['hunter/2', 'hunter?2', 'hunter#2', 'hun@ter/2']) {
      const problem = baseUrlProblem(`https://user:${password}@svc.example.com/api/v2`);
      expect(problem).toBeDefined();
      expect(problem).toContain('(got "https://***@svc.example.com/api/v2")');
      expect(problem).not.toMatch(/hun|ter\/2|user:/);
    }
  });
});

describe('resolveTarget', () => {
  const base = normaliseBaseUrl('https://svc.example.com/api/v2');

  it('puts a relative path under the base path', () => {
    expect(resolveTarget(base, '/policies/pol-1').href).toBe('https://svc.example.com/api/v2/policies/pol-1');
    expect(resolveTarget(base, 'policies/pol-1').href).toBe('https://svc.example.com/api/v2/policies/pol-1');
  });

  it('resolves a link that carries /api/v2 against the origin', () => {
    expect(resolveTarget(base, '/api/v2/policies/pol-1/download').href).toBe(
      'https://svc.example.com/api/v2/policies/pol-1/download',
    );
    const prefixed = normaliseBaseUrl('https://svc.example.com/tfe/api/v2');
    expect(resolveTarget(prefixed, '/tfe/api/v2/policies/pol-1').href).toBe(
      'https://svc.example.com/tfe/api/v2/policies/pol-1',
    );
  });

  it('takes an absolute address as it is', () => {
    expect(resolveTarget(base, 'https://uploads.example.net/obj/abc?sig=1').href).toBe(
      'https://uploads.example.net/obj/abc?sig=1',
    );
  });
});

describe('apiRequestUrl', () => {
  const base = normaliseBaseUrl('https://svc.example.com/api/v2');

  it('percent-encodes brackets of query keys', () => {
    const url = apiRequestUrl(resolveTarget(base, '/organizations/acme/policies'), {
      'page[size]': 100,
      'search[name]': 'a b',
      skip: undefined,
    });
    expect(url).toBe(
      'https://svc.example.com/api/v2/organizations/acme/policies?page%5Bsize%5D=100&search%5Bname%5D=a%20b',
    );
  });

  it('re-encodes the brackets of a link and lets the given query win', () => {
    const link = resolveTarget(base, 'https://svc.example.com/api/v2/x?page[number]=2&page[size]=20&filter[kind]=opa');
    expect(apiRequestUrl(link, { 'page[size]': 100 })).toBe(
      'https://svc.example.com/api/v2/x?page%5Bnumber%5D=2&filter%5Bkind%5D=opa&page%5Bsize%5D=100',
    );
  });

  it('joins a list value with commas', () => {
    expect(apiRequestUrl(resolveTarget(base, '/t'), { 'filter[source]': ['svc', 'svc-api'] })).toBe(
      'https://svc.example.com/api/v2/t?filter%5Bsource%5D=svc%2Csvc-api',
    );
  });
});

describe('describeTarget', () => {
  it('shows an API address as its path and any other address as its origin only', () => {
    const api = 'https://svc.example.com';
    expect(describeTarget(new URL('https://svc.example.com/api/v2/policies?page%5Bsize%5D=1'), api)).toBe(
      '/api/v2/policies',
    );
    expect(describeTarget(new URL('https://svc.example.com/api/v2/policies?x=1'), api, true)).toBe(
      '/api/v2/policies?x=1',
    );
    expect(describeTarget(new URL('https://up.example.net/secret-object?sig=s3cr3t'), api)).toBe(
      'https://up.example.net',
    );
  });
});
