// Upgrade benchmark: 20 no-code workspaces upgraded at once (plans that take 5 s each on the
// emulator, then confirmed and followed through an apply of 2.5 s), against one upgrade's
// duration and against a sequential run measured here too. Usage:
//   npm exec -- node bench/upgrade-no-code.ts [--workspaces N] [--plan-ms MS] [--sequential N]
import { runUpgradeNoCodeWorkspace } from '../src/modes/no-code/upgrade/run.ts';
import type { UpgradeNoCodeWorkspaceInputs } from '../src/inputs/schema.ts';
import type { ModeContext } from '../src/modes/mode.ts';
import { plainSink } from '../src/report/plain-sink.ts';
import { createServiceClient } from '../src/service/client.ts';
import { startEmulator } from '../test/emulator/index.ts';
import type { Emulator } from '../test/emulator/api.ts';
import { testCancellation } from '../test/support/test-cancellation.ts';
import { systemClock } from '../src/lifetime/clock.ts';

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const WORKSPACES = argument('workspaces', 20);
const PLAN_MS = argument('plan-ms', 5000);
/** Workspaces upgraded one after another for the baseline, extrapolated to WORKSPACES. */
const SEQUENTIAL = argument('sequential', 3);
/** A plan on to its policy checks, ending `policy_checked`. */
const STEPS = ['pending', 'queuing', 'planning', 'planned', 'cost_estimating', 'cost_estimated', 'policy_checking'];
const STEP_MS = PLAN_MS / STEPS.length;
/** After the confirm: `confirmed`, `applying`, then `applied`, one step each. */
const APPLY_STEPS = ['confirmed', 'applying'];
const APPLY_MS = (APPLY_STEPS.length + 1) * STEP_MS;
const UPGRADE_MS = PLAN_MS + APPLY_MS;

/** Upgrades these workspaces in one step, as the action does, and returns the wall time in ms. */
async function upgrade(
  emulator: Emulator,
  noCodeModuleId: string,
  workspaceIds: string[],
): Promise<{ ms: number; applied: number }> {
  const client = createServiceClient({ clock: systemClock, baseUrl: emulator.baseUrl, token: emulator.token });
  const context: ModeContext = {
    clock: systemClock,
    sink: plainSink({ stdout: { write: () => {} } }),
    client,
    cancellation: testCancellation(),
    saveState: () => {},
    workspaceRoot: process.cwd(),
  };
  const inputs: UpgradeNoCodeWorkspaceInputs = {
    mode: 'upgrade-no-code-workspace',
    token: emulator.token,
    baseUrl: emulator.baseUrl,
    timeoutMs: 10 * 60_000,
    dryRun: false,
    githubToken: '',
    checkName: '',
    commentOnPr: false,
    noCodeModuleId,
    workspaceIds,
    workspaceVariables: [{ key: 'region', value: 'eu-west-1', category: 'svc', hcl: false, sensitive: false }],
    confirm: true,
    waves: [{ all: true }],
  };
  const started = performance.now();
  try {
    const result = await runUpgradeNoCodeWorkspace(inputs, context);
    if (result.failure !== null) throw new Error(`the upgrade failed: ${result.failure}`);
    const entries = result.outputs.result as Array<{ applied: boolean }>;
    return { ms: performance.now() - started, applied: entries.filter((e) => e.applied).length };
  } finally {
    await client.close();
  }
}

// The service's documented limit, enforced by the emulator as well as paced by the client.
const emulator = await startEmulator({
  rateLimitPerSecond: 30,
  upgrades: { steps: STEPS, stepMs: STEP_MS, final: 'policy_checked', applySteps: APPLY_STEPS, applyFinal: 'applied' },
});
try {
  const noCodeModuleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '1.1.0' });
  const seed = (n: number): string[] => Array.from({ length: n }, () => emulator.seedWorkspace({ noCodeModuleId }));
  console.log(
    `node ${process.version}; plans take ${PLAN_MS} ms on the emulator (${STEPS.length} statuses of ${STEP_MS} ms), ` +
      `applies ${APPLY_MS} ms; rate limit 30 requests/s\n`,
  );

  const concurrent = await upgrade(emulator, noCodeModuleId, seed(WORKSPACES));
  const requests = emulator.requests.length;
  const sequentialRuns: number[] = [];
  for (const id of seed(SEQUENTIAL)) sequentialRuns.push((await upgrade(emulator, noCodeModuleId, [id])).ms);
  const oneRun = sequentialRuns.reduce((a, b) => a + b, 0) / sequentialRuns.length;
  const sequentialEstimate = oneRun * WORKSPACES;

  const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `${WORKSPACES} workspaces at once: ${s(concurrent.ms)} wall, ${concurrent.applied} applied, ${requests} requests`,
  );
  console.log(
    `  ratio to one upgrade's duration, plan and apply (${s(UPGRADE_MS)}): ${(concurrent.ms / UPGRADE_MS).toFixed(2)}x (target <= 1.3x)`,
  );
  console.log(
    `  ratio to one workspace upgraded alone (${s(oneRun)}, mean of ${SEQUENTIAL}): ${(concurrent.ms / oneRun).toFixed(2)}x`,
  );
  console.log(
    `sequential baseline: ${SEQUENTIAL} workspaces one after another took ${sequentialRuns.map(s).join(', ')}; ` +
      `extrapolated to ${WORKSPACES}: ${s(sequentialEstimate)}`,
  );
  console.log(`  concurrent vs sequential: ${(sequentialEstimate / concurrent.ms).toFixed(1)}x faster`);
} finally {
  await emulator.close();
}
