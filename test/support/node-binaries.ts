import { accessSync, constants, realpathSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { delimiter, join } from 'node:path';

export interface NodeBinary {
  path: string;
  version: string;
}

/**
 * The Node.js running the tests (24, from the node@24 dev dependency) and every other `node` on
 * PATH outside node_modules (the machine's own, 20 here): the bundle must start on both.
 */
export function nodeBinaries(): NodeBinary[] {
  const found = new Map<string, NodeBinary>();
  found.set(realpathSync(process.execPath), { path: process.execPath, version: process.version });
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '' || dir.includes('node_modules')) continue;
    const candidate = join(dir, 'node');
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    const real = realpathSync(candidate);
    if (found.has(real)) continue;
    const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
    found.set(real, { path: candidate, version });
  }
  return [...found.values()];
}
