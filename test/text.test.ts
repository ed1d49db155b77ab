import { describe, expect, it } from 'vitest';
import { capitalise, nounFor, plural } from '../src/text.ts';

describe('plural', () => {
  it('keeps the noun for one and adds an s, or the given plural, for any other count', () => {
    expect(plural(1, 'path')).toBe('1 path');
    expect(plural(0, 'path')).toBe('0 paths');
    expect(plural(3, 'more line')).toBe('3 more lines');
    expect(plural(2, 'policy', 'policies')).toBe('2 policies');
  });
});

describe('nounFor', () => {
  it('is the noun alone, for a list that follows it', () => {
    expect(nounFor(1, 'policy set')).toBe('policy set');
    expect(nounFor(2, 'policy set')).toBe('policy sets');
    expect(nounFor(0, 'policy', 'policies')).toBe('policies');
  });
});

describe('capitalise', () => {
  it('upper-cases the first letter only', () => {
    expect(capitalise('test run trun-1 was cancelled.')).toBe('Test run trun-1 was cancelled.');
    expect(capitalise('')).toBe('');
  });
});
