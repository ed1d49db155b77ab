// One packing run in a process of its own, so that its peak memory is its own. bench/pack.ts
// bundles it with ncc first, so that it runs as the action runs: bundled JavaScript, no type
// stripping (which alone adds some 30 MiB to a process).
// Usage: node pack-worker.js <module-dir> <out-file> <gzip-level>
import { packModuleToFile } from '../src/slug/index.ts';

async function main(): Promise<void> {
  const [root, out, level] = process.argv.slice(2);
  if (!root || !out || !level) throw new Error('usage: pack-worker <module-dir> <out-file> <gzip-level>');

  const started = performance.now();
  const result = await packModuleToFile(root, out, { gzipLevel: Number(level) });
  const ms = performance.now() - started;
  const maxRssBytes = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(`${JSON.stringify({ ms, maxRssBytes, files: result.files, bytes: result.bytes })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
