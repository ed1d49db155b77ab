import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeMarkdown } from '../../../src/report/markdown.ts';
import { redactor } from '../../../src/report/redact.ts';

describe('redactor', () => {
  it('replaces every occurrence of every secret', () => {
    const r = redactor(['tok-123456', 's3cr3t']);
    expect(r.redact('Bearer tok-123456 and s3cr3t, again tok-123456')).toBe('Bearer *** and ***, again ***');
  });

  it('masks a secret that contains another one whole', () => {
    const r = redactor(['abcd', 'xxabcdxx']);
    expect(r.redact('[xxabcdxx] [abcd]')).toBe('[***] [***]');
  });

  it('treats regular-expression characters literally', () => {
    const r = redactor(['a.b*c(d)[e]$']);
    expect(r.redact('xa.b*c(d)[e]$x aXbbbc')).toBe('x***x aXbbbc');
  });

  it('masks the escaped forms a secret takes in HTML, JSON and URLs', () => {
    const secret = 'p<a>"s&s/w d';
    const r = redactor([secret]);
    expect(r.redact(escapeHtml(secret))).toBe('***');
    expect(r.redact(JSON.stringify({ value: secret }))).toBe('{"value":"***"}');
    expect(r.redact(`?v=${encodeURIComponent(secret)}`)).toBe('?v=***');
    const underscored = redactor(['my_secret_value']);
    expect(underscored.redact(`## ${escapeMarkdown('my_secret_value')}`)).toBe('## ***');
  });

  it('masks each line of a multi-line secret', () => {
    const key = '-----BEGIN KEY-----\nMIIEvQIBADANBgkqhkiG9w0\n-----END KEY-----';
    const r = redactor([key]);
    expect(r.redact(`key: ${key}`)).toBe('key: ***');
    expect(r.redact('line MIIEvQIBADANBgkqhkiG9w0 here')).toBe('line *** here');
  });

  it('masks an address, its query string, its query values and its signed path', () => {
    const url =
      'https://archivist.svc.example/v1/object/dmF1bHQ6djE6c2lnbmVkLXRva2Vu?sig=AbCdEf0123456789&exp=1700000000';
    const r = redactor([url]);
    expect(r.redact(`PUT ${url} failed`)).toBe('PUT *** failed');
    expect(r.redact('query: sig=AbCdEf0123456789&exp=1700000000')).toBe('query: ***');
    expect(r.redact('the signature AbCdEf0123456789 leaked')).toBe('the signature *** leaked');
    expect(r.redact('path /v1/object/dmF1bHQ6djE6c2lnbmVkLXRva2Vu')).toBe('path /v1/object/***');
    // The host and short path words of the address stay readable.
    expect(r.redact('archivist.svc.example /v1/object/')).toBe('archivist.svc.example /v1/object/');
  });

  it('masks the secret parts of a signed log address, not the run id its path holds', () => {
    const runId = 'trun-KFg8DWiRz8Wm4ZNT';
    const signature = 'f0e1d2c3b4a5968778695a4b3c2d1e0ff0e1d2c3b4a5968778695a4b3c2d1e0f';
    const s3 =
      `https://logs-bucket.s3.eu-west-1.amazonaws.com/test-runs/${runId}/output.jsonl` +
      '?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20240501%2Feu-west-1%2Fs3%2Faws4_request' +
      `&X-Amz-Date=20240501T120000Z&X-Amz-Expires=600&X-Amz-SignedHeaders=host&X-Amz-Signature=${signature}`;
    const archivist = `https://archivist.svc.example/v1/object/dmF1bHQ6djE6T3lRb2t5cFBkM2R3b0tQa0tZZ1p1a2Z6/${runId}.log`;
    const r = redactor([s3, archivist]);
    // The step's own report of the run stays readable: output, log line, JSON result.
    expect(r.redact(`test-run-id=${runId}`)).toBe(`test-run-id=${runId}`);
    expect(r.redact(`Test run ${runId} finished`)).toBe(`Test run ${runId} finished`);
    expect(r.redact(JSON.stringify({ 'test-run-id': runId }))).toBe(`{"test-run-id":"${runId}"}`);
    expect(r.redact('GET /api/v2/organizations/acme/tests/registry-modules/private/acme/vpc/aws/test-runs')).toBe(
      'GET /api/v2/organizations/acme/tests/registry-modules/private/acme/vpc/aws/test-runs',
    );
    // The addresses, their signature, credential and opaque object stay masked.
    expect(r.redact(`reading ${s3}`)).toBe('reading ***');
    expect(r.redact(`reading ${archivist}`)).toBe('reading ***');
    expect(r.redact(`sig ${signature}`)).toBe('sig ***');
    expect(r.redact('credential AKIAIOSFODNN7EXAMPLE/20240501/eu-west-1/s3/aws4_request')).toBe('credential ***');
    expect(r.redact('object dmF1bHQ6djE6T3lRb2t5cFBkM2R3b0tQa0tZZ1p1a2Z6')).toBe('object ***');
  });

  it('learns secrets later', () => {
    const r = redactor();
    expect(r.redact('upload to https://up.example/x?token=later-secret-value')).toBe(
      'upload to https://up.example/x?token=later-secret-value',
    );
    r.add('https://up.example/x?token=later-secret-value');
    expect(r.redact('upload to https://up.example/x?token=later-secret-value')).toBe('upload to ***');
    expect(r.redact('token=later-secret-value')).toBe('***');
  });

  it('ignores empty and very short values rather than blanking the report', () => {
    const r = redactor(['', '  ', '1', 'ab']);
    expect(r.redact('1 passed, ab')).toBe('1 passed, ab');
  });
});
