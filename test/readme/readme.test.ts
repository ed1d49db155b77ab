// The README's inputs and outputs tables say what action.yml says (names, required, defaults),
// grouped by the inputs each mode reads; and what the README points at exists.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { COMMON_INPUTS, MODE_INPUTS, MODES } from '../../src/inputs/schema.ts';
import { codeSpans, headingAnchors, markedSection, tables } from './markdown-tables.ts';
import type { MarkdownTable } from './markdown-tables.ts';

const root = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

interface ActionYml {
  inputs: Record<string, { description?: string; required?: boolean; default?: unknown }>;
  outputs: Record<string, { description?: string }>;
}
const action = parseYaml(readFileSync(join(root, 'action.yml'), 'utf8')) as ActionYml;

/** A default cell: `—` for none, otherwise code spans joined by `<br>` (one per line); `""` is empty. */
function defaultOf(cell: string): string | undefined {
  if (cell === '—') return undefined;
  const parts = cell.split('<br>').map((part) => part.trim());
  const values = parts.map((part) => {
    const spans = codeSpans(part);
    if (spans.length !== 1 || part !== `\`${spans[0]}\``)
      throw new Error(`default cell "${cell}" is not code spans joined by <br>`);
    return spans[0] === '""' ? '' : spans[0]!;
  });
  return values.join('\n');
}

/** action.yml's default as a person reads it: a block scalar's final newline is not part of it. */
function declaredDefault(name: string): string | undefined {
  const value = action.inputs[name]?.default;
  return value === undefined ? undefined : String(value).replace(/\n$/, '');
}

function inputName(row: string[]): string {
  const spans = codeSpans(row[0] ?? '');
  if (spans.length !== 1 || row[0] !== `\`${spans[0]}\``)
    throw new Error(`input cell "${row[0]}" is not one code span`);
  return spans[0]!;
}

describe('README inputs', () => {
  const groups = tables(markedSection(readme, 'inputs'));
  const expectedGroups: Array<{ heading: string; inputs: readonly string[] }> = [
    { heading: 'Every mode', inputs: COMMON_INPUTS },
    ...MODES.map((mode) => ({ heading: `\`${mode}\``, inputs: MODE_INPUTS[mode] })),
  ];

  it('has one table for every mode and one for the inputs all modes share', () => {
    expect(groups.map((t) => t.heading)).toEqual(expectedGroups.map((g) => g.heading));
    for (const table of groups) expect(table.header).toEqual(['Input', 'Required', 'Default', 'Description']);
  });

  it.each(expectedGroups)('lists under $heading exactly the inputs that the mode reads', ({ heading, inputs }) => {
    const table = groups.find((t) => t.heading === heading) as MarkdownTable;
    const names = table.rows.map(inputName);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...inputs].sort());
  });

  it('lists every input of action.yml, and nothing else', () => {
    const listed = new Set(groups.flatMap((t) => t.rows.map(inputName)));
    expect([...listed].sort()).toEqual(Object.keys(action.inputs).sort());
  });

  it('gives each input the required flag and the default of action.yml', () => {
    const rows = groups.flatMap((t) => t.rows.map((row) => ({ group: t.heading, row })));
    for (const { group, row } of rows) {
      const name = inputName(row);
      const [, required = '', defaultCell = '', description = ''] = row;
      const where = `${name} under ${group}`;
      expect(required === 'yes', `${where}: required`).toBe(action.inputs[name]?.required === true);
      expect(required, `${where}: required`).not.toBe('');
      expect(defaultOf(defaultCell), `${where}: default`).toBe(declaredDefault(name));
      expect(description.length, `${where}: description`).toBeGreaterThan(10);
    }
  });
});

describe('README outputs', () => {
  const found = tables(markedSection(readme, 'outputs'));

  it('lists every output of action.yml once, and nothing else', () => {
    expect(found).toHaveLength(1);
    const [table] = found as [MarkdownTable];
    expect(table.header).toEqual(['Output', 'Set by', 'Description']);
    const names = table.rows.map(inputName);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(action.outputs).sort());
  });

  it('says which modes set each output, by their names', () => {
    const [table] = found as [MarkdownTable];
    for (const row of table.rows) {
      const setBy = row[1] ?? '';
      const modes = codeSpans(setBy);
      if (setBy === 'every mode') continue;
      expect(modes.length, `${row[0]}: "${setBy}"`).toBeGreaterThan(0);
      for (const mode of modes) expect(MODES, `${row[0]}: ${mode}`).toContain(mode);
    }
  });
});

describe('README references', () => {
  it('names only npm scripts that package.json has', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
    );
    const named = [...readme.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const script of new Set(named)) expect(scripts, `npm run ${script}`).toContain(script);
  });

  it('names only benchmarks that exist', () => {
    const named = [...readme.matchAll(/node (bench\/[\w.-]+\.ts)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) expect(existsSync(join(root, file)), file).toBe(true);
  });

  it('links to files that exist and to headings that exist', () => {
    const anchors = headingAnchors(readme);
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      if (link.startsWith('#')) expect(anchors, link).toContain(link.slice(1));
      else expect(existsSync(join(root, link.split('#')[0]!)), link).toBe(true);
    }
  });

  it('describes a source layout whose paths exist', () => {
    const [layout] = tables(markedSection(readme, 'layout')) as [MarkdownTable];
    expect(layout.rows.length).toBeGreaterThan(10);
    for (const [pathCell = '', what = ''] of layout.rows) {
      const [path] = codeSpans(pathCell) as [string];
      expect(existsSync(join(root, path)), path).toBe(true);
      // Files named in the description: relative to the row's folder, or to the repository root.
      const folder = path.endsWith('/') ? path : dirname(path);
      for (const name of codeSpans(what).filter((s) => /^[\w./-]+(\.(ts|js|yml|gz)|\/)$/.test(s))) {
        const exists = existsSync(join(root, folder, name)) || existsSync(join(root, name));
        expect(exists, `${name} (under ${path})`).toBe(true);
      }
    }
  });
});
