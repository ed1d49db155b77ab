// Drives runSyncPolicies against a fresh emulator with a real client and a plain sink whose
// lines are kept, and reads back what the emulator received.

import { afterEach } from 'vitest';
import type { SyncPoliciesInputs } from '../../src/inputs/schema.ts';
import type { ModeResult } from '../../src/modes/mode.ts';
import { runSyncPolicies } from '../../src/modes/sync-policies/run.ts';
import type { SyncPoliciesOptions } from '../../src/modes/sync-policies/run.ts';
import { plainSink } from '../../src/report/plain-sink.ts';
import { createServiceClient } from '../../src/service/client.ts';
import type { ServiceClientOptions } from '../../src/service/client.ts';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator, EmulatorOptions, RecordedRequest } from '../emulator/api.ts';
import type { Cancellation } from '../../src/lifetime/cancellation.ts';
import { testCancellation } from '../support/test-cancellation.ts';
import { makeWorkspace } from './temp-workspace.ts';
import { systemClock } from '../../src/lifetime/clock.ts';

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

export interface SyncRun {
  result: ModeResult;
  /** Every line the sink wrote. */
  log: string;
}

export interface SyncHarness {
  emulator: Emulator;
  /** The repository root. */
  root: string;
  /** Runs the mode once with a new client; `cancellation` is the step's (a test sends it signals). */
  sync(
    overrides?: Partial<SyncPoliciesInputs>,
    options?: SyncPoliciesOptions & { client?: Partial<ServiceClientOptions>; cancellation?: Cancellation },
  ): Promise<SyncRun>;
}

/** Retries in milliseconds, and no client-side pacing unless a test asks for it. */
export const FAST_CLIENT: Partial<ServiceClientOptions> = {
  retry: { baseDelayMs: 5, maxDelayMs: 40 },
  rateLimitPerSecond: 10_000,
  onRequest: () => undefined,
};

export async function startSync(
  files: Record<string, string | Uint8Array>,
  emulatorOptions: EmulatorOptions = {},
): Promise<SyncHarness> {
  // The client here does not pace itself (FAST_CLIENT), so the service's limit, which the strict
  // emulator enforces, is lifted unless a test sets it: the action's own pacing meets it in the
  // tests that run the action whole.
  const emulator = await startEmulator({ rateLimitPerSecond: Infinity, ...emulatorOptions });
  open.push(() => emulator.close());
  const root = await makeWorkspace(files);
  return {
    emulator,
    root,
    async sync(overrides = {}, options = {}) {
      const client = createServiceClient({
        clock: systemClock,
        baseUrl: emulator.baseUrl,
        token: emulator.token,
        ...FAST_CLIENT,
        ...options.client,
      });
      const lines: string[] = [];
      const sink = plainSink({ stdout: { write: (text: string) => lines.push(text) }, secrets: [emulator.token] });
      try {
        const result = await runSyncPolicies(
          { ...syncInputs(emulator), ...overrides },
          {
            clock: systemClock,
            sink,
            client,
            cancellation: options.cancellation ?? testCancellation(),
            saveState: () => undefined,
            workspaceRoot: root,
          },
          { workers: options.workers },
        );
        return { result, log: lines.join('') };
      } finally {
        await client.close();
      }
    },
  };
}

export function syncInputs(emulator: Emulator): SyncPoliciesInputs {
  return {
    mode: 'sync-policies',
    token: emulator.token,
    baseUrl: emulator.baseUrl,
    timeoutMs: 60_000,
    dryRun: false,
    githubToken: '',
    checkName: '',
    commentOnPr: false,
    organization: emulator.organization,
    policyFiles: ['policies/**/*.native', 'policies/**/*.rego'],
    policyConfig: '',
    enforcementLevel: 'advisory',
    policySets: [],
    prune: 'off',
    allowLinksOutsideRepository: false,
  };
}

export interface Write {
  method: string;
  /** Path under /api/v2. */
  path: string;
  /** Parsed JSON:API document, the raw text of an upload, or null without a body. */
  body: unknown;
}

/** Write requests as received, the prefix left out and bodies decoded. */
export function writes(emulator: Emulator): Write[] {
  return emulator.writeRequests().map(toWrite);
}

export function toWrite(request: RecordedRequest): Write {
  const path = request.path.replace(/^\/api\/v2/, '');
  const type = String(request.headers['content-type'] ?? '');
  const text = request.body.toString('utf8');
  const body = text === '' ? null : type.includes('json') ? (JSON.parse(text) as unknown) : text;
  return { method: request.method, path, body };
}

/** The stored policies by name. */
export function storedByName(emulator: Emulator): Map<string, ReturnType<Emulator['policies']>[number]> {
  return new Map(emulator.policies().map((p) => [p.name, p]));
}

/** Request lines `METHOD path?query` of the API port, in arrival order. */
export function requestLines(emulator: Emulator): string[] {
  return emulator.requests
    .filter((r) => r.port === 'api')
    .map((r) => `${r.method} ${r.path.replace(/^\/api\/v2/, '')}${r.rawQuery ? `?${r.rawQuery}` : ''}`);
}
