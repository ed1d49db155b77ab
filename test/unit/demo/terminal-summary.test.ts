import { describe, expect, it } from 'vitest';
import { renderSummaryForTerminal, terminalWidth } from '../../../src/report/terminal-summary.ts';

it('renders tables, details, headings, links and entities as plain text', () => {
  const markdown = [
    '## Sync &amp; report',
    '',
    '<table><thead><tr><th>Name</th><th>Link</th></tr></thead><tbody>',
    '<tr><td><code>a&lt;b</code></td><td><a href="https://x.example/p">plan</a></td></tr>',
    '</tbody></table>',
    '',
    '<details><summary>More</summary>',
    '',
    '```',
    'tail line',
    '```',
    '</details>',
  ].join('\n');
  expect(renderSummaryForTerminal(markdown)).toBe(
    [
      'SYNC & REPORT',
      '',
      '┌──────┬────────────────────────────┐',
      '│ Name │ Link                       │',
      '├──────┼────────────────────────────┤',
      '│ a<b  │ plan (https://x.example/p) │',
      '└──────┴────────────────────────────┘',
      '',
      '▸ More',
      '',
      '    tail line',
      '',
    ].join('\n'),
  );
});

describe('table widths', () => {
  const long = 'x'.repeat(120);
  const markdown = `<table><tr><th>Key</th><th>Value</th><th>Note</th></tr><tr><td>a</td><td>${long}</td><td>short note</td></tr></table>`;

  it('without a width, no cell is cut', () => {
    expect(renderSummaryForTerminal(markdown)).toContain(`│ ${long} │`);
  });

  it('within a width, the widest column is cut so that the table fits, the others kept whole', () => {
    const lines = renderSummaryForTerminal(markdown, { width: 60 }).trim().split('\n');
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(60);
    expect(lines[3]).toMatch(/^│ a +│ x+… │ short note │$/);
  });

  it('a terminal too narrow for every column whole still shows each at its narrowest', () => {
    const lines = renderSummaryForTerminal(markdown, { width: 10 }).trim().split('\n');
    expect(lines[3]).toMatch(/^│ a +│ xxxxxxx… │ short n… │$/);
  });
});

describe('terminalWidth', () => {
  it('COLUMNS first, then a terminal’s width, and none for a pipe', () => {
    expect(terminalWidth({ COLUMNS: '80' }, { isTTY: true, columns: 120 })).toBe(80);
    expect(terminalWidth({}, { isTTY: true, columns: 120 })).toBe(120);
    expect(terminalWidth({}, { columns: 120 })).toBeUndefined();
    expect(terminalWidth({ COLUMNS: 'wide' }, {})).toBeUndefined();
    expect(terminalWidth({ COLUMNS: '0' }, { isTTY: true, columns: 90 })).toBe(90);
  });
});

describe('cells as a terminal shows them', () => {
  it('an emoji takes two columns: every border of the table stands where the header’s does', () => {
    const markdown =
      '<table><tr><th>Run block</th><th>Result</th><th>Elapsed</th></tr>' +
      '<tr><td>a</td><td>✅ pass</td><td>1 s</td></tr>' +
      '<tr><td>b</td><td>⏭️ skip</td><td>—</td></tr>' +
      '<tr><td>c</td><td>⚠️ warn</td><td>2 s</td></tr></table>';
    expect(renderSummaryForTerminal(markdown).trim().split('\n')).toEqual([
      '┌───────────┬─────────┬─────────┐',
      '│ Run block │ Result  │ Elapsed │',
      '├───────────┼─────────┼─────────┤',
      '│ a         │ ✅ pass │ 1 s     │',
      '│ b         │ ⏭️ skip │ —       │',
      '│ c         │ ⚠️ warn │ 2 s     │',
      '└───────────┴─────────┴─────────┘',
    ]);
  });

  it('a cut cell keeps its emoji within the column, never half of one', () => {
    const table = (cell: string): string => `<table><tr><th>Outcome</th></tr><tr><td>${cell}</td></tr></table>`;
    expect(renderSummaryForTerminal(table('❌ failed badly'), { width: 12 }).split('\n')[3]).toBe('│ ❌ fail… │');
    // Seven columns before the ellipsis: after six x, the emoji's two would make eight; it is left out whole.
    expect(renderSummaryForTerminal(table('xxxxxx❌yy'), { width: 12 }).split('\n')[3]).toBe('│ xxxxxx…  │');
  });

  it('a line break in a cell is a line of the row: two things a cell holds do not run together', () => {
    const markdown =
      '<table><tr><th>Workspace</th><th>Message</th></tr>' +
      '<tr><td><a href="https://x.example/ws">bucket-team-a</a><br><code>ws-1</code></td>' +
      '<td>Test assertion failed<br><br>Log retention must not exceed 365 days.</td></tr></table>';
    expect(renderSummaryForTerminal(markdown).trim().split('\n')).toEqual([
      '┌──────────────────────────────────────┬─────────────────────────────────────────┐',
      '│ Workspace                            │ Message                                 │',
      '├──────────────────────────────────────┼─────────────────────────────────────────┤',
      '│ bucket-team-a (https://x.example/ws) │ Test assertion failed                   │',
      '│ ws-1                                 │ Log retention must not exceed 365 days. │',
      '└──────────────────────────────────────┴─────────────────────────────────────────┘',
    ]);
  });
});
