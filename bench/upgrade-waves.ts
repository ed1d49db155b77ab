// Fleet rollout benchmark: N no-code workspaces (500 by default) upgraded in waves (`1,10%,all`
// by default) with `confirm: true`, against the emulator's strict rate limit of 30 requests a
// second, which it says in X-RateLimit-Limit (so the step paces itself at 20). Prints the
// requests per workspace and the wall time against the bound the pace sets (requests ÷ pace).
// Usage:
//   npm exec -- node bench/upgrade-waves.ts [--workspaces N] [--waves 1,10%,all] [--plan-ms MS]
import { parseWaves } from '../src/inputs/parsers.ts';
import type { UpgradeNoCodeWorkspaceInputs } from '../src/inputs/schema.ts';
import type { ModeContext } from '../src/modes/mode.ts';
import { runUpgradeNoCodeWorkspace } from '../src/modes/no-code/upgrade/run.ts';
import { planWaves } from '../src/modes/no-code/upgrade/waves.ts';
import { plainSink } from '../src/report/plain-sink.ts';
import { createServiceClient } from '../src/service/client.ts';
import { startEmulator } from '../test/emulator/index.ts';
import { testCancellation } from '../test/support/test-cancellation.ts';
import { systemClock } from '../src/lifetime/clock.ts';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
}

const WORKSPACES = Number(argument('workspaces', '500'));
const WAVES = argument('waves', '1,10%,all');
const PLAN_MS = Number(argument('plan-ms', '2000'));
const STEPS = ['pending', 'queuing', 'planning'];
const STEP_MS = PLAN_MS / STEPS.length;
const LIMIT = 30;

const emulator = await startEmulator({
  rateLimitPerSecond: LIMIT,
  upgrades: {
    steps: STEPS,
    stepMs: STEP_MS,
    final: 'planned',
    confirmableFlag: true,
    applySteps: ['confirmed', 'applying'],
    applyFinal: 'applied',
  },
});
const client = createServiceClient({ clock: systemClock, baseUrl: emulator.baseUrl, token: emulator.token });
try {
  const noCodeModuleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '1.1.0' });
  const ids = Array.from({ length: WORKSPACES }, () => emulator.seedWorkspace({ noCodeModuleId }));
  const waves = planWaves(ids, parseWaves('waves', WAVES));
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
    timeoutMs: 60 * 60_000,
    dryRun: false,
    githubToken: '',
    checkName: '',
    commentOnPr: false,
    noCodeModuleId,
    workspaceIds: ids,
    workspaceVariables: [],
    confirm: true,
    waves: parseWaves('waves', WAVES),
  };
  console.log(
    `node ${process.version}; ${WORKSPACES} workspaces in waves ${WAVES} (${waves.map((w) => w.length).join(', ')}); ` +
      `plans ${PLAN_MS} ms, applies ${3 * STEP_MS} ms on the emulator; its limit ${LIMIT} requests/s, said in X-RateLimit-Limit\n`,
  );
  const started = performance.now();
  const result = await runUpgradeNoCodeWorkspace(inputs, context);
  const ms = performance.now() - started;
  if (result.failure !== null) throw new Error(`the rollout failed: ${result.failure.message}`);
  const entries = result.outputs.result as Array<{ applied: boolean }>;
  const api = emulator.requests.filter((r) => r.port === 'api');
  const limited = api.filter((r) => r.status === 429).length;
  const pace = client.http.requestsPerSecond;
  const bound = (api.length / pace) * 1000;
  const s = (n: number): string => `${(n / 1000).toFixed(1)} s`;
  console.log(`applied: ${entries.filter((e) => e.applied).length} of ${WORKSPACES}; 429 answers: ${limited}`);
  console.log(
    `requests: ${api.length} (${(api.length / WORKSPACES).toFixed(2)} per workspace); the step's pace ${pace}/s`,
  );
  console.log(
    `wall time: ${s(ms)}; bound at the pace (requests ÷ ${pace}): ${s(bound)}; ratio ${(ms / bound).toFixed(2)}x`,
  );
  console.log(`           bound at the service's full limit (requests ÷ ${LIMIT}): ${s((api.length / LIMIT) * 1000)}`);
} finally {
  await client.close();
  await emulator.close();
}
