// The service's objects the mode names: the module whose tests run, and a configuration version of it.

import type { RunModuleTestsInputs } from '../../inputs/schema.ts';
import type { ModuleRef } from '../../service/module-tests.ts';

/** The private registry module whose tests run (the `{TESTROOT}` of spec 4.2). */
export function moduleRefOf(inputs: RunModuleTestsInputs): ModuleRef {
  return {
    organization: inputs.organization,
    namespace: inputs.moduleNamespace,
    name: inputs.moduleName,
    provider: inputs.moduleProvider,
  };
}

/** `namespace/name/provider`, as the registry names a module. */
export function moduleLabel(module: ModuleRef): string {
  return `${module.namespace ?? module.organization}/${module.name}/${module.provider}`;
}

/** A configuration version, as far as a search for its runs needs it. */
export interface VersionRef {
  id: string;
  /**
   * No run of the version was created before this time (ms since the epoch), with room for a
   * clock of the service that differs from ours. Undefined: unknown, the list is read whole.
   */
  since?: number;
}
