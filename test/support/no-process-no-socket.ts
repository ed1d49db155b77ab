// The unit tests' rule (vitest.config.ts, project `unit`): no process started, no socket opened,
// no server listening. A unit test that does one of them fails, naming it: it belongs in
// test/integration/ (the emulator, the GitHub fake, a proxy or a child of its own) or in
// test/dist/ (the built bundle as a process).
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { expect } from 'vitest';

const STARTS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

function refuse(what: string): never {
  const test = expect.getState().currentTestName ?? '(outside a test)';
  throw new Error(
    `A unit test may not ${what} (${test}): move the file to test/integration/ or test/dist/ (vitest.config.ts).`,
  );
}

for (const name of STARTS) {
  (childProcess as unknown as Record<string, unknown>)[name] = () => refuse(`start a process (child_process.${name})`);
}
// The named imports of node:child_process follow the module object (`import { spawn } from ...`).
syncBuiltinESMExports();
net.Socket.prototype.connect = function connect(): never {
  return refuse('open a socket');
};
net.Server.prototype.listen = function listen(): never {
  return refuse('listen on a socket');
};
