import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from '../../src/redaction.ts';

describe('createRedactor: the one masking', () => {
  it('masks each secret as it is, by default, and learns one given later', () => {
    const r = createRedactor(['tok-123456']);
    expect(r.redact('Bearer tok-123456, tok-123456')).toBe(`Bearer ${REDACTED}, ${REDACTED}`);
    r.add('later-secret');
    expect(r.redact('a later-secret b')).toBe('a *** b');
    // Only the form given: an escaped one is the sinks' concern (report/redact.ts).
    expect(createRedactor(['a&b-c']).redact('a&amp;b-c')).toBe('a&amp;b-c');
  });

  it('masks every form the caller names, the longest first', () => {
    const r = createRedactor(['abcd'], (secret) => [secret, `xx${secret}xx`]);
    expect(r.redact('[xxabcdxx] [abcd]')).toBe('[***] [***]');
  });

  it('leaves a text shorter than three characters alone, whichever form gave it', () => {
    const r = createRedactor(['ab', 'x'], (secret) => [secret, secret.toUpperCase()]);
    expect(r.redact('ab AB x X abc')).toBe('ab AB x X abc');
  });
});
