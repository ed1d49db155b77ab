// The summary's tables on the command line: fitted to the terminal's width (COLUMNS, or the
// width of stdout when it is a terminal), and never cut when the text goes to a file or a pipe,
// as in another CI system's log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';

const QUERY = 'data.terraform.policies.no_public_ingress.deny';
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

async function dryRun(env: Record<string, string>, tty?: { columns: number }): Promise<string> {
  let out = '';
  const code = await runCli(
    [
      'sync-policies',
      '--base-url',
      emulator.baseUrl,
      '--organization',
      emulator.organization,
      '--policy-files',
      'examples/policies/*.rego',
      '--dry-run',
    ],
    {
      stdout: { write: (t: string) => (out += t), ...(tty ? { isTTY: true, columns: tty.columns } : {}) },
      stderr: { write: () => true },
      env: { SVC_TOKEN: emulator.token, NO_COLOR: '1', ...env },
    },
  );
  expect(code).toBe(0);
  return out;
}

const tableLines = (out: string): string[] => out.split('\n').filter((l) => /^[┌│├└]/.test(l));

describe('tables of the text summary', () => {
  it('into a pipe or a file: nothing is cut, however long a cell', async () => {
    const out = await dryRun({});
    expect(out).toContain(`│ ${QUERY} │`);
    expect(out).not.toContain('…');
  });

  it('COLUMNS set: every table fits it, the longest cells cut first', async () => {
    const out = await dryRun({ COLUMNS: '50' });
    const lines = tableLines(out);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(50);
    expect(out).toMatch(/│ data\.terraform\.policies\.\S*… │/);
    // A short column keeps what it holds.
    expect(out).toMatch(/│ kind +│ opa /);
  });

  it('a terminal without COLUMNS: its own width; COLUMNS wins over it', async () => {
    for (const line of tableLines(await dryRun({}, { columns: 60 }))) expect([...line].length).toBeLessThanOrEqual(60);
    expect(await dryRun({ COLUMNS: '200' }, { columns: 40 })).toContain(`│ ${QUERY} │`);
  });
});
