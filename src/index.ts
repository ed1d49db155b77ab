#!/usr/bin/env node
import { run } from './main.ts';
import { getState, saveState } from './state.ts';

// One bundle, three ways in: the command line (arguments given, or started by hand outside a
// runner), the post step (dist/post.js loads this bundle when the main step saved a run to stop,
// and the main step marked the state), and the action's main step. Whichever runs, its exit code
// is set here, once.
process.exitCode = await chosenStep(process.argv.slice(2));

async function chosenStep(args: string[]): Promise<number> {
  if (args.length > 0 || !startedByRunner(process.env)) {
    const { runCli } = await import('./cli.ts');
    return runCli(args);
  }
  if (getState('isPost') === 'true') {
    const { runPostStep } = await import('./post-step.ts');
    return runPostStep();
  }
  saveState('isPost', 'true');
  return run({ saveState });
}

/**
 * A runner sets GITHUB_ACTIONS and hands the inputs over as INPUT_* variables; other CI
 * systems that start the bundle as an action do the latter. With neither, a person typed
 * `node dist/index.js`: the command line's usage answers, not a workflow command.
 */
function startedByRunner(env: NodeJS.ProcessEnv): boolean {
  return env.GITHUB_ACTIONS === 'true' || env.INPUT_MODE !== undefined;
}
