import { describe, expect, it } from 'vitest';
import { requestLines, startSync, storedByName, writes } from '../../sync-policies/run-harness.ts';
import type { SyncHarness } from '../../sync-policies/run-harness.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const code = (name: string): string => `# ${name}\nmain = rule { true }\n`;
  const CREATE_PATH = '/api/v2/organizations/acme/policies';

  /** A repository of `names`, each a native policy with the default level. */
  function files(names: string[]): Record<string, string> {
    return Object.fromEntries(names.map((n) => [`policies/${n}.native`, code(n)]));
  }

  /** Every policy stored as the repository defines it, each name exactly once. */
  function expectConverged(harness: SyncHarness, names: string[], level = 'advisory'): void {
    const stored = harness.emulator.policies();
    expect(stored.map((p) => p.name).sort()).toEqual([...names].sort());
    for (const p of stored) {
      expect(p.code, p.name).toBe(code(p.name));
      expect(p.enforcementLevel, p.name).toBe(level);
    }
  }

  describe('runSyncPolicies under faults', () => {
    it('a create whose connection dropped after it was applied is found by name, not sent again', async () => {
      const harness = await startSync(files(['fresh']));
      harness.emulator.inject({ method: 'POST', path: CREATE_PATH, kind: { type: 'drop-after' } });
      const { result } = await harness.sync();

      expect(result.failure).toBeNull();
      expectConverged(harness, ['fresh']);
      const id = storedByName(harness.emulator).get('fresh')!.id;
      expect(requestLines(harness.emulator).slice(1)).toEqual([
        'POST /organizations/acme/policies',
        // The exact-name check after the ambiguous create (spec 4.1 search[name]).
        // What it found is the policy as stored: its settings are checked from it, no read-back.
        'GET /organizations/acme/policies?search%5Bname%5D=fresh&page%5Bsize%5D=100',
        `PUT /policies/${id}/upload`,
      ]);
      expect(result.outputs).toMatchObject({ created: 1 });
    });

    it('a create dropped before it was applied is sent again once the name is found free', async () => {
      const harness = await startSync(files(['fresh']));
      harness.emulator.inject({ method: 'POST', path: CREATE_PATH, kind: { type: 'drop-before' } });
      const { result } = await harness.sync();
      expect(result.failure).toBeNull();
      expectConverged(harness, ['fresh']);
      expect(writes(harness.emulator).map((w) => w.method)).toEqual(['POST', 'POST', 'PUT']);
    });

    it('drops after PATCH and upload were applied are retried and converge', async () => {
      const harness = await startSync({
        ...files(['a', 'b']),
        'policies/policies.hcl': 'policy "a" {\n  enforcement_level = "soft-mandatory"\n}\n',
      });
      const a = harness.emulator.seedPolicy({ name: 'a', code: code('a') }).id;
      const b = harness.emulator.seedPolicy({ name: 'b', code: 'old' }).id;
      harness.emulator.inject(
        { method: 'PATCH', path: `/policies/${a}`, kind: { type: 'drop-after' } },
        { method: 'PUT', path: `/policies/${b}/upload`, kind: { type: 'drop-after' } },
      );
      const { result } = await harness.sync();
      expect(result.failure).toBeNull();
      const stored = storedByName(harness.emulator);
      expect(stored.get('a')!.enforcementLevel).toBe('soft-mandatory');
      expect(stored.get('b')!.code).toBe(code('b'));
      expect(
        writes(harness.emulator)
          .map((w) => `${w.method} ${w.path}`)
          .sort(),
      ).toEqual(
        [
          `PATCH /policies/${a}`,
          `PATCH /policies/${a}`,
          `PUT /policies/${b}/upload`,
          `PUT /policies/${b}/upload`,
        ].sort(),
      );
    });

    it('429 (Retry-After, X-RateLimit-Reset) and 503 on create, patch and upload are waited out', async () => {
      const harness = await startSync({
        ...files(['new', 'lvl', 'cod']),
        'policies/policies.hcl': 'policy "lvl" {\n  enforcement_level = "hard-mandatory"\n}\n',
      });
      const lvl = harness.emulator.seedPolicy({ name: 'lvl', code: code('lvl') }).id;
      const cod = harness.emulator.seedPolicy({ name: 'cod', code: 'old' }).id;
      harness.emulator.inject(
        { method: 'POST', path: CREATE_PATH, kind: { type: 'status', status: 429, retryAfter: '1' } },
        { method: 'POST', path: CREATE_PATH, kind: { type: 'status', status: 503 } },
        { method: 'PATCH', path: `/policies/${lvl}`, kind: { type: 'status', status: 429, rateLimitReset: '0.2' } },
        { method: 'PATCH', path: `/policies/${lvl}`, kind: { type: 'status', status: 503 } },
        { method: 'PUT', path: `/policies/${cod}/upload`, kind: { type: 'status', status: 503 }, times: 2 },
        { method: 'PUT', path: '/upload', kind: { type: 'status', status: 429, rateLimitReset: '0.05' } },
      );
      const { result } = await harness.sync();
      expect(result.failure).toBeNull();
      const stored = storedByName(harness.emulator);
      expect(stored.get('lvl')!.enforcementLevel).toBe('hard-mandatory');
      expect(stored.get('cod')!.code).toBe(code('cod'));
      expect(stored.get('new')!.code).toBe(code('new'));
      expect(harness.emulator.policies()).toHaveLength(3);

      const creates = harness.emulator.requests.filter((r) => r.method === 'POST');
      expect(creates.map((r) => r.status)).toEqual([429, 503, 200]);
      // Retry-After: 1 was honoured.
      expect(creates[1]!.at - creates[0]!.at).toBeGreaterThanOrEqual(950);
      const patches = harness.emulator.requests.filter((r) => r.method === 'PATCH');
      expect(patches.map((r) => r.status)).toEqual([429, 503, 200]);
      expect(patches[1]!.at - patches[0]!.at).toBeGreaterThanOrEqual(180);
    });

    it('the service rate limit: 429s with X-RateLimit-Reset are waited out, nothing is duplicated', async () => {
      const names = Array.from({ length: 24 }, (_, i) => `p${String(i).padStart(2, '0')}`);
      // The service's limit and the client's waits on one clock, which moves only between answers:
      // the requests come faster than 40 a second however slow the machine is.
      const clock = new ManualClock();
      // A service that does not say its limit (X-RateLimit-Limit): met only by its 429s.
      const harness = await startSync(files(names), { rateLimitPerSecond: 40, rateLimitHeader: false, clock });
      const started = clock.now();
      const { result } = await clock.runUntilSettled(harness.sync({}, { client: { clock } }));
      expect(result.failure).toBeNull();
      expectConverged(harness, names);
      const limited = harness.emulator.requests.filter((r) => r.status === 429);
      expect(limited.length).toBeGreaterThan(0);
      expect(harness.emulator.requests.filter((r) => r.method === 'POST' && r.status === 200)).toHaveLength(
        names.length,
      );
      // 1 list + 3 requests a policy at 40 a second.
      expect(clock.now() - started).toBeGreaterThanOrEqual(1000);
    });
  });

  describe('runSyncPolicies over more than one page of policies', () => {
    it('reads every page of 100 and plans with all of them', async () => {
      const names = Array.from({ length: 240 }, (_, i) => `pol${String(i).padStart(3, '0')}`);
      const harness = await startSync({
        ...files(names),
        // On the third page: a level to change.
        'policies/policies.hcl': 'policy "pol230" {\n  enforcement_level = "hard-mandatory"\n}\n',
      });
      const ids = new Map(names.map((n) => [n, harness.emulator.seedPolicy({ name: n, code: code(n) }).id]));
      // Ten more, last in the list: only in the service, pruned.
      const extras = Array.from(
        { length: 10 },
        (_, i) => harness.emulator.seedPolicy({ name: `extra${i}`, code: 'x' }).id,
      );

      const { result } = await harness.sync({ prune: 'organization' });

      expect(result.failure).toBeNull();
      const lists = requestLines(harness.emulator).filter((l) => l.startsWith('GET /organizations/acme/policies'));
      expect(lists).toEqual([
        'GET /organizations/acme/policies?page%5Bsize%5D=100',
        'GET /organizations/acme/policies?page%5Bnumber%5D=2&page%5Bsize%5D=100',
        'GET /organizations/acme/policies?page%5Bnumber%5D=3&page%5Bsize%5D=100',
      ]);
      expect(requestLines(harness.emulator).filter((l) => l.includes('/policy-downloads/'))).toHaveLength(240);
      expect(
        writes(harness.emulator)
          .map((w) => `${w.method} ${w.path}`)
          .sort(),
      ).toEqual([...extras.map((id) => `DELETE /policies/${id}`), `PATCH /policies/${ids.get('pol230')}`].sort());
      expect(result.outputs).toMatchObject({ created: 0, updated: 1, deleted: 10, unchanged: 239 });
    });
  });
});
