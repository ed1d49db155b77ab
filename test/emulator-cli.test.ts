import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const cli = fileURLToPath(new URL('./emulator/cli.ts', import.meta.url));

it('npm run emulator: runs under plain node, prints what it seeded, serves it, stops on a signal', async () => {
  const child = spawn(process.execPath, [cli, '--json', '--latency', '1', '--personality', 'cli-tool'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const seeded = JSON.parse(line);
    expect(seeded.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    expect(seeded.workspaceId).toMatch(/^ws-/);
    expect(seeded.personality).toBe('cli-tool');
    const reply = await fetch(`${seeded.baseUrl}/organizations/acme/policies`, { headers: { authorization: `Bearer ${seeded.token}` } });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { data: Array<{ attributes: { name: string } }> };
    expect(body.data.map((policy) => policy.attributes.name)).toEqual(['require-tags']);
    const noCode = await fetch(`${seeded.baseUrl}/no-code-modules/${seeded.noCodeModuleId}`, { headers: { authorization: `Bearer ${seeded.organizationToken}` } });
    expect(noCode.status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = await once(child, 'exit');
  expect(code).toBe(0);
});
