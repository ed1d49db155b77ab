// Reading the document the spec names from a 2xx answer, and saying what came back when it is
// not there.
import { describe, expect, it } from 'vitest';
import { UnexpectedResponseError } from '../../../src/service/errors.ts';
import type { HttpResponse } from '../../../src/service/request.ts';
import { describeBody, readDocument } from '../../../src/service/jsonapi.ts';

function answer(status: number, text: string, contentType = 'application/vnd.api+json'): HttpResponse {
  let json: unknown;
  try {
    json = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    status,
    headers: { 'content-type': contentType },
    text,
    json,
    alreadyDone: false,
    method: 'POST',
    target: '/api/v2/x',
  };
}

describe('readDocument', () => {
  it('returns a document of the named type', () => {
    const doc = readDocument(
      answer(202, '{"data":{"id":"run-1","type":"workspace-upgrade","attributes":{"status":"pending"}}}'),
      'workspace-upgrade',
    );
    expect(doc.data).toMatchObject({ id: 'run-1' });
  });

  it.each([
    ['no body', '', 'text/plain', 'no body'],
    ['a message', '{"message":"done"}', 'application/json', 'a JSON body {"message":"done"}'],
    [
      'a document of another type',
      '{"data":{"id":"ws-1","type":"workspaces"}}',
      'application/vnd.api+json',
      'a `workspaces` document',
    ],
    [
      'text',
      'Upgrade started\nsee the UI',
      'text/plain; charset=utf-8',
      'a text/plain body "Upgrade started\\nsee the UI"',
    ],
  ])('refuses %s, saying what came back', (_what, text, contentType, got) => {
    let error: unknown;
    try {
      readDocument(answer(202, text, contentType), 'workspace-upgrade');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as UnexpectedResponseError).got).toBe(got);
    expect((error as Error).message).toBe(
      `POST /api/v2/x: the service answered 202 without a \`workspace-upgrade\` document; it sent ${got}`,
    );
  });

  it('quotes at most 200 characters of a body, on one line', () => {
    const said = describeBody(answer(200, `{"message":"${'x'.repeat(500)}"}`));
    expect(said).toBe(`a JSON body {"message":"${'x'.repeat(187)}…`);
    expect(said.length).toBe('a JSON body '.length + 200);
  });
});
