#!/usr/bin/env node
import { run } from './main.ts';
import { getState, saveState } from './state.ts';

// One bundle, three entry points: the command line (arguments given), the post step (the main
// step left its mark in the state), and the action's main step.
if (process.argv.length > 2) {
  const { runCli } = await import('./cli.ts');
  process.exitCode = await runCli(process.argv.slice(2));
} else if (getState('isPost') === 'true') {
  const { runPost } = await import('./post.ts');
  process.exitCode = await runPost();
} else {
  saveState('isPost', 'true');
  process.exitCode = await run({ saveState });
}
