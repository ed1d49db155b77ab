// Writes the README's inputs and outputs tables from action.yml, between the markers
// `<!-- generated-inputs -->` and `<!-- generated-outputs -->`, so that the front page says what
// action.yml declares and nothing else. Inputs are grouped by the modes that read them (the
// inputs' schema in src/inputs/schema.ts). Run with `npm run docs:inputs`; `-- --check` only
// says whether the README is up to date (exit 1 when it is not), as a test does.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { COMMON_INPUTS, MODE_INPUTS, MODES, isRequiredIn } from '../src/inputs/schema.ts';
import type { InputName } from '../src/inputs/schema.ts';

export interface ActionMetadata {
  inputs: Record<string, { description?: string; required?: boolean; default?: unknown }>;
  outputs: Record<string, { description?: string }>;
}

export const INPUTS_MARKER = 'generated-inputs';
export const OUTPUTS_MARKER = 'generated-outputs';

/** Text of action.yml as one table cell: one line, and nothing GitHub would read as a tag or a column. */
function cell(text: string): string {
  return text
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\*/g, '\\*')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** A default as code, one span a line (a block scalar's final line break is not part of it); `—` for none. */
function defaultCell(value: unknown): string {
  if (value === undefined) return '—';
  const text = String(value).replace(/\n$/, '');
  if (text === '') return '`""`';
  return text
    .split('\n')
    .map((line) => `\`${line.replace(/\|/g, '\\|')}\``)
    .join('<br>');
}

function inputRow(action: ActionMetadata, name: InputName, mode: (typeof MODES)[number] | undefined): string {
  const input = action.inputs[name];
  if (input === undefined) throw new Error(`action.yml declares no input "${name}", which src/inputs/schema.ts reads`);
  const required =
    input.required === true ? 'yes' : mode !== undefined && isRequiredIn(mode, name) ? 'for this mode' : 'no';
  return `| \`${name}\` | ${required} | ${defaultCell(input.default)} | ${cell(input.description ?? '')} |`;
}

const HEADER = ['| Input | Required | Default | Description |', '|---|---|---|---|'];

/** The inputs tables: those every mode reads, then one table a mode for the rest. */
export function inputsTables(action: ActionMetadata): string {
  const groups = [
    { heading: 'Every mode', mode: undefined, names: COMMON_INPUTS },
    ...MODES.map((mode) => ({ heading: `\`${mode}\``, mode, names: MODE_INPUTS[mode] })),
  ];
  return groups
    .map(({ heading, mode, names }) =>
      [`#### ${heading}`, '', ...HEADER, ...names.map((name) => inputRow(action, name, mode))].join('\n'),
    )
    .join('\n\n');
}

/** The outputs table, in action.yml's order. */
export function outputsTable(action: ActionMetadata): string {
  const rows = Object.entries(action.outputs).map(
    ([name, output]) => `| \`${name}\` | ${cell(output.description ?? '')} |`,
  );
  return ['| Output | Description |', '|---|---|', ...rows].join('\n');
}

/** The markdown with the text between `<!-- name -->` and `<!-- /name -->` replaced by `body`. */
export function replaceMarked(markdown: string, name: string, body: string): string {
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const start = markdown.indexOf(open);
  const end = markdown.indexOf(close);
  if (start < 0 || end < start) throw new Error(`README.md has no ${open} ... ${close} section`);
  return `${markdown.slice(0, start + open.length)}\n${body}\n${markdown.slice(end)}`;
}

/** The README with both sections as action.yml makes them. */
export function withGeneratedTables(readme: string, action: ActionMetadata): string {
  return replaceMarked(
    replaceMarked(readme, INPUTS_MARKER, inputsTables(action)),
    OUTPUTS_MARKER,
    outputsTable(action),
  );
}

export function readActionYml(root: string): ActionMetadata {
  return parseYaml(readFileSync(join(root, 'action.yml'), 'utf8')) as ActionMetadata;
}

if (import.meta.main) {
  const root = join(import.meta.dirname, '..');
  const path = join(root, 'README.md');
  const readme = readFileSync(path, 'utf8');
  const generated = withGeneratedTables(readme, readActionYml(root));
  if (process.argv.includes('--check')) {
    if (generated !== readme) {
      console.error('README.md: the inputs or outputs tables differ from action.yml; run `npm run docs:inputs`.');
      process.exit(1);
    }
    console.log('README.md: the inputs and outputs tables are those of action.yml.');
  } else if (generated === readme) {
    console.log('README.md: the inputs and outputs tables are already those of action.yml.');
  } else {
    writeFileSync(path, generated);
    console.log('README.md: the inputs and outputs tables were written from action.yml.');
  }
}
