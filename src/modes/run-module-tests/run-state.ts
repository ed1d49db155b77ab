// What the main step hands to the post step (action-interface "Cancellation": the run id is
// saved as soon as it is known, so that a post step can cancel a run the main step left behind).

import type { ModuleRef } from '../../service/module-tests.ts';

export const STATE_NAMES = {
  testRunId: 'testRunId',
  /** JSON of the ModuleRef: the post step reaches the run without re-reading every input. */
  module: 'testRunModule',
  /** 'true' once the main step saw the run in a final status: nothing left to clean up. */
  final: 'testRunFinal',
  /** 'true' once a cancel was accepted: the post step goes on to force-cancel after its grace. */
  cancelRequested: 'testRunCancelRequested',
} as const;

export type SaveState = (name: string, value: string) => void;
export type GetState = (name: string) => string;

export function saveRunStarted(save: SaveState, testRunId: string, module: ModuleRef): void {
  // The module first: a step killed between the two lines leaves no id without its module.
  save(STATE_NAMES.module, JSON.stringify(module));
  save(STATE_NAMES.testRunId, testRunId);
}

export function saveRunFinal(save: SaveState): void {
  save(STATE_NAMES.final, 'true');
}

export function saveCancelRequested(save: SaveState): void {
  save(STATE_NAMES.cancelRequested, 'true');
}

export interface SavedTestRun {
  testRunId: string;
  module: ModuleRef;
  final: boolean;
  cancelRequested: boolean;
}

/** The run the main step saved, or undefined when it saved none (another mode, or no run). */
export function readSavedRun(get: GetState): SavedTestRun | undefined {
  const testRunId = get(STATE_NAMES.testRunId);
  if (testRunId === '') return undefined;
  const module = parseModule(get(STATE_NAMES.module));
  if (module === undefined) return undefined;
  return {
    testRunId,
    module,
    final: get(STATE_NAMES.final) === 'true',
    cancelRequested: get(STATE_NAMES.cancelRequested) === 'true',
  };
}

function parseModule(text: string): ModuleRef | undefined {
  try {
    const value = JSON.parse(text) as Partial<ModuleRef> | null;
    if (!value || typeof value !== 'object') return undefined;
    const { organization, namespace, name, provider } = value;
    if (typeof organization !== 'string' || typeof name !== 'string' || typeof provider !== 'string') return undefined;
    return { organization, name, provider, ...(typeof namespace === 'string' ? { namespace } : {}) };
  } catch {
    return undefined;
  }
}
