import { readFileSync } from 'node:fs';
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

/**
 * action.yml, read at run time: the command line's help and flags, and the defaults of inputs
 * left empty (inputs/schema.ts), come from the same file that GitHub reads, so they cannot drift. From src/ it is the repository's file; in the bundle
 * ncc rewrites the address to the copy it ships as dist/action.yml, which the dist/ freshness
 * check keeps equal to the repository's.
 */
export function readActionMetadata(url: URL = new URL('../action.yml', import.meta.url)): ActionMetadata {
  const parsed = parseYaml(readFileSync(url, 'utf8')) as {
    inputs?: Record<string, { description?: string; required?: boolean; default?: unknown }>;
    outputs?: Record<string, { description?: string }>;
  };
  const inputs: Record<string, InputMetadata> = {};
  for (const [name, input] of Object.entries(parsed.inputs ?? {})) {
    const meta: InputMetadata = { description: (input.description ?? '').trim(), required: input.required === true };
    if (input.default !== undefined) meta.default = String(input.default).trim();
    inputs[name] = meta;
  }
  const outputs: Record<string, { description: string }> = {};
  for (const [name, output] of Object.entries(parsed.outputs ?? {})) outputs[name] = { description: (output.description ?? '').trim() };
  return { inputs, outputs };
}
