// Reading the README the way a person does: marked sections, the tables under each heading, the
// code spans of a cell, the anchors GitHub gives headings, and the fenced code blocks.

export interface MarkdownTable {
  /** The text of the nearest heading above the table, without its `#`s. */
  heading: string;
  header: string[];
  rows: string[][];
}

/** The text between `<!-- name -->` and `<!-- /name -->`, which must occur once each. */
export function markedSection(markdown: string, name: string): string {
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const start = markdown.indexOf(open);
  const end = markdown.indexOf(close);
  if (start < 0 || end < start) throw new Error(`the text has no ${open} ... ${close} section`);
  if (markdown.indexOf(open, start + 1) >= 0 || markdown.indexOf(close, end + 1) >= 0) {
    throw new Error(`the text has ${open} or ${close} more than once`);
  }
  return markdown.slice(start + open.length, end);
}

/** Splits a table row into its cells; `\|` stays inside a cell. */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** Every pipe table of the text, with the heading it sits under. */
export function tables(markdown: string): MarkdownTable[] {
  const found: MarkdownTable[] = [];
  let heading = '';
  let current: MarkdownTable | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const isRow = line.trim().startsWith('|');
    if (!isRow) {
      current = null;
      const match = /^#{1,6}\s+(.*)$/.exec(line);
      if (match) heading = match[1]!.trim();
      continue;
    }
    if (current === null) {
      current = { heading, header: cells(line), rows: [] };
      found.push(current);
    } else if (/^\|[\s:|-]+\|$/.test(line.trim())) {
      // The separator row under the header.
    } else {
      current.rows.push(cells(line));
    }
  }
  return found;
}

/** The code spans of a cell, in order (`` `a`<br>`b` `` gives a and b). */
export function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as `-`. */
export function headingSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** Every heading's anchor, with `-1`, `-2`, ... for repeated ones, as GitHub numbers them. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!match) continue;
    const slug = headingSlug(match[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

export interface CodeBlock {
  language: string;
  text: string;
  /** 1-based line of the opening fence. */
  line: number;
}

/** The fenced code blocks (```lang ... ```). */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    blocks.push({ language: open[1]!, text: body.join('\n'), line: start + 1 });
  }
  return blocks;
}
