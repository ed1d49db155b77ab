// Creating an object exactly once over an unreliable connection (ARCHITECTURE.md, "Decisions"): a
// create that failed in a way that may have taken effect all the same is not sent again blindly;
// the object is looked for first. Which failures those are is each client's to say: the service
// client's AmbiguousWriteError (mayHaveLanded, service/errors.ts), GitHub's server errors and lost
// connections (mayHaveTakenEffect, github/create-once.ts).

/**
 * Runs `create`; when it fails in a way `mayHaveTakenEffect` says may have created the object
 * all the same, asks `findCreated` whether it is there and returns it if so, and otherwise
 * creates again. Gives up with the last failure after `rounds` creates.
 */
export async function createOnce<T>(
  create: () => Promise<T>,
  findCreated: () => Promise<T | undefined>,
  mayHaveTakenEffect: (error: unknown) => boolean,
  rounds = 3,
): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await create();
    } catch (error) {
      if (!mayHaveTakenEffect(error)) throw error;
      const found = await findCreated();
      if (found !== undefined) return found;
      if (round >= rounds) throw error;
    }
  }
}
