// Mode upgrade-no-code-workspace end to end: the action's run() against the emulator.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runUpgradeNoCodeWorkspace } from '../../../src/modes/no-code/upgrade/run.ts';
import { readInputs } from '../../../src/inputs/read.ts';
import type { UpgradeNoCodeWorkspaceInputs } from '../../../src/inputs/schema.ts';
import { startEmulator } from '../../emulator/index.ts';
import { APPLY_STEPS, planStages } from '../../emulator/api.ts';
import type { Emulator, UpgradeBehaviour } from '../../emulator/api.ts';
import { defaultSettings } from '../../emulator/settings.ts';
import { waitFor } from '../../emulator/test-client.ts';
import { ManualClock, tracked } from '../../support/manual-clock.ts';
import { testCancellation } from '../../support/test-cancellation.ts';
import { bodiesOf, modeContext, runAction, upgradeOnClock as upgradeOnClockOf } from '../../no-code/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  let emulator: Emulator;
  let moduleId: string;

  /** The service reports its apply: the statuses it reports after a confirm, then `applied`. */
  const REPORTED_APPLY: Partial<UpgradeBehaviour> = { applySteps: [...APPLY_STEPS], applyFinal: 'applied' };

  /** The spec's letter: no status past the plan after the confirm. */
  const SILENT_APPLY: Partial<UpgradeBehaviour> = { applySteps: [], applyFinal: null };

  /** The personality's plan: the status it stops in. */
  const PLAN_FINAL = defaultSettings().upgrades.final;

  beforeEach(async () => {
    // The personality's plans (strict: on through cost estimation and policy checks; its
    // statuses the spec does not name, 202 answers, a plain-text confirm answer), on short steps,
    // and an apply the service reports; the tests of a service that reports none say so.
    emulator = await startEmulator({ upgrades: { stepMs: 20, ...REPORTED_APPLY } });
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
  async function onClock(upgrades: Partial<UpgradeBehaviour> = REPORTED_APPLY): Promise<ManualClock> {
    await emulator.close();
    const clock = new ManualClock();
    emulator = await startEmulator({ upgrades: { stepMs: 20, ...upgrades }, clock });
    moduleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '1.2.0' });
    return clock;
  }

  /** The mode on that clock, started now (upgradeOnClock), on the test's no-code module. */
  function upgradeOnClock(clock: ManualClock, inputs: Record<string, string>) {
    return upgradeOnClockOf(emulator, clock, { 'no-code-module-id': moduleId, ...inputs });
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

  function pick(entry: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
    return Object.fromEntries(keys.map((key) => [key, entry[key]]));
  }

  function resultOf(outputs: Record<string, string>): Array<Record<string, unknown>> {
    return JSON.parse(outputs.result ?? 'null') as Array<Record<string, unknown>>;
  }

  describe('variables', () => {
    it('lines key=value and env:KEY=VALUE are sent as svc and env vars in the body of 4.3', async () => {
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({
        'workspace-id': ws,
        'workspace-variables': 'region = eu-west-1\nenv:TF_LOG=debug=1',
      });
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
                    attributes: {
                      key: 'AWS_REGION',
                      value: 'eu-west-1',
                      category: 'env',
                      hcl: false,
                      sensitive: false,
                    },
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
      emulator.setUpgradeBehaviour(b, { steps: planStages({ runTasks: true }), final: 'post_plan_completed' });
      const run = await upgrade({ 'workspace-id': `${a}, ${b}` });
      expect(run.exitCode).toBe(0);
      expect(emulator.writeRequests().filter((r) => CONFIRM.test(r.path))).toEqual([]);
      const runs = emulator.upgrades();
      expect(runs.map((u) => u.confirmed)).toEqual([false, false]);
      const runIdOf = (ws: string) => runs.find((u) => u.workspaceId === ws)!.runId;
      expect(run.outputs['run-id']).toBe(`${runIdOf(a)}\n${runIdOf(b)}`);
      expect(run.outputs.status).toBe(`${PLAN_FINAL}\npost_plan_completed`);
      expect(run.outputs['plan-url']!.split('\n')).toEqual([
        expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/app/acme/workspaces/[^/]+/runs/${runIdOf(a)}$`)),
        expect.stringMatching(new RegExp(`/runs/${runIdOf(b)}$`)),
      ]);
      expect(run.outputs.applied).toBe('false');
      expect(resultOf(run.outputs)).toEqual([
        {
          workspaceId: a,
          workspaceName: expect.stringMatching(/^workspace-/),
          runId: runIdOf(a),
          status: PLAN_FINAL,
          planUrl: expect.any(String),
          outcome: 'planned',
          applied: false,
          moduleVersionFrom: '1.2.0',
          moduleVersionTo: '1.2.0',
          wave: 1,
        },
        {
          workspaceId: b,
          workspaceName: expect.stringMatching(/^workspace-/),
          runId: runIdOf(b),
          status: 'post_plan_completed',
          planUrl: expect.any(String),
          outcome: 'planned',
          applied: false,
          moduleVersionFrom: '1.2.0',
          moduleVersionTo: '1.2.0',
          wave: 1,
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

    it('the summary shows each workspace by name and id, its versions, plan link, last status and outcome in words', async () => {
      const a = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'bucket-prod' });
      const b = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'bucket-dev' });
      // This workspace's document cannot be read: its upgrade answers carry its name (`included`).
      emulator.inject({ method: 'GET', path: `/workspaces/${b}`, kind: { type: 'status', status: 403 } });
      emulator.setUpgradeBehaviour(b, { includeWorkspace: true });
      const run = await upgrade({ 'workspace-id': `${a},${b}`, confirm: 'true' });
      expect(run.exitCode).toBe(0);
      const [first, second] = resultOf(run.outputs);
      expect(first).toMatchObject({
        workspaceId: a,
        workspaceName: 'bucket-prod',
        status: 'applied',
        moduleVersionFrom: '1.2.0',
      });
      expect(second).toMatchObject({
        workspaceId: b,
        workspaceName: 'bucket-dev',
        status: 'applied',
        moduleVersionFrom: null,
      });
      expect(run.summary).toMatch(/^## ✅ Upgrade of no-code workspaces$/m);
      expect(run.summary).toContain(
        '<th>Workspace</th><th>Module version</th><th>Run</th><th>Plan</th><th>Last status</th><th>Outcome</th>',
      );
      const rows = run.summary.split('\n').filter((l) => l.includes('<td>'));
      const rowOf = (ws: string) => rows.find((r) => r.includes(`<code>${ws}</code>`))!;
      // The name links to the workspace's page where its document gave one (links.self-html).
      expect(rowOf(a)).toMatch(
        new RegExp(
          `<td><a href="http://127\\.0\\.0\\.1:\\d+/app/acme/workspaces/bucket-prod">bucket-prod</a><br><code>${a}</code></td><td>1\\.2\\.0 \\(unchanged\\)</td>`,
        ),
      );
      expect(rowOf(b)).toContain(`<td>bucket-dev<br><code>${b}</code></td><td>not known → 1.2.0</td>`);
      for (const ws of [a, b]) {
        expect(rowOf(ws)).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/app\/acme\/workspaces\/[^"]+">plan<\/a>/);
        expect(rowOf(ws)).toContain('<td><code>applied</code></td><td>✅ applied</td>');
      }
      // The table says it all: no sentence beside it that could contradict a row; no empty section.
      expect(run.summary).not.toMatch(/Every ready plan|Not every ready plan/);
      expect(run.summary).not.toContain('Variables sent');
      expect(run.log).toContain(`Workspace bucket-prod (${a}): module version 1.2.0, upgrading to 1.2.0.`);
    });

    it('a failed row reads as failed in words beside the others, under a heading marked ❌', async () => {
      const ok = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'fine' });
      const bad = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'broken' });
      emulator.setUpgradeBehaviour(bad, { final: 'errored' });
      const run = await upgrade({
        'workspace-id': `${ok},${bad}`,
        confirm: 'true',
        'workspace-variables': 'region=eu',
      });
      expect(run.exitCode).toBe(1);
      expect(run.summary).toMatch(/^## ❌ Upgrade of no-code workspaces$/m);
      const rows = run.summary.split('\n').filter((l) => l.includes('<td>'));
      expect(rows.find((r) => r.includes(ok))).toContain('<td>✅ applied</td>');
      expect(rows.find((r) => r.includes(bad))).toContain(`<td>❌ failed: Upgrade run run-`);
      expect(rows.find((r) => r.includes(bad))).toContain(`of workspace broken (${bad}) errored (status errored)`);
      expect(run.summary).toContain('Variables sent with each upgrade (1)');
      expect(run.log).toContain(`1 of 2 workspace upgrades did not succeed: broken (${bad})`);
    });

    it.each([
      ['errored', /^The plan was confirmed, but the upgrade run errored \(status errored\)/],
      ['discarded', /^The plan was confirmed, but the upgrade run was discarded \(status discarded\)/],
      ['force_canceled', /^The plan was confirmed, but the upgrade run was force-cancelled/],
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
      expect(run.log).toContain(`error: Upgrade of workspace-2 (${bad}): The plan was confirmed, but`);
    });

    it('a service that reports no status past the confirm before a short timeout: confirmed, with a warning', async () => {
      const clock = await onClock(SILENT_APPLY);
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const step = upgradeOnClock(clock, { 'workspace-id': ws, confirm: 'true', timeout: '2s' });
      await clock.followRealTime(arrived('POST', CONFIRM));
      const run = await endsAt(clock, step, 2000);
      expect(run.exitCode).toBe(0);
      const [entry] = resultOf(run.outputs);
      expect(entry).toMatchObject({ outcome: 'confirmed', applied: false, status: PLAN_FINAL });
      expect(entry!.error).toBeUndefined();
      expect(entry!.warning).toMatch(
        new RegExp(
          `^Confirmed; the service reported no apply status within \\d+(\\.\\d+)?s: run run-\\w+ still reads ${PLAN_FINAL}, as when it was confirmed`,
        ),
      );
      expect(run.outputs.applied).toBe('false');
      expect(run.summary).toContain(
        '⚠️ confirmed, no apply status reported: Confirmed; the service reported no apply status',
      );
      expect(emulator.upgrades()[0]!.confirmed).toBe(true);
    });

    it('an apply still under way at the timeout, in a status the spec does not name: a failure naming it', async () => {
      const clock = await onClock({ applySteps: ['apply_pondering'], applyFinal: null });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const step = upgradeOnClock(clock, { 'workspace-id': ws, confirm: 'true', timeout: '2s' });
      // Until the step has read the apply under way.
      await clock.followRealTime(() => /upgrade run run-\w+ confirmed[\s\S]*apply_pondering/.test(step.log()));
      const run = await endsAt(clock, step, 2000);
      expect(run.exitCode).toBe(1);
      const [entry] = resultOf(run.outputs);
      expect(entry).toMatchObject({ outcome: 'apply-timed-out', applied: false, status: 'apply_pondering' });
      expect(entry!.error).toMatch(
        /^Confirmed, but the apply had not ended at the timeout \(2s\): the last status of run/,
      );
      expect(entry!.error).toContain(`was "apply_pondering" (a status the service's API documentation does not name)`);
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
      expect(run.log).toMatch(
        new RegExp(
          `error: 2 of 3 workspace upgrades did not succeed: workspace-2 \\(${bad}\\), workspace-3 \\(${canceled}\\)`,
        ),
      );
      expect(run.log).toMatch(
        new RegExp(
          `error: Upgrade of workspace-2 \\(${bad}\\): Upgrade run run-\\w+ of workspace workspace-2 \\(${bad}\\) errored`,
        ),
      );
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
        expect(run.log).toMatch(new RegExp(`error: 1 of 2 workspace upgrades did not succeed: uptodate \\(${ws}\\)`));
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
      expect(run.summary).toContain(
        `❌ failed: The service answered the request to start the upgrade of workspace ${ws}`,
      );
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
      const step = upgradeOnClock(clock, {
        'workspace-id': `${applied},${notApplied}`,
        confirm: 'true',
        timeout: '4s',
      });
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
        status: PLAN_FINAL,
        error: expect.stringMatching(
          new RegExp(`ended without an answer .* now reads ${PLAN_FINAL}; it was not sent again`),
        ),
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
      emulator.setUpgradeBehaviour(ws, { steps: ['pending'], final: 'plan_pondering' });
      const step = upgradeOnClock(clock, { 'workspace-id': ws, confirm: 'true', timeout: '2s' });
      await clock.followRealTime(() => step.log().includes('plan_pondering'));
      const run = await endsAt(clock, step, 2000);
      expect(run.exitCode).toBe(1);
      const [entry] = resultOf(run.outputs);
      expect(entry).toMatchObject({ outcome: 'timed-out', status: 'plan_pondering' });
      expect(entry!.error).toContain(
        `(last status: "plan_pondering" (a status the service's API documentation does not name))`,
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
      // Either the service had said nothing past the confirm by then, or the apply was under way.
      expect([
        { outcome: 'confirmed', status: PLAN_FINAL, exitCode: 0 },
        { outcome: 'apply-timed-out', status: 'applying', exitCode: 1 },
      ]).toContainEqual({ ...pick(resultOf(run.outputs)[0]!, 'outcome', 'status'), exitCode: run.exitCode });
      expect(resultOf(run.outputs)[0]!.applied).toBe(false);
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
      expect(run.summary).toMatch(/^## ❌ Upgrade of no-code workspaces$/m);
    });

    it('dry run: reads the module and the workspaces, sends no write, and shows each move from version to version', async () => {
      const a = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'old-one', moduleVersion: '1.0.0' });
      const b = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'current' });
      const c = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      emulator.inject({ method: 'GET', path: `/workspaces/${c}`, kind: { type: 'status', status: 403 } });
      const run = await upgrade({
        'workspace-id': `${a},${b},${c}`,
        'dry-run': 'true',
        confirm: 'true',
        'workspace-variables': 'env:SECRET=x',
      });
      expect(run.exitCode).toBe(0);
      expect(emulator.writeRequests()).toEqual([]);
      expect(emulator.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
        [`GET /api/v2/no-code-modules/${moduleId}`, ...[a, b, c].map((ws) => `GET /api/v2/workspaces/${ws}`)].sort(),
      );
      expect(run.summary).toMatch(/^## Upgrade of no-code workspaces \(dry run\)$/m);
      expect(run.summary).toContain('version pin 1.2.0');
      expect(run.summary).toContain('<th>Workspace</th><th>Module version</th><th>Outcome</th>');
      const rows = run.summary.split('\n').filter((l) => l.includes('<td>') && l.includes('ws-'));
      const page = (name: string) =>
        `<a href="${new URL(emulator.baseUrl).origin}/app/acme/workspaces/${name}">${name}</a>`;
      expect(rows).toEqual([
        `<tr><td>${page('old-one')}<br><code>${a}</code></td><td>1.0.0 → 1.2.0</td><td>🔍 would start an upgrade</td></tr>`,
        `<tr><td>${page('current')}<br><code>${b}</code></td><td>1.2.0 (unchanged)</td><td>🔍 would start an upgrade</td></tr>`,
        `<tr><td><code>${c}</code></td><td>not known → 1.2.0</td><td>🔍 would start an upgrade</td></tr>`,
      ]);
      expect(run.summary).toContain('Variables sent with each upgrade (1)');
      expect(resultOf(run.outputs).map((r) => [r.outcome, r.moduleVersionFrom, r.moduleVersionTo])).toEqual([
        ['would-upgrade', '1.0.0', '1.2.0'],
        ['would-upgrade', '1.2.0', '1.2.0'],
        ['would-upgrade', null, '1.2.0'],
      ]);
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
      // The service's full limit for this step alone (it does not say its limit, which the step
      // would otherwise share with other jobs): the 25 requests of the start fit its window.
      emulator.configure({ upgrades: { steps: ['pending', 'planning'], stepMs: 300 }, rateLimitHeader: false });
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
});
