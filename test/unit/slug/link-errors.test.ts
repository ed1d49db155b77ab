// A link that cannot be followed is a sentence naming it, never the system's raw error: readlink
// answers EINVAL for a link replaced by a file after the walk listed it.

import { readlink, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { bytePathOf } from '../../../src/files/byte-path.ts';
import { describeFsError } from '../../../src/fs-errors.ts';
import { resolveExternalLink } from '../../../src/slug/links.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'link-errors-'));
  await writeFile(join(dir, 'was-a-link'), 'a file now\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a link that is no longer a link', () => {
  it('readlink answers EINVAL, which reads as a reason', async () => {
    const error = await readlink(join(dir, 'was-a-link')).catch((caught: unknown) => caught);
    expect((error as NodeJS.ErrnoException).code).toBe('EINVAL');
    expect(describeFsError(error)).toBe('it is no longer a link: it changed while it was read');
  });

  it('packing it fails with a sentence naming the link, not EINVAL', async () => {
    const error = await resolveExternalLink(bytePathOf(join(dir, 'was-a-link')), 'lib/was-a-link', 'mod').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(
      'module directory "mod": the link "lib/was-a-link" cannot be followed (it is no longer a link: it changed while it was read). Remove the link or list it in .terraformignore.',
    );
    expect((error as Error).message).not.toContain('EINVAL');
  });
});
