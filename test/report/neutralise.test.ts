import { describe, expect, it } from 'vitest';
import { neutraliseCommands } from '../../src/report/neutralise.ts';
import { HOSTILE_STRINGS } from '../support/hostile-strings.ts';
import { findRunnerCommands } from '../support/runner-commands.ts';

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
