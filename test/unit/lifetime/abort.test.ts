import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError } from '../../../src/lifetime/abort.ts';
import { CancelledError } from '../../../src/lifetime/cancellation.ts';
import { sleep } from '../../../src/lifetime/clock.ts';
import { Semaphore } from '../../../src/lifetime/limit.ts';
import { ApiError } from '../../../src/service/errors.ts';

describe('sleep', () => {
  // The process's own timers, faked: the wait is measured in the timers' time, not the machine's.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves when its time has passed', async () => {
    let done = false;
    const waiting = sleep(10_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    await waiting;
  });

  it('ends at once with an AbortError when the signal fires, leaving no timer behind', async () => {
    const controller = new AbortController();
    let outcome: unknown = 'pending';
    const waiting = sleep(10_000, controller.signal).catch((e: unknown) => (outcome = e));
    await vi.advanceTimersByTimeAsync(20);
    expect(outcome).toBe('pending');
    controller.abort();
    // No time passes: the abort alone ends it.
    await Promise.resolve();
    expect(isAbortError(outcome)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await waiting;
  });
});

describe('isAbortError', () => {
  it("recognises the AbortError of a wait, the step's CancelledError, and the reason a signal aborted with", () => {
    expect(isAbortError(new DOMException('The operation was aborted', 'AbortError'))).toBe(true);
    expect(isAbortError(new CancelledError('SIGINT'))).toBe(true);
    const controller = new AbortController();
    const reason = new Error('cancelled by the caller');
    expect(isAbortError(reason, controller.signal)).toBe(false);
    controller.abort(reason);
    expect(isAbortError(reason, controller.signal)).toBe(true);
    // A signal aborted without a reason carries an AbortError DOMException of its own.
    const plain = new AbortController();
    plain.abort();
    expect(isAbortError(plain.signal.reason)).toBe(true);
  });

  it('does not take other failures for an abort', () => {
    expect(isAbortError(new Error('boom'))).toBe(false);
    expect(isAbortError(new ApiError({ method: 'GET', target: '/x', status: 404, errors: [] }))).toBe(false);
    expect(isAbortError(new DOMException('timed out', 'TimeoutError'))).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
    expect(isAbortError(undefined, new AbortController().signal)).toBe(false);
  });

  it("an abort with the step's cancellation reason is an AbortError to sleep and the semaphore", async () => {
    const controller = new AbortController();
    const reason = new CancelledError('SIGTERM');
    controller.abort(reason);
    const slept = await sleep(1000, controller.signal).catch((e: unknown) => e);
    expect(slept).toMatchObject({ name: 'AbortError', cause: reason });
    expect(isAbortError(slept)).toBe(true);
    const slots = new Semaphore(1);
    expect(isAbortError(await slots.acquire(controller.signal).catch((e: unknown) => e))).toBe(true);
  });
});
