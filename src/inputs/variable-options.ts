import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ConfigurationError } from '../errors.ts';
import { bytePathOf, textOf } from '../files/byte-path.ts';
import { checkPath, confinementOf } from '../files/confinement.ts';
import { readCheckedFile } from '../files/reader.ts';
import { describeFsError } from '../fs-errors.ts';
import { isObject } from '../json-object.ts';
import type { VariableOptionsInput } from '../service/no-code.ts';
import { isIdWithPrefix } from '../service/shapes.ts';

const FILE_INPUT = 'variable-options-file';

/**
 * No-code variable options (2.6) from `variable-options` (inline JSON or YAML); the file of
 * `variable-options-file` (a .json/.yaml/.yml file) is read by the mode, through the confined
 * reader (readVariableOptionsFile). Two shapes are accepted: a list of `{variable-name,
 * variable-type, options, id?}` as the service names them, or a map `name: {type, options, id?}`,
 * which reads better in YAML. The two inputs exclude each other, so they are checked together:
 * `inline` and `file` are their values. Null when `inline` is empty.
 */
export function parseInlineVariableOptions(inline: string, file: string): VariableOptionsInput[] | null {
  if (inline && file) {
    throw new ConfigurationError('Inputs "variable-options" and "variable-options-file" cannot both be set.');
  }
  return inline ? parseVariableOptionsText('variable-options', inline) : null;
}

/**
 * The variable options in the file `file` (the input, relative to the repository at `workspaceRoot`):
 * read through the one confined reader, so a link that leaves the repository or leads into its git
 * metadata, a device, a FIFO, or a file over its limit is refused before a byte of it is read or sent.
 */
export async function readVariableOptionsFile(
  workspaceRoot: string,
  file: string,
  signal?: AbortSignal,
): Promise<VariableOptionsInput[]> {
  const confinement = await confinementOf({ directory: workspaceRoot, label: 'the repository', allowOutside: false });
  const refuse = (why: string): ConfigurationError =>
    new ConfigurationError(`Input "${FILE_INPUT}": "${file}" ${why}; nothing was read or sent.`);
  let text: string;
  try {
    const checked = await checkPath(confinement, bytePathOf(resolve(workspaceRoot, file)));
    if (checked.refusal === 'outside')
      throw refuse(`leads outside the repository, to ${JSON.stringify(textOf(checked.real))}`);
    if (checked.refusal === 'git-metadata') throw refuse("leads into the repository's git metadata");
    const bytes = await readCheckedFile(confinement, checked, {
      kind: 'variable-options',
      shown: file,
      ...(signal ? { signal } : {}),
    });
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof ConfigurationError) {
      if (error.message.startsWith(`Input "${FILE_INPUT}"`)) throw error;
      throw new ConfigurationError(`Input "${FILE_INPUT}": ${error.message} Nothing was sent.`);
    }
    const reason = describeFsError(error);
    if (reason === undefined) throw error;
    throw refuse(`cannot be read (${reason})`);
  }
  return parseVariableOptionsText(FILE_INPUT, text);
}

function parseVariableOptionsText(input: string, text: string): VariableOptionsInput[] {
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
