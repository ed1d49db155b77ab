import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const root = join(import.meta.dirname, '..', '..');

/**
 * Builds the bundle once for the whole run: the tests that start the action as a child process
 * run this fresh build, and the dist/ check compares it with the committed dist/. Each run
 * builds in a folder of its own (runs may overlap), laid out like the repository: the bundle
 * in dist/ with action.yml beside it, where the command line reads its flags from.
 *
 * The build goes on in the background while the other projects' tests run: the bundle's tests
 * wait for it (bundle-built.ts), in a file the build writes when it ends (its exit code and
 * what it printed).
 */
export default function setup(project: TestProject): () => Promise<void> {
  const home = join(root, '.test-dist', String(process.pid));
  const bundleDir = join(home, 'dist');
  const outcomeFile = join(home, 'build-outcome.json');
  mkdirSync(home, { recursive: true });
  copyFileSync(join(root, 'action.yml'), join(home, 'action.yml'));
  const build = spawn(process.execPath, [join(root, 'scripts', 'build.js'), '--out', bundleDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  build.stdout.on('data', (d: Buffer) => (output += d.toString()));
  build.stderr.on('data', (d: Buffer) => (output += d.toString()));
  // Written whole, then renamed: a test that sees the file reads all of it.
  const settle = (outcome: { code: number | null; output: string }): void => {
    writeFileSync(`${outcomeFile}.part`, JSON.stringify(outcome));
    renameSync(`${outcomeFile}.part`, outcomeFile);
  };
  const ended = new Promise<void>((resolve) => {
    build.on('error', (error) => {
      settle({ code: null, output: String(error) });
      resolve();
    });
    build.on('close', (code) => {
      settle({ code, output });
      resolve();
    });
  });
  project.provide('bundleDir', bundleDir);
  project.provide('bundleBuildOutcome', outcomeFile);
  return async () => {
    build.kill();
    await ended;
    rmSync(home, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    bundleDir: string;
    /** Written by the build when it ends: `{ code, output }`. */
    bundleBuildOutcome: string;
  }
}
