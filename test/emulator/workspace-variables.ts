import { checkType, Fields } from './documents.ts';
import { unprocessable } from './errors.ts';
import { newId } from './ids.ts';
import type { WorkspaceVariable } from './state.ts';

/** `data.relationships.vars.data[]` of workspace creation and upgrade (spec 4.3). */
export function readWorkspaceVariables(relationships: Fields): WorkspaceVariable[] {
  return (relationships.object('vars')?.objects('data') ?? []).map((entry) => {
    checkType(entry, 'vars');
    const attributes = entry.object('attributes') ?? new Fields({}, entry.at('attributes'));
    const key = attributes.requiredString('key');
    const category = attributes.requiredString('category');
    if (category !== 'svc' && category !== 'env') {
      throw unprocessable(
        `category of variable ${key} must be "svc" or "env", got "${category}"`,
        attributes.at('category'),
      );
    }
    return {
      id: newId('var'),
      key,
      value: attributes.string('value') ?? '',
      description: attributes.nullableString('description') ?? null,
      category,
      hcl: attributes.boolean('hcl') ?? false,
      sensitive: attributes.boolean('sensitive') ?? false,
    };
  });
}

/** Variables sent again replace those of the same key and category; the others stay. */
export function mergeWorkspaceVariables(
  current: WorkspaceVariable[],
  updates: WorkspaceVariable[],
): WorkspaceVariable[] {
  const replaced = (variable: WorkspaceVariable): boolean =>
    updates.some((update) => update.key === variable.key && update.category === variable.category);
  return [...current.filter((variable) => !replaced(variable)), ...updates];
}
