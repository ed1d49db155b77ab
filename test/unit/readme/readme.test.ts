// The README's inputs and outputs tables are those action.yml makes (scripts/docs-inputs.ts);
// the full tables of docs/inputs-and-outputs.md say what action.yml says (names, required,
// defaults), grouped by the inputs each mode reads; and what the README and docs/ point at exists.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { COMMON_INPUTS, MODE_INPUTS, MODES } from '../../../src/inputs/schema.ts';
import {
  INPUTS_MARKER,
  OUTPUTS_MARKER,
  inputsTables,
  outputsTable,
  withGeneratedTables,
} from '../../../scripts/docs-inputs.ts';
import type { ActionMetadata } from '../../../scripts/docs-inputs.ts';
import { codeSpans, headingAnchors, markedSection, tables } from '../../readme/markdown-tables.ts';
import type { MarkdownTable } from '../../readme/markdown-tables.ts';

const root = join(import.meta.dirname, '../../readme', '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const reference = read('docs/inputs-and-outputs.md');
/** The pages of docs/, relative to the repository root. */
const pages = readdirSync(join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => `docs/${f}`);
/** What a reader is sent to: the README and every page of docs/. */
const documents = ['README.md', ...pages];

interface ActionYml {
  inputs: Record<string, { description?: string; required?: boolean; default?: unknown }>;
  outputs: Record<string, { description?: string }>;
}
const actionText = readFileSync(join(root, 'action.yml'), 'utf8');
const action = parseYaml(actionText) as ActionYml;

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

describe('README inputs and outputs, generated from action.yml', () => {
  it('are the tables `npm run docs:inputs` writes', () => {
    expect(markedSection(readme, INPUTS_MARKER).trim()).toBe(inputsTables(action as ActionMetadata));
    expect(markedSection(readme, OUTPUTS_MARKER).trim()).toBe(outputsTable(action as ActionMetadata));
    expect(withGeneratedTables(readme, action as ActionMetadata)).toBe(readme);
  });

  it('differ from what action.yml makes once action.yml changes', () => {
    const changed = parseYaml(
      actionText.replace('Read everything, change nothing', 'Read everything, change nothing at all'),
    ) as ActionMetadata;
    expect(withGeneratedTables(readme, changed)).not.toBe(readme);
    const removed = parseYaml(actionText) as ActionMetadata;
    delete removed.outputs['workspace-url'];
    expect(withGeneratedTables(readme, removed)).not.toBe(readme);
  });

  it('group the inputs as the full tables do, each with what action.yml requires and defaults', () => {
    const generated = tables(markedSection(readme, INPUTS_MARKER));
    expect(generated.map((t) => t.heading)).toEqual(tables(markedSection(reference, 'inputs')).map((t) => t.heading));
    for (const table of generated) {
      for (const row of table.rows) {
        const name = inputName(row);
        expect(row[1] === 'yes', name).toBe(action.inputs[name]?.required === true);
        expect(defaultOf(row[2] ?? ''), name).toBe(declaredDefault(name));
      }
    }
    const outputs = tables(markedSection(readme, OUTPUTS_MARKER)).flatMap((t) => t.rows.map(inputName));
    expect(outputs).toEqual(Object.keys(action.outputs));
  });

  it('escape what GitHub would read as a tag or a column', () => {
    const cells = tables(markedSection(readme, INPUTS_MARKER)).flatMap((t) => t.rows.map((row) => row[3] ?? ''));
    expect(cells.join('\n')).not.toMatch(/<(?!br>)/);
    expect(cells.find((c) => c.includes('HCL literal'))).toContain('&lt;HCL literal&gt;');
  });
});

describe('docs/inputs-and-outputs.md inputs', () => {
  const groups = tables(markedSection(reference, 'inputs'));
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

describe('docs/inputs-and-outputs.md outputs', () => {
  const found = tables(markedSection(reference, 'outputs'));

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

/** The anchors of a markdown file's headings. */
function anchorsOf(path: string): Set<string> {
  return headingAnchors(readFileSync(path, 'utf8'));
}

describe('README and docs/ references', () => {
  const all = documents.map((path) => ({ path, text: read(path) }));

  it('names only npm scripts that package.json has', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = all.flatMap(({ text }) => [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(0);
    for (const script of new Set(named)) expect(scripts, `npm run ${script}`).toContain(script);
  });

  it('.env.example names the entry `npm run local-action` runs, before any other file of src/', () => {
    const script = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts['local-action']!;
    const entry = /\b(src\/[\w-]+\.ts)\b/.exec(script)?.[1];
    expect(entry).toBeDefined();
    const example = read('.env.example');
    const named = new Set([...example.matchAll(/\bsrc\/[\w-]+\.ts\b/g)].map((m) => m[0]));
    expect(named).toContain(entry);
    // Another file of src/ may be named only as what the entry calls, after it.
    expect(example.indexOf(entry!)).toBe(Math.min(...[...named].map((file) => example.indexOf(file))));
  });

  it('names only benchmarks that exist', () => {
    const named = all.flatMap(({ text }) => [...text.matchAll(/node (bench\/[\w.-]+\.ts)/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) expect(existsSync(join(root, file)), file).toBe(true);
  });

  // Every markdown file a reader follows links in: a heading that moved takes its links along.
  const linking = [...documents, 'CHANGELOG.md', 'ARCHITECTURE.md', 'bench/README.md', 'test/emulator/README.md'];
  it.each(linking)('%s links to files that exist and to headings that exist', (path) => {
    const text = read(path);
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    for (const link of links) {
      const [file = '', anchor] = link.split('#');
      const target = file === '' ? join(root, path) : join(root, dirname(path), file);
      expect(existsSync(target), `${path}: ${link}`).toBe(true);
      if (anchor !== undefined && target.endsWith('.md'))
        expect(anchorsOf(target), `${path}: ${link}`).toContain(anchor);
    }
  });

  it('links every page of docs/ from the README', () => {
    const linked = new Set([...readme.matchAll(/\]\((docs\/[\w.-]+\.md)(#[^)]*)?\)/g)].map((m) => m[1]!));
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) expect(linked, page).toContain(page);
  });

  it('shows pictures that exist, under 200 KB each, every one of them from a page; one from the README', () => {
    const images = readdirSync(join(root, 'docs', 'images')).filter((f) => f.endsWith('.png'));
    expect(images.length).toBeGreaterThanOrEqual(6);
    const shown = all.flatMap(({ path, text }) =>
      [...text.matchAll(/!\[[^\]]+\]\(([^)\s]+\.png)\)/g)].map((m) => relative(root, join(root, dirname(path), m[1]!))),
    );
    for (const image of images) {
      expect(shown, image).toContain(`docs/images/${image}`);
      expect(statSync(join(root, 'docs', 'images', image)).size, image).toBeLessThan(200 * 1024);
    }
    expect(readme).toMatch(/!\[[^\]]+\]\(docs\/images\/[\w.-]+\.png\)/);
  });

  it('keeps the README a front page', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
  });

  it('describes a source layout whose paths exist', () => {
    const [layout] = tables(markedSection(read('docs/development.md'), 'layout')) as [MarkdownTable];
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
