import { describe, expect, it } from 'vitest';
import { isAbortError } from '../../src/lifetime/abort.ts';
import { CancelledError } from '../../src/lifetime/cancellation.ts';
import { sleep } from '../../src/lifetime/clock.ts';
import { Semaphore } from '../../src/lifetime/limit.ts';
import { ApiError } from '../../src/service/errors.ts';

describe('sleep', () => {
  it('ends at once with an AbortError when the signal fires', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(), 20);
    const error = await waiting.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('isAbortError', () => {
  it('recognises the AbortError of a wait, the step\'s CancelledError, and the reason a signal aborted with', () => {
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

  it('an abort with the step\'s cancellation reason is an AbortError to sleep and the semaphore', async () => {
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
