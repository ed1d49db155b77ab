import { describe, expect, it } from 'vitest';
import { SUMMARY_CUT_NOTE, cutToLimit, inBatches, toApiAnnotation } from '../../../src/github/check-run-output.ts';

describe('cutToLimit', () => {
  it('leaves text that fits alone', () => {
    expect(cutToLimit('abc', 3, '!')).toBe('abc');
  });

  it('cuts to the limit, note included, at a nearby line break', () => {
    const text = `${'a'.repeat(50)}\n${'b'.repeat(100)}`;
    const cut = cutToLimit(text, 80, '[cut]');
    expect(cut).toBe(`${'a'.repeat(50)}[cut]`);
  });

  it('cuts long text without line breaks at the limit exactly', () => {
    const cut = cutToLimit('x'.repeat(70000), 65535, SUMMARY_CUT_NOTE);
    expect(cut.length).toBe(65535);
    expect(cut.endsWith(SUMMARY_CUT_NOTE)).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    const cut = cutToLimit('😀'.repeat(10), 6, '…');
    expect(cut).toBe('😀😀…');
    expect(cut.length).toBeLessThanOrEqual(6);
  });
});

describe('toApiAnnotation', () => {
  it('uses the API field names and ends on the start line by default', () => {
    expect(
      toApiAnnotation({ path: 'tests/a.tftest.hcl', startLine: 4, level: 'failure', message: 'm', title: 't' }),
    ).toEqual({
      path: 'tests/a.tftest.hcl',
      start_line: 4,
      end_line: 4,
      annotation_level: 'failure',
      message: 'm',
      title: 't',
    });
  });

  it('keeps lines at 1 or more and the end after the start', () => {
    const a = toApiAnnotation({ path: 'a.tf', startLine: 0, endLine: -3, level: 'notice', message: 'm' });
    expect([a.start_line, a.end_line]).toEqual([1, 1]);
    const b = toApiAnnotation({ path: 'a.tf', startLine: Number.NaN, level: 'notice', message: 'm' });
    expect(b.start_line).toBe(1);
    expect(toApiAnnotation({ path: 'a.tf', startLine: 3, endLine: 9, level: 'notice', message: 'm' }).end_line).toBe(9);
  });

  it('writes paths with forward slashes and without a leading ./', () => {
    expect(
      toApiAnnotation({ path: './modules\\net\\main.tf', startLine: 1, level: 'warning', message: 'm' }).path,
    ).toBe('modules/net/main.tf');
  });

  it('cuts titles to 255 characters and never sends an empty message', () => {
    const a = toApiAnnotation({ path: 'a.tf', startLine: 1, level: 'warning', message: ' ', title: 'T'.repeat(300) });
    expect(a.title?.length).toBe(255);
    expect(a.message).toBe('T'.repeat(300));
    expect(toApiAnnotation({ path: 'a.tf', startLine: 1, level: 'warning', message: '' }).message).toBe('warning');
  });

  it('cuts messages to what fits in 64 KB of UTF-8', () => {
    const a = toApiAnnotation({ path: 'a.tf', startLine: 1, level: 'failure', message: '€'.repeat(40000) });
    expect(Buffer.byteLength(a.message)).toBeLessThanOrEqual(64_000);
  });
});

describe('inBatches', () => {
  it('groups in order, the last group holding the rest', () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    const batches = inBatches(items, 50);
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(batches.flat()).toEqual(items);
    expect(inBatches([], 50)).toEqual([]);
    expect(inBatches(items.slice(0, 50), 50)).toHaveLength(1);
  });
});
