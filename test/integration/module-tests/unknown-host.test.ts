// run-module-tests against names that do not exist: a base-url whose host DNS does not know ends
// the step at its first request as a bad input (exit 2), and an upload address whose host does
// not exist ends it at the first attempt of the upload as a failure (exit 1), naming the host,
// never the address, which is a secret. Names are answered by a test resolver.
import { describe, expect, it } from 'vitest';
import { exitCodeOf, failureOf } from '../../../src/errors.ts';
import { HostNotFoundError } from '../../../src/service/errors.ts';
import { testResolver } from '../../support/test-resolver.ts';
import { startHarness } from '../../module-tests/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const OBJECT_STORE = 'objects.example.invalid';

  describe('a host name that does not exist', () => {
    it("base-url's: the step ends at its first request, naming the host and the input, as a bad input", async () => {
      const h = await startHarness();
      const resolver = testResolver(() => 'ENOTFOUND');
      const error = await h
        .run({}, { client: { baseUrl: 'https://app.example.invalid', lookup: resolver.lookup } })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(HostNotFoundError);
      expect(exitCodeOf(failureOf(error))).toBe(2);
      expect(failureOf(error).message).toMatch(
        /: the host "app\.example\.invalid" of the input "base-url" does not exist \(ENOTFOUND/,
      );
      expect(resolver.asked).toEqual(['app.example.invalid']);
      expect(h.emulator.requests).toEqual([]);
    });

    it("the upload address's: the upload fails at its first attempt, naming the host, not the address", async () => {
      const h = await startHarness();
      const port = new URL(h.emulator.uploadOrigin).port;
      h.emulator.configure({ advertisedOrigins: { upload: `http://${OBJECT_STORE}:${port}` } });
      const resolver = testResolver(() => 'ENOTFOUND');
      const { result, log } = await h.run({}, { client: { lookup: resolver.lookup } });
      expect(result.failure?.kind).toBe('failure');
      expect(exitCodeOf(result.failure)).toBe(1);
      expect(result.failure?.message).toContain(
        `the host "${OBJECT_STORE}" of the address the service gave for this request does not exist (ENOTFOUND`,
      );
      expect(resolver.asked).toEqual([OBJECT_STORE]);
      expect(h.emulator.requests.filter((r) => r.port === 'upload')).toEqual([]);
      // The upload address's path and query are its authorization.
      const version = h.emulator.requests.find(
        (r) => r.method === 'POST' && r.path.endsWith('/configuration-versions'),
      );
      expect(version).toBeDefined();
      expect(`${log}${result.summary}${result.failure?.message}`).not.toMatch(/\/uploads?\/[A-Za-z0-9_-]{8,}/);
      expect(h.emulator.testRuns()).toEqual([]);
    });
  });
});
