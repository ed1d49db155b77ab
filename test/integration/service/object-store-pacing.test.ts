// The client paces itself under the service's limit, which is per token: requests to addresses
// that get no token (the object store a download is redirected to) do not use it up.
import { afterEach, expect, it } from 'vitest';
import { ManualClock } from '../../support/manual-clock.ts';
import { startHarness } from '../../service/harness.ts';
import type { Harness } from '../../service/harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
});

it('a redirected download paces its API request only, not the hop to the object store', async () => {
  const clock = new ManualClock();
  h = await startHarness({ policies: { download: 'redirect' }, clock }, { rateLimitPerSecond: 4, clock });
  for (const i of [1, 2, 3, 4]) h.emulator.seedPolicy({ name: `p${i}`, code: `# p${i}\n` });
  // The download links, as the list gives them; then a second for the list to leave the window.
  const links = (await clock.runUntilSettled(h.client.policies.list(h.emulator.organization))).map(
    (policy) => policy.links!.download!,
  );
  await clock.advance(1000);
  const started = clock.now();
  const downloads = async (): Promise<string[]> => {
    const codes: string[] = [];
    for (const link of links) codes.push(await h!.client.policies.downloadCode(link));
    return codes;
  };
  for (const code of await clock.runUntilSettled(downloads())) expect(code).toMatch(/^# p\d/);
  // Four API requests fit in the first second at 4 a second, with no wait; eight (with the
  // hops) would have to wait for the window.
  expect(clock.now() - started).toBe(0);
  expect(h.emulator.requests.filter((r) => r.port === 'object')).toHaveLength(4);
});
