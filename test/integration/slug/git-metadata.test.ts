// The repository's git metadata is never packed: actions/checkout persists the job's token in
// .git/config. Links that lead into it are refused like links that leave the repository, and
// .git/ directories stay out even when .terraformignore brings them back.

import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_BAD_INPUT, EXIT_SUCCESS } from '../../../src/errors.ts';
import { LinksOutsideBoundaryError, listArchiveEntries } from '../../../src/slug/index.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { readArchive } from '../../slug/archive-reader.ts';
import type { ArchivedEntry } from '../../slug/archive-reader.ts';
import { packInMemory, runModuleTests } from '../../slug/repository.ts';

const TOKEN = 'eC1hY2Nlc3MtdG9rZW46Z2hzX2NoZWNrb3V0';
const CHECKOUT_CONFIG = `[core]\n\trepositoryformatversion = 0\n[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${TOKEN}\n`;

let base: string;
let emulator: Emulator;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'slug-git-'));
  emulator = await startEmulator();
  emulator.seedRegistryModule({ name: 'links', provider: 'aws' });
});

afterAll(async () => {
  await emulator.close();
  await rm(base, { recursive: true, force: true });
});

/** Files (content given) and links (`-> target`) under `root`. */
async function layout(root: string, nodes: Record<string, string>): Promise<string> {
  for (const [name, content] of Object.entries(nodes)) {
    const at = path.join(root, name);
    await mkdir(path.dirname(at), { recursive: true });
    if (content.startsWith('-> ')) await symlink(content.slice(3), at);
    else await writeFile(at, content);
  }
  return root;
}

let repoCount = 0;
async function repository(nodes: Record<string, string>): Promise<string> {
  return layout(path.join(base, `repo-${++repoCount}`), nodes);
}

/** A checkout as actions/checkout leaves it, with a second repository checked out inside it. */
function checkout(extra: Record<string, string> = {}): Record<string, string> {
  return {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/config': CHECKOUT_CONFIG,
    'other/.git/config': CHECKOUT_CONFIG,
    'shared/common.tf': 'locals {}\n',
    'shared/gitdir': '-> ../.git',
    'shared/to-config': '-> ../.git/config',
    'mod/main.tf': 'locals {}\n',
    'mod/common.tf': '-> ../shared/common.tf',
    ...extra,
  };
}

const LEAKING_LINKS = {
  'mod/creds': '-> ../.git/config',
  'mod/g': '-> ../.git',
  'mod/chain': '-> ../shared/to-config',
  'mod/via-dir': '-> ../shared/gitdir/config',
  'mod/other-creds': '-> ../other/.git/config',
};

async function refusal(root: string, repo: string): Promise<LinksOutsideBoundaryError> {
  const error = await packInMemory(root, repo).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(LinksOutsideBoundaryError);
  return error as LinksOutsideBoundaryError;
}

function holdsToken(entries: readonly ArchivedEntry[]): boolean {
  return entries.some((entry) => entry.content.includes(TOKEN));
}

describe('links into git metadata, confined to the repository', () => {
  it('are refused, each named with where it really leads, and nothing of them is read', async () => {
    const repo = await repository(checkout(LEAKING_LINKS));
    const error = await refusal(path.join(repo, 'mod'), repo);
    expect(error.links).toEqual([
      { name: 'chain', target: path.join(repo, '.git', 'config'), refusal: 'git-metadata' },
      { name: 'creds', target: path.join(repo, '.git', 'config'), refusal: 'git-metadata' },
      { name: 'g', target: path.join(repo, '.git'), refusal: 'git-metadata' },
      { name: 'other-creds', target: path.join(repo, 'other', '.git', 'config'), refusal: 'git-metadata' },
      { name: 'via-dir', target: path.join(repo, '.git', 'config'), refusal: 'git-metadata' },
    ]);
    expect(error.message).toContain(
      `module directory ${JSON.stringify(path.join(repo, 'mod'))} holds 5 links that lead into the repository's git metadata, whose content would be packed: "chain" → ${JSON.stringify(path.join(repo, '.git', 'config'))}`,
    );
    expect(error.message).toContain("Git metadata (.git) can hold the checkout's credentials.");
    expect(error.message).not.toContain('outside');
    expect(error.message).not.toContain(TOKEN);
  });

  it('are named apart from links that leave the repository when both are there', async () => {
    const repo = await repository(checkout({ 'mod/creds': '-> ../.git/config', 'mod/pw': '-> /etc/hostname' }));
    const error = await refusal(path.join(repo, 'mod'), repo);
    expect(error.links.map((link) => [link.name, link.refusal])).toEqual([
      ['creds', 'git-metadata'],
      ['pw', 'outside'],
    ]);
    expect(error.message).toContain(
      `holds 2 links that lead outside the repository (${repo}) or into its git metadata, whose content would be packed:`,
    );
  });

  it("include the directories a .git file leads to: a worktree's gitdir and its common directory", async () => {
    const repo = await repository({
      '.git': 'gitdir: store/worktrees/w\n',
      'store/config': CHECKOUT_CONFIG,
      'store/worktrees/w/HEAD': 'ref: refs/heads/main\n',
      'store/worktrees/w/commondir': '../..\n',
      'shared.tf': 'locals {}\n',
      'mod/main.tf': 'locals {}\n',
      'mod/creds': '-> ../store/config',
      'mod/head': '-> ../store/worktrees/w/HEAD',
      'mod/shared.tf': '-> ../shared.tf',
    });
    const error = await refusal(path.join(repo, 'mod'), repo);
    expect(error.links.map((link) => [link.name, link.refusal])).toEqual([
      ['creds', 'git-metadata'],
      ['head', 'git-metadata'],
    ]);
  });

  it('leave links that stay out of it packed as before', async () => {
    const repo = await repository(checkout());
    const read = await readArchive((await packInMemory(path.join(repo, 'mod'), repo)).archive);
    expect(read.map((entry) => [entry.name, entry.content.toString()])).toEqual([
      ['common.tf', 'locals {}\n'],
      ['main.tf', 'locals {}\n'],
    ]);
  });

  it('refuse a module directory inside the git metadata', async () => {
    const repo = await repository(checkout());
    const error = await refusal(path.join(repo, '.git'), repo);
    expect(error.message).toContain(
      `leads into the repository's git metadata, to ${JSON.stringify(path.join(repo, '.git'))}`,
    );
  });

  it('are refused all the same when links may leave the repository (allow-links-outside-repository: true)', async () => {
    const repo = await repository(checkout(LEAKING_LINKS));
    const error = await packInMemory(path.join(repo, 'mod'), repo, true).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LinksOutsideBoundaryError);
    expect((error as LinksOutsideBoundaryError).links.map((link) => [link.name, link.refusal])).toEqual([
      ['chain', 'git-metadata'],
      ['creds', 'git-metadata'],
      ['g', 'git-metadata'],
      ['other-creds', 'git-metadata'],
      ['via-dir', 'git-metadata'],
    ]);
    expect((error as Error).message).not.toContain(TOKEN);
  });

  it('refuse the git metadata of another checkout outside the repository, when links may leave it', async () => {
    const other = await repository(checkout());
    const repo = await repository({
      'mod/main.tf': 'locals {}\n',
      'mod/creds': `-> ${path.join(other, '.git', 'config')}`,
      'mod/shared.tf': `-> ${path.join(other, 'shared', 'common.tf')}`,
    });
    const error = await packInMemory(path.join(repo, 'mod'), repo, true).catch((caught: unknown) => caught);
    expect((error as LinksOutsideBoundaryError).links).toEqual([
      { name: 'creds', target: path.join(other, '.git', 'config'), refusal: 'git-metadata' },
    ]);
  });

  it("are followed as go-slug follows them when nothing confines the walk (the service's own packer)", async () => {
    const repo = await repository(checkout(LEAKING_LINKS));
    const read = await readArchive((await packInMemory(path.join(repo, 'mod'))).archive);
    expect(read.find((entry) => entry.name === 'creds')?.content.toString()).toBe(CHECKOUT_CONFIG);
  });
});

describe('.git/ directories brought back by .terraformignore', () => {
  const gitDirectories = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/config': CHECKOUT_CONFIG,
    'modules/x/.git/config': CHECKOUT_CONFIG,
    'modules/x/main.tf': 'locals {}\n',
    'keep.txt': 'kept\n',
    'main.tf': 'locals {}\n',
  };

  it.each([
    ['!.git/', ['".git/", "modules/x/.git/"']],
    ['!**/.git/**', ['".git/", "modules/x/.git/"']],
    // The .git/ directory itself stays left out; go-slug walks it for what the negation brings back.
    ['!.git/config', ['".git/", "modules/x/.git/"']],
    ['!/.git/HEAD\n!.git/config', ['".git/"', '".git/", "modules/x/.git/"']],
  ])('%j: left out all the same, with a warning naming the rule', async (rules, listed) => {
    const repo = await repository({ ...gitDirectories, '.terraformignore': `${rules}\n` });
    const { archive, result } = await packInMemory(repo, repo);
    const read = await readArchive(archive);
    expect(read.map((entry) => entry.name)).toEqual([
      '.terraformignore',
      'keep.txt',
      'main.tf',
      'modules/',
      'modules/x/',
      'modules/x/main.tf',
    ]);
    expect(holdsToken(read)).toBe(false);
    expect(result.ignored).toEqual(['.git/', 'modules/x/.git/']);
    const written = rules.split('\n');
    expect(result.warnings).toEqual(
      written.map(
        (rule, index) =>
          `.terraformignore rule ${JSON.stringify(rule)} would bring back git metadata (${listed[index]}); it is left out all the same, unlike the service's own packer, since git metadata can hold the checkout's credentials.`,
      ),
    );
  });

  it('warns of nothing when no rule brings any of it back', async () => {
    const repo = await repository({ ...gitDirectories, '.terraformignore': '*.txt\n!keep.txt\n' });
    const listed = await listArchiveEntries(repo);
    expect(listed.warnings).toEqual([]);
    expect(listed.ignored).toEqual(['.git/', 'modules/x/.git/']);
    expect(listed.entries.map((entry) => entry.name)).toEqual([
      '.terraformignore',
      'keep.txt',
      'main.tf',
      'modules/',
      'modules/x/',
      'modules/x/main.tf',
    ]);
  });

  it("keeps a .git file (a submodule's pointer) as go-slug does", async () => {
    const repo = await repository({
      'sub/.git': 'gitdir: ../.git/modules/sub\n',
      'main.tf': 'locals {}\n',
      '.git/modules/sub/config': CHECKOUT_CONFIG,
    });
    const listed = await listArchiveEntries(repo);
    expect(listed.entries.map((entry) => entry.name)).toEqual(['main.tf', 'sub/', 'sub/.git']);
  });
});

describe("run-module-tests and the checkout's git metadata", () => {
  it('refuses a link into .git before any request, naming the link and why', async () => {
    const repo = await repository(checkout({ 'mod/creds': '-> ../.git/config' }));
    emulator.clearRequests();
    const { code, stdout, summary } = await runModuleTests(emulator, repo, {});
    expect(code).toBe(EXIT_BAD_INPUT);
    expect(emulator.requests).toEqual([]);
    expect(stdout).toContain(
      `holds a link that leads into the repository's git metadata, whose content would be packed: "creds" → ${JSON.stringify(path.join(repo, '.git', 'config'))}`,
    );
    expect(stdout).toContain('allow-links-outside-repository');
    expect(summary).toContain('&quot;creds&quot;');
    expect(`${stdout}${summary}`).not.toContain(TOKEN);
  });

  it.each([['false'], ['true']])(
    'refuses a link into .git with allow-links-outside-repository: true, before any request (dry-run: %s)',
    async (dryRun) => {
      const repo = await repository(checkout({ 'mod/creds': '-> ../.git/config', 'mod/pw': '-> /etc/hostname' }));
      emulator.clearRequests();
      const { code, stdout, summary } = await runModuleTests(emulator, repo, {
        'allow-links-outside-repository': 'true',
        'dry-run': dryRun,
      });
      expect(code).toBe(EXIT_BAD_INPUT);
      expect(emulator.requests).toEqual([]);
      expect(stdout).toContain(
        `holds a link that leads into the repository's git metadata, whose content would be packed: "creds" → ${JSON.stringify(path.join(repo, '.git', 'config'))}`,
      );
      expect(stdout).toContain('a link into it is refused whatever the input "allow-links-outside-repository" says');
      expect(stdout).not.toContain('"pw"');
      expect(`${stdout}${summary}`).not.toContain(TOKEN);
    },
  );

  it('uploads the repository root without its .git/ when .terraformignore brings it back, and says so', async () => {
    const repo = await repository(
      checkout({ '.terraformignore': '!.git/\n', 'main.tf': 'locals {}\n', 'mod/creds': '-> ../.git/config' }),
    );
    emulator.clearRequests();
    const { code, stdout } = await runModuleTests(emulator, repo, { 'module-directory': '.' });
    expect(code).toBe(EXIT_SUCCESS);
    const uploads = emulator.requests.filter((request) => request.port === 'upload');
    expect(uploads).toHaveLength(1);
    const read = await readArchive(uploads[0]?.body ?? Buffer.alloc(0));
    expect(read.filter((entry) => entry.name.split('/').includes('.git'))).toEqual([]);
    expect(holdsToken(read)).toBe(false);
    // A link inside the module stays a link, as go-slug stores it: its target is not packed.
    expect(read.find((entry) => entry.name === 'mod/creds')).toMatchObject({
      type: 'symlink',
      linkname: '../.git/config',
    });
    expect(stdout).toContain('.terraformignore rule "!.git/" would bring back git metadata (".git/", "other/.git/")');
    expect(stdout).not.toContain(TOKEN);
    await expect(readFile(path.join(repo, '.git', 'config'), 'utf8')).resolves.toBe(CHECKOUT_CONFIG);
  });
});
