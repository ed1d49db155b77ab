// The npm scripts that run TypeScript as it is need Node.js 24 (the node@24 dev dependency).
// Started on an older Node (after `npm ci --ignore-scripts`, which leaves that dependency a
// placeholder), they say what to do instead of failing with a stack trace.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../demo', '..', '..');
const check = join(root, 'scripts', 'require-node-24.js');
const dir = mkdtempSync(join(tmpdir(), 'require-node-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the check as if on Node.js `version`. */
async function checkOn(version: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const preload = join(dir, `node-${version}.mjs`);
  writeFileSync(preload, `Object.defineProperty(process.versions, 'node', { value: ${JSON.stringify(version)} });\n`);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', preload, check, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('scripts/require-node-24.js', () => {
  it('on Node.js 20: exit 1, naming the script and what to do, and no stack trace', async () => {
    const { code, stdout, stderr } = await checkOn('20.20.2', ['npm run demo']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'npm run demo needs Node.js 24, found v20.20.2: run "npm ci" (with its install scripts, not --ignore-scripts) ' +
        "so that the node@24 dev dependency is on npm's PATH, or start it with a Node.js 24 of your own.\n",
    );
  });

  it('on Node.js 24: silent, so that a script reading the first line of the output gets its own', async () => {
    expect(await checkOn('24.1.0', ['npm run emulator'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await checkOn('24.1.0', ['npm test', '--show-version'])).stdout).toMatch(/^Node\.js v/);
  });

  it('every npm script that starts a .ts file checks first', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const runsTs = Object.entries(scripts).filter(([, command]) => /\bnode \S+\.ts\b/.test(command));
    expect(runsTs.map(([name]) => name).sort()).toEqual([
      'demo',
      'docs:inputs',
      'docs:screenshots',
      'emulator',
      'release',
      'test:soak',
    ]);
    for (const [name, command] of runsTs) {
      expect(command, name).toMatch(new RegExp(`^node scripts/require-node-24\\.js "npm run ${name}" && `));
    }
    expect(scripts.test).toMatch(/^node scripts\/require-node-24\.js "npm test" --show-version && /);
  });
});
