import { describe, expect, it } from 'vitest';
import { HclSyntaxError, parseDiagnostics, parseHcl } from '../../../src/modes/sync-policies/hcl.ts';
import { outlineHcl, placeBlocks } from '../../../src/modes/sync-policies/hcl-outline.ts';
import type { HclBlockPosition } from '../../../src/modes/sync-policies/hcl-outline.ts';
import { lineOf } from '../../sync-policies/temp-workspace.ts';

describe('parseHcl', () => {
  it("gives hcl2json's form: labelled blocks as objects of arrays, in file order", async () => {
    const json = await parseHcl(
      'policies.hcl',
      [
        'import "module" "tfplan-functions" {',
        '  source = "./common/tfplan-functions.native"',
        '}',
        'policy "a" {',
        '  source = "./a.native"',
        '}',
        'policy "a" {',
        '  source = "./b.native"',
        '  enforcement_level = 3',
        '}',
      ].join('\n'),
    );
    expect(json).toEqual({
      import: { module: { 'tfplan-functions': [{ source: './common/tfplan-functions.native' }] } },
      policy: { a: [{ source: './a.native' }, { source: './b.native', enforcement_level: 3 }] },
    });
  });

  it('reports every syntax error with its line and column', async () => {
    const text = 'policy "a" {\n  source =\n}\npolicy "b" { source = "x"\n  description = "y"\n}\n';
    const error = await parseHcl('dir/policies.hcl', text).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HclSyntaxError);
    const diagnostics = (error as HclSyntaxError).diagnostics;
    expect(diagnostics.length).toBeGreaterThanOrEqual(2);
    expect(diagnostics[0]).toMatchObject({
      line: 2,
      column: 11,
      message: expect.stringContaining('Invalid expression'),
    });
    expect(diagnostics.some((d) => d.line === 4)).toBe(true);
    for (const d of diagnostics) expect(d.message).not.toContain('dir/policies.hcl:');
  });

  it('keeps a conversion error without position as one message', async () => {
    const error = await parseHcl('p.hcl', 'policy "x" {}\npolicy {}\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HclSyntaxError);
    expect((error as HclSyntaxError).diagnostics).toEqual([
      { message: expect.stringContaining('cannot have blocks with and without labels') },
    ]);
  });
});

describe('parseDiagnostics', () => {
  it("splits the parser's single message at each position, single-line ranges included", () => {
    const raw =
      'parse config: [a/p.hcl:3,3-9: Attribute redefined; The argument "source" was already set at a/p.hcl:2,3-9. Each argument may be set only once. a/p.hcl:7,1-2: Argument or block definition required; An argument or block definition is required here.]';
    expect(parseDiagnostics('a/p.hcl', raw)).toEqual([
      {
        line: 3,
        column: 3,
        message:
          'Attribute redefined; The argument "source" was already set at a/p.hcl:2,3-9. Each argument may be set only once.',
      },
      {
        line: 7,
        column: 1,
        message: 'Argument or block definition required; An argument or block definition is required here.',
      },
    ]);
  });
});

describe('outlineHcl', () => {
  it('places blocks and attributes, past strings, templates, heredocs and comments', () => {
    const text = [
      '# policy "commented" {',
      '/* policy "also-commented" {',
      '   } */',
      'import "module" "report" {',
      '  source = "https://example.com/report.native" // policy "x" {',
      '}',
      '',
      'policy "one" {',
      '  description = <<-EOT',
      '    policy "in-heredoc" {',
      '    }',
      '    EOT',
      '  source = "./${"a"}/one.native" # }',
      '  params = {',
      '    "resource_type" = "aws_rds_cluster",',
      '    nested = { a = [1, 2] }',
      '  }',
      '  enforcement_level = "advisory"',
      '}',
      'policy "two" { source = "./two.native" }',
      'policy "three" "extra" {',
      '  inner {',
      '    x = "}"',
      '  }',
      '  query = "data.x.deny"',
      '}',
      'top = 1',
    ].join('\n');
    const outline = outlineHcl(text);
    expect(outline.blocks.map((b) => [b.type, b.labels, b.line])).toEqual([
      ['import', ['module', 'report'], lineOf(text, 'import "module"')],
      ['policy', ['one'], lineOf(text, 'policy "one"')],
      ['policy', ['two'], lineOf(text, 'policy "two"')],
      ['policy', ['three', 'extra'], lineOf(text, 'policy "three"')],
    ]);
    const one = outline.blocks[1]!;
    expect(one.attributes.map((a) => [a.name, a.line])).toEqual([
      ['description', lineOf(text, 'description =')],
      ['source', lineOf(text, 'source = "./${')],
      ['params', lineOf(text, 'params =')],
      ['enforcement_level', lineOf(text, 'enforcement_level =')],
    ]);
    expect(outline.blocks[2]!.attributes.map((a) => a.name)).toEqual(['source']);
    const three = outline.blocks[3]!;
    expect(three.blocks.map((b) => [b.type, b.line])).toEqual([['inner', lineOf(text, 'inner {')]]);
    expect(three.attributes.map((a) => [a.name, a.line])).toEqual([['query', lineOf(text, 'query =')]]);
    expect(outline.attributes.map((a) => [a.name, a.line])).toEqual([['top', lineOf(text, 'top = 1')]]);
  });

  it('decodes escaped labels', () => {
    expect(outlineHcl('policy "a\\"b" {}\n').blocks[0]!.labels).toEqual(['a"b']);
  });
});

describe('placeBlocks', () => {
  const header = (line: number, attributes: string[], blocks: string[] = []): HclBlockPosition => ({
    type: 'policy',
    labels: ['a'],
    line,
    column: 1,
    attributes: attributes.map((name, i) => ({ name, line: line + i + 1, column: 3 })),
    blocks: blocks.map((type) => ({ type, labels: [], line: line + 9, column: 3, attributes: [], blocks: [] })),
  });

  it('gives each block of a label the header found at its place, when both parsers agree on its contents', () => {
    const placed = placeBlocks(
      [{ source: null, query: 'x', params: [{ a: 1 }] }, { enforcement_level: 'advisory' }],
      [header(1, ['source', 'query'], ['params']), header(20, ['enforcement_level'])],
    );
    expect(placed.map((p) => p.position?.line)).toEqual([1, 20]);
    expect(placed[0]!.body).toEqual({ source: null, query: 'x', params: [{ a: 1 }] });
  });

  it('places no block of the label when the counts differ, rather than a message on another block', () => {
    const placed = placeBlocks([{ source: 'a.native' }, { source: 'b.native' }], [header(5, ['source'])]);
    expect(placed).toEqual([{ body: { source: 'a.native' } }, { body: { source: 'b.native' } }]);
  });

  it('places no block of the label when one body and its header name different attributes', () => {
    const placed = placeBlocks([{ source: 'a.native' }, { query: 'q' }], [header(1, ['query']), header(9, ['source'])]);
    expect(placed.every((p) => p.position === undefined)).toBe(true);
  });

  it('reads a body that is not an object as an empty block', () => {
    expect(placeBlocks(['text'], [header(3, [])])).toEqual([{ body: {}, position: header(3, []) }]);
  });
});
