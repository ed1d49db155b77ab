// Mode upgrade-no-code-workspace end to end: the action's run() against the emulator.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runUpgradeNoCodeWorkspace } from '../../src/modes/no-code/upgrade/run.ts';
import { readInputs } from '../../src/inputs/read.ts';
import type { UpgradeNoCodeWorkspaceInputs } from '../../src/inputs/schema.ts';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/api.ts';
import { exitCodeOf } from '../../src/errors.ts';
import { outputText } from '../../src/report/outputs.ts';
import { waitFor } from '../emulator/test-client.ts';
import { ManualClock, tracked } from '../support/manual-clock.ts';
import { testCancellation } from '../support/test-cancellation.ts';
import { bodiesOf, modeContext, runAction } from './harness.ts';

let emulator: Emulator;
let moduleId: string;
beforeEach(async () => {
  // The emulator's strict defaults (statuses the spec does not name, 202 answers, a plain-text
  // confirm answer, an apply walked after the confirm), on short steps.
  emulator = await startEmulator({ upgrades: { stepMs: 20 } });
  moduleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '1.2.0' });
});
afterEach(() => emulator.close());

const UPGRADE = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces\/[^/]+\/upgrade$/;
const CONFIRM = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces\/[^/]+\/upgrade\/run-[A-Za-z0-9]+$/;

function upgrade(inputs: Record<string, string>) {
  return runAction(emulator, { mode: 'upgrade-no-code-workspace', 'no-code-module-id': moduleId, ...inputs });
}

/**
 * Puts this test's service on a clock of the test's own, in place of the one the beforeEach
 * started (same module, same defaults).
 */
async function onClock(): Promise<ManualClock> {
  await emulator.close();
  const clock = new ManualClock();
  emulator = await startEmulator({ upgrades: { stepMs: 20 }, clock });
  moduleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '1.2.0' });
  return clock;
}

/**
 * The mode on that clock, started now, with a client on it too: what `upgrade` returns (exit
 * code, outputs as the step writes them, summary and log), once the test has moved time far
 * enough. `started` is the start of its one deadline.
 */
function upgradeOnClock(clock: ManualClock, inputs: Record<string, string>) {
  const all: Record<string, string> = {
    mode: 'upgrade-no-code-workspace',
    token: emulator.token,
    'base-url': emulator.baseUrl,
    'no-code-module-id': moduleId,
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
    }))
    .finally(() => context.client.close());
  return { started, log: () => context.log(), ...tracked(run) };
}

/**
 * Moves the clock to the millisecond before `ms` after the step's start (still waiting there),
 * then to it: the step ends.
 */
async function endsAt(clock: ManualClock, step: ReturnType<typeof upgradeOnClock>, ms: number) {
  await clock.advance(step.started + ms - 1 - clock.now());
  expect(step.settled()).toBe(false);
  await clock.advance(1);
  await waitFor(() => (step.settled() ? true : undefined));
  return step.promise;
}

const arrived = (method: string, path: RegExp) => () =>
  emulator.requests.some((r) => r.method === method && path.test(r.path));

function resultOf(outputs: Record<string, string>): Array<Record<string, unknown>> {
  return JSON.parse(outputs.result ?? 'null') as Array<Record<string, unknown>>;
}

describe('variables', () => {
  it('lines key=value and env:KEY=VALUE are sent as svc and env vars in the body of 4.3', async () => {
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const run = await upgrade({ 'workspace-id': ws, 'workspace-variables': 'region = eu-west-1\nenv:TF_LOG=debug=1' });
    expect(run.exitCode).toBe(0);
    expect(bodiesOf(emulator.requests, 'POST', UPGRADE)).toEqual([
      {
        data: {
          type: 'workspaces',
          relationships: {
            vars: {
              data: [
                {
                  type: 'vars',
                  attributes: { key: 'region', value: 'eu-west-1', category: 'svc', hcl: false, sensitive: false },
                },
                {
                  type: 'vars',
                  attributes: { key: 'TF_LOG', value: 'debug=1', category: 'env', hcl: false, sensitive: false },
                },
              ],
            },
          },
        },
      },
    ]);
    expect(emulator.upgrades()[0]!.vars).toHaveLength(2);
  });

  it('a JSON array is sent field for field; a sensitive value appears nowhere in the log, outputs or summary', async () => {
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const vars = [
      { key: 'tags', value: '{ team = "platform" }', category: 'svc', hcl: true, description: 'Resource tags' },
      { key: 'db_password', value: 'hunter2-very-secret', sensitive: true },
      { key: 'AWS_REGION', value: 'eu-west-1', category: 'env' },
    ];
    const run = await upgrade({ 'workspace-id': ws, 'workspace-variables': JSON.stringify(vars), confirm: 'true' });
    expect(run.exitCode).toBe(0);
    expect(bodiesOf(emulator.requests, 'POST', UPGRADE)).toEqual([
      {
        data: {
          type: 'workspaces',
          relationships: {
            vars: {
              data: [
                {
                  type: 'vars',
                  attributes: {
                    key: 'tags',
                    value: '{ team = "platform" }',
                    description: 'Resource tags',
                    category: 'svc',
                    hcl: true,
                    sensitive: false,
                  },
                },
                {
                  type: 'vars',
                  attributes: {
                    key: 'db_password',
                    value: 'hunter2-very-secret',
                    category: 'svc',
                    hcl: false,
                    sensitive: true,
                  },
                },
                {
                  type: 'vars',
                  attributes: { key: 'AWS_REGION', value: 'eu-west-1', category: 'env', hcl: false, sensitive: false },
                },
              ],
            },
          },
        },
      },
    ]);
    expect(run.everything).not.toContain('hunter2-very-secret');
    expect(run.summary).toContain('db_password');
  });

  it('without variables an empty vars list is sent', async () => {
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    await upgrade({ 'workspace-id': ws });
    expect(bodiesOf(emulator.requests, 'POST', UPGRADE)).toEqual([
      { data: { type: 'workspaces', relationships: { vars: { data: [] } } } },
    ]);
  });
});

describe('plans and confirmation', () => {
  it('confirm false: every upgrade stops at its ready plan; nothing is confirmed', async () => {
    const a = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const b = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.setUpgradeBehaviour(b, { final: 'cost_estimated' });
    const run = await upgrade({ 'workspace-id': `${a}, ${b}` });
    expect(run.exitCode).toBe(0);
    expect(emulator.writeRequests().filter((r) => CONFIRM.test(r.path))).toEqual([]);
    const runs = emulator.upgrades();
    expect(runs.map((u) => u.confirmed)).toEqual([false, false]);
    const runIdOf = (ws: string) => runs.find((u) => u.workspaceId === ws)!.runId;
    expect(run.outputs['run-id']).toBe(`${runIdOf(a)}\n${runIdOf(b)}`);
    expect(run.outputs.status).toBe('planned\ncost_estimated');
    expect(run.outputs['plan-url']!.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/app/acme/workspaces/[^/]+/runs/${runIdOf(a)}$`)),
      expect.stringMatching(new RegExp(`/runs/${runIdOf(b)}$`)),
    ]);
    expect(run.outputs.applied).toBe('false');
    expect(resultOf(run.outputs)).toEqual([
      {
        workspaceId: a,
        workspaceName: null,
        runId: runIdOf(a),
        status: 'planned',
        planUrl: expect.any(String),
        outcome: 'planned',
        applied: false,
      },
      {
        workspaceId: b,
        workspaceName: null,
        runId: runIdOf(b),
        status: 'cost_estimated',
        planUrl: expect.any(String),
        outcome: 'planned',
        applied: false,
      },
    ]);
    expect(run.summary).toContain(`<a href="${run.outputs['plan-url']!.split('\n')[0]}">plan</a>`);
  });

  it('confirm true: each ready plan is confirmed once and applied, whatever the confirm answer looks like', async () => {
    const a = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const b = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const c = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.setUpgradeBehaviour(a, { confirmAnswer: 'text' });
    emulator.setUpgradeBehaviour(b, { final: 'planned_and_saved', confirmAnswer: 'no-content' });
    emulator.setUpgradeBehaviour(c, { final: 'planned_and_finished' });
    const run = await upgrade({ 'workspace-id': [a, b, c].join('\n'), confirm: 'true' });
    expect(run.exitCode).toBe(0);
    const confirms = emulator.writeRequests().filter((r) => CONFIRM.test(r.path));
    expect(confirms).toHaveLength(2);
    expect(confirms.map((r) => r.status).sort()).toEqual([202, 204]);
    const byWs = new Map(emulator.upgrades().map((u) => [u.workspaceId, u]));
    expect(byWs.get(a)!.confirmed).toBe(true);
    expect(byWs.get(b)!.confirmed).toBe(true);
    expect(byWs.get(c)!.confirmed).toBe(false);
    // Each apply followed until the service said `applied`: the status output is the last seen.
    expect(resultOf(run.outputs).map((r) => [r.outcome, r.status, r.applied])).toEqual([
      ['applied', 'applied', true],
      ['applied', 'applied', true],
      ['no-changes', 'planned_and_finished', false],
    ]);
    expect(byWs.get(a)!.status).toBe('applied');
    expect(run.outputs.status).toBe('applied\napplied\nplanned_and_finished');
    expect(run.outputs.applied).toBe('true');
    expect(run.log).toMatch(new RegExp(`${a}: upgrade run run-\\w+ confirmed; following the apply`));
  });

  it('the summary shows each workspace, its plan link, the last status and the apply; never `planned` beside applied', async () => {
    const a = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'bucket-prod' });
    const b = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'bucket-dev' });
    // Only this workspace's answers carry its name (`included`); the spec shows only the id.
    emulator.setUpgradeBehaviour(a, { includeWorkspace: true });
    const run = await upgrade({ 'workspace-id': `${a},${b}`, confirm: 'true' });
    expect(run.exitCode).toBe(0);
    const [first, second] = resultOf(run.outputs);
    expect(first).toMatchObject({ workspaceId: a, workspaceName: 'bucket-prod', status: 'applied' });
    expect(second).toMatchObject({ workspaceId: b, workspaceName: null, status: 'applied' });
    expect(run.summary).toContain('<th>Workspace</th><th>Run</th><th>Plan</th><th>Last status</th><th>Apply</th>');
    const rows = run.summary.split('\n').filter((l) => l.includes('<td>'));
    const rowOf = (ws: string) => rows.find((r) => r.includes(`<code>${ws}</code>`))!;
    expect(rowOf(a)).toContain(`<td>bucket-prod<br><code>${a}</code></td>`);
    expect(rowOf(b)).toContain(`<td><code>${b}</code></td>`);
    for (const ws of [a, b]) {
      expect(rowOf(ws)).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/app\/acme\/workspaces\/[^"]+">plan<\/a>/);
      expect(rowOf(ws)).toContain('<td><code>applied</code></td><td>✅ applied</td>');
      expect(rowOf(ws)).not.toContain('planned');
    }
    expect(run.summary).toContain('Every ready plan was confirmed, and the service reported it applied.');
  });

  it.each([
    ['errored', /^The plan was confirmed, but the upgrade run errored \(status errored\)/],
    ['discarded', /^The plan was confirmed, but the upgrade plan was discarded \(status discarded\)/],
    ['force_canceled', /^The plan was confirmed, but the upgrade run was force-canceled/],
  ])('an apply that ends %s fails its workspace; applied is false', async (applyFinal, message) => {
    const ok = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const bad = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.setUpgradeBehaviour(bad, { applyFinal });
    const run = await upgrade({ 'workspace-id': `${ok},${bad}`, confirm: 'true' });
    expect(run.exitCode).toBe(1);
    const [first, second] = resultOf(run.outputs);
    expect(first).toMatchObject({ outcome: 'applied', applied: true, status: 'applied' });
    expect(second).toMatchObject({
      outcome: 'failed',
      applied: false,
      status: applyFinal,
      error: expect.stringMatching(message),
    });
    expect(run.outputs.applied).toBe('false');
    expect(run.log).toContain(`error: Upgrade of ${bad}: The plan was confirmed, but`);
  });

  it('a service that never reports past the confirm: said plainly at the timeout, not success', async () => {
    const clock = await onClock();
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.setUpgradeBehaviour(ws, { applySteps: [], applyFinal: null });
    const step = upgradeOnClock(clock, { 'workspace-id': ws, confirm: 'true', timeout: '2s' });
    await clock.followRealTime(arrived('POST', CONFIRM));
    const run = await endsAt(clock, step, 2000);
    expect(run.exitCode).toBe(1);
    const [entry] = resultOf(run.outputs);
    expect(entry).toMatchObject({ outcome: 'confirmed', applied: false, status: 'planned' });
    expect(entry!.error).toMatch(
      /^Confirmed; the service has not reported the apply's end within the timeout \(2s\): run run-\w+ still reads planned, as when it was confirmed\./,
    );
    expect(run.outputs.applied).toBe('false');
    expect(run.summary).toContain(
      '⏱️ Confirmed; the service has not reported the apply&#39;s end within the timeout (2s)',
    );
    expect(emulator.upgrades()[0]!.confirmed).toBe(true);
  });

  it('an apply still under way at the timeout, in a status the spec does not name: named as such', async () => {
    const clock = await onClock();
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.setUpgradeBehaviour(ws, { applySteps: ['applying'], applyFinal: null });
    const step = upgradeOnClock(clock, { 'workspace-id': ws, confirm: 'true', timeout: '2s' });
    // Until the step has read the apply under way.
    await clock.followRealTime(() => /upgrade run run-\w+ confirmed[\s\S]*applying/.test(step.log()));
    const run = await endsAt(clock, step, 2000);
    expect(run.exitCode).toBe(1);
    const [entry] = resultOf(run.outputs);
    expect(entry).toMatchObject({ outcome: 'confirmed', applied: false, status: 'applying' });
    expect(entry!.error).toContain('the last status of run');
    expect(entry!.error).toContain(`was "applying" (a status the service's API documentation does not name)`);
  });

  it('an errored plan fails its workspace and the step; the others go on and are applied', async () => {
    const ok = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const bad = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const canceled = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.setUpgradeBehaviour(bad, { final: 'errored' });
    emulator.setUpgradeBehaviour(canceled, { final: 'canceled' });
    const run = await upgrade({ 'workspace-id': [ok, bad, canceled].join(','), confirm: 'true' });
    expect(run.exitCode).toBe(1);
    const [first, second, third] = resultOf(run.outputs);
    expect(first).toMatchObject({ workspaceId: ok, outcome: 'applied', applied: true });
    expect(second).toMatchObject({
      workspaceId: bad,
      outcome: 'failed',
      status: 'errored',
      applied: false,
      error: expect.stringContaining('errored'),
    });
    expect(third).toMatchObject({
      workspaceId: canceled,
      outcome: 'failed',
      status: 'canceled',
      error: expect.stringContaining('canceled'),
    });
    expect(emulator.writeRequests().filter((r) => CONFIRM.test(r.path))).toHaveLength(1);
    expect(run.log).toMatch(new RegExp(`error: 2 of 3 workspace upgrades did not succeed: ${bad}, ${canceled}`));
    expect(run.log).toContain(`error: Upgrade of ${bad}: The upgrade run errored`);
  });

  it.each([
    ['202 without a body', 'no-content', 'it sent no body'],
    ['200 with only a message', 'message', 'it sent a JSON body {"message":'],
  ] as const)(
    'an initiate answered %s is a failure naming the workspace, with confirm true; nothing is confirmed',
    async (_what, initiateAnswer, sent) => {
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'uptodate' });
      const other = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      emulator.setUpgradeBehaviour(ws, { initiateAnswer });
      const run = await upgrade({ 'workspace-id': `${ws},${other}`, confirm: 'true' });
      expect(run.exitCode).toBe(1);
      const [entry, fine] = resultOf(run.outputs);
      expect(entry).toMatchObject({
        workspaceId: ws,
        runId: null,
        status: null,
        planUrl: null,
        outcome: 'failed',
        applied: false,
      });
      expect(entry!.error).toContain(
        `The service answered the request to start the upgrade of workspace ${ws} with ${initiateAnswer === 'message' ? 200 : 202} but without a \`workspace-upgrade\` document`,
      );
      expect(entry!.error).toContain(sent);
      expect(entry!.error).toContain(
        `No upgrade run is known, so none was followed or confirmed; the upgrade may have started: check workspace ${ws}`,
      );
      expect(fine).toMatchObject({ outcome: 'applied', applied: true });
      // One workspace applied, but a ready plan may exist for the other that nobody saw.
      expect(run.outputs.applied).toBe('false');
      expect(run.log).toMatch(new RegExp(`error: 1 of 2 workspace upgrades did not succeed: ${ws}`));
      expect(emulator.writeRequests().filter((r) => CONFIRM.test(r.path))).toHaveLength(1);
    },
  );

  it('alone, an initiate without a document leaves applied false', async () => {
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.setUpgradeBehaviour(ws, { initiateAnswer: 'no-content' });
    const run = await upgrade({ 'workspace-id': ws, confirm: 'true' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.applied).toBe('false');
    expect(run.summary).toContain(`Upgrade of no-code workspaces`);
    expect(run.summary).toContain(`❌ The service answered the request to start the upgrade of workspace ${ws}`);
  });
});

describe('one workspace failing does not stop the others', () => {
  it('an unknown workspace id (404) fails alone; the known ones are upgraded and applied', async () => {
    const a = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const b = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const run = await upgrade({ 'workspace-id': `${a}\nws-doesnotexist1\n${b}`, confirm: 'true' });
    expect(run.exitCode).toBe(1);
    const results = resultOf(run.outputs);
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'failed', 'applied']);
    expect(results[1]!.error).toMatch(
      /refused to start the upgrade of workspace ws-doesnotexist1 \(404 not found or not authorized/,
    );
    expect(results[1]!.error).toContain('workspace ws-doesnotexist1');
    expect(run.outputs['run-id']!.split('\n')).toEqual([
      expect.stringMatching(/^run-/),
      '',
      expect.stringMatching(/^run-/),
    ]);
    expect(emulator.upgrades().every((u) => u.confirmed)).toBe(true);
    // Every ready plan was applied; the failed workspace never had one.
    expect(run.outputs.applied).toBe('true');
  });

  it('a dropped initiate answer is not repeated: that workspace fails saying the upgrade may have started', async () => {
    const a = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const b = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.inject({ method: 'POST', path: new RegExp(`/workspaces/${a}/upgrade$`), kind: { type: 'drop-after' } });
    const run = await upgrade({ 'workspace-id': `${a},${b}` });
    expect(run.exitCode).toBe(1);
    expect(
      emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/workspaces/${a}/upgrade`)),
    ).toHaveLength(1);
    // The service did start it: exactly one run, which the report could not know about.
    expect(emulator.upgrades().filter((u) => u.workspaceId === a)).toHaveLength(1);
    const [first, second] = resultOf(run.outputs);
    expect(first).toMatchObject({
      outcome: 'failed',
      runId: null,
      error: expect.stringMatching(/may have started: check workspace/),
    });
    expect(second).toMatchObject({ outcome: 'planned' });
  });

  it('a lost confirm answer is never followed by a second confirm; the run status tells what happened', async () => {
    const clock = await onClock();
    const applied = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const notApplied = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    // The service takes a moment to report a confirmed run as such: the run is watched for it.
    emulator.configure({ upgrades: { stepMs: 150 } });
    emulator.inject(
      { method: 'POST', path: new RegExp(`/workspaces/${applied}/upgrade/run-`), kind: { type: 'drop-after' } },
      { method: 'POST', path: new RegExp(`/workspaces/${notApplied}/upgrade/run-`), kind: { type: 'drop-before' } },
    );
    // The timeout bounds that watch for the one whose confirmation never arrived: once the other
    // is applied, the clock goes to it.
    const step = upgradeOnClock(clock, { 'workspace-id': `${applied},${notApplied}`, confirm: 'true', timeout: '4s' });
    await clock.followRealTime(() => new RegExp(`${applied}: upgrade run run-\\w+ applied`).test(step.log()));
    const run = await endsAt(clock, step, 4000);
    expect(run.exitCode).toBe(1);
    for (const ws of [applied, notApplied]) {
      expect(
        emulator.requests.filter((r) => r.method === 'POST' && r.path.includes(`/workspaces/${ws}/upgrade/run-`)),
      ).toHaveLength(1);
    }
    const [first, second] = resultOf(run.outputs);
    expect(first).toMatchObject({ outcome: 'applied', applied: true, status: 'applied' });
    expect(second).toMatchObject({
      outcome: 'failed',
      applied: false,
      status: 'planned',
      error: expect.stringMatching(/ended without an answer .* now reads planned; it was not sent again/),
    });
    expect(emulator.upgrades().find((u) => u.workspaceId === notApplied)!.confirmed).toBe(false);
    expect(run.outputs.applied).toBe('false');
  });

  it('the timeout ends the wait for a slow plan: timed out, distinct from a failed plan; a quick one is still reported', async () => {
    const clock = await onClock();
    const slow = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const quick = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.setUpgradeBehaviour(slow, { steps: ['pending', 'planning'], stepMs: 60_000 });
    const step = upgradeOnClock(clock, { 'workspace-id': `${slow},${quick}`, timeout: '1s', confirm: 'true' });
    await clock.followRealTime(() => new RegExp(`${quick}: upgrade run run-\\w+ applied`).test(step.log()));
    const run = await endsAt(clock, step, 1000);
    expect(run.exitCode).toBe(1);
    const [first, second] = resultOf(run.outputs);
    expect(first).toMatchObject({
      outcome: 'timed-out',
      status: 'pending',
      error: expect.stringMatching(/^Timed out after 1s waiting for the upgrade plan/),
    });
    expect(second).toMatchObject({ outcome: 'applied' });
    expect(run.summary).toContain('timed out');
    // The slow plan may still become ready: the workspaces are not known to have changed.
    expect(run.outputs.applied).toBe('false');
  });
});

describe('one deadline', () => {
  it('a plan read that never answers ends at the timeout, saying it timed out', async () => {
    const clock = await onClock();
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.inject({ method: 'GET', path: /\/upgrade\/run-/, times: 1000, kind: { type: 'delay', ms: 600_000 } });
    const step = upgradeOnClock(clock, { 'workspace-id': ws, confirm: 'true', timeout: '2s' });
    await clock.followRealTime(arrived('GET', /\/upgrade\/run-/));
    const run = await endsAt(clock, step, 2000);
    expect(run.exitCode).toBe(1);
    const [entry] = resultOf(run.outputs);
    expect(entry).toMatchObject({ outcome: 'timed-out', applied: false, status: 'pending' });
    expect(entry!.error).toMatch(
      /^Timed out after 2s waiting for the upgrade plan of run run-\w+ \(last status: pending; a status read was still unanswered at the deadline\)/,
    );
    expect(emulator.writeRequests().filter((r) => CONFIRM.test(r.path))).toEqual([]);
  });

  it('a read answered 429 with a Retry-After far past the deadline ends at the timeout', async () => {
    const clock = await onClock();
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.inject({
      method: 'GET',
      path: /\/upgrade\/run-/,
      times: 1000,
      kind: { type: 'status', status: 429, retryAfter: '299' },
    });
    const step = upgradeOnClock(clock, { 'workspace-id': ws, timeout: '2s' });
    await clock.followRealTime(() => emulator.requests.some((r) => r.status === 429));
    const run = await endsAt(clock, step, 2000);
    const [entry] = resultOf(run.outputs);
    expect(entry).toMatchObject({ outcome: 'timed-out' });
    expect(entry!.error).toMatch(/^Timed out after 2s waiting for the upgrade plan/);
  });

  it('a plan held in a status the spec does not name is waited on, and named as such at the timeout', async () => {
    const clock = await onClock();
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.setUpgradeBehaviour(ws, { steps: ['pending'], final: 'plan_queued' });
    const step = upgradeOnClock(clock, { 'workspace-id': ws, confirm: 'true', timeout: '2s' });
    await clock.followRealTime(() => step.log().includes('plan_queued'));
    const run = await endsAt(clock, step, 2000);
    expect(run.exitCode).toBe(1);
    const [entry] = resultOf(run.outputs);
    expect(entry).toMatchObject({ outcome: 'timed-out', status: 'plan_queued' });
    expect(entry!.error).toContain(
      `(last status: "plan_queued" (a status the service's API documentation does not name))`,
    );
  });

  it('the plan and the apply share the one timeout', async () => {
    const clock = await onClock();
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    // A plan of about 1.2 s and an apply of about 1.2 s: each fits in 2 s, both do not.
    emulator.setUpgradeBehaviour(ws, { steps: ['pending', 'planning'], stepMs: 600, applySteps: ['applying'] });
    const step = upgradeOnClock(clock, { 'workspace-id': ws, confirm: 'true', timeout: '2s' });
    await clock.followRealTime(arrived('POST', CONFIRM));
    const run = await endsAt(clock, step, 2000);
    expect(resultOf(run.outputs)[0]).toMatchObject({
      outcome: 'confirmed',
      status: expect.stringMatching(/^(planned|applying)$/),
      applied: false,
    });
    expect(emulator.upgrades()[0]!.confirmed).toBe(true);
  });
});

describe('tokens, dry run and inputs', () => {
  it('an organization token: the read works, the upgrade is refused with a message naming the token', async () => {
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const run = await upgrade({ token: emulator.organizationToken, 'workspace-id': ws });
    expect(run.exitCode).toBe(1);
    const error = String(resultOf(run.outputs)[0]!.error);
    expect(error).toContain(
      `The service refused to start the upgrade of workspace ${ws} (404 not found or not authorized`,
    );
    expect(error).toContain('organization tokens cannot be used for them');
    expect(error).toContain('A 404 can also mean');
    expect(run.everything).not.toContain(emulator.organizationToken);
  });

  it('an unknown no-code module fails once, before any write', async () => {
    const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const run = await runAction(emulator, {
      mode: 'upgrade-no-code-workspace',
      'no-code-module-id': 'nocode-unknown1',
      'workspace-id': ws,
    });
    expect(run.exitCode).toBe(1);
    expect(emulator.writeRequests()).toEqual([]);
    expect(run.log).toContain(
      'No-code module nocode-unknown1 was not found, or the token has no permission to read it (404)',
    );
  });

  it('dry run: reads the module, sends no write, and says what would be done', async () => {
    const a = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const b = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const run = await upgrade({
      'workspace-id': `${a},${b}`,
      'dry-run': 'true',
      confirm: 'true',
      'workspace-variables': 'env:SECRET=x',
    });
    expect(run.exitCode).toBe(0);
    expect(emulator.writeRequests()).toEqual([]);
    expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v2/no-code-modules/${moduleId}`]);
    expect(run.summary).toContain('Dry run');
    expect(run.summary).toContain('would start an upgrade');
    expect(run.summary).toContain('version pin 1.2.0');
    expect(resultOf(run.outputs).map((r) => r.outcome)).toEqual(['would-upgrade', 'would-upgrade']);
    expect(run.outputs.applied).toBe('false');
  });

  it.each([
    ['a workspace id without the ws- prefix', { 'workspace-id': 'workspace-1' }, 'workspace-id'],
    ['a malformed no-code module id', { 'no-code-module-id': 'nocode_1' }, 'no-code-module-id'],
    ['workspace variables that are not JSON', { 'workspace-variables': '[{"key": "a",' }, 'workspace-variables'],
    [
      'a JSON variable with an unknown category',
      { 'workspace-variables': '[{"key": "a", "value": "b", "category": "terraform"}]' },
      'workspace-variables',
    ],
    ['a bad timeout', { timeout: 'soon' }, 'timeout'],
    ['a bad confirm', { confirm: 'yes' }, 'confirm'],
  ])('%s fails before any request', async (_what, inputs, input) => {
    const run = await upgrade({ 'workspace-id': 'ws-abc', ...inputs });
    expect(run.exitCode).toBe(2);
    expect(run.log).toContain(`Input "${input}"`);
    expect(emulator.requests).toEqual([]);
  });
});

describe('concurrency and cancellation', () => {
  it('starts every upgrade before the first plan is ready, and waits for all of them together', async () => {
    const clock = await onClock();
    emulator.configure({ upgrades: { steps: ['pending', 'planning'], stepMs: 300 } });
    const ids = Array.from({ length: 12 }, () => emulator.seedWorkspace({ noCodeModuleId: moduleId }));
    const step = upgradeOnClock(clock, { 'workspace-id': ids.join(',') });
    const initiates = () => emulator.requests.filter((r) => r.method === 'POST' && UPGRADE.test(r.path));
    // Every initiate goes out before any time has passed, let alone a plan's 600 ms.
    await waitFor(() => (initiates().length === 12 ? true : undefined));
    expect(clock.now()).toBe(step.started);
    await clock.followRealTime(step.settled);
    const run = await step.promise;
    expect(run.exitCode).toBe(0);
    expect(initiates()).toHaveLength(12);
    // Twelve plans of 600 ms one after another would take over 7 s.
    expect(clock.now() - step.started).toBeLessThan(3000);
  });

  it('cancellation ends the waits and reports what is known', async () => {
    const clock = await onClock();
    emulator.configure({ upgrades: { steps: ['pending', 'planning'], stepMs: 60_000 } });
    const a = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const b = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    const cancellation = testCancellation(clock);
    const context = modeContext(emulator, cancellation, clock);
    const inputs = readInputs(
      (name) =>
        ({
          mode: 'upgrade-no-code-workspace',
          token: emulator.token,
          'base-url': emulator.baseUrl,
          'no-code-module-id': moduleId,
          'workspace-id': `${a},${b}`,
          confirm: 'true',
        })[name] ?? '',
    ) as UpgradeNoCodeWorkspaceInputs;
    try {
      const running = tracked(runUpgradeNoCodeWorkspace(inputs, context, { clock }));
      // Both runs started and waited on (their plans take a minute), then the signal: the
      // waits end on it, with no time passing.
      await clock.followRealTime(
        () => emulator.requests.filter((r) => r.method === 'GET' && /\/upgrade\/run-/.test(r.path)).length >= 2,
      );
      cancellation.send('SIGINT');
      await waitFor(() => (running.settled() ? true : undefined));
      const result = await running.promise;
      expect(result.conclusion).toBe('cancelled');
      expect(result.failure?.message).toMatch(/^The step was cancelled/);
      const entries = result.outputs.result as Array<Record<string, unknown>>;
      expect(entries.map((e) => e.outcome)).toEqual(['cancelled', 'cancelled']);
      expect(entries.map((e) => e.runId)).toEqual(emulator.upgrades().map((u) => u.runId));
      expect(entries[0]!.error).toMatch(/goes on in the service/);
      expect(emulator.writeRequests().filter((r) => CONFIRM.test(r.path))).toEqual([]);
    } finally {
      await context.client.close();
    }
  });
});
