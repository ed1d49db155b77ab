import { describe, expect, it } from 'vitest';
import { findRunnerCommands, runnerLines } from '../../support/runner-commands.ts';

const names = (stdout: string): string[] => findRunnerCommands(stdout).map((c) => c.command);

// The port of the runner's parser is what the injection tests trust: these pin it to the
// runner's own rules (actions/runner ActionCommand.TryParseV2 / TryParse, ActionCommandManager).
describe('the runner-command reader used by the tests', () => {
  it('reads v2 commands after any leading white space, .NET TrimStart included', () => {
    expect(findRunnerCommands('::set-output name=status::hacked\n')).toEqual([
      {
        command: 'set-output',
        properties: { name: 'status' },
        data: 'hacked',
        syntax: 'v2',
        line: '::set-output name=status::hacked',
      },
    ]);
    expect(names('   ::error::x')).toEqual(['error']);
    expect(names('\t\u00a0\u3000::error::x')).toEqual(['error']);
    expect(names('\u0085::save-state name=a::b')).toEqual(['save-state']);
    expect(names('text ::error::x')).toEqual([]);
    expect(names('::nonsense::x')).toEqual([]);
    expect(names('::error')).toEqual([]);
  });

  it('reads legacy ##[ commands anywhere in a line', () => {
    expect(findRunnerCommands('old ##[set-output name=deleted;]x')).toEqual([
      {
        command: 'set-output',
        properties: { name: 'deleted' },
        data: 'x',
        syntax: 'legacy',
        line: 'old ##[set-output name=deleted;]x',
      },
    ]);
    // The runner tries only the first; the reader tries every one.
    expect(names('a ##[nonsense] b ##[error]c')).toEqual(['error']);
    expect(names('##[set-output name=x;]')).toEqual(['set-output']);
    expect(names('##[error')).toEqual([]);
  });

  it('matches command names without regard to case and unescapes data and properties', () => {
    const [command] = findRunnerCommands('::SET-OUTPUT name=a%2Cb::line%0Anext%25\n');
    expect(command).toMatchObject({ command: 'SET-OUTPUT', properties: { name: 'a,b' }, data: 'line\nnext%' });
  });

  it('starts a line at \\n, \\r\\n and a bare \\r, and at the Unicode line breaks', () => {
    expect(runnerLines('a\r\nb\rc\nd\u2028e\u2029f\u0085g\n')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(names('progress 50%\r::set-output name=a::b')).toEqual(['set-output']);
    expect(names('x\u2028::add-mask::y')).toEqual(['add-mask']);
  });

  it('sees through characters that ICU comparison ignores', () => {
    expect(names(':\u200b:set-output name=a::b')).toEqual(['set-output']);
    expect(names('\u200b::error::x')).toEqual(['error']);
    expect(names('#\u2060#[error]x')).toEqual(['error']);
  });

  it('skips commands between stop-commands and its token, as the runner does', () => {
    const stdout = ['::stop-commands::tok', '::set-output name=a::b', '##[error]x', '::tok::', '::error::after'].join(
      '\n',
    );
    expect(names(stdout)).toEqual(['stop-commands', 'tok', 'error']);
  });
});
