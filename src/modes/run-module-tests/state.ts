// What the main step hands to the post step (action-interface "Cancellation": a test run must
// never be left running behind a cancelled job). The configuration version is saved as soon as
// it exists, so that a post step can find every run of it: one whose create never got its
// answer (the main step killed meanwhile), one the service queued by itself; the run id as soon
// as it is known.

import { parseJsonObject } from '../../json-object.ts';
import type { ModuleRef } from '../../service/module-tests.ts';
import type { VersionRef } from './module-ref.ts';

export const STATE_NAMES = {
  testRunId: 'testRunId',
  /** JSON of the ModuleRef: the post step reaches the run without re-reading every input. */
  module: 'testRunModule',
  /** The configuration version the run tests: its runs are the ones to stop. */
  configurationVersionId: 'testRunConfigurationVersion',
  /** VersionRef.since (ms since the epoch): where a search for the version's runs may stop. */
  configurationVersionSince: 'testRunConfigurationVersionSince',
  /** How long after the upload the main step watches for a run the service queues by itself
   *  (OtherRunsTiming.lateRunWindowMs): the post step watches as long. */
  lateRunWindowMs: 'testRunLateRunWindow',
  /** When the upload was answered (the step's clock, ms since the epoch): the window counts from
   *  it. Absent: the upload may still have landed when the step died. */
  uploadedAt: 'testRunUploadedAt',
  /** 'true' once the create of a test run was sent: a run may appear on the version even though
   *  no answer came; 'false' once the create was refused (nothing was created). */
  createSent: 'testRunCreateSent',
  /** optionsFingerprint of the requested options: how the post step tells the run of that create
   *  from one the service queued by itself. */
  requested: 'testRunRequested',
  /** 'true' once the main step saw its own run in a final status (other runs of the version
   *  are checked all the same). */
  final: 'testRunFinal',
  /** 'true' once a cancel was accepted: the post step goes on to force-cancel after its grace. */
  cancelRequested: 'testRunCancelRequested',
} as const;

export type SaveState = (name: string, value: string) => void;
export type GetState = (name: string) => string;

export function saveConfigurationVersion(
  save: SaveState,
  version: VersionRef,
  module: ModuleRef,
  lateRunWindowMs: number,
): void {
  // The module first: a step killed between the lines leaves no id without its module.
  save(STATE_NAMES.module, JSON.stringify(module));
  if (version.since !== undefined) save(STATE_NAMES.configurationVersionSince, String(version.since));
  save(STATE_NAMES.lateRunWindowMs, String(lateRunWindowMs));
  save(STATE_NAMES.configurationVersionId, version.id);
}

/** Saved the moment the upload is answered: the service may queue a run of its own from then on. */
export function saveUploaded(save: SaveState, at: number): void {
  save(STATE_NAMES.uploadedAt, String(at));
}

/** Saved right before the create goes out (with the fingerprint of its options), and again (`false`) when the service refused it. */
export function saveCreateSent(save: SaveState, sent: { fingerprint: string } | false): void {
  if (sent) save(STATE_NAMES.requested, sent.fingerprint);
  save(STATE_NAMES.createSent, String(sent !== false));
}

export function saveRunStarted(save: SaveState, testRunId: string, module: ModuleRef): void {
  save(STATE_NAMES.module, JSON.stringify(module));
  save(STATE_NAMES.testRunId, testRunId);
}

/** The run an upload starts by itself was seen: nothing later can come of the upload, so the
 *  post step watches for no late run. */
export function saveUploadRunSeen(save: SaveState): void {
  save(STATE_NAMES.lateRunWindowMs, '0');
}

export function saveRunFinal(save: SaveState): void {
  save(STATE_NAMES.final, 'true');
}

export function saveCancelRequested(save: SaveState): void {
  save(STATE_NAMES.cancelRequested, 'true');
}

export interface SavedTestRun {
  /** Absent when the main step ended (or died) before it knew the run. */
  testRunId?: string;
  module: ModuleRef;
  /** Absent when only a run id was saved (a main step of an earlier version). */
  configurationVersion?: VersionRef;
  /** How long after the upload a run of the service's own may appear (the main step's window). */
  lateRunWindowMs?: number;
  /** When the upload was answered, on the step's clock; absent when the step died before. */
  uploadedAt?: number;
  createSent: boolean;
  /** The fingerprint of the create's options, when it was sent. */
  requested?: string;
  final: boolean;
  cancelRequested: boolean;
}

/**
 * What the main step saved, or undefined when it saved neither a run nor a configuration
 * version (another mode, or the step stopped before creating anything).
 */
export function readSavedRun(get: GetState): SavedTestRun | undefined {
  const testRunId = get(STATE_NAMES.testRunId);
  const configurationVersionId = get(STATE_NAMES.configurationVersionId);
  if (testRunId === '' && configurationVersionId === '') return undefined;
  const module = parseModule(get(STATE_NAMES.module));
  if (module === undefined) return undefined;
  const since = Number(get(STATE_NAMES.configurationVersionSince) || Number.NaN);
  const configurationVersion: VersionRef = { id: configurationVersionId, ...(Number.isFinite(since) ? { since } : {}) };
  const lateRunWindowMs = numberOf(get(STATE_NAMES.lateRunWindowMs));
  const uploadedAt = numberOf(get(STATE_NAMES.uploadedAt));
  return {
    ...(testRunId !== '' ? { testRunId } : {}),
    module,
    ...(configurationVersionId !== '' ? { configurationVersion } : {}),
    ...(lateRunWindowMs !== undefined ? { lateRunWindowMs } : {}),
    ...(uploadedAt !== undefined ? { uploadedAt } : {}),
    createSent: get(STATE_NAMES.createSent) === 'true',
    ...(get(STATE_NAMES.requested) !== '' ? { requested: get(STATE_NAMES.requested) } : {}),
    final: get(STATE_NAMES.final) === 'true',
    cancelRequested: get(STATE_NAMES.cancelRequested) === 'true',
  };
}

/**
 * What the post step must look after: every run of the saved configuration version (the service
 * may queue one of its own at any time after the upload), or the saved run alone when no version
 * was saved and the main step saw that run end. Undefined: nothing to do.
 */
export function runToStop(get: GetState): SavedTestRun | undefined {
  const saved = readSavedRun(get);
  return saved === undefined || (saved.final && saved.configurationVersion === undefined) ? undefined : saved;
}

/** A saved number, or undefined when none (or no number) was saved. */
function numberOf(text: string): number | undefined {
  const value = text === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function parseModule(text: string): ModuleRef | undefined {
  const value = parseJsonObject(text);
  if (value === undefined) return undefined;
  const { organization, namespace, name, provider } = value;
  if (typeof organization !== 'string' || typeof name !== 'string' || typeof provider !== 'string') return undefined;
  return { organization, name, provider, ...(typeof namespace === 'string' ? { namespace } : {}) };
}
