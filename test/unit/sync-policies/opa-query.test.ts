import { expect, it } from 'vitest';
import { derivedOpaQuery } from '../../../src/modes/sync-policies/opa-query.ts';

it.each([
  ['package terraform.policies.tags\n\ndeny[msg] { true }\n', 'data.terraform.policies.tags.deny'],
  ['# A policy\npackage  a.b # comment\n', 'data.a.b.deny'],
  ['\uFEFFpackage terraform.bom\n', 'data.terraform.bom.deny'],
  ['deny[msg] { true }\n', null],
])('derives the query of %j', (code, query) => {
  expect(derivedOpaQuery(code)).toBe(query);
});
