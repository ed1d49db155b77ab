import type { PublishNoCodeModuleInputs } from '../../inputs.ts';
import type { NoCodeModule, VariableOptions } from '../../service/types.ts';
import type { ModeContext, ModeResult } from '../mode.ts';
import { failureResult } from '../no-code-shared/failure-result.ts';
import { absoluteServiceUrl } from '../no-code-shared/service-address.ts';
import { describeReadFailure, describeWriteFailure } from '../no-code-shared/write-failure.ts';
import { planNoCodeModuleCreate, planNoCodeModuleUpdate } from './plan.ts';
import type { PlannedVariableOptions } from './plan.ts';
import { publishReport } from './report.ts';

const HEADING = 'No-code module';

/**
 * Mode publish-no-code-module: allows a registry module for no-code provisioning, or, with
 * `no-code-module-id`, brings an existing no-code module to the given settings (sending nothing
 * when they already match).
 */
export async function runPublishNoCodeModule(inputs: PublishNoCodeModuleInputs, context: ModeContext): Promise<ModeResult> {
  return inputs.noCodeModuleId === '' ? allowModule(inputs, context) : updateModule(inputs, context);
}

async function allowModule(inputs: PublishNoCodeModuleInputs, context: ModeContext): Promise<ModeResult> {
  const { sink, client } = context;
  const signal = context.cancellation.signal;
  const create = planNoCodeModuleCreate(inputs);
  const planned: PlannedVariableOptions[] | null =
    create.variableOptions?.map((o) => ({ ...o, action: 'create' as const })) ?? null;

  if (inputs.dryRun) {
    sink.info(`Dry run: would allow registry module ${inputs.registryModuleId} for no-code provisioning in ${inputs.organization}.`);
    return publishReport({
      action: 'would-create',
      noCodeModuleId: null,
      url: null,
      registryModuleId: inputs.registryModuleId,
      enabled: create.enabled ?? true,
      versionPin: create.versionPin ?? null,
      settings: [],
      variableOptions: planned,
      untouched: [],
    });
  }

  sink.info(`Allowing registry module ${inputs.registryModuleId} for no-code provisioning in ${inputs.organization}.`);
  let created: NoCodeModule;
  try {
    created = await client.noCode.createModule(inputs.organization, create, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return failureResult({
      title: 'The no-code module could not be created',
      heading: HEADING,
      message: describeWriteFailure(error, {
        operation: `to allow registry module ${inputs.registryModuleId} for no-code provisioning`,
        ids: `organization ${inputs.organization} or registry module ${inputs.registryModuleId}`,
        ifUnknown:
          'The no-code module may have been created: look at the registry module in the service, and if it is allowed, ' +
          'set no-code-module-id to update it instead of creating it again.',
        ifRefused: 'If this registry module is already allowed for no-code provisioning, set no-code-module-id to update that no-code module instead.',
      }),
      outputs: { 'no-code-module-id': '' },
    });
  }
  sink.info(`Created no-code module ${created.id}.`);
  return publishReport({
    action: 'created',
    noCodeModuleId: created.id,
    url: absoluteServiceUrl(created.links?.self, inputs.baseUrl),
    registryModuleId: created.relationships?.['registry-module']?.data?.id ?? inputs.registryModuleId,
    enabled: created.attributes.enabled,
    versionPin: created.attributes['version-pin'] ?? null,
    settings: [],
    variableOptions: planned,
    untouched: [],
  });
}

async function updateModule(inputs: PublishNoCodeModuleInputs, context: ModeContext): Promise<ModeResult> {
  const { sink, client } = context;
  const signal = context.cancellation.signal;
  const id = inputs.noCodeModuleId;

  let current: { module: NoCodeModule; variableOptions: VariableOptions[] };
  try {
    const read = await client.noCode.readModule(id, { includeVariableOptions: true, signal });
    current = { module: read.noCodeModule, variableOptions: read.variableOptions };
  } catch (error) {
    if (signal.aborted) throw error;
    return failureResult({
      title: 'The no-code module could not be read',
      heading: HEADING,
      message: describeReadFailure(error, `No-code module ${id}`, 'no-code-module-id'),
      outputs: { 'no-code-module-id': '' },
    });
  }

  const plan = planNoCodeModuleUpdate(current, inputs);
  const base = {
    noCodeModuleId: id,
    url: absoluteServiceUrl(current.module.links?.self, inputs.baseUrl),
    settings: plan.settings,
    variableOptions: inputs.variableOptions === null ? null : plan.variableOptions,
    untouched: plan.untouched,
  };
  const wantedRegistryModule = inputs.registryModuleId || (current.module.relationships?.['registry-module']?.data?.id ?? null);
  // A new registry module without a pin gets its latest version (4.3: the pin's default).
  const movesModule = plan.settings.some((c) => c.setting === 'registry-module');
  const wantedPin = inputs.versionPin || (movesModule ? null : (current.module.attributes['version-pin'] ?? null));

  if (plan.update === null) {
    sink.info(`No-code module ${id} already has these settings; no update sent.`);
    return publishReport({ ...base, action: 'unchanged', registryModuleId: wantedRegistryModule, enabled: inputs.enabled ?? current.module.attributes.enabled, versionPin: wantedPin });
  }
  if (inputs.dryRun) {
    sink.info(`Dry run: would update no-code module ${id}.`);
    return publishReport({ ...base, action: 'would-update', registryModuleId: wantedRegistryModule, enabled: inputs.enabled ?? current.module.attributes.enabled, versionPin: wantedPin });
  }

  sink.info(`Updating no-code module ${id}: ${[...plan.settings.map((c) => c.setting), ...(plan.update.variableOptions ? ['variable options'] : [])].join(', ')}.`);
  let updated: NoCodeModule;
  try {
    updated = await client.noCode.updateModule(id, plan.update, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return failureResult({
      title: 'The no-code module could not be updated',
      heading: HEADING,
      message: describeWriteFailure(error, {
        operation: `to update no-code module ${id}`,
        ids: `no-code module ${id}`,
        ifUnknown: 'The update may have been applied. Running the step again is safe: it reads the module first and sends only what still differs.',
      }),
      outputs: { 'no-code-module-id': id },
    });
  }
  sink.info(`Updated no-code module ${id}.`);
  return publishReport({
    ...base,
    action: 'updated',
    url: absoluteServiceUrl(updated.links?.self, inputs.baseUrl) ?? base.url,
    registryModuleId: updated.relationships?.['registry-module']?.data?.id ?? wantedRegistryModule,
    enabled: updated.attributes.enabled,
    versionPin: updated.attributes['version-pin'] ?? wantedPin,
  });
}
