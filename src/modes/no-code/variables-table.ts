import type { WorkspaceVariable } from '../../inputs/parsers.ts';
import { inlineCode, paragraph, table } from '../../report/markdown.ts';

/**
 * The variables sent to the service, without any value: a sensitive value must never appear,
 * and an `env` value given in the `env:KEY=VALUE` form is often a credential that nobody marked
 * sensitive, so no value is shown at all.
 */
export function variablesTable(vars: readonly WorkspaceVariable[]): string {
  if (vars.length === 0) return paragraph('No workspace variables are sent.');
  return table(
    ['Variable', 'Category', 'HCL', 'Sensitive', 'Description'],
    vars.map((v) => [
      inlineCode(v.key),
      v.category,
      v.hcl ? 'yes' : 'no',
      v.sensitive ? 'yes' : 'no',
      v.description ?? '',
    ]),
  );
}
