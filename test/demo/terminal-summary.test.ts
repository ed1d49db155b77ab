import { describe, expect, it } from 'vitest';
import { renderSummaryForTerminal, terminalWidth } from '../../src/report/terminal-summary.ts';

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
