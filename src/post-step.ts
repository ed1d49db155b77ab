// The post step, started as the main step is (step.ts): the state the main step saved is read
// once here and handed on; the inputs are the service's alone (the address and the token), read
// again from INPUT_*; the work is stopping every run the main step may have left
// (modes/run-module-tests/post.ts).

import { exitCodeOf } from './errors.ts';
import { readActionInput, readServiceInputs, serviceSecretsAsGiven } from './inputs/read.ts';
import type { InputReader } from './inputs/read.ts';
import { systemClock } from './lifetime/clock.ts';
import type { Clock } from './lifetime/clock.ts';
import { cannotStart, runPost } from './modes/run-module-tests/post.ts';
import type { PostTuning } from './modes/run-module-tests/tuning.ts';
import { runToStop } from './modes/run-module-tests/state.ts';
import type { GetState } from './modes/run-module-tests/state.ts';
import { githubSink } from './report/github-sink.ts';
import type { ReportSink } from './report/sink.ts';
import type { ServiceClientOptions } from './service/client.ts';
import { getState } from './state.ts';
import { runStep } from './step.ts';

export interface PostStepOptions {
  /** Inputs, as the main step read them (INPUT_* again in the post step). */
  read?: InputReader;
  /** State the main step saved (STATE_* in the post step). */
  getState?: GetState;
  sink?: ReportSink;
  client?: Partial<Omit<ServiceClientOptions, 'clock'>>;
  /** Its timings (DEFAULT_POST_TUNING in modes/run-module-tests/tuning.ts). */
  tuning?: Partial<PostTuning>;
  /** The clock of the step's waits and limits: the real one, unless a test brings its own. */
  clock?: Clock;
}

/** The post step's exit code: 0 unless a run may still be running that it could not stop. */
export async function runPostStep(options: PostStepOptions = {}): Promise<number> {
  const saved = runToStop(options.getState ?? getState);
  if (saved === undefined) return exitCodeOf(null);
  const read = options.read ?? readActionInput;
  const sink = options.sink ?? githubSink();
  return runStep({
    sink,
    clock: options.clock ?? systemClock,
    secretsAsGiven: serviceSecretsAsGiven(read),
    readInputs: () => readServiceInputs(read),
    clientOptions: (service) => ({ ...service, ...options.client }),
    refused: (failure) => exitCodeOf(cannotStart(saved, sink, failure)),
    work: async ({ client, cancellation, clock }) =>
      exitCodeOf(
        await runPost(
          { saved, sink, client, cancellation },
          { clock, ...(options.tuning ? { tuning: options.tuning } : {}) },
        ),
      ),
  });
}
