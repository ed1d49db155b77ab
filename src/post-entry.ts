// The post step of every job that uses the action (action.yml `runs.post`, built as dist/post.js).
// Most main steps leave nothing behind, and loading the bundle costs several times Node.js's own
// start: the state is read first, from the STATE_* variables the runner sets (what
// @actions/core's getState reads), and dist/index.js is loaded only when a test run may still be
// running. It then runs the post step, which the main step marked in the state (`isPost`).

import { runToStop } from './modes/run-module-tests/state.ts';

if (runToStop((name) => process.env[`STATE_${name}`] ?? '') !== undefined) {
  // Not bundled into this file: the main bundle, beside it.
  await import(/* webpackIgnore: true */ './index.js');
}
