import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';

// Every step of every job loads dist/index.js: its size is start-up time. The toolkit's HTTP
// client and Octokit share the service client's undici (package.json `overrides`); a second copy
// would come back with a dependency that pins its own. Octokit and its plugins are a chunk of
// their own, loaded only by a step that talks to GitHub.

const dist = inject('bundleDir');
const read = (file: string): string => readFileSync(join(dist, file), 'utf8');
const chunks = readdirSync(dist).filter((file) => /^\d+\.index\.js$/.test(file));

it('bundles one copy of undici, in a dist/index.js under 2.4 MB', () => {
  const bundle = read('index.js');
  const everything = [bundle, ...chunks.map(read)].join('\n');
  expect(everything.split('class ProxyAgent extends').length - 1).toBe(1);
  expect(Buffer.byteLength(bundle)).toBeLessThan(2.4e6);
});

it('keeps Octokit and its plugins out of dist/index.js, in a chunk loaded when GitHub is called', () => {
  // The throttling plugin's limiter group, and Octokit's REST routes.
  const octokit = ['octokit-global', '/repos/{owner}/{repo}/check-runs/{check_run_id}'];
  for (const mark of octokit) expect(read('index.js')).not.toContain(mark);
  for (const mark of octokit) expect(chunks.filter((file) => read(file).includes(mark))).toHaveLength(1);
});
