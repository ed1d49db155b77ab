// The packer against the real go-slug (run by the service's command-line tool, `terraform`): the
// same trees packed by both, entry for entry. Runs where `terraform` is installed; the cases
// below are also pinned without it in pack.test.ts and ignore-rules.test.ts.

import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { packModule } from '../../../src/slug/index.ts';
import { readArchive } from '../../slug/archive-reader.ts';
import type { ArchivedEntry } from '../../slug/archive-reader.ts';
import { packWithGoSlug, TERRAFORM_AVAILABLE } from '../../slug/go-slug-referee.ts';
import { makeTree } from '../../slug/tree.ts';
import type { TestTree, TreeNode } from '../../slug/tree.ts';

const trees: TestTree[] = [];
afterAll(async () => {
  await Promise.all(trees.map((tree) => rm(tree.base, { recursive: true, force: true })));
});

async function packOurs(root: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await packModule(root, out);
  return Buffer.concat(chunks);
}

/** What a reader of the archive sees of an entry (the way it is encoded is the writer's business). */
function comparable(entry: ArchivedEntry): Record<string, unknown> {
  return {
    name: entry.nameBytes.toString('hex') + ` (${entry.name})`,
    type: entry.type,
    mode: entry.mode.toString(8),
    linkname: entry.linknameBytes === null ? null : entry.linknameBytes.toString('hex') + ` (${entry.linkname})`,
    size: entry.size,
    content: entry.content.toString('base64'),
    mtime: entry.mtime.getTime(),
    owner: [entry.uid, entry.gid, entry.uname, entry.gname],
  };
}

async function expectSameAsGoSlug(
  module: readonly TreeNode[],
  outside: readonly TreeNode[] = [],
  prepare?: (tree: TestTree) => Promise<void>,
): Promise<ArchivedEntry[]> {
  const tree = await makeTree([{ file: 'main.tf', content: 'locals {}\n' }, ...module], outside);
  trees.push(tree);
  await prepare?.(tree);
  const reference = await packWithGoSlug(tree.module);
  if ('error' in reference) throw new Error(`go-slug did not pack the tree: ${reference.error}`);
  const expected = await readArchive(reference.archive);
  const actual = await readArchive(await packOurs(tree.module));
  expect(actual.map(comparable)).toEqual(expected.map(comparable));
  return actual;
}

// Each directory dN holds names for the pattern anchored at it; a pattern that escapes its
// anchor (a `|`) acts on every directory, on both sides alike.
const PATTERNS = [
  '(a+)+b',
  '/d1/(x|y)z',
  '/d2/q{2}',
  '/d3/[[:digit:]]+\\.txt',
  '/d4/\\d\\d',
  '/d5/(?i)upper',
  '/d6/a?c',
  '/d7/**/deep',
  '/d8/*.log',
  '!/d8/keep.log',
  'd9/',
  '!d9/sub/',
  '/d10/[^a]x',
  '/d11/\\*lit',
  '/d12/é?',
  '/d13/(?:ab)*c',
  '/d14/a{,2}',
  '/d15/(unclosed',
  '/d16/*',
  '/d17/**',
  '/d18/\\pL\\pN',
  '/d19/x\\',
  '/d20/(?P<n>n)(?<m>m)',
  '/d21/[a-c]{2,3}',
  'only|d22/p',
  '/d23/(a|){30}a{30}b',
  '/d24/(*a){20}b',
  '/d25/(?i)upper',
  '/d26/a++',
  '/\u{FEFF}bom',
  '**/**/**/**/**/**/**/**/**/**/d27/b',
];

const NAMES: Readonly<Record<string, readonly string[]>> = {
  d0: ['ab', 'aab', 'b', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
  d1: ['xz', 'yz', 'zz', 'x|yz', '(x|y)z'],
  d2: ['qq', 'q', 'q{2}', 'qqq'],
  d3: ['1.txt', '123.txt', 'a.txt', '[[:digit:]]+.txt'],
  d4: ['12', '1', 'dd', '\\d\\d'],
  d5: ['upper', 'UPPER', 'UpPeR', '(?i)upper'],
  d6: ['abc', 'ac', 'a/c', 'a\nc', 'a\rc', 'aéc'],
  d7: ['deep', 'x/deep', 'x/y/deep', 'x/deeper'],
  d8: ['a.log', 'keep.log', 'x/a.log'],
  d9: ['a', 'sub/b', 'other/c'],
  d10: ['bx', 'ax', '\nx', '/x'],
  d11: ['*lit', 'xlit', '\\*lit'],
  d12: ['é', 'éa', 'e', 'é😀'],
  d13: ['c', 'abc', 'ababc', 'abac'],
  d14: ['a{,2}', 'a', 'aa'],
  d15: ['(unclosed', 'unclosed'],
  d16: ['a\nb', 'a\rb', 'a\u2028b', 'plain', 'sub/x'],
  d17: ['a\nb', 'a\rb', 'a\u2028b', 'plain', 'sub/x', 'sub/a\nb'],
  d18: ['a1', 'é٣', 'aa', '11'],
  d19: ['x$', 'x', 'x\\'],
  d20: ['nm', 'n'],
  d21: ['ab', 'abc', 'abcd', 'a'],
  d22: ['p', 'x/only', 'onlyx', 'q'],
  d23: [`${'a'.repeat(45)}b`, 'a'.repeat(255)],
  d24: [`${'a'.repeat(254)}b`, 'a'.repeat(255)],
  d25: ['xiupper', 'upper', 'UPPER'],
  d26: ['a', 'aa', 'a++'],
  d27: ['b', 'x/b', `${'a/'.repeat(60)}b`, `${'a/'.repeat(60)}c`],
  '.': ['bom', '\u{FEFF}bom'],
};

describe.runIf(TERRAFORM_AVAILABLE)('the packer matches go-slug (terraform test -cloud-run)', () => {
  it('ignore patterns: regular-expression syntax passed through, `*`, `**`, `?`, classes, negation, anchors, escapes', async () => {
    const files: TreeNode[] = Object.entries(NAMES).flatMap(([dir, names]) =>
      names.map((name) => ({ file: `${dir}/${name}`, content: 'x' })),
    );
    await expectSameAsGoSlug([{ file: '.terraformignore', content: `${PATTERNS.join('\n')}\n` }, ...files]);
  });
});

describe.runIf(TERRAFORM_AVAILABLE)('the packer matches go-slug on .terraformignore files it reads oddly', () => {
  it('a line too long for its scanner: the defaults only', async () => {
    await expectSameAsGoSlug([
      { file: '.terraformignore', content: `*.log\n${'x'.repeat(70_000)}\n` },
      { file: 'a.log' },
      { file: '.git/HEAD' },
    ]);
  });

  it('invalid UTF-8 in a pattern: each bad byte one U+FFFD, as Go decodes it', async () => {
    await expectSameAsGoSlug([
      { file: '.terraformignore', content: Buffer.from('/x\xe2\x82?\n/y\xff\n', 'latin1') },
      { file: 'x\u{FFFD}\u{FFFD}a' },
      { file: 'x\u{FFFD}a' },
      { file: 'y\u{FFFD}' },
      { file: 'y' },
    ]);
  });
});

describe.runIf(TERRAFORM_AVAILABLE)('the packer matches go-slug on names that are not UTF-8', () => {
  it('files, directories and links named with invalid UTF-8, and patterns that match them', async () => {
    const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');
    await expectSameAsGoSlug(
      [{ file: '.terraformignore', content: latin1('/skip-\xff\n/q?.txt\n*\xfe\n') }],
      [],
      async (tree) => {
        const at = (name: string): Buffer => Buffer.concat([Buffer.from(`${tree.module}/`), latin1(name)]);
        await writeFile(at('caf\xe9.txt'), 'latin-1 name\n');
        await mkdir(at('d\xff\xfe'));
        await writeFile(at('d\xff\xfe/inner.txt'), 'inner\n');
        await symlink(latin1('caf\xe9.txt'), at('l\xe2\x82'));
        await symlink(latin1('d\xff\xfe/inner.txt'), at('deep-\xc0'));
        await writeFile(at('skip-\xff'), 'x');
        await writeFile(at('skip-\xfe'), 'x');
        await writeFile(at('q\xe2\x82.txt'), 'x');
        await writeFile(at('q\xe9.txt'), 'x');
        await writeFile(at('\xed\xa0\x80-surrogate.txt'), 'x');
        await writeFile(at(`${'\xff'.repeat(120)}`), 'a long name, not ASCII');
      },
    );
  });
});

describe.runIf(TERRAFORM_AVAILABLE)('the packer matches go-slug on links (no boundary)', () => {
  it('links inside kept as written; links leaving followed, through chains and into directories', async () => {
    await expectSameAsGoSlug(
      [
        { file: 'modules/x.txt' },
        { link: 'sub/up', to: '../main.tf' },
        { link: 'dot', to: './main.tf' },
        { link: 'dirlink', to: 'modules' },
        { link: 'dirlink-slash', to: 'modules/' },
        { link: 'self', to: '.' },
        { link: 'dangling-inside', to: 'missing.txt' },
        { link: 'ext-file', to: '../outside/shared.txt' },
        { link: 'ext-abs', to: '{outside}/shared.txt' },
        { link: 'ext-chain', to: '../outside/chain1' },
        { link: 'ext-dir', to: '../outside/lib' },
        { link: 'sub/ext-dots', to: '../../outside/lib/a.sh' },
      ],
      [
        { file: 'shared.txt', content: 'shared\n', mode: 0o640 },
        { link: 'chain1', to: 'chain2' },
        { link: 'chain2', to: '{outside}/shared.txt' },
        { file: 'lib/a.sh', content: 'a\n', mode: 0o755 },
        { file: 'lib/nested/b.txt', content: 'b\n' },
        { file: 'lib/.git/HEAD' },
        { link: 'lib/sibling', to: 'a.sh' },
      ],
    );
  });
});

describe.runIf(TERRAFORM_AVAILABLE)(
  'go-slug packs git metadata, which the packer keeps out (a deliberate difference)',
  () => {
    const config = '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n';

    it('a .git/ directory brought back by .terraformignore: go-slug packs it, the packer everything else the same', async () => {
      const tree = await makeTree([
        { file: 'main.tf', content: 'locals {}\n' },
        { file: '.terraformignore', content: '!.git/\n' },
        { file: '.git/config', content: config },
      ]);
      trees.push(tree);
      const reference = await packWithGoSlug(tree.module);
      if ('error' in reference) throw new Error(`go-slug did not pack the tree: ${reference.error}`);
      const expected = await readArchive(reference.archive);
      expect(expected.find((entry) => entry.name === '.git/config')?.content.toString()).toBe(config);
      const actual = await readArchive(await packOurs(tree.module));
      expect(actual.map(comparable)).toEqual(
        expected.filter((entry) => !entry.name.startsWith('.git/')).map(comparable),
      );
    });

    it("a link out of the module into the repository's .git: go-slug packs what it points to", async () => {
      const tree = await makeTree([
        { file: 'main.tf', content: 'locals {}\n' },
        { link: 'creds', to: '../.git/config' },
      ]);
      trees.push(tree);
      await mkdir(`${tree.base}/.git`);
      await writeFile(`${tree.base}/.git/config`, config);
      const reference = await packWithGoSlug(tree.module);
      if ('error' in reference) throw new Error(`go-slug did not pack the tree: ${reference.error}`);
      expect((await readArchive(reference.archive)).find((entry) => entry.name === 'creds')?.content.toString()).toBe(
        config,
      );
    });
  },
);
