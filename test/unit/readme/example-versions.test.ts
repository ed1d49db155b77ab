// Every version of the action that the README, docs/ and examples/ name is one a release made, so that
// an example works when copied. scripts/release.ts tags a release `vX.Y.Z` and moves the major
// tag `vX` to it (test/dist/release/release.test.ts proves it), and refuses a version without its
// `## [X.Y.Z] - YYYY-MM-DD` section in CHANGELOG.md: the released versions are those sections.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../readme', '..', '..');

/** The versions CHANGELOG.md records as released, `X.Y.Z`. */
function releasedVersions(changelog: string): string[] {
  return [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$/gm)].map((m) => m[1]!);
}

interface VersionReference {
  line: number;
  ref: string;
}

/**
 * Where a text names a version of the action: `svc-ci-action@REF` (a workflow's `uses:`),
 * `svc-ci-action#REF` (npx), `SVC_ACTION_VERSION: REF` and `git clone --branch REF` (other CI
 * systems), the tag in the comment of a pinned commit (`@COMMIT # v1.0.0`), and any `vX.Y.Z` on
 * a line that does not pin another action.
 */
function versionReferences(text: string): VersionReference[] {
  const found: VersionReference[] = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    const refs = new Set<string>();
    for (const m of content.matchAll(/svc-ci-action[@#]([\w.-]+)/g)) refs.add(m[1]!);
    for (const m of content.matchAll(/SVC_ACTION_VERSION:\s*"?([\w.-]+)/g)) refs.add(m[1]!);
    for (const m of content.matchAll(/--branch\s+"?([\w.-]+)/g)) refs.add(m[1]!);
    if (!/uses:\s*(?!OWNER\/svc-ci-action)[\w-]+\//.test(content)) {
      for (const m of content.matchAll(/\bv\d+\.\d+\.\d+\b/g)) refs.add(m[0]);
    }
    for (const ref of refs) found.push({ line, ref });
  });
  return found;
}

/** What is wrong with a reference, or undefined when a release made it (or it is a commit). */
function problemOf(ref: string, released: readonly string[]): string | undefined {
  // A full commit SHA, or the stand-in the README asks to replace with the commit of a tag.
  if (/^[0-9a-f]{40}$/.test(ref) || ref === 'COMMIT') return undefined;
  const exact = /^v(\d+\.\d+\.\d+)$/.exec(ref);
  if (exact) return released.includes(exact[1]!) ? undefined : `${ref} is not a release in CHANGELOG.md`;
  const major = /^v(\d+)$/.exec(ref);
  if (major) {
    return released.some((v) => v.split('.')[0] === major[1])
      ? undefined
      : `${ref}: no release of major version ${major[1]} in CHANGELOG.md`;
  }
  return `${ref} is neither a release tag nor a commit SHA`;
}

function problems(text: string, released: readonly string[]): string[] {
  return versionReferences(text).flatMap(({ line, ref }) => {
    const problem = problemOf(ref, released);
    return problem === undefined ? [] : [`line ${line}: ${problem}`];
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(md|ya?ml|sh|txt)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

const released = releasedVersions(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'));
const documents = [join(root, 'README.md'), ...filesUnder(join(root, 'docs')), ...filesUnder(join(root, 'examples'))];

describe('versions of the action named in the README, docs/ and examples/', () => {
  it('CHANGELOG.md records at least one release', () => {
    expect(released.length).toBeGreaterThan(0);
  });

  it('each names a release tag (vX.Y.Z of CHANGELOG.md, or its major vX) or a commit', () => {
    const found: string[] = [];
    for (const file of documents) {
      const text = readFileSync(file, 'utf8');
      for (const problem of problems(text, released)) found.push(`${relative(root, file)} ${problem}`);
    }
    expect(found).toEqual([]);
  });

  it('finds the references: every workflow of examples/, the README and the other CI systems of docs/', () => {
    const refs = (file: string): string[] =>
      versionReferences(readFileSync(join(root, file), 'utf8')).map((r) => r.ref);
    for (const file of documents.filter((f) => f.endsWith('.yml'))) {
      expect(refs(relative(root, file)), file).toContain('v1');
    }
    const readme = refs('README.md');
    expect(readme).toContain('v1');
    expect(readme).toContain('COMMIT');
    const commandLine = refs('docs/command-line.md');
    expect(commandLine.filter((r) => /^v\d+\.\d+\.\d+$/.test(r)).length).toBeGreaterThanOrEqual(5);
  });

  it('refuses a tag no release made, and a branch', () => {
    const text = [
      '      - uses: OWNER/svc-ci-action@v1.2.0',
      '      - uses: OWNER/svc-ci-action@v2',
      '    SVC_ACTION_VERSION: v1.2.0',
      '    - git clone --depth 1 --branch main https://github.com/OWNER/svc-ci-action.git',
      'npx --yes github:OWNER/svc-ci-action#v1.0.1 --help',
      '      - uses: OWNER/svc-ci-action@0123456789abcdef0123456789abcdef01234567 # v1.3.0',
      '      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2',
      '      - uses: OWNER/svc-ci-action@v1',
    ].join('\n');
    expect(problems(text, ['1.0.0'])).toEqual([
      'line 1: v1.2.0 is not a release in CHANGELOG.md',
      'line 2: v2: no release of major version 2 in CHANGELOG.md',
      'line 3: v1.2.0 is not a release in CHANGELOG.md',
      'line 4: main is neither a release tag nor a commit SHA',
      'line 5: v1.0.1 is not a release in CHANGELOG.md',
      'line 6: v1.3.0 is not a release in CHANGELOG.md',
    ]);
  });
});
