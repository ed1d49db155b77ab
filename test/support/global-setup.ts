import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const root = join(import.meta.dirname, '..', '..');

/** Where the bundle under test is built: beside dist/, so that its `../action.yml` resolves as in dist/. */
export const TEST_BUNDLE_DIR = join(root, '.test-dist');

/**
 * Builds the bundle once for the whole run: the tests that start the action as a child process
 * run this fresh build, and the dist/ check compares it with the committed dist/.
 */
export default function setup(project: TestProject): void {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.js'), '--out', TEST_BUNDLE_DIR], { cwd: root, stdio: 'pipe' });
  project.provide('bundleDir', TEST_BUNDLE_DIR);
}

declare module 'vitest' {
  export interface ProvidedContext {
    bundleDir: string;
  }
}
