import { describe, expect, it } from 'vitest';
import type { Cancellation, StopSignal } from '../../../src/lifetime/cancellation.ts';
import { abortAfterFirstSignal } from '../../../src/lifetime/grace.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { testCancellation } from '../../support/test-cancellation.ts';

describe('abortAfterFirstSignal', () => {
  it('aborts the given time after the first signal arrived, not before any signal', async () => {
    const clock = new ManualClock();
    const c = testCancellation(clock);
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

  it('counts from the arrival of a signal that came before it was set up: at once when that time has passed', async () => {
    const clock = new ManualClock();
    const c = testCancellation(clock);
    c.send('SIGINT');
    await clock.advance(1000);
    const bound = abortAfterFirstSignal(c, 500, clock);
    expect(bound.signal.aborted).toBe(true);
    expect((bound.signal.reason as Error).name).toBe('TimeoutError');
  });

  it('work that starts after the signal gets what is left of the grace, not a grace of its own', async () => {
    // A read sent 3 s after the signal, with a grace of 5 s: 2 s left, so that one bound after
    // another never reaches past the runner's kill.
    const clock = new ManualClock();
    const c = testCancellation(clock);
    c.send('SIGINT');
    await clock.advance(3000);
    const bound = abortAfterFirstSignal(c, 5000, clock);
    await clock.advance(1999);
    expect(bound.signal.aborted).toBe(false);
    await clock.advance(1);
    expect(bound.signal.aborted).toBe(true);
    bound.dispose();
  });

  it('never aborts once disposed', async () => {
    const clock = new ManualClock();
    const c = testCancellation(clock);
    const bound = abortAfterFirstSignal(c, 20, clock);
    c.send('SIGINT');
    bound.dispose();
    await clock.advance(60);
    expect(bound.signal.aborted).toBe(false);
  });

  it('counts on the clock it is given, from the arrival the cancellation recorded on it', async () => {
    // The arrival as recorded (a second before the listeners heard of it), not the moment heard.
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
