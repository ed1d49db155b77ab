// The client paces itself under the service's limit, which is per token: requests to addresses
// that get no token (the object store a download is redirected to) do not use it up.
import { afterEach, expect, it } from 'vitest';
import { startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
});

it('a redirected download paces its API request only, not the hop to the object store', async () => {
  h = await startHarness({ policies: { download: 'redirect' } }, { rateLimitPerSecond: 4 });
  const ids = [1, 2, 3, 4].map((i) => h!.emulator.seedPolicy({ name: `p${i}`, code: `# p${i}\n` }).id);
  const started = Date.now();
  for (const id of ids) expect(await h.client.policies.downloadCode(`/policies/${id}/download`)).toMatch(/^# p\d/);
  // Four API requests fit in the first second at 4 a second; eight (with the hops) would not.
  expect(Date.now() - started).toBeLessThan(800);
  expect(h.emulator.requests.filter((r) => r.port === 'object')).toHaveLength(4);
});
