// `engines` in package.json says on which Node.js `npm ci` installs the repository: on the lowest
// it allows, every package of the lockfile runs too, so that npm warns EBADENGINE on none (a
// package held by an override, such as content-type, included). npm judges engines with semver,
// which the lint's packages bring.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

const root = join(import.meta.dirname, '..', '..');
const read = (file: string): unknown => JSON.parse(readFileSync(join(root, file), 'utf8'));

interface Package {
  engines?: { node?: string };
}

it('every package of the lockfile runs on the lowest Node.js that engines allows', () => {
  const range = (read('package.json') as Package).engines?.node;
  expect(range).toBeDefined();
  const floor = semver.minVersion(range!)!.version;
  const lock = read('package-lock.json') as { packages: Record<string, Package> };
  expect(lock.packages['']?.engines?.node).toBe(range);
  const refused = Object.entries(lock.packages)
    .filter(([, p]) => p.engines?.node !== undefined && !semver.satisfies(floor, p.engines.node))
    .map(([path, p]) => `${path.replace(/^node_modules\//, '')} asks for ${p.engines!.node}`);
  expect(refused, `on Node.js ${floor}`).toEqual([]);
});
