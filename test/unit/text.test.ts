import { describe, expect, it } from 'vitest';
import {
  capitalise,
  clip,
  didYouMean,
  escapeRegExp,
  nearest,
  nounFor,
  plural,
  quoteClipped,
  sliceWhole,
} from '../../src/text.ts';

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

describe('clip', () => {
  it('keeps a text that fits, and cuts a longer one to exactly the limit, the … included', () => {
    expect(clip('abcdef', 6)).toBe('abcdef');
    expect(clip('abcdefg', 6)).toBe('abcde…');
    expect(clip('abcdefg', 6)).toHaveLength(6);
  });

  it('never leaves half of a character outside the Basic Multilingual Plane', () => {
    // '😀' is two UTF-16 units: a cut after three units would keep a lone high surrogate.
    expect(clip('😀😀😀', 4)).toBe('😀…');
    expect(clip('a😀😀', 4)).toBe('a😀…');
  });
});

describe('sliceWhole', () => {
  it('cuts at the given unit, one earlier when that would split a surrogate pair', () => {
    expect(sliceWhole('ab😀', 3)).toBe('ab');
    expect(sliceWhole('ab😀', 4)).toBe('ab😀');
    expect(sliceWhole('abc', 10)).toBe('abc');
    expect(sliceWhole('abc', 0)).toBe('');
  });
});

describe('quoteClipped', () => {
  it('shows a value as JSON, control characters escaped, undefined as none', () => {
    expect(quoteClipped('a\nb\u001b', 60)).toBe('"a\\nb\\u001b"');
    expect(quoteClipped(42, 60)).toBe('42');
    expect(quoteClipped(null, 60)).toBe('null');
    expect(quoteClipped(undefined, 60)).toBe('none');
  });

  it('cuts a long string inside its quotes, so that they stay closed, to at most the limit', () => {
    const quoted = quoteClipped('x'.repeat(100), 20);
    expect(quoted).toBe(`"${'x'.repeat(17)}…"`);
    expect(quoted).toHaveLength(20);
  });

  it('never cuts an escape in half, however many the string holds', () => {
    const quoted = quoteClipped('\u001b'.repeat(50), 20);
    expect(quoted.length).toBeLessThanOrEqual(20);
    expect(quoted).toMatch(/^"(?:\\u001b)+…"$/);
    expect(quoteClipped('😀'.repeat(20), 8)).toBe('"😀😀…"');
  });

  it('cuts the JSON text of anything else', () => {
    expect(quoteClipped({ message: 'x'.repeat(100) }, 20)).toBe(`{"message":"${'x'.repeat(7)}…`);
  });
});

describe('escapeRegExp', () => {
  it('makes a pattern that matches the text exactly, whatever it holds', () => {
    const text = 'policies/a.b*(c)+[d]{2}?^$|\\x';
    const pattern = new RegExp(`^${escapeRegExp(text)}$`);
    expect(pattern.test(text)).toBe(true);
    expect(pattern.test('policies/aXb*(c)+[d]{2}?^$|\\x')).toBe(false);
  });
});

describe('nearest and didYouMean', () => {
  it('finds the candidate a mistyped word meant, letter case aside', () => {
    expect(nearest('enforcment_level', ['source', 'enforcement_level', 'description', 'query'])).toBe(
      'enforcement_level',
    );
    expect(nearest('SOURCE', ['source', 'query'])).toBe('source');
    expect(nearest('sync-policy', ['sync-policies', 'run-module-tests'])).toBe('sync-policies');
  });

  it('says nothing for a word near no candidate, or one that is a candidate', () => {
    expect(nearest('tags', ['source', 'enforcement_level', 'description', 'query'])).toBeUndefined();
    expect(nearest('query', ['query'])).toBeUndefined();
    expect(didYouMean('deploy', ['sync-policies'])).toBe('');
    expect(didYouMean('--debgu', ['--debug'])).toBe(' Did you mean "--debug"?');
    expect(didYouMean('debgu', ['debug'], (f) => `--${f}`)).toBe(' Did you mean --debug?');
  });
});
