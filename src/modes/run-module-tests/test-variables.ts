// The module's test environment variables (input `test-env-variables`, spec 2.4 and 4.2):
// category `env`, sensitive, matched by key; existing ones updated by id, missing ones created.
// Values are never logged: only keys appear in messages.

import type { EnvVariable } from '../../inputs/parsers.ts';
import type { ServiceClient } from '../../service/client.ts';
import type { ModuleRef } from '../../service/module-tests.ts';

export interface TestVariableChanges {
  created: string[];
  updated: string[];
}

export async function upsertTestVariables(
  client: ServiceClient,
  module: ModuleRef,
  variables: readonly EnvVariable[],
  options: { signal?: AbortSignal } = {},
): Promise<TestVariableChanges> {
  const changes: TestVariableChanges = { created: [], updated: [] };
  if (variables.length === 0) return changes;
  const existing = new Map<string, string>();
  for (const variable of await client.moduleTests.listVariables(module, options)) {
    // The first of a key wins, should the service ever hold two.
    if (!existing.has(variable.attributes.key)) existing.set(variable.attributes.key, variable.id);
  }
  // Keys are unique: the input parser refuses a key given twice.
  for (const { key, value } of variables) {
    const id = existing.get(key);
    if (id === undefined) {
      await client.moduleTests.createVariableOnce(module, { key, value, sensitive: true }, options);
      changes.created.push(key);
    } else {
      await client.moduleTests.updateVariable(module, id, { key, value, sensitive: true }, options);
      changes.updated.push(key);
    }
  }
  return changes;
}
