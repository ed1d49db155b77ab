import { describe, expect, it } from 'vitest';
import {
  bulletList,
  codeBlock,
  countsLine,
  details,
  dryRunBanner,
  escapeHtml,
  escapeMarkdown,
  heading,
  html,
  inlineCode,
  joinBlocks,
  link,
  paragraph,
  table,
  truncateMarkdown,
} from '../../../src/report/markdown.ts';

describe('escaping', () => {
  it('escapes HTML markup and quotes', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & more`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; more',
    );
  });

  it('escapes Markdown so that a name renders as written, on one line', () => {
    expect(escapeMarkdown('*bold* _it_ `code` [x](y) a|b ~s~ #1 <b>')).toBe(
      '\\*bold\\* \\_it\\_ \\`code\\` \\[x\\](y) a\\|b \\~s\\~ \\#\u200D1 &lt;b&gt;',
    );
    expect(escapeMarkdown('line one\nline two\r\n')).toBe('line one line two ');
    expect(escapeMarkdown('- not a list')).toBe('\\- not a list');
    expect(escapeMarkdown('1. not a list')).toBe('1\\. not a list');
    expect(escapeMarkdown('back\\slash')).toBe('back\\\\slash');
  });

  it('headings and paragraphs escape text but keep built markup', () => {
    expect(heading('<script>alert(1)</script> **x**', 3)).toBe(
      '### &lt;script&gt;alert(1)&lt;/script&gt; \\*\\*x\\*\\*\n',
    );
    expect(paragraph('run', inlineCode('a`b<c>'), 'done_now')).toBe('run <code>a`b&lt;c&gt;</code> done\\_now\n');
    expect(bulletList(['<b>', html('<i>ok</i>')])).toBe('- &lt;b&gt;\n- <i>ok</i>\n');
  });
});

describe('table', () => {
  it('is an HTML table with every cell escaped and newlines as <br>', () => {
    const out = table(
      ['Name', 'Note'],
      [
        ['<b>pol</b>', 'a\nb'],
        ['x|y', 3],
        [html('<code>ok</code>'), null],
      ],
    );
    expect(out).toBe(
      [
        '<table>',
        '<thead><tr><th>Name</th><th>Note</th></tr></thead>',
        '<tbody>',
        '<tr><td>&lt;b&gt;pol&lt;/b&gt;</td><td>a<br>b</td></tr>',
        '<tr><td>x|y</td><td>3</td></tr>',
        '<tr><td><code>ok</code></td><td></td></tr>',
        '</tbody>',
        '</table>',
        '',
      ].join('\n'),
    );
  });

  it('has no blank line inside, whatever the cells hold', () => {
    const out = table(['a'], [['one\n\n\ntwo'], ['\r\n\r\n']]);
    expect(out.trimEnd()).not.toMatch(/\n\s*\n/);
  });
});

describe('details', () => {
  it('escapes its summary and leaves blank lines around the Markdown body', () => {
    expect(details('<x> & y', '```\ncode\n```\n', { open: true })).toBe(
      '<details open><summary>&lt;x&gt; &amp; y</summary>\n\n```\ncode\n```\n\n</details>\n',
    );
  });
});

describe('codeBlock', () => {
  it('uses a fence longer than any run of backticks in the content', () => {
    const content = 'a ``` b\n````\nc';
    const out = codeBlock(content, 'hcl');
    expect(out).toBe('`````hcl\na ``` b\n````\nc\n`````\n');
  });

  it('uses three backticks for plain content, normalises CRLF and drops a bad language', () => {
    expect(codeBlock('x\r\ny\n', 'js onload=1')).toBe('```\nx\ny\n```\n');
  });
});

describe('link', () => {
  it('links http(s) addresses only', () => {
    expect(link('plan <1>', 'https://svc.example/app/runs/run-1?x=1&y=2').html).toBe(
      '<a href="https://svc.example/app/runs/run-1?x=1&amp;y=2">plan &lt;1&gt;</a>',
    );
    expect(link('x', 'javascript:alert(1)').html).toBe('x');
    expect(link('x', '/relative/path').html).toBe('x');
    expect(link('x', undefined).html).toBe('x');
    expect(link('x', 'http://a.example/"><script>').html).toBe('<a href="http://a.example/%22%3E%3Cscript%3E">x</a>');
  });
});

describe('small blocks', () => {
  it('dry-run banner', () => {
    expect(dryRunBanner()).toContain('**Dry run.**');
    expect(dryRunBanner('3 policies *would* change')).toBe('> [!NOTE]\n> **Dry run.** 3 policies \\*would\\* change\n');
  });

  it('counts line, with a dash for an unknown count', () => {
    expect(
      countsLine([
        ['created', 2],
        ['updated', 0],
        ['deleted', null],
      ]),
    ).toBe('**2** created · **0** updated · **–** deleted\n');
    expect(
      countsLine(
        [
          ['created', 2],
          ['updated', 0],
        ],
        { skipZero: true },
      ),
    ).toBe('**2** created\n');
  });

  it('a part given as a condition that does not hold is left out, never printed as a word', () => {
    const dryRun = true;
    expect(paragraph('Plans would not be confirmed.', !dryRun && 'The wait lasts 30m.')).toBe(
      'Plans would not be confirmed.\n',
    );
    expect(table(['a', 'b'], [['x', false]])).not.toContain('false');
  });

  it('joins blocks with one blank line, leaving out empty ones', () => {
    expect(joinBlocks('# a\n', '', false, undefined, 'b\n\n\n', 'c')).toBe('# a\n\nb\n\nc\n');
    expect(joinBlocks()).toBe('');
  });
});

describe('truncateMarkdown', () => {
  it('leaves short text alone', () => {
    expect(truncateMarkdown('abc\n', 100)).toEqual({ text: 'abc\n', cut: false, omittedBytes: 0 });
  });

  it('cuts at a line boundary under the limit, closes open elements and a code fence, and adds a note', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [`policy-${i}`, 'ü'.repeat(20)]);
    const markdown = joinBlocks(
      '## Summary',
      details('All policies', `${codeBlock('x\n'.repeat(10))}\n${table(['Name', 'Note'], rows)}`),
      '```\n' + 'log line\n'.repeat(3000) + '```',
    );
    const limit = 20_000;
    const { text, cut, omittedBytes } = truncateMarkdown(markdown, limit);
    expect(cut).toBe(true);
    expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(limit);
    expect(omittedBytes).toBeGreaterThan(0);
    expect(text).toContain('This summary was cut short');
    expect(text).not.toContain('\uFFFD');
    // Every element the cut left open is closed before the note.
    const beforeNote = text.slice(0, text.indexOf('> [!WARNING]'));
    for (const tag of ['details', 'table', 'tbody']) {
      expect(beforeNote.split(`<${tag}`).length).toBe(beforeNote.split(`</${tag}>`).length);
    }
    expect(beforeNote.trimEnd().endsWith('</details>')).toBe(true);
  });

  it('closes an open code fence', () => {
    const markdown = '````text\n' + 'line\n'.repeat(5000) + '````\n';
    const { text } = truncateMarkdown(markdown, 8192, () => 'NOTE\n');
    expect(text).toMatch(/line\n````\n\nNOTE\n$/);
  });
});
