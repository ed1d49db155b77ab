// Releases the checked-out commit (docs/development.md, "Releases"):
//
//   npm run release               checks, then tags vX.Y.Z (package.json's version) and moves the
//                                 major tag vX to the same commit
//   npm run release -- --push     the same, then pushes both tags to origin
//
// It refuses, tagging nothing, when the working tree is not clean, when dist/ is not exactly a
// fresh build of the sources (what runners execute is dist/, never the sources), when the version
// is not X.Y.Z, is already tagged or is not above the latest release, or when CHANGELOG.md has no
// "## [X.Y.Z] - YYYY-MM-DD" section for it. `--built DIR` compares dist/ with a build already
// made in DIR instead of building (CI that has just built, and the tests of this script).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { push: { type: 'boolean', default: false }, built: { type: 'string' } } });

const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

function refuse(reason: string): never {
  process.stderr.write(`release: ${reason}\nNothing was tagged.\n`);
  process.exit(1);
}

// Cheap checks first: the build comes last.
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const parts = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
if (!parts) refuse(`package.json's version "${version}" is not X.Y.Z.`);
const tag = `v${version}`;
const major = `v${parts[1]}`;

const dirty = git('status', '--porcelain');
if (dirty !== '') refuse(`the working tree is not clean; commit or stash first:\n${dirty}`);

const released = git('tag', '--list', 'v*.*.*')
  .split('\n')
  .map((t) => /^v(\d+)\.(\d+)\.(\d+)$/.exec(t))
  .filter((m): m is RegExpExecArray => m !== null)
  .map((m) => [Number(m[1]), Number(m[2]), Number(m[3])] as const);
if (released.some(([a, b, c]) => `v${a}.${b}.${c}` === tag))
  refuse(`${tag} is already tagged; raise the version in package.json.`);
const latest = released.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]).at(-1);
const wanted = [Number(parts[1]), Number(parts[2]), Number(parts[3])] as const;
if (latest && (wanted[0] - latest[0] || wanted[1] - latest[1] || wanted[2] - latest[2]) < 0) {
  refuse(`${tag} is below the latest release v${latest.join('.')}.`);
}

const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
if (!new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm').test(changelog)) {
  refuse(`CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" section: move the Unreleased entries under one.`);
}

const stale = staleDistFiles();
if (stale.length > 0)
  refuse(`dist/ is not a fresh build of the sources (${stale.join(', ')}): run npm run build and commit dist/.`);

const commit = git('rev-parse', 'HEAD');
git('tag', '--annotate', '--message', `${tag}`, tag, commit);
git('tag', '--force', '--annotate', '--message', `${major}: latest ${major}.y.z, now ${tag}`, major, commit);
process.stdout.write(`Tagged ${commit.slice(0, 12)} as ${tag}, and moved ${major} to it.\n`);
if (values.push) {
  git('push', 'origin', `refs/tags/${tag}`);
  git('push', '--force', 'origin', `refs/tags/${major}`);
  process.stdout.write(`Pushed ${tag} and ${major} to origin.\n`);
} else {
  process.stdout.write(
    `To publish them:\n  git push origin refs/tags/${tag}\n  git push --force origin refs/tags/${major}\n`,
  );
}

/** Files of dist/ that a fresh build would not write as they are (added, missing or changed). */
function staleDistFiles(): string[] {
  let fresh = values.built;
  let scratch: string | undefined;
  if (fresh === undefined) {
    scratch = mkdtempSync(join(tmpdir(), 'release-build-'));
    fresh = join(scratch, 'dist');
    execFileSync(process.execPath, [join(root, 'scripts', 'build.js'), '--out', fresh], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  try {
    const built = files(fresh);
    const committed = files(join(root, 'dist'));
    return [...new Set([...built, ...committed])]
      .sort()
      .filter(
        (f) =>
          !built.includes(f) ||
          !committed.includes(f) ||
          !readFileSync(join(fresh!, f)).equals(readFileSync(join(root, 'dist', f))),
      )
      .map((f) => `dist/${f}`);
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}
