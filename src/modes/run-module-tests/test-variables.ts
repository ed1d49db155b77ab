// The module's test environment variables (inputs `test-env-variables` and
// `test-env-variables-prune`, spec 2.4 and 4.2): category `env`, sensitive, matched by key;
// existing ones updated by id, missing ones created, and with prune the ones the input no longer
// names deleted. Values are never logged: only keys appear in messages.

import type { EnvVariable } from '../../inputs/parsers.ts';
import type { ServiceClient } from '../../service/client.ts';
import type { ModuleRef } from '../../service/module-tests.ts';
import type { TestVariable } from '../../service/types.ts';

export interface TestVariableChanges {
  created: string[];
  updated: string[];
  deleted: string[];
}

/** What setting `variables` does to the module's variables `existing` (pure: the dry run's plan, and the run's). */
export function planTestVariables(
  existing: readonly TestVariable[],
  variables: readonly EnvVariable[],
  prune: boolean,
): { create: string[]; update: Array<{ key: string; id: string }>; delete: Array<{ key: string; id: string }> } {
  const byKey = new Map<string, string>();
  // The first of a key wins, should the service ever hold two.
  for (const variable of existing) {
    if (!byKey.has(variable.attributes.key)) byKey.set(variable.attributes.key, variable.id);
  }
  // Keys are unique: the input parser refuses a key given twice.
  const named = new Set(variables.map((v) => v.key));
  return {
    create: variables.filter((v) => !byKey.has(v.key)).map((v) => v.key),
    update: variables.flatMap((v) => {
      const id = byKey.get(v.key);
      return id === undefined ? [] : [{ key: v.key, id }];
    }),
    delete: prune
      ? existing.filter((v) => !named.has(v.attributes.key)).map((v) => ({ key: v.attributes.key, id: v.id }))
      : [],
  };
}

/**
 * Sets the variables: updates and creates first, deletions last, so that a failure midway
 * leaves a variable too many rather than one missing.
 */
export async function setTestVariables(
  client: ServiceClient,
  module: ModuleRef,
  variables: readonly EnvVariable[],
  options: { prune: boolean; signal?: AbortSignal },
): Promise<TestVariableChanges> {
  const changes: TestVariableChanges = { created: [], updated: [], deleted: [] };
  if (variables.length === 0) return changes;
  const plan = planTestVariables(await client.moduleTests.listVariables(module, options), variables, options.prune);
  const valueOf = new Map(variables.map((v) => [v.key, v.value]));
  for (const { key, id } of plan.update) {
    await client.moduleTests.updateVariable(module, id, { key, value: valueOf.get(key)!, sensitive: true }, options);
    changes.updated.push(key);
  }
  for (const key of plan.create) {
    await client.moduleTests.createVariableOnce(module, { key, value: valueOf.get(key)!, sensitive: true }, options);
    changes.created.push(key);
  }
  for (const { key, id } of plan.delete) {
    await client.moduleTests.deleteVariable(module, id, options);
    changes.deleted.push(key);
  }
  return changes;
}
