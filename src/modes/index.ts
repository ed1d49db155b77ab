import type { Inputs, Mode } from '../inputs/schema.ts';
import type { ModeContext, ModeResult } from './mode.ts';

type Runner<M extends Mode> = (inputs: Extract<Inputs, { mode: M }>, context: ModeContext) => Promise<ModeResult>;

/** Each mode is loaded only when chosen, so one mode's dependencies (the HCL parser's WASM) never load for another. */
const RUNNERS: { [M in Mode]: () => Promise<Runner<M>> } = {
  'sync-policies': async () => (await import('./sync-policies/run.ts')).runSyncPolicies,
  'run-module-tests': async () => (await import('./run-module-tests/run.ts')).runModuleTests,
  'upgrade-no-code-workspace': async () => (await import('./no-code/upgrade/run.ts')).runUpgradeNoCodeWorkspace,
  'publish-no-code-module': async () => (await import('./no-code/publish/run.ts')).runPublishNoCodeModule,
  'provision-no-code-workspace': async () => (await import('./no-code/provision/run.ts')).runProvisionNoCodeWorkspace,
};

/**
 * The token each mode needs (spec 5; README "The service token"), as the message of a refused
 * token (401) asks for a new one.
 */
export const TOKEN_NEEDED: Record<Mode, string> = {
  'sync-policies': 'one that may manage the organization\'s policies: the "manage policies" permission',
  'run-module-tests':
    'a token of the owners team, or the user token of one of its members, with permission on the module',
  'upgrade-no-code-workspace': 'a user or team token with access to the workspaces: organization tokens are refused',
  'publish-no-code-module':
    'a user or team token with permission on the registry module: organization tokens are refused',
  'provision-no-code-workspace':
    'a user or team token that may create workspaces in the project: organization tokens are refused',
};

export async function runMode(inputs: Inputs, context: ModeContext): Promise<ModeResult> {
  const runner = (await RUNNERS[inputs.mode]()) as Runner<Mode>;
  return runner(inputs, context);
}
