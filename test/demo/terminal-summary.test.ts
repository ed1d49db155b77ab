import { expect, it } from 'vitest';
import { renderSummaryForTerminal } from '../../src/report/terminal-summary.ts';

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
