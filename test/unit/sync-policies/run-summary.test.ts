import { describe, expect, it } from 'vitest';
import type { PolicyOutcome, PolicyOutcomeStatus } from '../../../src/modes/sync-policies/apply.ts';
import type { PolicyAction, PolicyPlanEntry } from '../../../src/modes/sync-policies/plan.ts';
import { DEFAULT_CHANGE_DETAILS_BUDGET } from '../../../src/modes/sync-policies/change-details.ts';
import type { DesiredPolicy } from '../../../src/modes/sync-policies/policy-model.ts';
import type { RemotePolicy } from '../../../src/modes/sync-policies/remote-state.ts';
import {
  countOutcomes,
  problemsFailure,
  problemsSummary,
  readFailureSummary,
  syncOutputs,
  syncSummary,
  syncTitle,
} from '../../../src/modes/sync-policies/summary.ts';
import type { SyncReport } from '../../../src/modes/sync-policies/summary.ts';

function desired(name: string): DesiredPolicy {
  return {
    name,
    kind: 'native',
    enforcementLevel: 'soft-mandatory',
    enforcementLevelStated: true,
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
  };
}

function outcome(
  name: string,
  action: PolicyAction,
  status: PolicyOutcomeStatus,
  more: Partial<PolicyOutcome> = {},
  entryMore: Partial<PolicyPlanEntry> = {},
): PolicyOutcome {
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
    levelKept: false,
    ...entryMore,
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
    expect(countOutcomes(outcomes)).toEqual({
      created: 2,
      updated: 2,
      deleted: 2,
      replaced: 1,
      unchanged: 1,
      notManaged: 1,
      failed: 1,
      notStarted: 1,
    });
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
    expect(result[4]).toMatchObject({
      action: 'delete',
      id: 'pol-e',
      enforcementLevel: 'advisory',
      reason: 'not defined in the repository, and prune is on',
    });
    expect(result[7]).toMatchObject({ outcome: 'failed', id: null, error: 'no' });
  });

  it('a dry run counts what would be done', () => {
    const r = report(
      [outcome('a', 'create', 'planned'), outcome('b', 'delete', 'planned'), outcome('c', 'unchanged', 'unchanged')],
      { dryRun: true },
    );
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
    const r = report(
      [outcome('a', 'create', 'failed', { error: 'POST /x: the service said: <img src=x onerror=alert(1)> *bold*' })],
      {
        warnings: [{ file: 'policies/<x>.hcl', line: 3, message: 'the <script> block is ignored' }],
      },
    );
    const summary = syncSummary(r);
    expect(summary).not.toContain('<img');
    expect(summary).not.toContain('<script>');
    expect(summary).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(summary).toContain('\\*bold\\*');
    expect(summary).toContain('### Warnings (1)');
    expect(summary).toContain('<code>policies/&lt;x&gt;.hcl</code>');
  });

  it('a cancelled run says how many policies were not started', () => {
    const r = report(
      [outcome('a', 'create', 'done'), outcome('b', 'create', 'not-started'), outcome('c', 'create', 'not-started')],
      { cancelled: true },
    );
    expect(syncTitle(r)).toBe('Policy sync of acme cancelled: 2 of 3 policies not started, 0 failed');
    expect(syncSummary(r)).toContain('<strong>Cancelled.</strong> The step was cancelled: 2 policies were not started');
    expect(syncSummary(r)).toContain('<td>not started (cancelled)</td>');
    const one = report([outcome('a', 'create', 'not-started')], { cancelled: true });
    expect(syncTitle(one)).toBe('Policy sync of acme cancelled: 1 of 1 policy not started, 0 failed');
    expect(syncSummary(one)).toContain('The step was cancelled: 1 policy was not started');
  });

  it('problems: every one listed with file and line, and the failure sentence', () => {
    const summary = problemsSummary(
      'acme',
      [
        { file: 'policies/policies.hcl', line: 4, message: 'policy "x": enforcement_level "y" is wrong' },
        { file: '', message: 'No policy found' },
      ],
      [],
    );
    expect(problemsFailure(2)).toBe('2 problems in the policy files; nothing was changed');
    expect(problemsFailure(1)).toBe('1 problem in the policy files; nothing was changed');
    expect(summary).toContain('2 problems in the policy files; nothing was changed');
    expect(summary).toContain(
      '<td><code>policies/policies.hcl</code></td><td>4</td><td>policy &quot;x&quot;: enforcement_level &quot;y&quot; is wrong</td>',
    );
    expect(summary).toContain('<td>—</td><td></td><td>No policy found</td>');
  });
});

describe("the heading carries the verdict, as every mode's does", () => {
  /** The summary's first line. */
  const headingOf = (summary: string): string => summary.split('\n')[0]!;
  const warning = { file: 'policies/policies.hcl', line: 2, message: 'import blocks are ignored' };

  it('✅ synced, ⚠️ synced with warnings, ❌ a policy failed, ⏹️ cancelled, 🔍 a dry run', () => {
    expect(headingOf(syncSummary(report([outcome('a', 'create', 'done')])))).toBe(
      '## ✅ Sync policies: organization <code>acme</code>',
    );
    expect(headingOf(syncSummary(report([outcome('a', 'unchanged', 'unchanged')])))).toBe(
      '## ✅ Sync policies: organization <code>acme</code>',
    );
    expect(headingOf(syncSummary(report([outcome('a', 'create', 'done')], { warnings: [warning] })))).toBe(
      '## ⚠️ Sync policies: organization <code>acme</code>',
    );
    const failed = outcome('b', 'create', 'failed', { error: 'POST failed' });
    expect(headingOf(syncSummary(report([outcome('a', 'create', 'done'), failed], { warnings: [warning] })))).toBe(
      '## ❌ Sync policies: organization <code>acme</code>',
    );
    expect(headingOf(syncSummary(report([outcome('a', 'create', 'not-started')], { cancelled: true })))).toBe(
      '## ⏹️ Sync policies: organization <code>acme</code>',
    );
    expect(
      headingOf(syncSummary(report([outcome('a', 'create', 'planned')], { dryRun: true, warnings: [warning] }))),
    ).toBe('## 🔍 Sync policies (dry run): organization <code>acme</code>');
  });

  it('❌ when the policy files have problems, or the organization could not be read', () => {
    expect(headingOf(problemsSummary('acme', [{ file: '', message: 'No policy found' }], []))).toBe(
      '## ❌ Sync policies: organization <code>acme</code>',
    );
    expect(headingOf(readFailureSummary('acme', 'GET /x: not found', []))).toBe(
      '## ❌ Sync policies: organization <code>acme</code>',
    );
  });
});

/** The `<details>` block of one policy in the summary. */
function block(summary: string, name: string): string {
  const start = summary.indexOf(`<details><summary><strong>${name}</strong>`);
  expect(start, `no block for ${name}`).toBeGreaterThanOrEqual(0);
  // The block's own closing tag stands after a blank line; one inside code does not.
  return summary.slice(start, summary.indexOf('\n\n</details>', start) + '\n\n</details>'.length);
}

const STORED = [
  '# limits',
  'import "tfplan/v2" as tfplan',
  '',
  'allowed = ["t2.micro"]',
  '',
  'main = rule {',
  '  all allowed',
  '}',
  'a',
  'b',
  'c',
  'd',
  'e',
  '',
].join('\n');
const WANTED = STORED.replace('t2.micro', 't3.micro').replace('\nd\n', '\nd2\n');

function codeUpdate(name = 'limits', storedCode = STORED, code = WANTED): PolicyOutcome {
  const o = outcome(
    name,
    'update-settings-and-upload-code',
    'planned',
    {},
    {
      settingChanges: [
        { attribute: 'enforcement-level', from: 'advisory', to: 'soft-mandatory' },
        { attribute: 'description', from: 'Edited <b>by hand</b>', to: null },
      ],
      changes: ['enforcement-level: advisory → soft-mandatory', 'description: removed', 'code'],
      codeChanged: true,
      storedCode,
    },
  );
  o.entry.desired = { ...o.entry.desired!, code, codeBytes: Buffer.byteLength(code) };
  return o;
}

describe('sync summary: what changes, policy by policy', () => {
  it('the table gives each id once and says in a few words what happens', () => {
    const r = report([
      outcome('a', 'create', 'done'),
      outcome('b', 'replace', 'done'),
      outcome('c', 'update-settings', 'done'),
      outcome('d', 'delete', 'planned'),
    ]);
    const summary = syncSummary(r);
    expect(summary).toContain('<th>What happened</th>');
    expect(summary).toContain(
      '<td><strong>a</strong></td><td>native</td><td>soft-mandatory</td><td>created</td><td>pol-new-a</td>',
    );
    expect(summary).toContain('<td>replaced</td><td>pol-new-b<br>(replaces pol-b)</td>');
    expect(summary).toContain('<td>settings updated</td><td>pol-c</td>');
    expect(summary).toContain('<td>would delete</td><td>pol-d</td>');
    // Each id once in the table: no list of steps repeating it.
    const table = summary.slice(summary.indexOf('### Changes'), summary.indexOf('</table>'));
    expect(table.match(/pol-new-b/g)).toHaveLength(1);
    expect(syncSummary(report([outcome('a', 'create', 'planned')], { dryRun: true }))).toContain(
      '<th>What happens</th>',
    );
  });

  it('an updated policy: its settings old → new and a unified diff from the service to the repository, collapsed', () => {
    const summary = syncSummary(report([codeUpdate()], { dryRun: true }));
    const limits = block(summary, 'limits');
    expect(limits).toMatch(
      /^<details><summary><strong>limits<\/strong> · would update settings and code \(\+2 −2\)<\/summary>/,
    );
    expect(limits).toContain('<tr><td>enforcement level</td><td>advisory</td><td>soft-mandatory</td></tr>');
    // Text from the service is escaped; a cleared description says so.
    expect(limits).toContain(
      '<tr><td>description</td><td>Edited &lt;b&gt;by hand&lt;/b&gt;</td><td><em>none</em></td></tr>',
    );
    expect(limits).toContain(
      [
        '```diff',
        '--- limits (service, pol-limits)',
        '+++ policies/limits.native (repository)',
        '@@ -1,7 +1,7 @@',
        ' # limits',
        ' import "tfplan/v2" as tfplan',
        ' ',
        '-allowed = ["t2.micro"]',
        '+allowed = ["t3.micro"]',
        ' ',
        ' main = rule {',
        '   all allowed',
        '@@ -9,5 +9,5 @@',
        ' a',
        ' b',
        ' c',
        '-d',
        '+d2',
        ' e',
        '```',
      ].join('\n'),
    );
  });

  it('three lines of context: changes far apart are two hunks', () => {
    const stored = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const wanted = stored.replace('line 2\n', 'line two\n').replace('line 25\n', 'line twenty-five\n');
    const summary = syncSummary(report([codeUpdate('far', stored, wanted)]));
    const diff = block(summary, 'far');
    expect(diff).toContain(
      '@@ -1,5 +1,5 @@\n line 1\n-line 2\n+line two\n line 3\n line 4\n line 5\n@@ -22,7 +22,7 @@',
    );
    expect(diff).not.toContain(' line 10');
  });

  it('a created policy shows its code; a deleted one says what was deleted', () => {
    const created = outcome('new-one', 'create', 'planned');
    created.entry.desired = {
      ...created.entry.desired!,
      code: 'main = rule { true }\n',
      description: 'Keeps <things> safe',
    };
    const deleted = outcome('old-one', 'delete', 'done');
    deleted.entry.remote = { ...deleted.entry.remote!, description: 'Legacy', policySetIds: ['polset-a', 'polset-b'] };
    const summary = syncSummary(report([created, deleted]));
    const shown = block(summary, 'new-one');
    expect(shown).toContain('<tr><td>description</td><td>Keeps &lt;things&gt; safe</td></tr>');
    expect(shown).toContain('```\nmain = rule { true }\n```');
    const gone = block(summary, 'old-one');
    expect(gone).toContain('· deleted</summary>');
    expect(gone).toContain('the policy and its code are deleted from the service');
    expect(gone).toContain('<tr><td>id</td><td><code>pol-old-one</code></td></tr>');
    expect(gone).toContain('<tr><td>description</td><td>Legacy</td></tr>');
    expect(gone).toContain('<tr><td>policy sets</td><td>polset-a, polset-b</td></tr>');
  });

  it('code cannot break out of its block: the fence is longer than any backtick run in it', () => {
    const hostile = 'x = 1\n`````\n</details>\n<script>alert(1)</script>\n';
    const created = outcome('fence', 'create', 'planned');
    created.entry.desired = { ...created.entry.desired!, code: hostile };
    const summary = syncSummary(report([created, codeUpdate('fence2', 'x = 0\n', hostile)]));
    expect(block(summary, 'fence')).toContain('``````\nx = 1\n`````\n</details>\n<script>alert(1)</script>\n``````');
    expect(summary).toContain('``````diff\n');
    // Outside code blocks nothing from the policy is raw HTML.
    const outsideCode = summary.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');
    expect(outsideCode).not.toContain('<script>');
  });

  it('code that differs only in line endings or a byte order mark is said in words', () => {
    const summary = syncSummary(
      report([codeUpdate('crlf', 'a\r\nb\r\n', 'a\nb\n'), codeUpdate('bom', 'a\n', '\uFEFFa\n')]),
    );
    expect(block(summary, 'crlf')).toContain('line endings differ (CRLF in the service, LF in the repository)');
    expect(block(summary, 'crlf')).not.toContain('```diff');
    expect(block(summary, 'bom')).toContain('the repository’s file starts with a byte order mark');
  });

  it('a policy whose code the service never received: its code is shown as uploaded', () => {
    const o = codeUpdate('fresh');
    delete o.entry.storedCode;
    const shown = block(syncSummary(report([o])), 'fresh');
    expect(shown).toContain('The service holds no code for this policy');
    expect(shown).toContain('allowed = ["t3.micro"]');
  });

  it('past the budget, diffs are cut at a line with what was left out, and later ones left out', () => {
    const big = (tag: string): string =>
      Array.from({ length: 400 }, (_, i) => `${tag} rule ${i} = rule { ${i} > 0 } # ${'-'.repeat(40)}`).join('\n') +
      '\n';
    const created = outcome('p4', 'create', 'planned');
    created.entry.desired = { ...created.entry.desired!, code: big('d') };
    const outcomes = [
      codeUpdate('p1', '', big('a')),
      codeUpdate('p2', '', big('b')),
      codeUpdate('p3', '', big('c')),
      created,
    ];
    const budget = { totalBytes: 20_000, perPolicyBytes: 12_000 };
    const summary = syncSummary(report(outcomes), undefined, budget);
    const p1 = block(summary, 'p1');
    expect(p1).toMatch(/… \d+ more lines \([\d.]+ KiB\) of this diff left out: the summary has no more room for code/);
    expect(p1).toContain('+a rule 0 = rule { 0 > 0 }');
    expect(p1).not.toContain('+a rule 399 ');
    const p3 = block(summary, 'p3');
    expect(p3).toContain('The code differs; its diff is left out: the summary has no more room for code');
    expect(p3).not.toContain('```diff');
    expect(block(summary, 'p4')).toMatch(
      /This code \(400 lines, [\d.]+ KiB\) is left out: the summary has no more room for code/,
    );
    expect(Buffer.byteLength(summary)).toBeLessThan(20_000 + 6_000);
    // The cut diff still closes its fence before the note.
    expect(p1).toMatch(/\n```\n\n… \d+ more lines/);
  });

  it('500 policies of 30 KiB each, all of it changed, stay within what GitHub keeps', () => {
    const code = (tag: string): string =>
      Array.from({ length: 300 }, (_, i) => `${tag}${i} = rule { true } # ${'-'.repeat(80)}`).join('\n');
    const outcomes = Array.from({ length: 500 }, (_, i) => codeUpdate(`p${i}`, code('old'), code('new')));
    // The room runs out, not the time set aside for diffs (a wall-clock budget, which a busy
    // machine spends first; the test below holds that one).
    const summary = syncSummary(report(outcomes), undefined, {
      ...DEFAULT_CHANGE_DETAILS_BUDGET,
      totalDiffMs: Number.POSITIVE_INFINITY,
    });
    expect(Buffer.byteLength(summary)).toBeLessThan(1024 * 1024 - 16 * 1024);
    expect(block(summary, 'p499')).toContain(
      'The code differs; its diff is left out: the summary has no more room for code',
    );
  });

  it('once the time set aside for diffs is spent, a policy says its code differs without a diff', () => {
    const summary = syncSummary(report([codeUpdate()]), undefined, {
      ...DEFAULT_CHANGE_DETAILS_BUDGET,
      totalDiffMs: 0,
    });
    expect(block(summary, 'limits')).toContain(
      'The code differs; no diff is shown: the time set aside for diffs is spent.',
    );
  });
});
