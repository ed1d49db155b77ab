// Parses HCL with HashiCorp's own parser (@cdktf/hcl2json, Go compiled to WebAssembly) and
// turns its error text into positioned diagnostics.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeRegExp } from '../../text.ts';

/** One syntax error, positioned when the parser gives a position (1-based). */
export interface HclDiagnostic {
  line?: number;
  column?: number;
  message: string;
}

export class HclSyntaxError extends Error {
  override readonly name = 'HclSyntaxError';
  readonly diagnostics: HclDiagnostic[];
  constructor(file: string, diagnostics: HclDiagnostic[]) {
    super(`${file}: ${diagnostics.map((d) => d.message).join('; ')}`);
    this.diagnostics = diagnostics;
  }
}

type Hcl2json = { parse(filename: string, contents: string): Promise<Record<string, unknown>> };

let parser: Promise<Hcl2json> | undefined;

function loadParser(): Promise<Hcl2json> {
  // The library reads `join(__dirname, '..', 'main.wasm.gz')` when it is first imported. In the
  // ESM bundle there is no `__dirname`, and the build ships the file as
  // `<bundle dir>/hcl2json/main.wasm.gz`, so point the global at the matching `lib` folder
  // first. Unbundled (tests, type stripping) the library is a CommonJS module of its own and
  // finds its file itself. The import is dynamic so that nothing is loaded until a config is
  // actually parsed. The library reads the path while it is being imported, so the global is
  // removed again right after, and no other bundled module ever sees it.
  parser ??= (async (): Promise<Hcl2json> => {
    const global = globalThis as { __dirname?: string };
    let pointed = false;
    if (typeof __dirname === 'undefined') {
      const bundleDir = dirname(fileURLToPath(import.meta.url));
      if (existsSync(join(bundleDir, 'hcl2json', 'main.wasm.gz'))) {
        global.__dirname = join(bundleDir, 'hcl2json', 'lib');
        pointed = true;
      }
    }
    try {
      const mod = (await import('@cdktf/hcl2json')) as Hcl2json & { default?: Hcl2json };
      return typeof mod.parse === 'function' ? mod : (mod.default as Hcl2json);
    } finally {
      if (pointed) delete global.__dirname;
    }
  })();
  return parser;
}

/**
 * Parses HCL text into hcl2json's JSON form (`{"policy": {"NAME": [{...}, ...]}, ...}`).
 * `file` is the name used in diagnostics. Throws HclSyntaxError when the text does not parse.
 */
export async function parseHcl(file: string, text: string): Promise<Record<string, unknown>> {
  const hcl2json = await loadParser();
  try {
    return await hcl2json.parse(file, text);
  } catch (error) {
    throw new HclSyntaxError(file, parseDiagnostics(file, error instanceof Error ? error.message : String(error)));
  }
}

/**
 * The parser reports every error in one string:
 * `parse config: [FILE:2,12-3,1: Summary; Detail. FILE:3,3-9: Summary; Detail.]`
 * (range `line,column-line,column`, or `line,column-column` on one line). Errors found while
 * converting to JSON have no position: `convert to HCL: convert file: ...: reason`.
 */
export function parseDiagnostics(file: string, raw: string): HclDiagnostic[] {
  const text = raw.replace(/^parse config: \[/, '').replace(/\]\s*$/, '');
  const at = new RegExp(`${escapeRegExp(file)}:(\\d+),(\\d+)-\\d+(?:,\\d+)?: `, 'g');
  const matches = [...text.matchAll(at)];
  if (matches.length === 0) {
    const reason = text.replace(/^(?:convert [^:]*: )+/, '').trim();
    return [{ message: reason || raw }];
  }
  return matches.map((m, i) => {
    const end = matches[i + 1]?.index ?? text.length;
    const message = text.slice(m.index + m[0].length, end).trim();
    return { line: Number(m[1]), column: Number(m[2]), message };
  });
}
