// One start-up for the action's two steps, the main step (main.ts) and the post step
// (post-step.ts): the secrets masked before the inputs are checked, the inputs read, the
// cancellation the runner's signals feed, the service client; then the step's own work; then the
// client and the cancellation closed, whatever happened. Each step says only what is its own:
// which inputs it reads, how a step that cannot start reports it, and its work. The exit code the
// step returns is set on the process once, by the entry point (index.ts).

import { failureOf } from './errors.ts';
import type { StepFailure } from './errors.ts';
import { createCancellation } from './lifetime/cancellation.ts';
import type { Cancellation } from './lifetime/cancellation.ts';
import { systemClock } from './lifetime/clock.ts';
import type { Clock } from './lifetime/clock.ts';
import type { ReportSink } from './report/sink.ts';
import { createServiceClient, describeRequest } from './service/client.ts';
import type { ServiceClient, ServiceClientOptions } from './service/client.ts';

/** What a started step works with. */
export interface StartedStep<I> {
  sink: ReportSink;
  inputs: I;
  client: ServiceClient;
  cancellation: Cancellation;
  /** The clock of the step's waits and limits, its client's included: the entry's. */
  clock: Clock;
}

export interface StepPlan<I> {
  sink: ReportSink;
  /** The clock of the step's waits and limits (the real one, or a test's), chosen by the entry. */
  clock: Clock;
  /** The text of the inputs that hold secrets, as given: masked before they are checked. */
  secretsAsGiven: readonly string[];
  /** Reads and checks the inputs; throws what is wrong with them. */
  readInputs(): I;
  /** The secrets of the inputs as read, masked as soon as they are. */
  secretsOf?(inputs: I): readonly string[];
  /** The service client's options (each request goes to the debug log unless they say otherwise). */
  clientOptions(inputs: I): Omit<ServiceClientOptions, 'clock'>;
  /**
   * Reports a step that cannot start (its inputs are refused, or its client cannot be built):
   * its exit code. `inputs` when they were read.
   */
  refused(failure: StepFailure, inputs: I | undefined): Promise<number> | number;
  /** The step's work, once started: its exit code. */
  work(step: StartedStep<I>): Promise<number>;
}

/** Starts a step, runs its work and closes what the start-up opened: the step's exit code. */
export async function runStep<I>(plan: StepPlan<I>): Promise<number> {
  const { sink } = plan;
  // Masked before they are checked: a refused step's message and summary hold none of them.
  for (const secret of plan.secretsAsGiven) sink.addSecret(secret);
  let inputs: I;
  try {
    inputs = plan.readInputs();
  } catch (error) {
    return plan.refused(failureOf(error), undefined);
  }
  for (const secret of plan.secretsOf?.(inputs) ?? []) sink.addSecret(secret);

  // The signals arrive in real time: their arrival is timed on the real clock.
  const cancellation = createCancellation(systemClock);
  let client: ServiceClient;
  try {
    client = createServiceClient({
      onRequest: (e) => sink.debug(describeRequest(e)),
      ...plan.clientOptions(inputs),
      clock: plan.clock,
    });
  } catch (error) {
    cancellation.dispose();
    return plan.refused(failureOf(error), inputs);
  }
  try {
    return await plan.work({ sink, inputs, client, cancellation, clock: plan.clock });
  } finally {
    // After a signal, requests still in flight are dropped: the step must be out before the kill.
    const signalled = cancellation.signal.aborted;
    cancellation.dispose();
    await client.close({ now: signalled });
  }
}
