// Creating an object exactly once over an unreliable connection (architecture "Decisions":
// a retried create first checks whether the object already exists).

import { AmbiguousWriteError } from './errors.ts';

/**
 * Runs `create`; when it ends in an AmbiguousWriteError (the request may or may not have taken
 * effect), asks `findExisting` whether the object is there and returns it if so, and otherwise
 * creates again. Gives up with the last AmbiguousWriteError after `rounds` creates that all
 * ended that way without the object appearing.
 */
export async function createOnce<T>(
  create: () => Promise<T>,
  findExisting: () => Promise<T | undefined>,
  rounds = 3,
): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof AmbiguousWriteError)) throw error;
      const existing = await findExisting();
      if (existing !== undefined) return existing;
      if (round >= rounds) throw error;
    }
  }
}
