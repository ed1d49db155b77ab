import { describe, expect, it } from 'vitest';
import { isAbortError } from '../../../src/lifetime/abort.ts';
import { sleep, systemClock } from '../../../src/lifetime/clock.ts';
import { Deadline } from '../../../src/lifetime/deadline.ts';
import { ManualClock } from '../../support/manual-clock.ts';

describe('Deadline', () => {
  it('counts down on its clock and fires its signal, a TimeoutError, at the deadline', async () => {
    const clock = new ManualClock();
    const deadline = Deadline.after(1000, clock);
    expect(deadline.at).toBe(clock.now() + 1000);
    await clock.advance(999);
    expect(deadline.remainingMs()).toBe(1);
    expect(deadline.expired).toBe(false);
    expect(deadline.signal.aborted).toBe(false);
    await clock.advance(1);
    expect(deadline.remainingMs()).toBe(0);
    expect(deadline.expired).toBe(true);
    expect((deadline.signal.reason as Error).name).toBe('TimeoutError');
  });

  it("cuts a wait of the step at the deadline, and still ends it on the step's own signal", async () => {
    const clock = new ManualClock();
    const deadline = Deadline.after(500, clock);
    const cut = clock.sleep(60_000, deadline.cut(new AbortController().signal)).catch((e: unknown) => e);
    await clock.advance(500);
    expect(isAbortError(await cut)).toBe(true);

    const step = new AbortController();
    const reason = new Error('stop');
    const early = clock.sleep(60_000, Deadline.after(500, clock).cut(step.signal)).catch((e: unknown) => e);
    step.abort(reason);
    expect(await early).toMatchObject({ name: 'AbortError', cause: reason });
  });

  it('within: the nearer of itself and a new bound', async () => {
    const clock = new ManualClock();
    const deadline = Deadline.after(1000, clock);
    expect(deadline.within(5000)).toBe(deadline);
    const nearer = deadline.within(300);
    expect(nearer.at).toBe(clock.now() + 300);
    await clock.advance(300);
    expect(nearer.signal.aborted).toBe(true);
    expect(deadline.signal.aborted).toBe(false);
  });

  it('on the real clock, fires without holding the process', async () => {
    const deadline = Deadline.after(20, systemClock);
    await sleep(200);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.expired).toBe(true);
  });
});

describe('Deadline, compared only with the time', () => {
  it('keeps no timer until its signal is asked for, and that signal is aborted once it has passed', async () => {
    const clock = new ManualClock();
    const deadline = Deadline.after(100, clock);
    expect(clock.pending).toBe(0);
    await clock.advance(100);
    expect(deadline.expired).toBe(true);
    expect(deadline.signal.aborted).toBe(true);
    expect(clock.pending).toBe(0);
  });

  it('gives the earlier of two deadlines', () => {
    const clock = new ManualClock();
    const near = Deadline.after(10, clock);
    const far = Deadline.after(20, clock);
    expect(far.earlier(near)).toBe(near);
    expect(near.earlier(far)).toBe(near);
    expect(near.earlier(undefined)).toBe(near);
  });

  it('gives the later of two deadlines', () => {
    const clock = new ManualClock();
    const near = Deadline.after(10, clock);
    const far = Deadline.after(20, clock);
    expect(far.later(near)).toBe(far);
    expect(near.later(far)).toBe(far);
  });
});
