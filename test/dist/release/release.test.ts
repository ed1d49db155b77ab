import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, inject, it } from 'vitest';

// scripts/release.ts in a repository of its own: a copy of the script, package.json, CHANGELOG.md
// and the fresh build of this test run as dist/, committed. `--built` points the script at that
// same fresh build, so no test builds again.

const root = join(import.meta.dirname, '../../release', '..', '..');
const built = inject('bundleDir');
const identity = {
  GIT_AUTHOR_NAME: 'Release Test',
  GIT_AUTHOR_EMAIL: 'release@example.com',
  GIT_COMMITTER_NAME: 'Release Test',
  GIT_COMMITTER_EMAIL: 'release@example.com',
};
let repo: string;

const git = (...args: string[]): string =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, ...identity } }).trim();

function setVersion(version: string, changelogSection = `## [${version}] - 2026-12-01`): void {
  writeFileSync(
    join(repo, 'package.json'),
    `${JSON.stringify({ name: 'svc-ci-action', version, type: 'module' }, null, 2)}\n`,
  );
  const changelog = readFileSync(join(repo, 'CHANGELOG.md'), 'utf8');
  writeFileSync(
    join(repo, 'CHANGELOG.md'),
    changelog.replace('## [Unreleased]\n', `## [Unreleased]\n\n${changelogSection}\n\n- A change.\n`),
  );
  git('commit', '--quiet', '--all', '--message', `Version ${version}`);
}

async function release(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [join(repo, 'scripts', 'release.ts'), '--built', built],
      {
        cwd: repo,
        env: { ...process.env, ...identity },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const tagged = (name: string): string => git('rev-parse', `${name}^{commit}`);

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'release-'));
  cpSync(join(root, 'scripts', 'release.ts'), join(repo, 'scripts', 'release.ts'));
  cpSync(built, join(repo, 'dist'), { recursive: true });
  writeFileSync(join(repo, 'CHANGELOG.md'), '# Changelog\n\n## [Unreleased]\n');
  writeFileSync(join(repo, 'package.json'), '{}\n');
  git('init', '--quiet', '--initial-branch', 'main');
  git('add', '--all');
  git('commit', '--quiet', '--message', 'Start');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

it('tags vX.Y.Z and the major tag on the commit, then moves only the major tag with the next release', async () => {
  setVersion('1.0.0');
  const first = await release();
  expect(first.stderr).toBe('');
  expect(first.code).toBe(0);
  expect(first.stdout).toContain('git push origin refs/tags/v1.0.0');
  const one = git('rev-parse', 'HEAD');
  expect([tagged('v1.0.0'), tagged('v1')]).toEqual([one, one]);

  setVersion('1.1.0');
  expect((await release()).code).toBe(0);
  const two = git('rev-parse', 'HEAD');
  expect([tagged('v1.0.0'), tagged('v1.1.0'), tagged('v1')]).toEqual([one, two, two]);
});

it('refuses a tree that is not clean, a version already tagged or below the latest, and a missing changelog section', async () => {
  setVersion('1.2.0');
  writeFileSync(join(repo, 'notes.txt'), 'work in progress\n');
  expect(await release()).toMatchObject({ code: 1, stderr: expect.stringContaining('the working tree is not clean') });
  rmSync(join(repo, 'notes.txt'));

  expect((await release()).code).toBe(0);
  expect(await release()).toMatchObject({ code: 1, stderr: expect.stringContaining('v1.2.0 is already tagged') });

  setVersion('1.1.5');
  expect(await release()).toMatchObject({
    code: 1,
    stderr: expect.stringContaining('v1.1.5 is below the latest release v1.2.0'),
  });

  setVersion('1.3.0', '## [1.3.0] - unreleased');
  expect(await release()).toMatchObject({
    code: 1,
    stderr: expect.stringContaining('CHANGELOG.md has no "## [1.3.0] - YYYY-MM-DD" section'),
  });
  expect(git('tag', '--list')).toBe('v1\nv1.2.0');
});

it('refuses a dist/ that is not the fresh build, naming the files', async () => {
  setVersion('2.0.0');
  writeFileSync(
    join(repo, 'dist', 'index.js'),
    `${readFileSync(join(repo, 'dist', 'index.js'), 'utf8')}\n// edited by hand\n`,
  );
  writeFileSync(join(repo, 'dist', 'extra.js'), '');
  git('add', '--all');
  git('commit', '--quiet', '--message', 'Hand-edited dist');
  const refused = await release();
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('dist/ is not a fresh build of the sources (dist/extra.js, dist/index.js)');
  expect(git('tag', '--list')).toBe('');
});
