import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { ConfigurationError } from '../errors.ts';
import { isObject } from '../json-object.ts';
import { parseRepositoryPath } from './parsers.ts';
import type { VariableOptionsInput } from '../service/no-code.ts';
import { isIdWithPrefix } from '../service/shapes.ts';

/**
 * No-code variable options (2.6) from `variable-options` (inline JSON or YAML) or
 * `variable-options-file` (a .json/.yaml/.yml file). Two shapes are accepted:
 * a list of `{variable-name, variable-type, options, id?}` as the service names them, or a map
 * `name: {type, options, id?}`, which reads better in YAML. The two inputs exclude each other,
 * so they are read together: `inline` and `file` are their values.
 */
export function readVariableOptions(inline: string, file: string): VariableOptionsInput[] | null {
  if (inline && file) {
    throw new ConfigurationError('Inputs "variable-options" and "variable-options-file" cannot both be set.');
  }
  if (!inline && !file) return null;
  const input = inline ? 'variable-options' : 'variable-options-file';
  let text = inline;
  if (file) {
    parseRepositoryPath('variable-options-file', file);
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw new ConfigurationError(`Input "variable-options-file": cannot read "${file}".`);
    }
  }
  let parsed: unknown;
  try {
    // JSON is a subset of YAML 1.2, so one parser reads both.
    parsed = parseYaml(text);
  } catch (error) {
    throw new ConfigurationError(
      `Input "${input}" is neither valid JSON nor YAML: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  return parseVariableOptions(input, parsed);
}

export function parseVariableOptions(input: string, parsed: unknown): VariableOptionsInput[] {
  const entries: Array<[string | undefined, unknown]> = Array.isArray(parsed)
    ? parsed.map((item) => [undefined, item])
    : isObject(parsed)
      ? Object.entries(parsed)
      : [];
  if (entries.length === 0 && !(Array.isArray(parsed) || isObject(parsed))) {
    throw new ConfigurationError(
      `Input "${input}" must be a list of variable options or a map of variable name to options.`,
    );
  }
  const seen = new Set<string>();
  return entries.map(([mapKey, item], i) => {
    const where = mapKey === undefined ? `Input "${input}" item ${i + 1}` : `Input "${input}" variable "${mapKey}"`;
    if (!isObject(item)) throw new ConfigurationError(`${where} must be an object.`);
    const o = item;
    const variableName = mapKey ?? o['variable-name'];
    const variableType = o['variable-type'] ?? o.type;
    if (typeof variableName !== 'string' || !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(variableName)) {
      throw new ConfigurationError(`${where} needs a "variable-name" that is a variable name.`);
    }
    if (typeof variableType !== 'string' || variableType === '') {
      throw new ConfigurationError(`${where} needs a "variable-type" (e.g. string, number).`);
    }
    if (!Array.isArray(o.options)) throw new ConfigurationError(`${where} needs "options", a list of allowed values.`);
    if (seen.has(variableName))
      throw new ConfigurationError(`Input "${input}" gives options for "${variableName}" twice.`);
    seen.add(variableName);
    const result: VariableOptionsInput = { variableName, variableType, options: o.options };
    if (o.id !== undefined) {
      if (!isIdWithPrefix(o.id, 'ncvaropt')) {
        throw new ConfigurationError(`${where}: "id" must be a variable options id starting with "ncvaropt-".`);
      }
      result.id = o.id;
    }
    return result;
  });
}
