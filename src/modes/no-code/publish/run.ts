import { ConfigurationError } from '../../../errors.ts';
import type { PublishNoCodeModuleInputs } from '../../../inputs/schema.ts';
import { readVariableOptionsFile } from '../../../inputs/variable-options.ts';
import type { NoCodeModule, VariableOptions } from '../../../service/types.ts';
import type { ModeContext, ModeResult } from '../../mode.ts';
import { cancelledResult, failureResult, reachedAfterCancellation } from '../results.ts';
import { absoluteServiceUrl } from '../service-address.ts';
import { describeReadFailure, describeWriteFailure } from '../write-failure.ts';
import { formatPreciseDuration } from '../../../report/format.ts';
import { sendWrite, writeGraceOf } from '../writes.ts';
import type { NoCodeTuning, WriteGrace, WriteOutcome } from '../writes.ts';
import { planNoCodeModuleCreate, planNoCodeModuleUpdate } from './plan.ts';
import type { PlannedVariableOptions, SettingChange } from './plan.ts';
import { publishReport } from './report.ts';

const HEADING = 'No-code module';

/**
 * Mode publish-no-code-module: allows a registry module for no-code provisioning, or, with
 * `no-code-module-id`, brings an existing no-code module to the given settings (sending nothing
 * when they already match).
 */
export async function runPublishNoCodeModule(
  inputs: PublishNoCodeModuleInputs,
  context: ModeContext,
  tuning: NoCodeTuning = {},
): Promise<ModeResult> {
  const grace = writeGraceOf(tuning, context.clock);
  // The file's options, read before any request: a file that cannot be used stops the step there.
  const options =
    inputs.variableOptionsFile === ''
      ? inputs
      : {
          ...inputs,
          variableOptions: await readVariableOptionsFile(
            context.workspaceRoot,
            inputs.variableOptionsFile,
            context.cancellation.signal,
          ),
        };
  return options.noCodeModuleId === '' ? allowModule(options, context, grace) : updateModule(options, context, grace);
}

async function allowModule(
  inputs: PublishNoCodeModuleInputs,
  context: ModeContext,
  grace: WriteGrace,
): Promise<ModeResult> {
  const { graceMs } = grace;
  const { sink, client } = context;
  const signal = context.cancellation.signal;
  const create = planNoCodeModuleCreate(inputs);
  const planned: PlannedVariableOptions[] | null =
    create.variableOptions?.map((o) => ({ ...o, action: 'create' as const })) ?? null;

  if (inputs.dryRun) {
    sink.info(
      `Dry run: would allow registry module ${inputs.registryModuleId} for no-code provisioning in ${inputs.organization}.`,
    );
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

  const outputs = { 'no-code-module-id': '' };
  // Once sent, the create is not cut short by the cancellation: it may be carried out anyway.
  const allow = await sendWrite(
    (writeSignal) => client.noCode.createModule(inputs.organization, create, { signal: writeSignal }),
    {
      cancellation: context.cancellation,
      ...grace,
      onSend: () =>
        sink.info(
          `Allowing registry module ${inputs.registryModuleId} for no-code provisioning in ${inputs.organization}.`,
        ),
    },
  );
  const check =
    `look at registry module ${inputs.registryModuleId} in the service, and if it is allowed, ` +
    'set no-code-module-id to update it instead of creating it again.';
  switch (allow.kind) {
    case 'not-sent':
      return cancelledResult({
        title: 'Cancelled before the no-code module was created',
        heading: HEADING,
        message: `The step was cancelled before registry module ${inputs.registryModuleId} was allowed for no-code provisioning; nothing was created.`,
        outputs,
      });
    case 'done': {
      const created = allow.answer;
      sink.info(`Created no-code module ${created.id}.`);
      const result = publishReport({
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
      if (!signal.aborted) return result;
      return reachedAfterCancellation(
        result,
        `The step was cancelled while registry module ${inputs.registryModuleId} was being allowed for no-code provisioning; ` +
          `the service created no-code module ${created.id} before the step ended.`,
      );
    }
    case 'maybe-applied':
      if (allow.cause === 'cancelled') {
        const message =
          `The step was cancelled while registry module ${inputs.registryModuleId} was being allowed for no-code provisioning, ` +
          `and the service did not answer within ${formatPreciseDuration(graceMs)}, so the no-code module may have been created: ${check}`;
        return cancelledResult({
          title: `Cancelled: a no-code module for registry module ${inputs.registryModuleId} may have been created`,
          heading: HEADING,
          message,
          outputs: {
            ...outputs,
            result: {
              action: 'may-have-been-created',
              noCodeModuleId: null,
              registryModuleId: inputs.registryModuleId,
              message,
            },
          },
        });
      }
      break;
  }
  return failureResult({
    title: 'The no-code module could not be created',
    heading: HEADING,
    message: describeWriteFailure(allow, {
      operation: `to allow registry module ${inputs.registryModuleId} for no-code provisioning`,
      ids: `organization ${inputs.organization} or registry module ${inputs.registryModuleId}`,
      ifUnknown: `The no-code module may have been created: ${check}`,
      ifRefused:
        'If this registry module is already allowed for no-code provisioning, set no-code-module-id to update that no-code module instead.',
    }),
    outputs,
    cancelled: signal.aborted,
  });
}

async function updateModule(
  inputs: PublishNoCodeModuleInputs,
  context: ModeContext,
  grace: WriteGrace,
): Promise<ModeResult> {
  const { sink, client } = context;
  const id = inputs.noCodeModuleId;

  const read = await readModuleSettings(id, context);
  if ('result' in read) return read.result;
  const { current } = read;

  const plan = planNoCodeModuleUpdate(current, inputs);
  const base = {
    noCodeModuleId: id,
    url: absoluteServiceUrl(current.module.links?.self, inputs.baseUrl),
    settings: plan.settings,
    variableOptions: inputs.variableOptions === null ? null : plan.variableOptions,
    untouched: plan.untouched,
  };
  const wantedRegistryModule =
    inputs.registryModuleId || (current.module.relationships?.['registry-module']?.data?.id ?? null);
  // A new registry module without a pin gets its latest version (4.3: the pin's default).
  const movesModule = plan.settings.some((c) => c.setting === 'registry-module');
  const wantedPin = inputs.versionPin || (movesModule ? null : (current.module.attributes['version-pin'] ?? null));

  if (plan.update === null) {
    sink.info(`No-code module ${id} already has these settings; no update sent.`);
    return publishReport({
      ...base,
      action: 'unchanged',
      registryModuleId: wantedRegistryModule,
      enabled: inputs.enabled ?? current.module.attributes.enabled,
      versionPin: wantedPin,
    });
  }
  if (inputs.dryRun) {
    sink.info(`Dry run: would update no-code module ${id}.`);
    return publishReport({
      ...base,
      action: 'would-update',
      registryModuleId: wantedRegistryModule,
      enabled: inputs.enabled ?? current.module.attributes.enabled,
      versionPin: wantedPin,
    });
  }

  // Once sent, the update is not cut short by the cancellation: it may be carried out anyway.
  const update = plan.update;
  const sent = await sendWrite((writeSignal) => client.noCode.updateModule(id, update, { signal: writeSignal }), {
    cancellation: context.cancellation,
    ...grace,
    onSend: () =>
      sink.info(
        `Updating no-code module ${id}: ${[...plan.settings.map((c) => c.setting), ...(update.variableOptions ? ['variable options'] : [])].join(', ')}.`,
      ),
  });
  // The module as the service answered, what it did not say taken from the plan.
  const updatedReport = (updated: NoCodeModule): ModeResult =>
    publishReport({
      ...base,
      action: 'updated',
      url: absoluteServiceUrl(updated.links?.self, inputs.baseUrl) ?? base.url,
      registryModuleId: updated.relationships?.['registry-module']?.data?.id ?? wantedRegistryModule,
      enabled: updated.attributes.enabled,
      versionPin: updated.attributes['version-pin'] ?? wantedPin,
    });
  return updateResult(sent, { id, context, graceMs: grace.graceMs, changes: plan.settings, updatedReport });
}

function notUpdated(id: string): ModeResult {
  return cancelledResult({
    title: 'Cancelled before the no-code module was updated',
    heading: HEADING,
    message: `The step was cancelled before no-code module ${id} was updated; nothing was changed.`,
    outputs: { 'no-code-module-id': id },
  });
}

/** The module's settings and variable options as the service has them, which the update is planned against. */
async function readModuleSettings(
  id: string,
  { client, cancellation: { signal } }: ModeContext,
): Promise<{ current: { module: NoCodeModule; variableOptions: VariableOptions[] } } | { result: ModeResult }> {
  try {
    const read = await client.noCode.readModule(id, { includeVariableOptions: true, signal });
    return { current: { module: read.noCodeModule, variableOptions: read.variableOptions } };
  } catch (error) {
    if (signal.aborted) return { result: notUpdated(id) };
    // A base-url whose host does not exist is the user's to fix, and nothing was sent.
    if (error instanceof ConfigurationError) throw error;
    return {
      result: failureResult({
        title: 'The no-code module could not be read',
        heading: HEADING,
        message: describeReadFailure(error, `No-code module ${id}`, 'no-code-module-id'),
        outputs: { 'no-code-module-id': '' },
      }),
    };
  }
}

/**
 * The step's result once the update has ended: the module updated (also when the step was
 * cancelled meanwhile), or what is known when it was not, or may have been.
 */
function updateResult(
  sent: WriteOutcome<NoCodeModule>,
  update: {
    id: string;
    context: ModeContext;
    graceMs: number;
    /** The settings the update changes. */
    changes: SettingChange[];
    updatedReport: (updated: NoCodeModule) => ModeResult;
  },
): ModeResult {
  const { id, graceMs } = update;
  const { sink } = update.context;
  const signal = update.context.cancellation.signal;
  const again = 'Running the step again is safe: it reads the module first and sends only what still differs.';
  switch (sent.kind) {
    case 'not-sent':
      return notUpdated(id);
    case 'done': {
      sink.info(`Updated no-code module ${id}.`);
      const result = update.updatedReport(sent.answer);
      if (!signal.aborted) return result;
      return reachedAfterCancellation(
        result,
        `The step was cancelled while no-code module ${id} was being updated; the service applied the update before the step ended.`,
      );
    }
    case 'maybe-applied':
      if (sent.cause === 'cancelled') {
        const message =
          `The step was cancelled while no-code module ${id} was being updated, and the service did not answer within ` +
          `${formatPreciseDuration(graceMs)}, so the update may have been applied: check the module in the service. ${again}`;
        return cancelledResult({
          title: `Cancelled: no-code module ${id} may have been updated`,
          heading: HEADING,
          message,
          outputs: {
            'no-code-module-id': id,
            result: { action: 'may-have-been-updated', noCodeModuleId: id, changes: update.changes, message },
          },
        });
      }
      break;
  }
  return failureResult({
    title: 'The no-code module could not be updated',
    heading: HEADING,
    message: describeWriteFailure(sent, {
      operation: `to update no-code module ${id}`,
      ids: `no-code module ${id}`,
      ifUnknown: `The update may have been applied. ${again}`,
    }),
    outputs: { 'no-code-module-id': id },
    cancelled: signal.aborted,
  });
}
