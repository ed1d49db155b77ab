import { describe, expect, it } from 'vitest';
import { isObject, parseJsonObject, parseJsonOrUndefined } from '../../src/json-object.ts';

describe('isObject', () => {
  it('holds for a map of names to values only', () => {
    expect(isObject({ a: 1 })).toBe(true);
    expect(isObject([])).toBe(false);
    expect(isObject(null)).toBe(false);
    expect(isObject('x')).toBe(false);
  });
});

describe('parseJsonOrUndefined', () => {
  it('is the value of a JSON text, undefined for an empty or broken one', () => {
    expect(parseJsonOrUndefined('[1]')).toEqual([1]);
    expect(parseJsonOrUndefined('null')).toBeNull();
    expect(parseJsonOrUndefined('')).toBeUndefined();
    expect(parseJsonOrUndefined('{"a":')).toBeUndefined();
  });
});

describe('parseJsonObject', () => {
  it('is the object a JSON text holds, undefined for anything else', () => {
    expect(parseJsonObject('{"organization":"acme"}')).toEqual({ organization: 'acme' });
    expect(parseJsonObject('["acme"]')).toBeUndefined();
    expect(parseJsonObject('"acme"')).toBeUndefined();
    expect(parseJsonObject('null')).toBeUndefined();
    expect(parseJsonObject('not json')).toBeUndefined();
  });
});
