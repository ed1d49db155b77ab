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
