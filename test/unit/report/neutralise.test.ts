import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeMarkdown, inlineCode, link, table } from '../../../src/report/markdown.ts';
import { neutraliseCommands, neutraliseMentions } from '../../../src/report/neutralise.ts';
import { HOSTILE_STRINGS } from '../../support/hostile-strings.ts';
import { findRunnerCommands } from '../../support/runner-commands.ts';

const everyCommand = (text: string): string[] => findRunnerCommands(`${text}\n`).map((c) => `${c.syntax}:${c.command}`);

describe('neutraliseCommands', () => {
  it('leaves plain text as it is', () => {
    for (const text of [
      'plain line',
      'a: b, c',
      'see https://example.com/x#frag',
      'issue #12 [draft]',
      'ratio 1:2::3 in the middle',
      '',
    ]) {
      expect(neutraliseCommands(text)).toBe(text);
    }
  });

  it.each(HOSTILE_STRINGS)('leaves no command in %j', (text) => {
    expect(everyCommand(text).length).toBeGreaterThan(0);
    expect(everyCommand(neutraliseCommands(text))).toEqual([]);
  });

  it('leaves no command in any line of a text made of hostile lines', () => {
    const text = HOSTILE_STRINGS.join('\n');
    expect(everyCommand(neutraliseCommands(text))).toEqual([]);
    expect(everyCommand(`prefix: ${neutraliseCommands(text)}`)).toEqual([]);
  });

  it('keeps the text readable: line breaks as \\n, one backslash per escape', () => {
    expect(neutraliseCommands('old ##[set-output name=deleted;]x')).toBe('old ##\\[set-output name=deleted;]x');
    expect(neutraliseCommands('  ::add-mask::x')).toBe('  \\::add-mask::x');
    expect(neutraliseCommands('running\r::set-output name=status::finished')).toBe(
      'running\n\\::set-output name=status::finished',
    );
    expect(neutraliseCommands('a\r\nb\u2028c')).toBe('a\nb\nc');
    expect(neutraliseCommands(':\u200b:x')).toBe('\\:\u200b:x');
  });

  it('is idempotent: escaping twice changes nothing more', () => {
    for (const text of HOSTILE_STRINGS) {
      const once = neutraliseCommands(text);
      expect(neutraliseCommands(once)).toBe(once);
    }
  });
});

describe('neutraliseMentions', () => {
  const ZWJ = '\u200D';

  it('breaks mentions of people and teams, and issue references, with a zero-width joiner', () => {
    expect(neutraliseMentions('Ask @octocat, (@octo-org/security) or @Mona')).toBe(
      `Ask @${ZWJ}octocat, (@${ZWJ}octo-org/security) or @${ZWJ}Mona`,
    );
    expect(neutraliseMentions('see #123, org/repo#45 and GH-6')).toBe(
      `see #${ZWJ}123, org/repo#${ZWJ}45 and GH-${ZWJ}6`,
    );
  });

  it('leaves what GitHub reads as no mention as it is: e-mail addresses, a version after a name', () => {
    for (const text of ['ops@example.com', 'owner/repo@v1', 'a @ b', '# heading', 'C# and #x', 'vgh-1']) {
      expect(neutraliseMentions(text)).toBe(text);
    }
  });

  it('is idempotent', () => {
    const once = neutraliseMentions('@a #1 GH-2');
    expect(neutraliseMentions(once)).toBe(once);
  });

  it('applies to every text the summary helpers render, never to an entity, an address or code', () => {
    expect(escapeHtml("@octocat's #1")).toBe(`@${ZWJ}octocat&#39;s #${ZWJ}1`);
    expect(escapeMarkdown('@octocat #1')).toBe(`@${ZWJ}octocat \\#${ZWJ}1`);
    expect(table(['who'], [['@octocat']])).toContain(`<td>@${ZWJ}octocat</td>`);
    expect(inlineCode('@octocat').html).toBe('<code>@octocat</code>');
    expect(link('#1', 'https://example.com/a#12').html).toBe(`<a href="https://example.com/a#12">#${ZWJ}1</a>`);
  });
});
