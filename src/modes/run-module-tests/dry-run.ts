// Dry run (action-interface "Mode run-module-tests"): the archive is packed and what it would
// upload is listed (files, size, what `.terraformignore` left out); the module's variables are
// read to say which would be created or updated. No request that creates anything is sent.

import { ConfigurationError } from '../../errors.ts';
import type { RunModuleTestsInputs } from '../../inputs/schema.ts';
import { formatBytes } from '../../report/format.ts';
import {
  bulletList,
  codeBlock,
  details,
  dryRunBanner,
  heading,
  joinBlocks,
  paragraph,
  table,
} from '../../report/markdown.ts';
import type { ServiceClient } from '../../service/client.ts';
import type { ModuleRef } from '../../service/module-tests.ts';
import type { ModeResult } from '../mode.ts';
import type { PackedConfiguration } from './configuration-archive.ts';
import { moduleLabel } from './module-ref.ts';
import { NO_TEST_RUN_OUTPUTS, noRunResult } from './results/report.ts';
import type { TestedModule } from './results/report.ts';
import { setupFailure } from './test-run/start.ts';
import { planTestVariables } from './test-variables.ts';

/** Paths listed in the summary; the rest are counted. */
const MAX_LISTED = 500;

export interface PlannedVariables {
  create: string[];
  update: string[];
  delete: string[];
}

/** The dry run's report; a failure to read the module's variables is the step's failure. */
export async function dryRun(
  tested: TestedModule,
  packed: PackedConfiguration,
  client: ServiceClient,
  signal: AbortSignal,
): Promise<ModeResult> {
  const { inputs, module } = tested;
  let variables: PlannedVariables;
  try {
    variables = await plannedVariables(client, module, inputs, signal);
  } catch (error) {
    if (signal.aborted || error instanceof ConfigurationError) throw error;
    const note = setupFailure(module, 'reading the test environment variables', error);
    return noRunResult(tested, { createSent: false }, { kind: 'failed', note }, []);
  }
  return dryRunResult({ inputs, module, packed, variables });
}

async function plannedVariables(
  client: ServiceClient,
  module: ModuleRef,
  inputs: RunModuleTestsInputs,
  signal: AbortSignal,
): Promise<PlannedVariables> {
  if (inputs.testEnvVariables.length === 0) return { create: [], update: [], delete: [] };
  const existing = await client.moduleTests.listVariables(module, { signal });
  const plan = planTestVariables(existing, inputs.testEnvVariables, inputs.testEnvVariablesPrune);
  return {
    create: plan.create,
    update: plan.update.map((v) => v.key),
    delete: plan.delete.map((v) => v.key),
  };
}

function dryRunResult(options: {
  inputs: RunModuleTestsInputs;
  module: ModuleRef;
  packed: PackedConfiguration;
  variables: PlannedVariables;
}): ModeResult {
  const { inputs, module, packed, variables } = options;
  const content = packed.entries;
  const label = moduleLabel(module);

  const fileRows = content
    .slice(0, MAX_LISTED)
    .map((e) => [e.name, e.type === 'file' ? formatBytes(e.size) : `link to ${e.target}`]);
  const moreFiles = content.length - fileRows.length;
  const ignored = packed.ignored;

  const variableRows = [
    ...variables.create.map((key) => [key, 'create']),
    ...variables.update.map((key) => [key, 'update']),
    ...variables.delete.map((key) => [key, 'delete (not named by test-env-variables)']),
  ];

  const runOptions = [
    `test-directory: ${inputs.testDirectory}`,
    `test-filters: ${inputs.testFilters.length > 0 ? inputs.testFilters.join(', ') : 'all test files'}`,
    `test-variables: ${inputs.testVariables.length > 0 ? inputs.testVariables.map((v) => v.key).join(', ') : 'none'}`,
    `verbose: ${String(inputs.verbose)}`,
  ];

  const summary = joinBlocks(
    heading(`Module tests of ${label} (dry run)`),
    dryRunBanner('Nothing was created or changed: this is what a run would upload and start.'),
    paragraph(
      `The configuration archive of ${inputs.moduleDirectory} holds ${content.length} files and links: ` +
        `${formatBytes(packed.bytes)} compressed, ${formatBytes(packed.contentBytes)} of content.`,
    ),
    details(
      `Files that would be uploaded (${content.length})`,
      joinBlocks(table(['Path', 'Size'], fileRows), moreFiles > 0 ? paragraph(`… and ${moreFiles} more.`) : ''),
    ),
    ignored.length > 0
      ? details(
          `Left out by .terraformignore and the default exclusions (${ignored.length})`,
          joinBlocks(
            codeBlock(ignored.slice(0, MAX_LISTED).join('\n'), 'text'),
            ignored.length > MAX_LISTED ? paragraph(`… and ${ignored.length - MAX_LISTED} more.`) : '',
          ),
        )
      : paragraph('Nothing was left out by .terraformignore or the default exclusions.'),
    packed.warnings.length > 0 ? joinBlocks(heading('Warnings', 3), bulletList(packed.warnings)) : '',
    variableRows.length > 0
      ? joinBlocks(
          heading('Test environment variables that would change (sensitive, values not shown)', 3),
          table(['Key', 'Action'], variableRows),
        )
      : '',
    heading('The test run that would start', 3),
    bulletList(runOptions),
  );

  return {
    title: `Dry run: module tests of ${label} would upload ${content.length} files (${formatBytes(packed.bytes)})`,
    summary,
    annotations: [],
    outputs: {
      ...NO_TEST_RUN_OUTPUTS,
      result: {
        'dry-run': true,
        module: label,
        bytes: packed.bytes,
        'content-bytes': packed.contentBytes,
        files: content.slice(0, 1000).map((e) => e.name),
        'file-count': content.length,
        ignored: ignored.slice(0, 1000),
        variables: variables,
        'test-run': {
          'test-directory': inputs.testDirectory,
          filters: inputs.testFilters,
          variables: inputs.testVariables.map((v) => v.key),
          verbose: inputs.verbose,
        },
      },
    },
    failure: null,
    conclusion: 'neutral',
  };
}
