import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/lifetime/cancellation.ts';
import type { Cancellation, StopSignal } from '../../src/lifetime/cancellation.ts';
import { abortAfterFirstSignal, withGrace } from '../../src/lifetime/grace.ts';
import { ManualClock } from '../support/manual-clock.ts';

describe('abortAfterFirstSignal', () => {
  function signals(clock: ManualClock): Cancellation & { send(signal: StopSignal, at?: number): void } {
    const received: StopSignal[] = [];
    const receivedAt: number[] = [];
    const listeners = new Set<(signal: StopSignal, count: number) => void>();
    return {
      signal: new AbortController().signal,
      received,
      receivedAt,
      onSignal(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      dispose: () => listeners.clear(),
      send(signal, at = clock.now()) {
        received.push(signal);
        receivedAt.push(at);
        for (const listener of listeners) listener(signal, received.length);
      },
    };
  }

  it('aborts the given time after the first signal arrived, not before any signal', async () => {
    const clock = new ManualClock();
    const c = signals(clock);
    const bound = abortAfterFirstSignal(c, 80, clock);
    await clock.advance(120);
    expect(bound.signal.aborted).toBe(false);
    c.send('SIGINT');
    await clock.advance(40);
    // A later signal does not move the end.
    c.send('SIGTERM');
    await clock.advance(39);
    expect(bound.signal.aborted).toBe(false);
    await clock.advance(1);
    expect(bound.signal.aborted).toBe(true);
    expect((bound.signal.reason as Error).name).toBe('TimeoutError');
    bound.dispose();
  });

  it('counts from the arrival of a signal that came before it was set up', () => {
    const clock = new ManualClock();
    const c = signals(clock);
    c.send('SIGINT', clock.now() - 1000);
    const bound = abortAfterFirstSignal(c, 500, clock);
    expect(bound.signal.aborted).toBe(true);
    expect((bound.signal.reason as Error).name).toBe('TimeoutError');
  });

  it('never aborts once disposed', async () => {
    const clock = new ManualClock();
    const c = signals(clock);
    const bound = abortAfterFirstSignal(c, 20, clock);
    c.send('SIGINT');
    bound.dispose();
    await clock.advance(60);
    expect(bound.signal.aborted).toBe(false);
  });
});

describe('withGrace', () => {
  it("gives the work its grace once the step is cancelled, counted from the cancellation, then aborts it with the cancellation's reason", async () => {
    const clock = new ManualClock();
    const cancel = new AbortController();
    let workSignal: AbortSignal | undefined;
    const work = withGrace(
      cancel.signal,
      500,
      async (signal) => {
        workSignal = signal;
        await clock.sleep(60_000, signal);
        return 'answered';
      },
      clock,
    ).catch((e: unknown) => e);
    await clock.advance(1000);
    expect(workSignal!.aborted).toBe(false);
    const reason = new CancelledError('SIGINT');
    cancel.abort(reason);
    await clock.advance(499);
    expect(workSignal!.aborted).toBe(false);
    await clock.advance(1);
    expect(workSignal!.reason).toBe(reason);
    expect(await work).toMatchObject({ name: 'AbortError', cause: reason });
  });

  it('work that ends within the grace keeps its answer, and its signal does not fire afterwards', async () => {
    const clock = new ManualClock();
    const cancel = new AbortController();
    let workSignal: AbortSignal | undefined;
    const work = withGrace(
      cancel.signal,
      500,
      async (signal) => {
        workSignal = signal;
        await clock.sleep(300, signal);
        return 'answered';
      },
      clock,
    );
    cancel.abort(new CancelledError('SIGTERM'));
    await clock.advance(300);
    expect(await work).toBe('answered');
    await clock.advance(1000);
    expect(workSignal!.aborted).toBe(false);
  });

  it('counts from when it is given a cancellation that has already fired', async () => {
    const clock = new ManualClock();
    const cancel = new AbortController();
    cancel.abort(new CancelledError('SIGINT'));
    await clock.advance(10_000);
    let workSignal: AbortSignal | undefined;
    const work = withGrace(
      cancel.signal,
      200,
      async (signal) => {
        workSignal = signal;
        await clock.sleep(60_000, signal);
      },
      clock,
    ).catch(() => undefined);
    await clock.advance(199);
    expect(workSignal!.aborted).toBe(false);
    await clock.advance(1);
    expect(workSignal!.aborted).toBe(true);
    await work;
  });
});

describe('one clock for both graces', () => {
  it('abortAfterFirstSignal counts on the clock it is given, from the arrival the cancellation recorded on it', async () => {
    const clock = new ManualClock();
    const listeners = new Set<(signal: StopSignal, count: number) => void>();
    const received: StopSignal[] = [];
    const receivedAt: number[] = [];
    const cancellation: Cancellation = {
      signal: new AbortController().signal,
      received,
      receivedAt,
      onSignal(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      dispose: () => listeners.clear(),
    };
    const bound = abortAfterFirstSignal(cancellation, 3000, clock);
    await clock.advance(5000);
    received.push('SIGINT');
    receivedAt.push(clock.now() - 1000);
    for (const listener of listeners) listener('SIGINT', 1);
    await clock.advance(1999);
    expect(bound.signal.aborted).toBe(false);
    await clock.advance(1);
    expect(bound.signal.aborted).toBe(true);
    expect((bound.signal.reason as Error).name).toBe('TimeoutError');
    bound.dispose();
  });
});
