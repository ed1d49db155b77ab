import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A deterministic module tree for the packing benchmark: `files` files totalling about
 * `totalBytes`, 50 to a directory, two directory levels deep. A quarter of the bytes sit in ten
 * large files of random (incompressible) content, like bundled binaries or archives; the rest
 * are small files, half random and half configuration-like text that compresses about 4:1.
 */
export async function generateModuleTree(root: string, files: number, totalBytes: number): Promise<number> {
  const random = xorshift(0x5eed + files);
  const large = 10;
  const largeSize = Math.floor((totalBytes * 0.25) / large);
  const smallMean = (totalBytes * 0.75) / (files - large);
  let written = 0;
  await mkdir(root, { recursive: true });

  for (let index = 0; index < files; index++) {
    const dir = path.join(
      root,
      `d${String(Math.floor(index / 2500)).padStart(2, '0')}`,
      `m${String(Math.floor(index / 50) % 50).padStart(2, '0')}`,
    );
    if (index % 50 === 0) await mkdir(dir, { recursive: true });
    let content: Buffer;
    let name: string;
    if (index % Math.floor(files / large) === 0 && index / Math.floor(files / large) < large) {
      content = randomBytes(random, largeSize);
      name = `bundle-${index}.zip`;
    } else {
      // Exponentially distributed sizes around the mean, as real trees have many small files.
      const size = Math.max(64, Math.round(-Math.log(1 - random() / 2 ** 32) * smallMean));
      const text = index % 2 === 0;
      content = text ? configurationText(random, size) : randomBytes(random, size);
      name = text ? `main-${index}.tf` : `data-${index}.bin`;
    }
    await writeFile(path.join(dir, name), content, { mode: index % 7 === 0 ? 0o755 : 0o644 });
    written += content.length;
  }
  return written;
}

function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

function randomBytes(random: () => number, size: number): Buffer {
  const words = new Uint32Array(Math.ceil(size / 4));
  for (let i = 0; i < words.length; i++) words[i] = random();
  return Buffer.from(words.buffer, 0, size);
}

const WORDS = ['resource', 'variable', 'output', 'module', 'locals', 'provider', 'data', 'tags', 'name', 'count'];

function configurationText(random: () => number, size: number): Buffer {
  let text = '';
  while (text.length < size) {
    const word = WORDS[random() % WORDS.length] as string;
    text += `${word} "x_${(random() % 100000).toString(36)}" {\n  value = "${random().toString(16)}${random().toString(16)}"\n}\n`;
  }
  return Buffer.from(text.slice(0, size));
}
