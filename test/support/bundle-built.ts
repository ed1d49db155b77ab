// Set up before each test file of the bundle: waits for the build the global setup started
// (global-setup.ts), so that a file may use the bundle from its first line on.
import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';

const outcomeFile = inject('bundleBuildOutcome');
// The build takes about 25 s on a quiet 2-core machine; far longer means it hangs.
const giveUp = Date.now() + 300_000;
while (!existsSync(outcomeFile)) {
  if (Date.now() > giveUp) throw new Error('the bundle was not built within 5 minutes');
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const { code, output } = JSON.parse(readFileSync(outcomeFile, 'utf8')) as { code: number | null; output: string };
if (code !== 0) throw new Error(`the bundle could not be built (exit ${code}):\n${output}`);
