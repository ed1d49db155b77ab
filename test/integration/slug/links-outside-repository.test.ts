// Links that lead outside the repository: refused, without reading what they point to, unless
// the input allow-links-outside-repository says otherwise; links that leave the module but stay
// in the repository packed as go-slug packs them.

import { renameSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError, EXIT_BAD_INPUT, EXIT_SUCCESS } from '../../../src/errors.ts';
import { LinksOutsideBoundaryError, listArchiveEntries, packModule } from '../../../src/slug/index.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { readArchive } from '../../slug/archive-reader.ts';
import { packInMemory, runModuleTests } from '../../slug/repository.ts';

let base: string;
let repo: string;
let module: string;
let outside: string;
let emulator: Emulator;

const SECRET = 'a credential outside the repository\n';

/**
 * <base>/repo: the repository, holding the module mod/ and a directory shared/ beside it;
 * <base>/outside: the runner's files.
 */
beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'slug-links-'));
  repo = path.join(base, 'repo');
  module = path.join(repo, 'mod');
  outside = path.join(base, 'outside');
  await mkdir(path.join(module, 'sub'), { recursive: true });
  await mkdir(path.join(repo, 'shared', 'lib'), { recursive: true });
  await mkdir(path.join(outside, 'dir'), { recursive: true });
  await writeFile(path.join(outside, 'secret'), SECRET);
  await writeFile(path.join(outside, 'dir', 'key'), SECRET);
  await writeFile(path.join(module, 'main.tf'), 'locals {}\n');
  await writeFile(path.join(repo, 'shared', 'common.tf'), 'locals {}\n');
  await writeFile(path.join(repo, 'shared', 'lib', 'ok.tf'), 'locals {}\n');
  // Refused: leading out directly, through a chain, through a directory, with `..`.
  await symlink('/etc/hostname', path.join(module, 'pw'));
  await symlink('../../outside/secret', path.join(module, 'secret'));
  await symlink(path.join(outside, 'secret'), path.join(repo, 'shared', 'to-secret'));
  await symlink('../shared/to-secret', path.join(module, 'chain'));
  await symlink(path.join(outside, 'dir'), path.join(repo, 'shared', 'lib', 'leak'));
  await symlink('../shared/lib', path.join(module, 'lib'));
  await symlink('../../../outside/secret', path.join(module, 'sub', 'dots'));
  await symlink(path.join(outside, 'dir'), path.join(repo, 'shared', 'out-dir'));
  await symlink('../shared/out-dir/key', path.join(module, 'via-dir-link'));
  // Allowed: they leave the module but stay in the repository, or stay in the module.
  await symlink('../shared/common.tf', path.join(module, 'common.tf'));
  await symlink('main.tf', path.join(module, 'inside'));
  emulator = await startEmulator();
});

afterAll(async () => {
  await emulator.close();
  await rm(base, { recursive: true, force: true });
});

const REFUSED = ['chain', 'lib/leak', 'pw', 'secret', 'sub/dots', 'via-dir-link'];

async function pack(root: string, repository?: string): Promise<Buffer> {
  return (await packInMemory(root, repository)).archive;
}

describe('packModule with links confined to the repository', () => {
  it('refuses every link whose target really lies outside, naming each and where it leads', async () => {
    const error = await pack(module, repo).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LinksOutsideBoundaryError);
    const refused = (error as LinksOutsideBoundaryError).links;
    expect(refused.map((link) => link.name)).toEqual(REFUSED);
    expect(Object.fromEntries(refused.map((link) => [link.name, link.target]))).toEqual({
      chain: path.join(outside, 'secret'),
      'lib/leak': path.join(outside, 'dir'),
      pw: '/etc/hostname',
      secret: path.join(outside, 'secret'),
      'sub/dots': path.join(outside, 'secret'),
      'via-dir-link': path.join(outside, 'dir', 'key'),
    });
    expect((error as Error).message).toContain(`"pw" → "/etc/hostname"`);
    await expect(
      listArchiveEntries(module, { confinement: { directory: repo, label: 'the repository', allowOutside: false } }),
    ).rejects.toThrow(LinksOutsideBoundaryError);
  });

  it('packs links that stay in the repository as go-slug does: followed out of the module, kept inside it', async () => {
    const confined = path.join(base, 'confined');
    await mkdir(path.join(confined, 'mod'), { recursive: true });
    await writeFile(path.join(confined, 'mod', 'main.tf'), 'locals {}\n');
    await writeFile(path.join(confined, 'common.tf'), 'common\n');
    await symlink('../common.tf', path.join(confined, 'mod', 'common.tf'));
    await symlink('main.tf', path.join(confined, 'mod', 'inside'));
    const read = await readArchive(await pack(path.join(confined, 'mod'), confined));
    expect(read.map((entry) => [entry.name, entry.type, entry.linkname ?? entry.content.toString()])).toEqual([
      ['common.tf', 'file', 'common\n'],
      ['inside', 'symlink', 'main.tf'],
      ['main.tf', 'file', 'locals {}\n'],
    ]);
  });

  it('refuses a module directory that is itself a link leading outside the repository', async () => {
    const linked = path.join(repo, 'linked-module');
    await symlink(path.join(outside, 'dir'), linked);
    try {
      const error = await pack(linked, repo).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LinksOutsideBoundaryError);
      expect((error as Error).message).toContain(
        `leads outside the repository (${repo}), to ${JSON.stringify(path.join(outside, 'dir'))}`,
      );
    } finally {
      await rm(linked);
    }
  });

  it('without a boundary follows them all, as go-slug does', async () => {
    const read = await readArchive(await pack(module));
    const byName = new Map(read.map((entry) => [entry.name, entry]));
    expect(byName.get('secret')?.content.toString()).toBe(SECRET);
    expect(byName.get('lib/leak/key')?.content.toString()).toBe(SECRET);
    expect(byName.get('pw')?.content).toEqual(await readFile('/etc/hostname'));
  });
});

describe('run-module-tests with links outside the repository (GITHUB_WORKSPACE)', () => {
  it.each([['false'], ['true']])(
    'refuses them before any request, naming the links and the input (dry-run: %s)',
    async (dryRun) => {
      emulator.clearRequests();
      const { code, stdout, summary } = await runModuleTests(emulator, repo, { 'dry-run': dryRun });
      expect(code).toBe(EXIT_BAD_INPUT);
      expect(emulator.requests).toEqual([]);
      for (const name of REFUSED) expect(stdout).toContain(JSON.stringify(name));
      // The summary escapes the quotes.
      for (const name of REFUSED) expect(summary).toContain(`&quot;${name}&quot;`);
      for (const text of [stdout, summary]) expect(text).toContain('allow-links-outside-repository');
      expect(`${stdout}${summary}`).not.toContain(SECRET.trim());
    },
  );

  it('packs them, followed, with allow-links-outside-repository: true (the dry run lists them)', async () => {
    emulator.clearRequests();
    const { code, summary } = await runModuleTests(emulator, repo, {
      'dry-run': 'true',
      'allow-links-outside-repository': 'true',
    });
    expect(code).toBe(EXIT_SUCCESS);
    expect(emulator.requests).toEqual([]);
    for (const name of ['pw', 'secret', 'lib/leak/key', 'sub/dots', 'via-dir-link', 'common.tf'])
      expect(summary).toContain(name);
  });

  it('rejects an allow-links-outside-repository that is not a boolean, naming it', async () => {
    const { code, stdout } = await runModuleTests(emulator, repo, { 'allow-links-outside-repository': 'sometimes' });
    expect(code).toBe(EXIT_BAD_INPUT);
    expect(stdout).toContain('allow-links-outside-repository');
  });
});

describe('the file packed is the file the walk saw', () => {
  it.each([
    ['a small file', 'locals {}\n'],
    ['a large file, streamed', 'x'.repeat(512 * 1024)],
  ])('%s swapped after the walk saw it is refused, not packed', async (_what, content) => {
    const swapped = path.join(base, `swapped-${content.length}`);
    await mkdir(swapped, { recursive: true });
    await writeFile(path.join(swapped, 'main.tf'), content);
    await writeFile(path.join(base, `stranger-${content.length}`), SECRET);
    const error = await packModule(swapped, new Writable({ write: (_chunk, _encoding, callback) => callback() }), {
      confinement: { directory: swapped, label: 'the repository', allowOutside: false },
      onEntry: (entry) => {
        // Between the walk and the read: what the walk saw is replaced.
        if (entry.name === 'main.tf')
          renameSync(path.join(base, `stranger-${content.length}`), path.join(swapped, 'main.tf'));
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('"main.tf" changed while it was being read');
  });
});
