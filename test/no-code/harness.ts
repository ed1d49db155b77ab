// Runs the action's run() against the emulator with inputs from a record, and collects what it
// wrote: log lines, outputs and the job summary (through a plain sink writing to files).
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/main.ts';
import { exitCodeOf } from '../../src/errors.ts';
import { readInputs } from '../../src/inputs/read.ts';
import type { UpgradeNoCodeWorkspaceInputs } from '../../src/inputs/schema.ts';
import { runUpgradeNoCodeWorkspace } from '../../src/modes/no-code/upgrade/run.ts';
import { outputText } from '../../src/report/outputs.ts';
import { tracked } from '../support/manual-clock.ts';
import type { ManualClock } from '../support/manual-clock.ts';
import { plainSink } from '../../src/report/plain-sink.ts';
import { createServiceClient } from '../../src/service/client.ts';
import type { ServiceClient } from '../../src/service/client.ts';
import type { Cancellation } from '../../src/lifetime/cancellation.ts';
import { systemClock } from '../../src/lifetime/clock.ts';
import type { Clock } from '../../src/lifetime/clock.ts';
import type { ModeContext } from '../../src/modes/mode.ts';
import type { Emulator, RecordedRequest } from '../emulator/api.ts';
import { testCancellation } from '../support/test-cancellation.ts';

export interface ActionRun {
  exitCode: number;
  /** Every log line the step printed. */
  log: string;
  outputs: Record<string, string>;
  summary: string;
  /** Everything a person or a later step can see: log, outputs and summary. */
  everything: string;
}

/**
 * Runs the action with these inputs (token and base-url of the emulator unless given), in a
 * workspace of its own that `workspace` may fill first.
 */
export async function runAction(
  emulator: Emulator,
  inputs: Record<string, string>,
  workspace: (dir: string) => Promise<void> | void = () => {},
): Promise<ActionRun> {
  const dir = mkdtempSync(join(tmpdir(), 'no-code-run-'));
  await workspace(dir);
  const outputFile = join(dir, 'output');
  const summaryFile = join(dir, 'summary.md');
  let log = '';
  const all: Record<string, string> = { token: emulator.token, 'base-url': emulator.baseUrl, ...inputs };
  try {
    const exitCode = await run({
      read: (name) => all[name] ?? '',
      sink: plainSink({ stdout: { write: (t: string) => void (log += t) }, outputFile, summaryFile }),
      checkRuns: false,
      saveState: () => {},
      workspaceRoot: dir,
    });
    const outputText = existsSync(outputFile) ? readFileSync(outputFile, 'utf8') : '';
    const summary = existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : '';
    return {
      exitCode,
      log,
      outputs: parseOutputs(outputText),
      summary,
      everything: `${log}\n${outputText}\n${summary}`,
    };
  } finally {
    // The plain sink marks a failed step through the process exit code; these are tests.
    process.exitCode = undefined;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `name=value` and `name<<DELIMITER ... DELIMITER` lines, as GitHub's output file holds them. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i]!);
      outputs[name!] = value.join('\n');
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0) outputs[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return outputs;
}

/** The JSON bodies of the requests whose method and path match. */
export function bodiesOf(requests: readonly RecordedRequest[], method: string, path: RegExp): unknown[] {
  return requests
    .filter((r) => r.method === method && path.test(r.path))
    .map((r) => JSON.parse(r.body.toString('utf8')) as unknown);
}

/** A mode context of our own, for driving a mode's run function with a cancellation the test controls. */
export function modeContext(
  emulator: Emulator,
  cancellation: Cancellation = testCancellation(),
  clock: Clock = systemClock,
): ModeContext & { client: ServiceClient; log(): string } {
  let text = '';
  return {
    sink: plainSink({ stdout: { write: (t: string) => void (text += t) } }),
    client: createServiceClient({ baseUrl: emulator.baseUrl, token: emulator.token, clock }),
    cancellation,
    clock,
    saveState: () => {},
    workspaceRoot: process.cwd(),
    log: () => text,
  };
}

/**
 * Mode upgrade-no-code-workspace on a clock of the test's own, started now, with a client on it
 * too: what the step returns (exit code, outputs as the step writes them, summary and log), once
 * the test has moved time far enough. `started` is the start of its one deadline.
 */
export function upgradeOnClock(emulator: Emulator, clock: ManualClock, inputs: Record<string, string>) {
  const all: Record<string, string> = {
    mode: 'upgrade-no-code-workspace',
    token: emulator.token,
    'base-url': emulator.baseUrl,
    ...inputs,
  };
  const context = modeContext(emulator, undefined, clock);
  const started = clock.now();
  const run = runUpgradeNoCodeWorkspace(
    readInputs((name) => all[name] ?? '') as UpgradeNoCodeWorkspaceInputs,
    context,
    { clock },
  )
    .then((result) => ({
      exitCode: exitCodeOf(result.failure),
      outputs: Object.fromEntries(
        Object.entries(result.outputs).map(([name, value]) => [name, outputText(value) ?? '']),
      ),
      summary: result.summary,
      log: context.log(),
      /** What main would print as the step's failure, and the annotations. */
      failure: result.failure?.message ?? null,
      annotations: result.annotations,
    }))
    .finally(() => context.client.close());
  return { started, log: () => context.log(), ...tracked(run) };
}
