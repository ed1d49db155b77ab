import { describe, expect, it } from 'vitest';
import type { PolicyOutcome, PolicyOutcomeStatus } from '../../src/modes/sync-policies/apply.ts';
import type { PolicyAction, PolicyPlanEntry } from '../../src/modes/sync-policies/plan.ts';
import type { DesiredPolicy } from '../../src/modes/sync-policies/policy-model.ts';
import type { RemotePolicy } from '../../src/modes/sync-policies/remote-state.ts';
import {
  countOutcomes,
  problemsFailure,
  problemsSummary,
  syncOutputs,
  syncSummary,
  syncTitle,
} from '../../src/modes/sync-policies/summary.ts';
import type { SyncReport } from '../../src/modes/sync-policies/summary.ts';

function desired(name: string): DesiredPolicy {
  return {
    name,
    kind: 'native',
    enforcementLevel: 'soft-mandatory',
    description: null,
    query: null,
    code: 'x',
    codeBytes: 1,
    sourceFile: `policies/${name}.native`,
    definedAt: { file: `policies/${name}.native` },
  };
}

function remote(name: string, kind = 'native'): RemotePolicy {
  return {
    id: `pol-${name}`,
    name,
    kind,
    enforcementLevel: 'advisory',
    enforcementLevelOrigin: 'enforcement-level',
    description: null,
    query: null,
    policySetIds: [],
    downloadPath: null,
  };
}

function outcome(name: string, action: PolicyAction, status: PolicyOutcomeStatus, more: Partial<PolicyOutcome> = {}): PolicyOutcome {
  const local = action === 'delete' || action === 'ignored' ? null : desired(name);
  const service = action === 'create' ? null : remote(name, action === 'replace' ? 'opa' : 'native');
  const entry: PolicyPlanEntry = {
    name,
    kind: 'native',
    action,
    desired: local,
    remote: service,
    settingChanges: [],
    changes: action === 'update-settings' ? ['enforcement-level: advisory → soft-mandatory'] : [],
    codeChanged: action === 'create' || action === 'replace',
    reason: action === 'delete' ? 'not defined in the repository, and prune is on' : null,
  };
  return {
    entry,
    status,
    id: action === 'create' || action === 'replace' ? (status === 'done' ? `pol-new-${name}` : null) : `pol-${name}`,
    previousId: action === 'replace' ? `pol-${name}` : null,
    steps: status === 'done' ? ['did it'] : [],
    error: null,
    ...more,
  };
}

function report(outcomes: PolicyOutcome[], more: Partial<SyncReport> = {}): SyncReport {
  return { organization: 'acme', dryRun: false, outcomes, warnings: [], cancelled: false, ...more };
}

describe('sync counts and outputs', () => {
  it('count a replace as one created and one deleted; failures and cancelled policies apart', () => {
    const outcomes = [
      outcome('a', 'create', 'done'),
      outcome('b', 'replace', 'done'),
      outcome('c', 'update-settings', 'done'),
      outcome('d', 'upload-code', 'done'),
      outcome('e', 'delete', 'done'),
      outcome('f', 'unchanged', 'unchanged'),
      outcome('g', 'ignored', 'not-managed'),
      outcome('h', 'create', 'failed', { error: 'no' }),
      outcome('i', 'update-settings-and-upload-code', 'not-started'),
    ];
    expect(countOutcomes(outcomes)).toEqual({ created: 2, updated: 2, deleted: 2, replaced: 1, unchanged: 1, notManaged: 1, failed: 1, notStarted: 1 });
    const outputs = syncOutputs(report(outcomes));
    expect(outputs).toMatchObject({ created: 2, updated: 2, deleted: 2, unchanged: 1 });
    const result = outputs.result as Array<Record<string, unknown>>;
    expect(result).toHaveLength(9);
    expect(result[1]).toEqual({
      name: 'b',
      kind: 'native',
      action: 'replace',
      outcome: 'done',
      id: 'pol-new-b',
      previousId: 'pol-b',
      enforcementLevel: 'soft-mandatory',
      changes: [],
    });
    expect(result[4]).toMatchObject({ action: 'delete', id: 'pol-e', enforcementLevel: 'advisory', reason: 'not defined in the repository, and prune is on' });
    expect(result[7]).toMatchObject({ outcome: 'failed', id: null, error: 'no' });
  });

  it('a dry run counts what would be done', () => {
    const r = report([outcome('a', 'create', 'planned'), outcome('b', 'delete', 'planned'), outcome('c', 'unchanged', 'unchanged')], { dryRun: true });
    expect(syncOutputs(r)).toMatchObject({ created: 1, updated: 0, deleted: 1, unchanged: 1 });
    expect(syncTitle(r)).toBe('Dry run: would create 1, update 0 and delete 1 policies in acme (1 unchanged)');
  });
});

describe('sync summary', () => {
  it('says everything is in sync when no write was sent', () => {
    const r = report([outcome('a', 'unchanged', 'unchanged'), outcome('b', 'ignored', 'not-managed')]);
    const summary = syncSummary(r);
    expect(summary).toContain('Everything is in sync: no write request was sent.');
    expect(summary).toContain('<details><summary>1 unchanged</summary>');
    expect(summary).not.toContain('### Changes');
    expect(syncTitle(r)).toBe('The policies of acme are in sync; nothing was changed');
  });

  it('does not say so when something was written', () => {
    expect(syncSummary(report([outcome('a', 'create', 'done')]))).not.toContain('Everything is in sync');
  });

  it('escapes what comes from the service and the repository', () => {
    const r = report([outcome('a', 'create', 'failed', { error: 'POST /x: the service said: <img src=x onerror=alert(1)> *bold*' })], {
      warnings: [{ file: 'policies/<x>.hcl', line: 3, message: 'the <script> block is ignored' }],
    });
    const summary = syncSummary(r);
    expect(summary).not.toContain('<img');
    expect(summary).not.toContain('<script>');
    expect(summary).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(summary).toContain('\\*bold\\*');
    expect(summary).toContain('### Warnings (1)');
    expect(summary).toContain('<code>policies/&lt;x&gt;.hcl</code>');
  });

  it('a cancelled run says how many policies were not started', () => {
    const r = report([outcome('a', 'create', 'done'), outcome('b', 'create', 'not-started'), outcome('c', 'create', 'not-started')], { cancelled: true });
    expect(syncTitle(r)).toBe('Policy sync of acme cancelled: 2 of 3 policies not started, 0 failed');
    expect(syncSummary(r)).toContain('<strong>Cancelled.</strong> The step was cancelled: 2 policies were not started');
    expect(syncSummary(r)).toContain('not started: the step was cancelled');
  });

  it('problems: every one listed with file and line, and the failure sentence', () => {
    const summary = problemsSummary('acme', [
      { file: 'policies/policies.hcl', line: 4, message: 'policy "x": enforcement_level "y" is wrong' },
      { file: '', message: 'No policy found' },
    ], []);
    expect(problemsFailure(2)).toBe('2 problems in the policy files; nothing was changed');
    expect(problemsFailure(1)).toBe('1 problem in the policy files; nothing was changed');
    expect(summary).toContain('2 problems in the policy files; nothing was changed');
    expect(summary).toContain('<td><code>policies/policies.hcl</code></td><td>4</td><td>policy &quot;x&quot;: enforcement_level &quot;y&quot; is wrong</td>');
    expect(summary).toContain('<td>—</td><td></td><td>No policy found</td>');
  });
});
