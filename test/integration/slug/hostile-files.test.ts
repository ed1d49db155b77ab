// What a pull request can put in a module to make the packer read what it must not: a
// `.terraformignore` that is a link to a device, a FIFO or a file outside the repository, and a
// directory swapped for a link while the module is walked. Each is refused before a byte of it is
// read, and nothing outside the repository is ever packed.

import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { LinksOutsideBoundaryError } from '../../../src/slug/index.ts';
import { readArchive } from '../../slug/archive-reader.ts';
import { packInMemory } from '../../slug/repository.ts';

let base: string;
let repo: string;
let outside: string;

const SECRET = 'secret-outside-5c2e';

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'slug-hostile-'));
  repo = path.join(base, 'repo');
  outside = path.join(base, 'outside');
  await mkdir(repo, { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, 'ignore'), '*.tf\n');
  await writeFile(path.join(outside, 'secret.tf'), `# ${SECRET}\n`);
});
afterAll(() => rm(base, { recursive: true, force: true }));

/** A module directory of its own in the repository, with a main.tf and `.terraformignore` made by `ignore`. */
async function moduleWith(name: string, ignore: (file: string) => Promise<void> | void): Promise<string> {
  const module = path.join(repo, name);
  await mkdir(module, { recursive: true });
  await writeFile(path.join(module, 'main.tf'), 'locals {}\n');
  await ignore(path.join(module, '.terraformignore'));
  return module;
}

describe('.terraformignore through the one reader', () => {
  it('a link to /dev/zero: refused as a link out of the repository, and as a device when links may leave it', async () => {
    const module = await moduleWith('zero', (file) => symlink('/dev/zero', file));
    const confined = await packInMemory(module, repo).catch((caught: unknown) => caught);
    expect(confined).toBeInstanceOf(LinksOutsideBoundaryError);
    expect((confined as Error).message).toContain('".terraformignore" → "/dev/zero"');
    const allowing = await packInMemory(module, repo, true).catch((caught: unknown) => caught);
    expect(allowing).toBeInstanceOf(ConfigurationError);
    expect((allowing as Error).message).toMatch(/\.terraformignore" is a device, not a regular file/);
  });

  it('a FIFO: refused at once, never waited on', async () => {
    const module = await moduleWith('fifo', (file) => void execFileSync('mkfifo', [file]));
    const error = await packInMemory(module, repo).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/\.terraformignore" is a FIFO, not a regular file/);
  });

  it('a link to a file outside the repository: refused, never opened (a FIFO there is never waited on)', async () => {
    execFileSync('mkfifo', [path.join(outside, 'ignore-fifo')]);
    const module = await moduleWith('outside', (file) => symlink(path.join(outside, 'ignore-fifo'), file));
    const error = await packInMemory(module, repo).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LinksOutsideBoundaryError);
    expect((error as LinksOutsideBoundaryError).links).toEqual([
      { name: '.terraformignore', target: path.join(outside, 'ignore-fifo'), refusal: 'outside' },
    ]);
  });

  it('larger than its limit: refused, naming the file and the limit', async () => {
    const module = await moduleWith('large', (file) => writeFile(file, Buffer.alloc(1024 * 1024 + 1, 0x61)));
    await expect(packInMemory(module, repo)).rejects.toThrow(
      /\.terraformignore" holds 1048577 bytes, more than the 1048576/,
    );
  });
});

/**
 * Swaps `dir` for a link to `target` and back, again and again, in a thread of its own (so that
 * the swaps happen while the packer's calls are in flight), until told to stop.
 */
function startSwapping(dir: string, target: string): { stop(): Promise<number> } {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `
    const { renameSync, symlinkSync, rmSync } = require('node:fs');
    const { workerData } = require('node:worker_threads');
    const { dir, target, flag, holdMs } = workerData;
    const away = dir + '.away', link = dir + '.link';
    let swaps = 0;
    while (Atomics.load(flag, 0) === 0) {
      try {
        symlinkSync(target, link);
        renameSync(dir, away);
        renameSync(link, dir);
        // Each state held a moment, as a swap by another process would be.
        Atomics.wait(flag, 0, 0, holdMs);
        renameSync(dir, link);
        renameSync(away, dir);
        rmSync(link);
        Atomics.wait(flag, 0, 0, holdMs);
        swaps++;
      } catch {}
    }
    require('node:worker_threads').parentPort.postMessage(swaps);
    `,
    { eval: true, workerData: { dir, target, flag, holdMs: 3 } },
  );
  const done = new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      Atomics.store(flag, 0, 1);
      const swaps = await done;
      await worker.terminate();
      return swaps;
    },
  };
}

describe('a directory swapped for a link while the module is walked', () => {
  it('never gets a file outside the repository packed: the walk reads the directory it checked, or fails', async () => {
    const module = path.join(repo, 'swapped');
    const sub = path.join(module, 'sub');
    mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(module, 'main.tf'), 'locals {}\n');
    // The directory outside holds files of the same names as the one inside, so that a walk led
    // there by a swap finds what it expects and packs it, unless it checks where it is.
    const lure = path.join(outside, 'lure');
    mkdirSync(lure, { recursive: true });
    for (let i = 0; i < 40; i++) {
      writeFileSync(path.join(sub, `f${i}.tf`), `# inside ${i}\n`);
      writeFileSync(path.join(lure, `f${i}.tf`), `# ${SECRET} ${i}\n`);
    }
    const swapping = startSwapping(sub, lure);
    let packed = 0;
    let refused = 0;
    try {
      for (let round = 0; round < 150; round++) {
        const packing = await packInMemory(module, repo).catch((error: unknown) => ({ error }));
        if ('error' in packing) {
          // A walk that met the swap fails, saying the directory changed; it never packs past it.
          expect(packing.error).toBeInstanceOf(ConfigurationError);
          refused++;
          continue;
        }
        for (const entry of await readArchive(packing.archive)) expect(entry.content.toString()).not.toContain(SECRET);
        packed++;
      }
    } finally {
      const swaps = await swapping.stop();
      expect(swaps).toBeGreaterThan(0);
      rmSync(`${sub}.link`, { force: true });
      try {
        renameSync(`${sub}.away`, sub);
      } catch {
        // The swap ended with the directory in place.
      }
    }
    expect(packed + refused).toBe(150);
  });
});
