import { ConfigurationError } from '../../../errors.ts';
import type { PublishNoCodeModuleInputs } from '../../../inputs/schema.ts';
import type {
  CreateNoCodeModuleInput,
  UpdateNoCodeModuleInput,
  VariableOptionsInput,
} from '../../../service/no-code.ts';
import type { NoCodeModule, VariableOptions } from '../../../service/types.ts';
import { normalVersionPin } from '../../../version-pin.ts';

export type VariableOptionsAction = 'create' | 'replace' | 'unchanged';

export interface PlannedVariableOptions {
  /** The set this entry replaces; absent for a set to create. */
  id?: string;
  variableName: string;
  variableType: string;
  options: unknown[];
  action: VariableOptionsAction;
}

export interface SettingChange {
  setting: 'enabled' | 'version-pin' | 'registry-module';
  from: string | null;
  to: string;
}

export interface NoCodeModuleUpdatePlan {
  /** The PATCH to send; null when nothing differs (no request at all). */
  update: UpdateNoCodeModuleInput | null;
  settings: SettingChange[];
  /** The variable options of the input, each with what happens to it. */
  variableOptions: PlannedVariableOptions[];
  /** Names of option sets on the module that the input leaves out. */
  untouched: string[];
}

type Wanted = Pick<PublishNoCodeModuleInputs, 'registryModuleId' | 'enabled' | 'versionPin' | 'variableOptions'>;

/** What allowing a module sends (4.3 "Allow a module"); ids name sets of an existing module only. */
export function planNoCodeModuleCreate(wanted: Wanted): CreateNoCodeModuleInput {
  const withId = (wanted.variableOptions ?? []).find((o) => o.id !== undefined);
  if (withId) {
    throw new ConfigurationError(
      `Input "variable-options" gives the id ${withId.id} for "${withId.variableName}", but ids name option sets of an existing ` +
        'no-code module: set "no-code-module-id" to update that module, or leave the id out to create the module.',
    );
  }
  // Allowing a module is meant to switch provisioning on unless the input says otherwise.
  const input: CreateNoCodeModuleInput = { registryModuleId: wanted.registryModuleId, enabled: wanted.enabled ?? true };
  if (wanted.versionPin !== '') input.versionPin = wanted.versionPin;
  if (wanted.variableOptions !== null) {
    input.variableOptions = wanted.variableOptions.map(({ variableName, variableType, options }) => ({
      variableName,
      variableType,
      options,
    }));
  }
  return input;
}

/**
 * What updating a module sends (4.3 "Update settings"): only the settings that differ, and the
 * variable options when any set differs. An options entry with `id` replaces that set and one
 * without creates a new set, so an entry without id whose variable name matches a set of the
 * module is given that set's id: running the same inputs twice replaces the set instead of
 * adding a copy, and the second run finds nothing to change.
 */
export function planNoCodeModuleUpdate(
  current: { module: NoCodeModule; variableOptions: readonly VariableOptions[] },
  wanted: Wanted,
): NoCodeModuleUpdatePlan {
  const { module } = current;
  const settings: SettingChange[] = [];
  const update: UpdateNoCodeModuleInput = {};

  if (wanted.enabled !== null && module.attributes.enabled !== wanted.enabled) {
    settings.push({ setting: 'enabled', from: String(module.attributes.enabled), to: String(wanted.enabled) });
    update.enabled = wanted.enabled;
  }
  const currentRegistryModule = module.relationships?.['registry-module']?.data?.id ?? null;
  if (wanted.registryModuleId !== '' && wanted.registryModuleId !== currentRegistryModule) {
    settings.push({ setting: 'registry-module', from: currentRegistryModule, to: wanted.registryModuleId });
    update.registryModuleId = wanted.registryModuleId;
  }
  const currentPin = module.attributes['version-pin'] ?? null;
  // Compared in one spelling: `v1.2.0` and `1.2.0` are one pin, whichever the service keeps.
  if (wanted.versionPin !== '' && normalVersionPin(wanted.versionPin) !== normalVersionPin(currentPin ?? '')) {
    settings.push({ setting: 'version-pin', from: currentPin, to: wanted.versionPin });
    update.versionPin = wanted.versionPin;
  }

  const planned =
    wanted.variableOptions === null
      ? []
      : planVariableOptions(module.id, current.variableOptions, wanted.variableOptions);
  const named = new Set(planned.map((p) => p.id).filter((id): id is string => id !== undefined));
  const untouched =
    wanted.variableOptions === null
      ? []
      : current.variableOptions.filter((o) => !named.has(o.id)).map((o) => o.attributes['variable-name']);
  if (planned.some((p) => p.action !== 'unchanged')) {
    // Every wanted set is sent, unchanged ones with their id too: the spec does not say whether
    // sets left out of an update are kept, so the update names all of them.
    update.variableOptions = planned.map(({ id, variableName, variableType, options }) => ({
      ...(id !== undefined ? { id } : {}),
      variableName,
      variableType,
      options,
    }));
  }
  const changed = settings.length > 0 || update.variableOptions !== undefined;
  return { update: changed ? update : null, settings, variableOptions: planned, untouched };
}

function planVariableOptions(
  noCodeModuleId: string,
  existing: readonly VariableOptions[],
  wanted: readonly VariableOptionsInput[],
): PlannedVariableOptions[] {
  const byId = new Map(existing.map((o) => [o.id, o]));
  for (const entry of wanted) {
    if (entry.id !== undefined && !byId.has(entry.id)) {
      throw new ConfigurationError(
        `Input "variable-options" names the option set ${entry.id} for "${entry.variableName}", but no-code module ${noCodeModuleId} ` +
          `has no such set (it has: ${existing.map((o) => `${o.id} (${o.attributes['variable-name']})`).join(', ') || 'none'}); ` +
          'leave the id out to match the set by variable name.',
      );
    }
  }
  // Sets named by an explicit id are taken; an entry without id matches a free set by name.
  const claimed = new Set(wanted.map((e) => e.id).filter((id): id is string => id !== undefined));
  return wanted.map((entry) => {
    let set = entry.id !== undefined ? byId.get(entry.id) : undefined;
    if (entry.id === undefined) {
      set = existing.find((o) => !claimed.has(o.id) && o.attributes['variable-name'] === entry.variableName);
      if (set) claimed.add(set.id);
    }
    const values = { variableName: entry.variableName, variableType: entry.variableType, options: entry.options };
    if (!set) return { ...values, action: 'create' as const };
    const same =
      set.attributes['variable-name'] === entry.variableName &&
      set.attributes['variable-type'] === entry.variableType &&
      sameJson(set.attributes.options, entry.options);
    return { id: set.id, ...values, action: same ? ('unchanged' as const) : ('replace' as const) };
  });
}

/** Options are compared in order: the order is how they are offered to a person. */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
