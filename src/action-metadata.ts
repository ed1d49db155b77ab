import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

export interface InputMetadata {
  description: string;
  required: boolean;
  default?: string;
}

export interface ActionMetadata {
  inputs: Record<string, InputMetadata>;
  outputs: Record<string, { description: string }>;
}

/** What action.yml declares, as the YAML parser (or JSON) gives it. */
interface Declared {
  inputs?: Record<string, { description?: string; required?: boolean; default?: string | number | boolean }>;
  outputs?: Record<string, { description?: string }>;
}

/**
 * action.yml, read at run time: the command line's help and flags, and the defaults of inputs
 * left empty (inputs/schema.ts), come from the same file that GitHub reads, so they cannot drift.
 * From src/ it is the repository's file; in the bundle ncc rewrites the address to the copy it
 * ships as dist/action.yml, which the dist/ freshness check keeps equal to the repository's.
 */
export function readActionMetadata(url: URL | string = new URL('../action.yml', import.meta.url)): ActionMetadata {
  const parsed = readDeclared(typeof url === 'string' ? url : fileURLToPath(url));
  const inputs: Record<string, InputMetadata> = {};
  for (const [name, input] of Object.entries(parsed.inputs ?? {})) {
    const meta: InputMetadata = { description: (input.description ?? '').trim(), required: input.required === true };
    if (input.default !== undefined) meta.default = String(input.default).trim();
    inputs[name] = meta;
  }
  const outputs: Record<string, { description: string }> = {};
  for (const [name, output] of Object.entries(parsed.outputs ?? {}))
    outputs[name] = { description: (output.description ?? '').trim() };
  return { inputs, outputs };
}

/**
 * The build ships action.yml already parsed beside it, as action.json (scripts/build.js): the
 * main step reads the defaults whenever an input is empty (on a runner, every run), and parsing
 * the YAML cost about a fifth of its CPU before its first request. Where there is no such file
 * (src/), the YAML.
 */
function readDeclared(path: string): Declared {
  let json: string;
  try {
    json = readFileSync(join(dirname(path), 'action.json'), 'utf8');
  } catch {
    return parseYaml(readFileSync(path, 'utf8')) as Declared;
  }
  return JSON.parse(json) as Declared;
}
