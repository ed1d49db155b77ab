// One spelling in the action's own words: "cancelled" (and "cancelling"). The service's names
// keep its spelling: the statuses `canceled` and `force_canceled` (spec 3.1, 3.3), written as
// code (quoted, in backticks, as an object key), and its `force-cancel` endpoint.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../lint', '..', '..');

/** Files whose prose still has the other spelling; each must lose its place here once it has not. */
const NOT_YET: string[] = [];

function files(): string[] {
  const src = readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
  const docs = readdirSync(join(root, 'docs'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
  return [...src, 'README.md', ...docs, 'CHANGELOG.md', 'action.yml'];
}

/** `canceled` or `canceling` as a word of prose, not as the service's status name in code. */
function otherSpellings(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(.?)\b(canceled|canceling)\b(.?)/g)) {
    const [, before, , after] = m;
    // 'canceled', `canceled`, "canceled", force_canceled, { canceled: ... }
    const quoted = /['"`]/.test(before!) && after === before;
    if (quoted || before === '_' || after === ':') continue;
    found.push(m[0]);
  }
  return found;
}

it('prose says "cancelled", never "canceled"', () => {
  const offending = files()
    .filter((file) => !NOT_YET.includes(file))
    .flatMap((file) => otherSpellings(readFileSync(join(root, file), 'utf8')).map((word) => `${file}: ${word}`));
  expect(offending).toEqual([]);
});

it('every file let off the rule still needs to be', () => {
  for (const file of NOT_YET) expect(otherSpellings(readFileSync(join(root, file), 'utf8')), file).not.toEqual([]);
});

it('tells the status name from prose', () => {
  expect(otherSpellings("status === 'canceled' || `canceled` or force_canceled; { canceled: true }")).toEqual([]);
  expect(otherSpellings('the run was canceled.')).toEqual([' canceled.']);
  expect(otherSpellings("['canceled', 'the run was canceled']")).toEqual([" canceled'"]);
});
