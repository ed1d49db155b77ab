// The emulator unpacks an uploaded configuration before its terraform runs the tests in it: what
// the action's packer made comes back as it was (files, modes, links, names as bytes), and an
// archive whose entries would write outside the directory is refused before anything lands there.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import tarStream from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { packModule } from '../../src/slug/index.ts';
import { RefusedArchiveError, unpackConfiguration } from '../emulator/configuration-archive.ts';
import { EXAMPLE_MODULE_DIR } from '../support/example-module-log.ts';

const scratch = mkdtempSync(join(tmpdir(), 'emulator-archive-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let count = 0;
/** An empty directory to unpack into, inside a directory of its own (`outside`). */
function target(): { outside: string; into: string } {
  const outside = join(scratch, `case-${++count}`);
  const into = join(outside, 'into');
  mkdirSync(into, { recursive: true });
  return { outside, into };
}

async function packed(directory: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await packModule(directory, out);
  return Buffer.concat(chunks);
}

type Entry = {
  name: string;
  type?: 'file' | 'directory' | 'symlink' | 'link' | 'character-device';
  linkname?: string;
  content?: string;
};

/** A gzip'd tar of exactly these entries, as a client may send anything. */
async function archiveOf(entries: Entry[]): Promise<Buffer> {
  const pack = tarStream.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk) => chunks.push(chunk as Buffer));
  const ended = new Promise<void>((resolve) => pack.on('end', () => resolve()));
  for (const { content, ...header } of entries) pack.entry({ type: 'file', mode: 0o644, ...header }, content ?? '');
  pack.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

describe('what the packer made comes back as it was', () => {
  it('examples/module: its files, without what .terraformignore leaves out', async () => {
    const { into } = target();
    await unpackConfiguration(await packed(EXAMPLE_MODULE_DIR), into);
    expect(readdirSync(into).sort()).toEqual([
      '.terraformignore',
      'README.md',
      'main.tf',
      'outputs.tf',
      'tests',
      'variables.tf',
    ]);
    for (const file of ['main.tf', 'tests/failing.tftest.hcl'])
      expect(readFileSync(join(into, file), 'utf8')).toBe(readFileSync(join(EXAMPLE_MODULE_DIR, file), 'utf8'));
  });

  it('a link inside kept as a link, an executable kept executable, a name that is not UTF-8 kept as its bytes', async () => {
    const module = join(scratch, 'module');
    mkdirSync(join(module, 'scripts'), { recursive: true });
    await writeFile(join(module, 'scripts', 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
    await writeFile(join(module, 'main.tf'), '');
    symlinkSync('scripts/run.sh', join(module, 'run'));
    const latin1 = Buffer.from('caf\xe9.txt', 'latin1');
    await writeFile(Buffer.concat([Buffer.from(`${module}/`), latin1]), 'bytes');
    const { into } = target();

    await unpackConfiguration(await packed(module), into);
    expect(readlinkSync(join(into, 'run'))).toBe('scripts/run.sh');
    expect(statSync(join(into, 'scripts', 'run.sh')).mode & 0o111).not.toBe(0);
    expect(readdirSync(into, { encoding: 'buffer' }).some((name) => name.equals(latin1))).toBe(true);
  });
});

describe('an archive that would write outside is refused, and nothing lands outside', () => {
  it.each<[string, Entry[], RegExp]>([
    ['an absolute name', [{ name: '/tmp/escaped' }], /"\/tmp\/escaped": its name is absolute/],
    ['a ".." part', [{ name: 'tests/../../escaped' }], /its name has a "\.\." part/],
    [
      'a link whose text leads out',
      [{ name: 'up', type: 'symlink', linkname: '../..' }],
      /a link to "\.\.\/\.\.", outside/,
    ],
    ['a link to an absolute path', [{ name: 'etc', type: 'symlink', linkname: '/etc' }], /a link to "\/etc", outside/],
    [
      'a link that leads out through another link',
      [
        { name: 'sub', type: 'directory' },
        { name: 'sub/b', type: 'symlink', linkname: '..' },
        { name: 'sub/a', type: 'symlink', linkname: 'b/..' },
      ],
      /"sub\/a", a link that leads outside it/,
    ],
    [
      'an entry under a link',
      [{ name: 'sub', type: 'directory' }, { name: 'l', type: 'symlink', linkname: 'sub' }, { name: 'l/x.tf' }],
      /"l\/x\.tf": "l" is not a directory/,
    ],
    [
      'a file written where a link is',
      [
        { name: 'l', type: 'symlink', linkname: 'nowhere' },
        { name: 'l', content: 'through the link' },
      ],
      /"l": it cannot be written/,
    ],
    [
      'a hard link',
      [{ name: 'main.tf' }, { name: 'h', type: 'link', linkname: 'main.tf' }],
      /"h": its type is typeflag 1/,
    ],
    ['a device', [{ name: 'dev', type: 'character-device' }], /"dev": its type is typeflag 3/],
  ])('%s', async (_, entries, message) => {
    const { outside, into } = target();
    const refusal = await unpackConfiguration(await archiveOf(entries), into).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RefusedArchiveError);
    expect((refusal as Error).message).toMatch(message);
    expect(readdirSync(outside)).toEqual(['into']);
    expect(readdirSync('/tmp').includes('escaped')).toBe(false);
  });

  it("bytes that are not a gzip'd tar", async () => {
    const { into } = target();
    await expect(unpackConfiguration(Buffer.from('archive'), into)).rejects.toThrow(
      /the uploaded configuration is not a gzip'd tar archive/,
    );
  });
});
