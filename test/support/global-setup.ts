import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const root = join(import.meta.dirname, '..', '..');

/**
 * Builds the bundle once for the whole run: the tests that start the action as a child process
 * run this fresh build, and the dist/ check compares it with the committed dist/. Each run
 * builds in a folder of its own (runs may overlap), laid out like the repository: the bundle
 * in dist/ with action.yml beside it, where the command line reads its flags from.
 */
export default function setup(project: TestProject): () => void {
  const home = join(root, '.test-dist', String(process.pid));
  const bundleDir = join(home, 'dist');
  mkdirSync(home, { recursive: true });
  copyFileSync(join(root, 'action.yml'), join(home, 'action.yml'));
  execFileSync(process.execPath, [join(root, 'scripts', 'build.js'), '--out', bundleDir], { cwd: root, stdio: 'pipe' });
  project.provide('bundleDir', bundleDir);
  return () => rmSync(home, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    bundleDir: string;
  }
}
