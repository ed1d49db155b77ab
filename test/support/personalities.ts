// Where the spec leaves the service's behaviour open, the emulator has two personalities
// (test/emulator/README.md): a test file of a mode runs whole under each, in one worker, so that
// the action is seen right whichever way the service behaves. Each block's emulators (started
// without a personality named) take its personality, at collection and while it runs.
import { afterAll, beforeAll, describe } from 'vitest';
import { PERSONALITIES } from '../emulator/api.ts';
import type { Personality } from '../emulator/api.ts';
import { choosePersonality } from '../emulator/index.ts';

export function underEachPersonality(tests: (personality: Personality) => void): void {
  describe.each(PERSONALITIES)('emulator: %s', (personality) => {
    beforeAll(() => choosePersonality(personality));
    afterAll(() => choosePersonality(undefined));
    choosePersonality(personality);
    try {
      tests(personality);
    } finally {
      choosePersonality(undefined);
    }
  });
}
