import { ConfigurationError } from '../../../errors.ts';
import type { ProvisionNoCodeWorkspaceInputs } from '../../../inputs/schema.ts';
import type { CreateWorkspaceInput } from '../../../service/no-code.ts';
import type { Workspace } from '../../../service/types.ts';
import type { OutputValue } from '../../../report/outputs.ts';
import type { ModeContext, ModeResult } from '../../mode.ts';
import { cancelledResult, failureResult, reachedAfterCancellation } from '../results.ts';
import { servicePageUrl } from '../service-address.ts';
import { describeReadFailure, describeWriteFailure } from '../write-failure.ts';
import { formatPreciseDuration } from '../../../report/format.ts';
import { sendWrite, writeGraceOf } from '../writes.ts';
import type { NoCodeTuning, WriteGrace, WriteOutcome } from '../writes.ts';
import { provisionReport } from './report.ts';
import type { ProvisionReportInput } from './report.ts';

const HEADING = 'Workspace from a no-code module';

/**
 * Mode provision-no-code-workspace: creates a workspace from a no-code module in a project, with
 * its variables, which deploys the module.
 */
export async function runProvisionNoCodeWorkspace(
  inputs: ProvisionNoCodeWorkspaceInputs,
  context: ModeContext,
  tuning: NoCodeTuning = {},
): Promise<ModeResult> {
  const { sink, client } = context;
  const grace = writeGraceOf(tuning, context.clock);

  const module = await readModuleVersion(inputs, context);
  if ('result' in module) return module.result;
  const { moduleVersion } = module;

  const request: CreateWorkspaceInput = {
    name: inputs.workspaceName,
    projectId: inputs.projectId,
    autoApply: inputs.autoApply,
    vars: inputs.workspaceVariables,
  };
  if (inputs.workspaceDescription !== '') request.description = inputs.workspaceDescription;
  const report = (workspace: ProvisionReportInput['workspace']): ModeResult =>
    provisionReport({
      dryRun: inputs.dryRun,
      noCodeModuleId: inputs.noCodeModuleId,
      moduleVersion,
      projectId: inputs.projectId,
      name: inputs.workspaceName,
      description: inputs.workspaceDescription,
      autoApply: inputs.autoApply,
      vars: inputs.workspaceVariables,
      workspace,
    });

  if (inputs.dryRun) {
    sink.info(
      `Dry run: would create workspace ${inputs.workspaceName} in project ${inputs.projectId} from no-code module ${inputs.noCodeModuleId}.`,
    );
    return report(null);
  }

  // Once sent, the create is not cut short by the cancellation: it may be carried out anyway.
  const create = await sendWrite(
    (writeSignal) => client.noCode.createWorkspace(inputs.noCodeModuleId, request, { signal: writeSignal }),
    {
      cancellation: context.cancellation,
      ...grace,
      onSend: () =>
        sink.info(
          `Creating workspace ${inputs.workspaceName} in project ${inputs.projectId} from no-code module ${inputs.noCodeModuleId}.`,
        ),
    },
  );
  return createResult(create, inputs, context, grace, report);
}

/** The outputs while no workspace is known to have been created. */
function noWorkspaceOutputs(inputs: ProvisionNoCodeWorkspaceInputs): Record<string, OutputValue> {
  return { 'workspace-id': '', 'workspace-url': '', 'no-code-module-id': inputs.noCodeModuleId };
}

function notCreated(inputs: ProvisionNoCodeWorkspaceInputs): ModeResult {
  return cancelledResult({
    title: 'Cancelled before the workspace was created',
    heading: HEADING,
    message: `The step was cancelled before workspace ${inputs.workspaceName} was created; nothing was created.`,
    outputs: noWorkspaceOutputs(inputs),
  });
}

/**
 * The module's version pin, read first (allowed in a dry run): a module that is unknown or not
 * enabled is reported as such, before anything is created.
 */
async function readModuleVersion(
  inputs: ProvisionNoCodeWorkspaceInputs,
  { client, cancellation: { signal } }: ModeContext,
): Promise<{ moduleVersion: string | null } | { result: ModeResult }> {
  try {
    const { noCodeModule } = await client.noCode.readModule(inputs.noCodeModuleId, { signal });
    if (!noCodeModule.attributes.enabled) {
      return {
        result: failureResult({
          title: 'No-code provisioning is not enabled for the module',
          heading: HEADING,
          message:
            `No-code provisioning is not enabled for no-code module ${inputs.noCodeModuleId}, so no workspace can be created from it: ` +
            'enable it first (mode publish-no-code-module with enabled: true).',
          outputs: noWorkspaceOutputs(inputs),
        }),
      };
    }
    return { moduleVersion: noCodeModule.attributes['version-pin'] ?? null };
  } catch (error) {
    if (signal.aborted) return { result: notCreated(inputs) };
    // A base-url whose host does not exist is the user's to fix, and nothing was sent.
    if (error instanceof ConfigurationError) throw error;
    return {
      result: failureResult({
        title: 'The no-code module could not be read',
        heading: HEADING,
        message: describeReadFailure(error, `No-code module ${inputs.noCodeModuleId}`, 'no-code-module-id'),
        outputs: noWorkspaceOutputs(inputs),
      }),
    };
  }
}

/**
 * The step's result once the create has ended: the workspace created (also when the step was
 * cancelled meanwhile), or what is known when it was not, or may have been.
 */
function createResult(
  create: WriteOutcome<Workspace>,
  inputs: ProvisionNoCodeWorkspaceInputs,
  { sink, cancellation: { signal } }: ModeContext,
  grace: WriteGrace,
  report: (workspace: ProvisionReportInput['workspace']) => ModeResult,
): ModeResult {
  const beforeRunningAgain =
    `a workspace named ${inputs.workspaceName} in project ${inputs.projectId} before running again ` +
    '(a second creation is refused once the name is taken).';
  switch (create.kind) {
    case 'not-sent':
      return notCreated(inputs);
    case 'done': {
      const workspace = create.answer;
      const url = servicePageUrl(workspace.links?.['self-html'], inputs.baseUrl);
      sink.info(`Created workspace ${workspace.id}${url ? ` (${url})` : ''}.`);
      const created = report({
        id: workspace.id,
        url,
        sourceModuleId: workspace.attributes['source-module-id'] ?? null,
      });
      if (!signal.aborted) return created;
      return reachedAfterCancellation(
        created,
        `The step was cancelled while workspace ${inputs.workspaceName} was being created; the service created it (${workspace.id}) before the step ended.`,
      );
    }
    case 'maybe-applied':
      if (create.cause === 'cancelled') {
        const message =
          `The step was cancelled while workspace ${inputs.workspaceName} was being created, and the service did not answer ` +
          `within ${formatPreciseDuration(grace.graceMs)}, so the workspace may have been created: check for ${beforeRunningAgain}`;
        return cancelledResult({
          title: `Cancelled: workspace ${inputs.workspaceName} may have been created`,
          heading: HEADING,
          message,
          outputs: {
            ...noWorkspaceOutputs(inputs),
            result: {
              action: 'may-have-been-created',
              workspaceId: null,
              name: inputs.workspaceName,
              projectId: inputs.projectId,
              noCodeModuleId: inputs.noCodeModuleId,
              message,
            },
          },
        });
      }
      break;
  }
  return failureResult({
    title: 'The workspace could not be created',
    heading: HEADING,
    message: describeWriteFailure(create, {
      operation: `to create workspace "${inputs.workspaceName}" from no-code module ${inputs.noCodeModuleId}`,
      ids: `no-code module ${inputs.noCodeModuleId}`,
      ifUnknown: `The workspace may have been created: look for ${beforeRunningAgain}`,
      ifRefused: `A workspace named ${inputs.workspaceName} may already exist in the organization, or project ${inputs.projectId} may not exist there.`,
    }),
    outputs: noWorkspaceOutputs(inputs),
    cancelled: signal.aborted,
  });
}
