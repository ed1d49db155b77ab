// src/errors.ts lists every error class of the action, so that one file shows them all although
// each lives beside what raises it (a layer may not import the layers above it). This holds the
// list to the tree: a new error class, or one removed or renamed, fails here until the list says so.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../lint', '..', '..');

/** The classes of src/ that extend an error class: `Error` or one whose name ends in `Error`. */
function errorClasses(): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const m of text.matchAll(/^(?:export )?class (\w+) extends \w*Error\b/gm)) names.push(m[1]!);
  }
  return names.sort();
}

/** The classes the list in src/errors.ts names: the first word of each of its lines. */
function listed(): string[] {
  const text = readFileSync(join(root, 'src/errors.ts'), 'utf8');
  return [...text.matchAll(/^\/\/ {3}(\w+Error)\s/gm)].map((m) => m[1]!).sort();
}

it('src/errors.ts lists every error class of src/, and only those', () => {
  const found = errorClasses();
  expect(found.length).toBeGreaterThan(10);
  expect(listed()).toEqual(found);
});
