import { clip, plural } from '../../../text.ts';
import {
  bulletList,
  dryRunBanner,
  escapeHtml,
  heading,
  html,
  inlineCode,
  joinBlocks,
  paragraph,
  table,
} from '../../../report/markdown.ts';
import type { Content } from '../../../report/markdown.ts';
import type { ModeResult } from '../../mode.ts';
import type { PlannedVariableOptions, SettingChange } from './plan.ts';

export type PublishAction = 'created' | 'updated' | 'unchanged' | 'would-create' | 'would-update';

export interface PublishReportInput {
  action: PublishAction;
  /** Null only for a module not created yet (dry run). */
  noCodeModuleId: string | null;
  /** Absolute API address of the module (`links.self`), for `result`; not a page to open. */
  url: string | null;
  registryModuleId: string | null;
  enabled: boolean;
  /** Null: the latest module version (not created yet). */
  versionPin: string | null;
  /** Settings that change (updates). */
  settings: SettingChange[];
  /** The variable options of the input; null when the input gives none (kept as they are). */
  variableOptions: PlannedVariableOptions[] | null;
  /** Option sets of the module that the input leaves out. */
  untouched: string[];
}

const ACTION_TEXT: Record<PublishAction, string> = {
  created: 'Allowed for no-code provisioning',
  updated: 'Updated',
  unchanged: 'Unchanged (nothing differs, no update was sent)',
  'would-create': 'Would be allowed for no-code provisioning',
  'would-update': 'Would be updated',
};

/** Longest rendering of one option set's allowed values in the summary. */
const MAX_OPTIONS_TEXT = 300;

export function publishReport(input: PublishReportInput): ModeResult {
  const dryRun = input.action === 'would-create' || input.action === 'would-update';
  const name = input.noCodeModuleId ?? `for registry module ${input.registryModuleId ?? ''}`;
  const title =
    input.action === 'created'
      ? `No-code module ${name} created for registry module ${input.registryModuleId ?? ''}`
      : input.action === 'updated'
        ? `No-code module ${name} updated (${changeCount(input)})`
        : input.action === 'unchanged'
          ? `No-code module ${name} is up to date`
          : `Dry run: no-code module ${name} ${input.action === 'would-create' ? 'would be created' : `would be updated (${changeCount(input)})`}`;

  // The id as text: the service gives a no-code module no page a person can open, only its API
  // address (`links.self`), which answers JSON to a token holder; that stays in `result`.
  const moduleCell: Content = input.noCodeModuleId ? inlineCode(input.noCodeModuleId) : 'not created yet';
  const settingsRows: Content[][] = [
    ['No-code module', moduleCell],
    ['Registry module', input.registryModuleId ? inlineCode(input.registryModuleId) : '–'],
    ['Enabled', input.enabled ? 'yes' : 'no'],
    ['Version pin', input.versionPin ?? 'the latest module version'],
  ];
  const changes = input.settings.map((c) =>
    html(`${inlineCode(c.setting).html}: ${escapeHtml(c.from ?? 'not set')} → ${escapeHtml(c.to)}`),
  );
  const optionRows: Content[][] = (input.variableOptions ?? []).map((o) => [
    inlineCode(o.variableName),
    o.variableType,
    optionsText(o.options),
    o.id ? inlineCode(o.id) : 'new',
    o.action === 'create' ? 'create' : o.action === 'replace' ? 'replace' : 'unchanged',
  ]);
  const summary = joinBlocks(
    heading(dryRun ? 'No-code module (dry run)' : 'No-code module'),
    dryRun && dryRunBanner('Nothing was sent to the service: this is what would be done.'),
    paragraph(html(`<strong>${escapeHtml(ACTION_TEXT[input.action])}.</strong>`)),
    table(['Setting', 'Value'], settingsRows),
    changes.length > 0 && `${heading('Settings that change', 3)}\n${bulletList(changes)}`,
    input.variableOptions === null
      ? paragraph('Variable options: not given, kept as they are.')
      : `${heading('Variable options', 3)}\n${table(['Variable', 'Type', 'Allowed values', 'Option set', 'Action'], optionRows)}`,
    input.untouched.length > 0 &&
      paragraph(
        `Option sets not in the input were left as they are (the API documents no way to remove one): ${input.untouched.join(', ')}.`,
      ),
  );
  return {
    title,
    summary,
    annotations:
      input.untouched.length > 0
        ? [
            {
              level: 'warning',
              title: 'Variable options left as they are',
              message: `No-code module ${name} keeps option sets that variable-options leaves out: ${input.untouched.join(', ')}.`,
            },
          ]
        : [],
    outputs: {
      'no-code-module-id': input.noCodeModuleId ?? '',
      result: {
        action: input.action,
        noCodeModuleId: input.noCodeModuleId,
        url: input.url,
        registryModuleId: input.registryModuleId,
        enabled: input.enabled,
        versionPin: input.versionPin,
        changes: input.settings,
        variableOptions: input.variableOptions,
      },
    },
    failure: null,
    conclusion: 'success',
  };
}

function changeCount(input: PublishReportInput): string {
  const options = (input.variableOptions ?? []).filter((o) => o.action !== 'unchanged').length;
  const parts: string[] = input.settings.map((c) => c.setting);
  if (options > 0) parts.push(plural(options, 'option set'));
  return parts.join(', ');
}

function optionsText(options: unknown[]): string {
  const text = options.map((o) => (typeof o === 'string' ? o : JSON.stringify(o))).join(', ');
  return clip(text, MAX_OPTIONS_TEXT);
}
