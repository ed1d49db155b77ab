// Policy downloads that redirect (the strict emulator's default, as services hand code out from
// an object store; pinned here for both personalities): a sync reads the code on the second
// origin without the token, converges, and a second sync writes nothing. A download that fails
// costs an upload, not the sync.
import { describe, expect, it } from 'vitest';
import { requestLines, startSync, writes } from '../../sync-policies/run-harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const code = (name: string): string => `# ${name}\nmain = rule { true }\n`;
  const NAMES = ['alpha', 'beta', 'gamma', 'delta'];
  const files = Object.fromEntries(NAMES.map((n) => [`policies/${n}.native`, code(n)]));
  const REDIRECTS = { policies: { download: 'redirect' } } as const;

  describe('sync-policies with download links that redirect', () => {
    it('every download answering 302 to another host: converges, the token never reaches that host, a second sync writes nothing', async () => {
      const harness = await startSync(files, REDIRECTS);
      const { emulator } = harness;
      const ids = new Map(
        NAMES.map((n) => [n, emulator.seedPolicy({ name: n, code: n === 'gamma' ? 'drifted' : code(n) }).id]),
      );

      const first = await harness.sync();
      expect(first.result.failure).toBeNull();
      expect(writes(emulator).map((w) => `${w.method} ${w.path}`)).toEqual([
        `PUT /policies/${ids.get('gamma')}/upload`,
      ]);
      expect(first.result.outputs).toMatchObject({ created: 0, updated: 1, deleted: 0, unchanged: 3 });

      const downloads = emulator.requests.filter((r) => r.port === 'api' && r.path.includes('/policy-downloads/'));
      expect(downloads).toHaveLength(4);
      expect(downloads.every((r) => r.status === 302 && r.headers.authorization === `Bearer ${emulator.token}`)).toBe(
        true,
      );
      const objects = emulator.requests.filter((r) => r.port === 'object');
      expect(objects).toHaveLength(4);
      expect(objects.every((r) => r.status === 200 && r.headers.authorization === undefined)).toBe(true);
      expect(JSON.stringify(objects.map((r) => r.headers))).not.toContain(emulator.token);

      emulator.clearRequests();
      const second = await harness.sync();
      expect(second.result.failure).toBeNull();
      expect(writes(emulator)).toEqual([]);
      expect(second.result.outputs).toMatchObject({ created: 0, updated: 0, deleted: 0, unchanged: 4 });
      expect(emulator.requests.filter((r) => r.port === 'object')).toHaveLength(4);
    });

    it('a download the object store keeps refusing: that policy is named in a warning and its code uploaded; the others sync as usual', async () => {
      const harness = await startSync(files, REDIRECTS);
      const { emulator } = harness;
      const ids = new Map(NAMES.map((n) => [n, emulator.seedPolicy({ name: n, code: code(n) }).id]));
      // One object address answers 503 to every attempt; the first download to reach the object
      // store takes it.
      emulator.inject({ port: 'object', path: /^\/objects\//, times: 7, kind: { type: 'status', status: 503 } });

      const { result } = await harness.sync({}, { workers: 1 });
      expect(result.failure).toBeNull();
      const refused = emulator.requests.find((r) => r.port === 'object' && r.status === 503)!;
      const refusedIndex = emulator.requests.indexOf(refused);
      const download = emulator.requests
        .slice(0, refusedIndex)
        .reverse()
        .find((r) => r.port === 'api' && r.path.includes('/policy-downloads/'))!;
      const pathOf = new Map(emulator.policies().map((p) => [p.id, p.downloadPath]));
      const name = NAMES.find((n) => download.path === pathOf.get(ids.get(n)!))!;
      expect(writes(emulator).map((w) => `${w.method} ${w.path}`)).toEqual([`PUT /policies/${ids.get(name)}/upload`]);
      expect(emulator.policies().find((p) => p.name === name)!.code).toBe(code(name));
      expect(result.annotations).toContainEqual(
        expect.objectContaining({
          level: 'warning',
          title: `Policy ${name}`,
          message: expect.stringMatching(
            new RegExp(
              `^The stored code of policy ${name} could not be read \\(.*503.*\\); the repository's code is uploaded\\.$`,
            ),
          ),
        }),
      );
      expect(result.outputs).toMatchObject({ updated: 1, unchanged: 3 });
    });

    it('a rejected token (401) on a download stops the sync before any write', async () => {
      const harness = await startSync(files, REDIRECTS);
      const { emulator } = harness;
      for (const n of NAMES) emulator.seedPolicy({ name: n, code: 'old' });
      emulator.inject({
        port: 'api',
        method: 'GET',
        path: /\/policy-downloads\//,
        kind: { type: 'status', status: 401 },
      });
      const { result } = await harness.sync();
      expect(result.failure?.message).toMatch(/^Reading the policies of organization acme failed: .*401/);
      expect(writes(emulator)).toEqual([]);
      expect(requestLines(emulator).filter((l) => l.startsWith('PUT '))).toEqual([]);
    });

    it('a policy listed without its download link: its code is not guessed at a path the spec does not name, but uploaded', async () => {
      const harness = await startSync(files, REDIRECTS);
      const { emulator } = harness;
      const ids = new Map(NAMES.map((n) => [n, emulator.seedPolicy({ name: n, code: code(n) }).id]));
      emulator.inject({
        port: 'api',
        method: 'GET',
        path: /\/organizations\/acme\/policies$/,
        kind: {
          type: 'rewrite',
          body: (json) => ({
            ...json,
            data: json.data.map((p: { id: string; links: Record<string, string> }) =>
              p.id === ids.get('beta') ? { ...p, links: { self: p.links.self, upload: p.links.upload } } : p,
            ),
          }),
        },
      });
      const { result } = await harness.sync();
      expect(result.failure).toBeNull();
      expect(emulator.requests.filter((r) => r.path.endsWith('/download'))).toEqual([]);
      expect(writes(emulator).map((w) => `${w.method} ${w.path}`)).toEqual([`PUT /policies/${ids.get('beta')}/upload`]);
      expect(result.annotations).toContainEqual(
        expect.objectContaining({
          level: 'warning',
          title: 'Policy beta',
          message: expect.stringContaining('the service listed it without a download link'),
        }),
      );
    });
  });
});
