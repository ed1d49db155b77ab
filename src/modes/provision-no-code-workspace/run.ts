import type { ProvisionNoCodeWorkspaceInputs } from '../../inputs.ts';
import type { CreateWorkspaceInput } from '../../service/no-code.ts';
import type { Workspace } from '../../service/types.ts';
import type { ModeContext, ModeResult } from '../mode.ts';
import { failureResult } from '../no-code-shared/failure-result.ts';
import { absoluteServiceUrl } from '../no-code-shared/service-address.ts';
import { describeReadFailure, describeWriteFailure } from '../no-code-shared/write-failure.ts';
import { provisionReport } from './report.ts';
import type { ProvisionReportInput } from './report.ts';

const HEADING = 'Workspace from a no-code module';

/**
 * Mode provision-no-code-workspace: creates a workspace from a no-code module in a project, with
 * its variables, which deploys the module.
 */
export async function runProvisionNoCodeWorkspace(inputs: ProvisionNoCodeWorkspaceInputs, context: ModeContext): Promise<ModeResult> {
  const { sink, client } = context;
  const signal = context.cancellation.signal;
  const outputs = { 'workspace-id': '', 'workspace-url': '', 'no-code-module-id': inputs.noCodeModuleId };

  // A read first (allowed in a dry run): a module that is unknown or not enabled is reported
  // as such, before anything is created.
  let moduleVersion: string | null;
  try {
    const { noCodeModule } = await client.noCode.readModule(inputs.noCodeModuleId, { signal });
    moduleVersion = noCodeModule.attributes['version-pin'] ?? null;
    if (!noCodeModule.attributes.enabled) {
      return failureResult({
        title: 'No-code provisioning is not enabled for the module',
        heading: HEADING,
        message:
          `No-code provisioning is not enabled for no-code module ${inputs.noCodeModuleId}, so no workspace can be created from it: ` +
          'enable it first (mode publish-no-code-module with enabled: true).',
        outputs,
      });
    }
  } catch (error) {
    if (signal.aborted) throw error;
    return failureResult({
      title: 'The no-code module could not be read',
      heading: HEADING,
      message: describeReadFailure(error, `No-code module ${inputs.noCodeModuleId}`, 'no-code-module-id'),
      outputs,
    });
  }

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
    sink.info(`Dry run: would create workspace ${inputs.workspaceName} in project ${inputs.projectId} from no-code module ${inputs.noCodeModuleId}.`);
    return report(null);
  }

  sink.info(`Creating workspace ${inputs.workspaceName} in project ${inputs.projectId} from no-code module ${inputs.noCodeModuleId}.`);
  let workspace: Workspace;
  try {
    workspace = await client.noCode.createWorkspace(inputs.noCodeModuleId, request, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return failureResult({
      title: 'The workspace could not be created',
      heading: HEADING,
      message: describeWriteFailure(error, {
        operation: `to create workspace "${inputs.workspaceName}" from no-code module ${inputs.noCodeModuleId}`,
        ids: `no-code module ${inputs.noCodeModuleId}`,
        ifUnknown:
          `The workspace may have been created: look for a workspace named ${inputs.workspaceName} in project ${inputs.projectId} ` +
          'before running again (a second creation is refused once the name is taken).',
        ifRefused: `A workspace named ${inputs.workspaceName} may already exist in the organization, or project ${inputs.projectId} may not exist there.`,
      }),
      outputs,
    });
  }
  const url = absoluteServiceUrl(workspace.links?.['self-html'], inputs.baseUrl);
  sink.info(`Created workspace ${workspace.id}${url ? ` (${url})` : ''}.`);
  return report({ id: workspace.id, url, sourceModuleId: workspace.attributes['source-module-id'] ?? null });
}
