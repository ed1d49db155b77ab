import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { listArchiveEntries, packModule, packModuleToFile } from '../../../src/slug/index.ts';
import type { PackResult } from '../../../src/slug/index.ts';
import { readArchive } from '../../slug/archive-reader.ts';
import type { ArchivedEntry } from '../../slug/archive-reader.ts';
import { makeTree } from '../../slug/tree.ts';
import type { TestTree, TreeNode } from '../../slug/tree.ts';

const trees: TestTree[] = [];
afterAll(async () => {
  await Promise.all(trees.map((tree) => rm(tree.base, { recursive: true, force: true })));
});

async function tree(module: readonly TreeNode[], outside: readonly TreeNode[] = []): Promise<TestTree> {
  const made = await makeTree(module, outside);
  trees.push(made);
  return made;
}

/** Pack into memory through a plain Writable, as an upload body would receive it. */
async function packToBuffer(root: string, signal?: AbortSignal): Promise<{ archive: Buffer; result: PackResult }> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const result = await packModule(root, out, signal ? { signal } : {});
  return { archive: Buffer.concat(chunks), result };
}

type Expected =
  | { name: string; type: 'directory'; mode: number }
  | { name: string; type: 'file'; mode: number; content?: string }
  | { name: string; type: 'symlink'; target: string };

const dir = (name: string, mode = 0o755): Expected => ({ name, type: 'directory', mode });
const file = (name: string, mode = 0o644, content?: string): Expected =>
  content === undefined ? { name, type: 'file', mode } : { name, type: 'file', mode, content };
const link = (name: string, target: string): Expected => ({ name, type: 'symlink', target });

function simplify(entry: ArchivedEntry, expected: Expected | undefined): Expected {
  if (entry.type === 'symlink') return { name: entry.name, type: 'symlink', target: entry.linkname ?? '' };
  if (entry.type === 'directory') return { name: entry.name, type: 'directory', mode: entry.mode };
  // Content is compared only where the case states it.
  return expected?.type === 'file' && expected.content !== undefined
    ? { name: entry.name, type: 'file', mode: entry.mode, content: entry.content.toString() }
    : { name: entry.name, type: 'file', mode: entry.mode };
}

interface TreeCase {
  readonly name: string;
  readonly module: readonly TreeNode[];
  readonly outside?: readonly TreeNode[];
  /** Entries in the order go-slug writes them. */
  readonly entries: readonly Expected[];
  readonly ignored?: readonly string[];
}

const CASES: TreeCase[] = [
  {
    name: 'files, nested and empty directories, permission bits',
    module: [
      { file: 'main.tf' },
      { file: 'scripts/run.sh', mode: 0o755 },
      { file: 'private.tfvars', mode: 0o600 },
      { file: 'empty.txt', content: '' },
      { file: 'a/b/c/deep.tf', content: 'deep\n' },
      { dir: 'empty-dir' },
      { dir: 'locked', mode: 0o700 },
    ],
    entries: [
      dir('a/'),
      dir('a/b/'),
      dir('a/b/c/'),
      file('a/b/c/deep.tf', 0o644, 'deep\n'),
      dir('empty-dir/'),
      file('empty.txt', 0o644, ''),
      dir('locked/', 0o700),
      file('main.tf'),
      file('private.tfvars', 0o600),
      dir('scripts/'),
      file('scripts/run.sh', 0o755),
    ],
    ignored: [],
  },
  {
    name: 'names in byte order, each directory walked where it sorts',
    module: [
      { file: 'z.tf' },
      { file: 'a.tf' },
      { file: 'B.tf' },
      { file: '_.tf' },
      { file: 'a-b/x.tf' },
      { file: 'a.b/y.tf' },
      { file: 'é.tf' },
      { file: '\u{FF21}.tf' },
      { file: '\u{1F600}.tf' },
    ],
    // U+FF21 before U+1F600 in UTF-8 (EF.. < F0..), though not in UTF-16 (FF21 > D83D).
    entries: [
      file('B.tf'),
      file('_.tf'),
      dir('a-b/'),
      file('a-b/x.tf'),
      dir('a.b/'),
      file('a.b/y.tf'),
      file('a.tf'),
      file('z.tf'),
      file('é.tf'),
      file('\u{FF21}.tf'),
      file('\u{1F600}.tf'),
    ],
  },
  {
    name: 'default exclusions: .git/ anywhere, .terraform/ but its modules/',
    module: [
      { file: 'main.tf' },
      { file: '.gitignore' },
      { file: '.git/HEAD' },
      { file: '.git/objects/ab/cdef' },
      { file: 'sub/.git', content: 'gitdir: ../.git/modules/sub\n' },
      { file: 'modules/x/.git/config' },
      { file: 'modules/x/main.tf' },
      { file: '.terraform/modules/modules.json' },
      { file: '.terraform/modules/vpc/main.tf' },
      { file: '.terraform/providers/registry/aws/terraform-provider-aws', mode: 0o755 },
      { file: '.terraform/terraform.tfstate' },
      { file: '.terraformrc' },
      { file: 'foo.terraform/bar.txt' },
    ],
    // As go-slug writes it: no entry for .terraform/ or .terraform/modules/ themselves.
    entries: [
      file('.gitignore'),
      file('.terraform/modules/modules.json'),
      dir('.terraform/modules/vpc/'),
      file('.terraform/modules/vpc/main.tf'),
      file('.terraformrc'),
      dir('foo.terraform/'),
      file('foo.terraform/bar.txt'),
      file('main.tf'),
      dir('modules/'),
      dir('modules/x/'),
      file('modules/x/main.tf'),
      dir('sub/'),
      file('sub/.git'),
    ],
    ignored: [
      '.git/',
      '.terraform/providers/registry/aws/terraform-provider-aws',
      '.terraform/terraform.tfstate',
      'modules/x/.git/',
    ],
  },
  {
    name: '.terraformignore: negation, pruning, a directory named without /',
    module: [
      {
        file: '.terraformignore',
        content: '# logs, but one\n*.log\n!important.log\n\ndocs/\n!docs/keep.md\nbuild\ntmp/\n',
      },
      { file: 'main.tf' },
      { file: 'app.log' },
      { file: 'important.log' },
      { file: 'sub/debug.log' },
      { file: 'sub/main.tf' },
      { file: 'docs/keep.md' },
      { file: 'docs/other.md' },
      { file: 'build/out.txt' },
      { file: 'tmp/cache/x' },
      { file: 'tmp/y' },
      { file: '.git/HEAD' },
    ],
    // docs/ is walked (a negation follows) without its own entry; tmp/ is pruned; `build` only
    // matches the directory's own entry, so go-slug keeps what is inside. A .git/ directory is
    // never packed, so it is left out whole, whatever negations follow.
    entries: [
      file('.terraformignore'),
      file('build/out.txt'),
      file('docs/keep.md'),
      file('important.log'),
      file('main.tf'),
      dir('sub/'),
      file('sub/main.tf'),
    ],
    ignored: ['.git/', 'app.log', 'docs/other.md', 'sub/debug.log', 'tmp/'],
  },
  {
    name: 'links inside the tree are kept as links, absolute ones made relative',
    module: [
      { file: 'main.tf' },
      { file: 'modules/x.tf' },
      { link: 'sub/up', to: '../main.tf' },
      { link: 'dot', to: './main.tf' },
      { link: 'dirlink', to: 'modules' },
      { link: 'dirlink-slash', to: 'modules/' },
      { link: 'self', to: '.' },
      { link: 'dangling-inside', to: 'missing.tf' },
      { link: 'abs', to: '{module}/main.tf' },
      { link: 'sub/abs-dir', to: '{module}/modules' },
      { link: 'abs-root', to: '{module}' },
      // Steps out of the module and back in by its name: the unpacker would refuse it as written.
      { link: 'roundabout', to: '../mod/main.tf' },
    ],
    entries: [
      link('abs', 'main.tf'),
      link('abs-root', '.'),
      link('dangling-inside', 'missing.tf'),
      link('dirlink', 'modules'),
      link('dirlink-slash', 'modules/'),
      link('dot', './main.tf'),
      file('main.tf'),
      dir('modules/'),
      file('modules/x.tf'),
      link('roundabout', 'main.tf'),
      link('self', '.'),
      dir('sub/'),
      link('sub/abs-dir', '../modules'),
      link('sub/up', '../main.tf'),
    ],
  },
  {
    name: 'links leaving the tree are replaced by what they point to',
    module: [
      { file: 'main.tf' },
      { link: 'ext-file', to: '../outside/shared.tf' },
      { link: 'ext-abs', to: '{outside}/shared.tf' },
      { link: 'ext-chain', to: '../outside/chain1' },
      { link: 'ext-dir', to: '../outside/lib' },
    ],
    outside: [
      { file: 'shared.tf', content: 'shared\n', mode: 0o640 },
      { link: 'chain1', to: 'chain2' },
      { link: 'chain2', to: '{outside}/shared.tf' },
      { file: 'lib/a.sh', content: 'a\n', mode: 0o755 },
      { file: 'lib/nested/b.tf', content: 'b\n' },
      { file: 'lib/.git/HEAD' },
      { link: 'lib/back', to: '{module}/main.tf' },
      { link: 'lib/sibling', to: 'a.sh' },
    ],
    // The followed directory has no entry of its own (as in go-slug); a link in it that points
    // back into the module is kept, relative to where it lands in the archive.
    entries: [
      file('ext-abs', 0o640, 'shared\n'),
      file('ext-chain', 0o640, 'shared\n'),
      file('ext-dir/a.sh', 0o755, 'a\n'),
      link('ext-dir/back', '../main.tf'),
      dir('ext-dir/nested/'),
      file('ext-dir/nested/b.tf', 0o644, 'b\n'),
      file('ext-dir/sibling', 0o755, 'a\n'),
      file('ext-file', 0o640, 'shared\n'),
      file('main.tf'),
    ],
    ignored: ['ext-dir/.git/'],
  },
  {
    name: 'inside a followed directory the rules match relative to its target, as in go-slug',
    module: [
      { file: '.terraformignore', content: '/secret.txt\n' },
      { file: 'secret.txt' },
      { file: 'public.txt' },
      { link: 'lib', to: '../outside/lib' },
    ],
    outside: [{ file: 'lib/secret.txt' }, { file: 'lib/public.txt' }],
    entries: [file('.terraformignore'), file('lib/public.txt'), file('public.txt')],
    ignored: ['lib/secret.txt', 'secret.txt'],
  },
  {
    name: 'names and link targets longer than a plain tar header holds',
    module: [
      { file: `${'long-directory-name/'.repeat(8)}main.tf` },
      { file: `${'x'.repeat(120)}.tf` },
      { link: 'far', to: `${'long-directory-name/'.repeat(8)}main.tf` },
    ],
    entries: [
      link('far', `${'long-directory-name/'.repeat(8)}main.tf`),
      ...Array.from({ length: 8 }, (_, depth) => dir('long-directory-name/'.repeat(depth + 1))),
      file(`${'long-directory-name/'.repeat(8)}main.tf`),
      file(`${'x'.repeat(120)}.tf`),
    ],
  },
  {
    name: 'an ignored dangling link is not an error',
    module: [
      { file: '.terraformignore', content: 'gone\n' },
      { file: 'main.tf' },
      { link: 'gone', to: '../outside/missing' },
    ],
    entries: [file('.terraformignore'), file('main.tf')],
    ignored: ['gone'],
  },
];

describe('packModule packs a tree as go-slug does', () => {
  it.each(CASES)('$name', async (testCase) => {
    const made = await tree(testCase.module, testCase.outside);
    const { archive, result } = await packToBuffer(made.module);
    const read = await readArchive(archive);

    const expectedByName = new Map(testCase.entries.map((entry) => [entry.name, entry]));
    expect(read.map((entry) => simplify(entry, expectedByName.get(entry.name)))).toEqual(testCase.entries);
    if (testCase.ignored) expect([...result.ignored].sort()).toEqual([...testCase.ignored].sort());

    for (const entry of read) {
      expect({ name: entry.name, uid: entry.uid, gid: entry.gid, uname: entry.uname, gname: entry.gname }).toEqual({
        name: entry.name,
        uid: 0,
        gid: 0,
        uname: '',
        gname: '',
      });
    }
    expect(result.entries).toBe(read.length);
    expect(result.files).toBe(read.filter((entry) => entry.type === 'file').length);
    expect(result.bytes).toBe(archive.length);

    // The dry run lists exactly what is packed.
    const listed = await listArchiveEntries(made.module);
    expect(listed.entries.map((entry) => entry.name)).toEqual(read.map((entry) => entry.name));
    expect(listed.ignored).toEqual(result.ignored);
  });
});

describe('packModule', () => {
  it('stores modification times rounded to the nearest second, halves up', async () => {
    const made = await tree([{ file: 'down.tf' }, { file: 'up.tf' }, { file: 'half.tf' }, { dir: 'd' }]);
    await utimes(path.join(made.module, 'down.tf'), 1_700_000_000, 1_700_000_000.4);
    await utimes(path.join(made.module, 'up.tf'), 1_700_000_000, 1_700_000_000.6);
    await utimes(path.join(made.module, 'half.tf'), 1_700_000_000, 1_700_000_000.5);
    await utimes(path.join(made.module, 'd'), 1_600_000_000, 1_600_000_000.2);

    const read = await readArchive((await packToBuffer(made.module)).archive);
    expect(Object.fromEntries(read.map((entry) => [entry.name, entry.mtime.getTime() / 1000]))).toEqual({
      'd/': 1_600_000_000,
      'down.tf': 1_700_000_000,
      'half.tf': 1_700_000_001,
      'up.tf': 1_700_000_001,
    });
  });

  it('streams large files whole and byte for byte', async () => {
    const big = randomBytes(3 * 1024 * 1024 + 17);
    const medium = randomBytes(300 * 1024);
    const made = await tree(
      [{ file: 'big.bin', content: big }, { file: 'medium.bin', content: medium }, { file: 'small.txt' }],
      [{ file: 'outside-big.bin', content: big }],
    );
    await symlink(path.join(made.outside, 'outside-big.bin'), path.join(made.module, 'linked-big.bin'));

    const read = await readArchive((await packToBuffer(made.module)).archive);
    const byName = new Map(read.map((entry) => [entry.name, entry]));
    expect(byName.get('big.bin')?.content.equals(big)).toBe(true);
    expect(byName.get('linked-big.bin')?.content.equals(big)).toBe(true);
    expect(byName.get('medium.bin')?.content.equals(medium)).toBe(true);
    expect(byName.get('small.txt')?.content.toString()).toBe('content of small.txt\n');
  });

  it('writes an archive GNU tar reads back', async () => {
    const made = await tree([
      { file: 'main.tf' },
      { file: 'bin/run.sh', mode: 0o755 },
      { link: 'abs', to: '{module}/main.tf' },
    ]);
    const archive = path.join(made.base, 'slug.tgz');
    await packModuleToFile(made.module, archive);
    const listing = execFileSync('tar', ['-tvzf', archive], { encoding: 'utf8' });
    expect(listing).toMatch(/^lrwxrwxrwx 0\/0 .* abs -> main\.tf$/m);
    expect(listing).toMatch(/^-rwxr-xr-x 0\/0 .* bin\/run\.sh$/m);
  });

  it('packs through a root that is itself a link', async () => {
    const made = await tree([{ file: 'main.tf' }, { link: 'abs', to: '{module}/main.tf' }]);
    const viaLink = path.join(made.base, 'link-to-mod');
    await symlink(made.module, viaLink);
    const read = await readArchive((await packToBuffer(viaLink)).archive);
    expect(read.map((entry) => [entry.name, entry.linkname])).toEqual([
      ['abs', 'main.tf'],
      ['main.tf', null],
    ]);
  });

  it('leaves out sockets, FIFOs and devices, as go-slug does', async () => {
    const made = await tree([{ file: 'main.tf' }]);
    execFileSync('mkfifo', [path.join(made.module, 'pipe')]);
    const read = await readArchive((await packToBuffer(made.module)).archive);
    expect(read.map((entry) => entry.name)).toEqual(['main.tf']);
  });

  it('fails on a dangling link that leaves the tree, naming it', async () => {
    const made = await tree([{ file: 'main.tf' }, { link: 'modules/gone', to: '../../outside/missing.tf' }]);
    const error = await packToBuffer(made.module).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('"modules/gone"');
    expect((error as Error).message).toContain('outside the module');
    await expect(listArchiveEntries(made.module)).rejects.toThrow(/"modules\/gone"/);
  });

  it('fails on a link that leads back into a directory it is packing (a cycle)', async () => {
    const made = await tree([{ file: 'main.tf' }, { link: 'up', to: '..' }]);
    const error = await packToBuffer(made.module).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/cycle/);
  });

  it('fails clearly on a module directory that does not exist', async () => {
    const made = await tree([]);
    const missing = path.join(made.base, 'nope');
    await expect(packToBuffer(missing)).rejects.toThrow(ConfigurationError);
    await expect(packToBuffer(missing)).rejects.toThrow(/does not exist/);
  });

  it('falls back to the default exclusions, with a warning, when .terraformignore cannot be read', async () => {
    const made = await tree([{ dir: '.terraformignore' }, { file: 'main.tf' }, { file: '.git/HEAD' }]);
    const { archive, result } = await packToBuffer(made.module);
    expect(result.warnings).toEqual([
      expect.stringContaining('.terraformignore could not be read (it is a directory)'),
    ]);
    expect((await readArchive(archive)).map((entry) => entry.name)).toEqual(['.terraformignore/', 'main.tf']);
  });

  it("falls back to the default exclusions, with a warning, on a line too long for go-slug's scanner", async () => {
    const made = await tree([
      { file: '.terraformignore', content: `*.log\n${'x'.repeat(70_000)}\n` },
      { file: 'a.log' },
      { file: '.git/HEAD' },
    ]);
    const { archive, result } = await packToBuffer(made.module);
    expect(result.warnings).toEqual([expect.stringContaining('a line of 65536 bytes or more')]);
    expect((await readArchive(archive)).map((entry) => entry.name)).toEqual(['.terraformignore', 'a.log']);
  });

  it('packModuleToFile leaves no file behind when packing fails', async () => {
    const made = await tree([{ file: 'main.tf' }, { link: 'gone', to: '{outside}/missing' }]);
    const target = path.join(made.base, 'slug.tgz');
    await expect(packModuleToFile(made.module, target)).rejects.toThrow(ConfigurationError);
    await expect(access(target)).rejects.toThrow();
  });

  it('packModuleToFile writes the same archive as packModule', async () => {
    const made = await tree([{ file: 'main.tf' }, { file: 'a/b.tf' }]);
    const target = path.join(made.base, 'slug.tgz');
    const result = await packModuleToFile(made.module, target);
    const written = await readFile(target);
    expect(result.bytes).toBe(written.length);
    expect((await readArchive(written)).map((entry) => entry.name)).toEqual(['a/', 'a/b.tf', 'main.tf']);
  });

  it('stops when the signal aborts, and destroys the destination', async () => {
    const nodes: TreeNode[] = Array.from({ length: 200 }, (_, index) => ({
      file: `f${index}.bin`,
      content: randomBytes(64 * 1024),
    }));
    const made = await tree(nodes);
    const controller = new AbortController();
    let written = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        setImmediate(() => controller.abort());
        callback();
      },
    });
    await expect(packModule(made.module, out, { signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(out.destroyed).toBe(true);
    expect(written).toBeLessThan(200 * 64 * 1024);
  });

  it('does not start when the signal has already aborted', async () => {
    const made = await tree([{ file: 'main.tf' }]);
    const controller = new AbortController();
    controller.abort();
    await expect(packToBuffer(made.module, controller.signal)).rejects.toThrow(/abort/i);
  });

  it('fails with the destination error when the destination fails', async () => {
    const made = await tree([{ file: 'main.tf' }]);
    const out = new Writable({
      write(_chunk, _encoding, callback) {
        callback(new Error('disk full'));
      },
    });
    await expect(packModule(made.module, out)).rejects.toThrow('disk full');
  });

  it('never writes ahead of a slow destination', async () => {
    const nodes: TreeNode[] = Array.from({ length: 40 }, (_, index) => ({
      file: `f${index}.bin`,
      content: randomBytes(256 * 1024),
    }));
    const made = await tree(nodes);
    let release: (() => void) | undefined;
    let received = 0;
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        release = callback;
      },
    });
    const packing = packModule(made.module, out);
    // The destination takes one chunk and then nothing: whatever else is offered waits in its
    // buffer, which backpressure keeps near its high-water mark.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received + out.writableLength).toBeLessThan(512 * 1024);
    const drain = setInterval(() => {
      const callback = release;
      release = undefined;
      callback?.();
    }, 1);
    try {
      const result = await packing;
      expect(result.files).toBe(40);
      expect(received).toBe(result.bytes);
    } finally {
      clearInterval(drain);
    }
  });
});

describe('names that are not UTF-8', () => {
  // Linux allows any bytes but `/` and NUL in a name; go-slug stores them as they are.
  const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

  it('packs files, directories and links whose names and targets hold invalid UTF-8, byte for byte', async () => {
    const made = await tree([
      { file: 'main.tf' },
      { file: '.terraformignore', content: latin1('/skip-\xff\n/q?.txt\n') },
    ]);
    const at = (name: string): Buffer => Buffer.concat([Buffer.from(`${made.module}/`), latin1(name)]);
    await writeFile(at('caf\xe9.txt'), 'latin-1 name\n');
    await mkdir(at('d\xff\xfe'));
    await writeFile(at('d\xff\xfe/inner.txt'), 'inner\n');
    await symlink(latin1('caf\xe9.txt'), at('l\xe2\x82'));
    await writeFile(at('skip-\xff'), 'left out by a pattern holding the same byte\n');
    await writeFile(at('q\xe2\x82.txt'), 'two characters for Go: not matched by q?.txt\n');
    await writeFile(at('q\xe9.txt'), 'one character: matched\n');

    const { archive, result } = await packToBuffer(made.module);
    const read = await readArchive(archive);
    expect(
      read.map((entry) => [
        entry.nameBytes.toString('latin1'),
        entry.type,
        entry.linknameBytes?.toString('latin1') ?? null,
      ]),
    ).toEqual([
      ['.terraformignore', 'file', null],
      ['caf\xe9.txt', 'file', null],
      ['d\xff\xfe/', 'directory', null],
      ['d\xff\xfe/inner.txt', 'file', null],
      ['l\xe2\x82', 'symlink', 'caf\xe9.txt'],
      ['main.tf', 'file', null],
      ['q\xe2\x82.txt', 'file', null],
    ]);
    expect(read.find((entry) => entry.name === 'caf\u{FFFD}.txt')?.content.toString()).toBe('latin-1 name\n');
    // Shown to a person with U+FFFD for each byte Go cannot decode.
    expect(result.ignored).toEqual(['q\u{FFFD}.txt', 'skip-\u{FFFD}']);
    const listed = await listArchiveEntries(made.module);
    expect(listed.entries.map((entry) => entry.name)).toContain('l\u{FFFD}\u{FFFD}');

    // GNU tar reads the same names back.
    const file = path.join(made.base, 'names.tgz');
    await packModuleToFile(made.module, file);
    const names = execFileSync('tar', ['--quoting-style=literal', '-tzf', file]).toString('latin1').split('\n');
    expect(names).toContain('caf\xe9.txt');
    expect(names).toContain('d\xff\xfe/inner.txt');
  });

  it('names a link that is not UTF-8 readably when it cannot be followed', async () => {
    const made = await tree([{ file: 'main.tf' }]);
    await symlink(
      path.join(made.outside, 'missing'),
      Buffer.concat([Buffer.from(`${made.module}/`), latin1('gone-\xff')]),
    );
    await expect(packToBuffer(made.module)).rejects.toThrow(/the link "gone-\u{FFFD}" points outside the module/u);
  });
});

describe('listArchiveEntries', () => {
  it('reports sizes, modes and sources for the dry run', async () => {
    const made = await tree(
      [
        { file: 'main.tf', content: 'x = 1\n' },
        { link: 'ext', to: '../outside/shared.tf' },
      ],
      [{ file: 'shared.tf', content: 'shared\n', mode: 0o600 }],
    );
    await mkdir(path.join(made.module, '.git'));
    const listed = await listArchiveEntries(made.module);
    expect(listed.entries).toEqual([
      expect.objectContaining({
        type: 'file',
        name: 'ext',
        size: 7,
        mode: 0o600,
        source: Buffer.from(path.join(made.outside, 'shared.tf')),
      }),
      expect.objectContaining({
        type: 'file',
        name: 'main.tf',
        size: 6,
        mode: 0o644,
        source: Buffer.from(path.join(made.module, 'main.tf')),
      }),
    ]);
    expect(listed.ignored).toEqual(['.git/']);
  });
});

describe('tar headers', () => {
  it('splits a long directory name as Go does, never at its own trailing slash', async () => {
    // 150 bytes with the trailing `/`: USTAR, split into a prefix and a name.
    const name = `${'d'.repeat(60)}/${'e'.repeat(88)}`;
    const made = await tree([{ dir: name }]);
    const archive = zlib.gunzipSync((await packToBuffer(made.module)).archive);
    const headers = [0, 512].map((offset) => archive.subarray(offset, offset + 512));
    const [first, second] = headers as [Buffer, Buffer];
    expect(first.subarray(0, 61).toString()).toBe(`${'d'.repeat(60)}/`);
    expect(second[156]).toBe(0x35);
    expect(second.subarray(0, 89).toString()).toBe(`${'e'.repeat(88)}/`);
    expect(second.subarray(345, 405).toString()).toBe('d'.repeat(60));
    expect((await readArchive((await packToBuffer(made.module)).archive)).map((entry) => entry.name)).toEqual([
      `${'d'.repeat(60)}/`,
      `${name}/`,
    ]);
  });
});
