import { describe, expect, it } from 'vitest';
import { createOnce } from '../../src/create-once.ts';

class MayHaveLanded extends Error {}
const mayHaveLanded = (error: unknown): boolean => error instanceof MayHaveLanded;

describe('createOnce', () => {
  it('looks for the object after a failure that may have created it, and does not create it again when found', async () => {
    let creates = 0;
    const made = await createOnce(
      () => {
        creates++;
        return Promise.reject(new MayHaveLanded());
      },
      () => Promise.resolve('found'),
      mayHaveLanded,
    );
    expect(made).toBe('found');
    expect(creates).toBe(1);
  });

  it('creates again when the object is not there, and gives up with the last failure after its rounds', async () => {
    let creates = 0;
    let looks = 0;
    const failures: Error[] = [];
    const attempt = createOnce(
      () => {
        const failure = new MayHaveLanded(`create ${++creates}`);
        failures.push(failure);
        return Promise.reject(failure);
      },
      () => {
        looks++;
        return Promise.resolve(undefined);
      },
      mayHaveLanded,
      2,
    );
    const failure: unknown = await attempt.catch((error: unknown) => error);
    expect(failure).toBe(failures[1]);
    expect([creates, looks]).toEqual([2, 2]);
  });

  it('passes any other failure on at once, without looking', async () => {
    let looks = 0;
    const refused = new Error('refused');
    await expect(
      createOnce(
        () => Promise.reject(refused),
        () => {
          looks++;
          return Promise.resolve('found');
        },
        mayHaveLanded,
      ),
    ).rejects.toBe(refused);
    expect(looks).toBe(0);
  });
});
