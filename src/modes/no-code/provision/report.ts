import type { WorkspaceVariable } from '../../../inputs/parsers.ts';
import {
  dryRunBanner,
  escapeHtml,
  heading,
  html,
  inlineCode,
  joinBlocks,
  link,
  paragraph,
  table,
} from '../../../report/markdown.ts';
import type { Content } from '../../../report/markdown.ts';
import type { ModeResult } from '../../mode.ts';
import { variablesTable } from '../variables-table.ts';

export interface ProvisionReportInput {
  dryRun: boolean;
  noCodeModuleId: string;
  /** The module version the workspace is (or would be) created from, as known. */
  moduleVersion: string | null;
  projectId: string;
  name: string;
  description: string;
  autoApply: boolean;
  vars: readonly WorkspaceVariable[];
  /** The created workspace; null in a dry run. */
  workspace: { id: string; url: string | null; sourceModuleId: string | null } | null;
}

export function provisionReport(input: ProvisionReportInput): ModeResult {
  const ws = input.workspace;
  const rows: Content[][] = [
    ['Workspace', ws ? link(ws.id, ws.url) : 'not created yet'],
    ['Name', inlineCode(input.name)],
    ['Project', inlineCode(input.projectId)],
    [
      'No-code module',
      html(
        `${inlineCode(input.noCodeModuleId).html}${input.moduleVersion ? ` (version ${escapeHtml(input.moduleVersion)})` : ''}`,
      ),
    ],
    ['Source module', ws?.sourceModuleId ? inlineCode(ws.sourceModuleId) : '–'],
    ['Auto apply', input.autoApply ? 'yes' : 'no'],
    ['Description', input.description || '–'],
  ];
  const summary = joinBlocks(
    heading(input.dryRun ? 'Workspace from a no-code module (dry run)' : 'Workspace from a no-code module'),
    input.dryRun && dryRunBanner('No workspace was created: this is what would be created.'),
    paragraph(
      html(
        ws
          ? `<strong>Created workspace ${escapeHtml(input.name)}</strong> (${inlineCode(ws.id).html}).`
          : `<strong>Would create workspace ${escapeHtml(input.name)}.</strong>`,
      ),
    ),
    table(['Setting', 'Value'], rows),
    heading(`Variables (${input.vars.length})`, 3),
    variablesTable(input.vars),
  );
  return {
    title: ws
      ? `Workspace ${input.name} (${ws.id}) created from no-code module ${input.noCodeModuleId}`
      : `Dry run: would create workspace ${input.name} from no-code module ${input.noCodeModuleId}`,
    summary,
    annotations: [],
    outputs: {
      'workspace-id': ws?.id ?? '',
      'workspace-url': ws?.url ?? '',
      'no-code-module-id': input.noCodeModuleId,
      result: {
        action: ws ? 'created' : 'would-create',
        workspaceId: ws?.id ?? null,
        workspaceUrl: ws?.url ?? null,
        name: input.name,
        projectId: input.projectId,
        noCodeModuleId: input.noCodeModuleId,
        sourceModuleId: ws?.sourceModuleId ?? null,
        autoApply: input.autoApply,
        variables: input.vars.map((v) => ({ key: v.key, category: v.category, hcl: v.hcl, sensitive: v.sensitive })),
      },
    },
    failure: null,
    conclusion: 'success',
  };
}
