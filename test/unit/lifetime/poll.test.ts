import { describe, expect, it } from 'vitest';
import { isAbortError } from '../../../src/lifetime/abort.ts';
import { CancelledError } from '../../../src/lifetime/cancellation.ts';
import { Deadline } from '../../../src/lifetime/deadline.ts';
import { pause, systemClock } from '../../../src/lifetime/clock.ts';
import { growingPauses, pollUntil, repeatAfterPauses } from '../../../src/lifetime/poll.ts';
import { ManualClock } from '../../support/manual-clock.ts';

describe('pollUntil', () => {
  it('reads at once, then after pauses that grow up to their maximum', async () => {
    const clock = new ManualClock();
    const start = clock.now();
    const at: number[] = [];
    let n = 0;
    const polling = pollUntil({
      read: async () => {
        at.push(clock.now() - start);
        return ++n;
      },
      isFinal: (v) => v === 5,
      signal: new AbortController().signal,
      deadline: Deadline.after(10_000, clock),
      pauses: growingPauses({ initialIntervalMs: 20, maxIntervalMs: 60, backoff: 2 }),
    });
    await clock.advance(1000);
    expect(await polling).toEqual({ outcome: 'final', value: 5 });
    expect(at).toEqual([0, 20, 60, 120, 180]);
  });

  it('ends at the deadline with the last value: the last pause is cut there, and no read starts at it', async () => {
    const clock = new ManualClock();
    const start = clock.now();
    const at: number[] = [];
    const polling = pollUntil({
      read: async () => {
        at.push(clock.now() - start);
        return 'running';
      },
      isFinal: () => false,
      signal: new AbortController().signal,
      deadline: Deadline.after(100, clock),
      pauses: growingPauses({ initialIntervalMs: 30, maxIntervalMs: 30, backoff: 1 }),
    });
    await clock.advance(100);
    expect(await polling).toEqual({ outcome: 'timed-out', value: 'running' });
    expect(at).toEqual([0, 30, 60, 90]);
  });

  it('cuts a read still unanswered at the deadline, whatever the service does', async () => {
    const clock = new ManualClock();
    let reads = 0;
    const polling = pollUntil({
      read: async (signal) => {
        // As the HTTP layer does: only the signal ends the wait for an answer.
        if (++reads > 1) await clock.sleep(3_600_000, signal);
        return 'running';
      },
      isFinal: () => false,
      signal: new AbortController().signal,
      deadline: Deadline.after(300, clock),
      pauses: growingPauses({ initialIntervalMs: 50, maxIntervalMs: 50, backoff: 1 }),
    });
    await clock.advance(300);
    expect(await polling).toEqual({ outcome: 'timed-out', value: 'running', readCut: true });
    expect(reads).toBe(2);
  });

  it('stops waiting at once when aborted, with the AbortError every request raises (the reason as its cause)', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const reason = new Error('stop');
    const polling = pollUntil({
      read: async () => 1,
      isFinal: () => false,
      signal: controller.signal,
      deadline: Deadline.after(60_000, clock),
      pauses: () => 10_000,
    }).catch((e: unknown) => e);
    await clock.advance(50);
    controller.abort(reason);
    expect(await polling).toMatchObject({ name: 'AbortError', cause: reason });
  });

  it('does not read at all when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new CancelledError('SIGINT'));
    let reads = 0;
    const error = await pollUntil({
      read: async () => ++reads,
      isFinal: () => true,
      signal: controller.signal,
      deadline: Deadline.after(1000, systemClock),
    }).catch((e: unknown) => e);
    expect(reads).toBe(0);
    expect(isAbortError(error)).toBe(true);
  });

  it("throws a read failure that is not the deadline's", async () => {
    const failing = pollUntil({
      read: async () => {
        throw new Error('404 Not Found');
      },
      isFinal: () => false,
      signal: new AbortController().signal,
      deadline: Deadline.after(1000, systemClock),
    });
    await expect(failing).rejects.toThrow('404 Not Found');
  });
});

describe('pollUntil for a look-up whose answers are wanted', () => {
  it('with readAtDeadline, reads once more when a pause reaches the deadline', async () => {
    const clock = new ManualClock();
    const start = clock.now();
    const at: number[] = [];
    const polling = pollUntil({
      read: async () => {
        at.push(clock.now() - start);
        return 'none';
      },
      isFinal: () => false,
      signal: new AbortController().signal,
      deadline: Deadline.after(100, clock),
      pauses: () => 40,
      readAtDeadline: true,
    });
    await clock.advance(100);
    expect(await polling).toEqual({ outcome: 'timed-out', value: 'none' });
    expect(at).toEqual([0, 40, 80, 100]);
  });

  it('with cutReadsAtDeadline false, a read that outlasts the deadline is answered, not cut', async () => {
    const clock = new ManualClock();
    const polling = pollUntil({
      read: async (signal) => {
        await clock.sleep(500, signal);
        return 'slow answer';
      },
      isFinal: () => false,
      signal: new AbortController().signal,
      deadline: Deadline.after(0, clock),
      cutReadsAtDeadline: false,
    });
    await clock.advance(500);
    expect(await polling).toEqual({ outcome: 'timed-out', value: 'slow answer' });
  });
});

describe('repeatAfterPauses', () => {
  it('works after each pause, and ends when its signal fires', async () => {
    const clock = new ManualClock();
    const start = clock.now();
    const at: number[] = [];
    const stop = new AbortController();
    const repeating = repeatAfterPauses({
      work: async () => {
        at.push(clock.now() - start);
      },
      pauses: growingPauses({ initialIntervalMs: 10, maxIntervalMs: 40, backoff: 2 }),
      signal: stop.signal,
      clock,
    });
    await clock.advance(150);
    stop.abort();
    await repeating;
    expect(at).toEqual([10, 30, 70, 110, 150]);
  });

  it('hands its signal to the work, so that work under way ends with it', async () => {
    const clock = new ManualClock();
    const stop = new AbortController();
    let ended: unknown;
    const repeating = repeatAfterPauses({
      // Work that would take far longer than the watch: it ends only through the signal it is given.
      work: (signal) =>
        clock.sleep(60_000, signal).catch((error: unknown) => {
          ended = error;
        }),
      pauses: () => 10,
      signal: stop.signal,
      clock,
    });
    await clock.advance(10);
    expect(clock.pending).toBe(1);
    stop.abort();
    await repeating;
    expect(ended).toSatisfy(isAbortError);
    expect(clock.pending).toBe(0);
  });
});

describe('pause', () => {
  it('waits its time, or ends at once when woken, and never rejects', async () => {
    const clock = new ManualClock();
    const start = clock.now();
    const full = pause(clock, 100, new AbortController().signal).then(() => clock.now() - start);
    await clock.advance(100);
    expect(await full).toBe(100);
    const wake = new AbortController();
    const woken = pause(clock, 100, wake.signal).then(() => clock.now() - start);
    await clock.advance(30);
    wake.abort();
    expect(await woken).toBe(130);
  });
});

describe('Deadline.reached', () => {
  it('resolves at the deadline, and rejects with an AbortError when the signal fires first', async () => {
    const clock = new ManualClock();
    const deadline = Deadline.after(50, clock);
    const reached = deadline.reached().then(() => clock.now());
    await clock.advance(50);
    expect(await reached).toBe(deadline.at);
    const stop = new AbortController();
    const cut = Deadline.after(50, clock).reached(stop.signal);
    stop.abort();
    await expect(cut).rejects.toSatisfy(isAbortError);
  });
});
