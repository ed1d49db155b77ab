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

export async function runMode(inputs: Inputs, context: ModeContext): Promise<ModeResult> {
  const runner = (await RUNNERS[inputs.mode]()) as Runner<Mode>;
  return runner(inputs, context);
}
