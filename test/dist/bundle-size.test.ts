import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';

// Every step of every job loads dist/index.js: its size is start-up time. The toolkit's HTTP
// client shares the service client's undici (package.json `overrides`); a second copy would
// come back with a dependency that pins its own.

it('bundles one copy of undici, in a dist/index.js under 2.2 MB', () => {
  const bundle = readFileSync(join(inject('bundleDir'), 'index.js'), 'utf8');
  expect(bundle.split('class ProxyAgent extends').length - 1).toBe(1);
  expect(Buffer.byteLength(bundle)).toBeLessThan(2.2e6);
});
