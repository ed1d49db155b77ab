// No module imports, through others, one of its importers: a cycle makes the order modules load
// in matter and the layers meaningless (ARCHITECTURE.md, "Who may import whom"). The check reads
// the import graph of every TypeScript file the lint reads, type-only imports included.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../support/import-graph.ts';
import type { ImportGraph } from '../../support/import-graph.ts';

const root = join(import.meta.dirname, '../../lint', '..', '..');

describe('import cycles', () => {
  const graph = importGraph(root);

  it('reads the imports of the tree', () => {
    // The entry imports the step: a graph that read no edge would find no cycle either.
    expect(graph.get('src/main.ts')?.length).toBeGreaterThan(0);
    expect(graph.size).toBeGreaterThan(300);
  });

  it('finds none in the tree', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a module that imports one of its importers, however far', () => {
    const [importer, imports] = [...graph].find(([file, to]) => file.startsWith('src/') && to.length > 0)!;
    const imported = imports[0]!;
    const withBack: ImportGraph = new Map(graph);
    withBack.set(imported, [...(graph.get(imported) ?? []), importer]);
    // The back edge joins every file on the way from the importer to the imported in one cycle.
    expect(importCycles(withBack)).toEqual([expect.arrayContaining([importer, imported])]);

    const chain: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCycles(chain)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });
});
