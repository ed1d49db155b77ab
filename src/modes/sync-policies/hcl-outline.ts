// Where blocks and attributes sit in an HCL file. hcl2json gives values but no positions, so
// annotations would have no line; this scanner walks the text once (strings, templates,
// heredocs and comments skipped) and records each block header and attribute with its line.
// It is only ever run on text the real parser accepted, and only used to place messages:
// `placeBlocks` pairs the blocks hcl2json read with the headers found here.

import { isObject } from '../../json-object.ts';

export interface HclAttributePosition {
  name: string;
  line: number;
  column: number;
}

export interface HclBlockPosition {
  type: string;
  labels: string[];
  line: number;
  column: number;
  attributes: HclAttributePosition[];
  blocks: HclBlockPosition[];
}

export interface HclOutline {
  attributes: HclAttributePosition[];
  blocks: HclBlockPosition[];
}

interface Body {
  attributes: HclAttributePosition[];
  blocks: HclBlockPosition[];
}

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_-]/;

export function outlineHcl(text: string): HclOutline {
  let i = 0;
  let line = 1;
  let lineStart = 0;

  const peek = (offset = 0): string => text[i + offset] ?? '';
  const advance = (): void => {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
    i++;
  };
  const column = (): number => i - lineStart + 1;

  function skipComment(): boolean {
    if (peek() === '#' || (peek() === '/' && peek(1) === '/')) {
      while (i < text.length && peek() !== '\n') advance();
      return true;
    }
    if (peek() === '/' && peek(1) === '*') {
      advance();
      advance();
      while (i < text.length && !(peek() === '*' && peek(1) === '/')) advance();
      advance();
      advance();
      return true;
    }
    return false;
  }

  /** Skips blanks and comments; newlines too when `newlines` is set. */
  function skipSpace(newlines: boolean): void {
    while (i < text.length) {
      const c = peek();
      if (c === ' ' || c === '\t' || c === '\r' || (newlines && c === '\n')) advance();
      else if (!skipComment()) return;
    }
  }

  function readIdent(): string {
    const start = i;
    while (i < text.length && IDENT_PART.test(peek())) advance();
    return text.slice(start, i);
  }

  /** Skips a quoted string (the opening quote is at `i`), templates included; returns its raw body. */
  function skipQuoted(): string {
    advance();
    const start = i;
    while (i < text.length && peek() !== '"' && peek() !== '\n') {
      if (peek() === '\\') {
        advance();
        advance();
      } else if ((peek() === '$' || peek() === '%') && peek(1) === '{') {
        if (peek(-1) === peek() && peek(-2) !== peek()) {
          advance(); // `$${` and `%%{` are escapes, not templates
        } else {
          advance();
          advance();
          skipExpression('}');
        }
        advance();
      } else {
        advance();
      }
    }
    const raw = text.slice(start, i);
    if (peek() === '"') advance();
    return raw;
  }

  /** Skips a heredoc (`<<` at `i`) through its closing marker line. */
  function skipHeredoc(): void {
    advance();
    advance();
    if (peek() === '-') advance();
    const marker = readIdent();
    while (i < text.length && peek() !== '\n') advance();
    while (i < text.length) {
      advance(); // the newline ending the previous line
      const end = text.indexOf('\n', i);
      const content = text.slice(i, end === -1 ? text.length : end);
      if (content.trim() === marker) {
        while (i < text.length && peek() !== '\n') advance();
        return;
      }
      while (i < text.length && peek() !== '\n') advance();
    }
  }

  /**
   * Skips an expression up to (not over) a newline or `stop` at nesting level zero;
   * with `stop` = '}' inside a template, the closing brace is left at `i`.
   */
  function skipExpression(stop?: string): void {
    let depth = 0;
    while (i < text.length) {
      const c = peek();
      if (depth === 0 && (c === '\n' || c === stop)) return;
      if (depth === 0 && c === '}') return; // the end of a one-line block
      if (skipComment()) continue;
      if (c === '"') skipQuoted();
      else if (c === '<' && peek(1) === '<' && /[-A-Za-z_]/.test(peek(2))) skipHeredoc();
      else {
        if (c === '(' || c === '[' || c === '{') depth++;
        else if (c === ')' || c === ']' || c === '}') depth--;
        advance();
      }
    }
  }

  function readBody(body: Body, nested: boolean): void {
    while (i < text.length) {
      skipSpace(true);
      if (i >= text.length) return;
      const c = peek();
      if (c === '}') {
        if (nested) {
          advance();
          return;
        }
        advance(); // stray brace: the parser accepted the text, so this does not happen
        continue;
      }
      if (!IDENT_START.test(c)) {
        skipExpression();
        if (peek() === '}' && !nested) advance();
        continue;
      }
      const startLine = line;
      const startColumn = column();
      const name = readIdent();
      skipSpace(false);
      if (peek() === '=' || peek() === ':') {
        advance();
        body.attributes.push({ name, line: startLine, column: startColumn });
        skipSpace(false);
        skipExpression();
        continue;
      }
      const labels: string[] = [];
      while (i < text.length && peek() !== '{' && peek() !== '\n') {
        if (peek() === '"') labels.push(decodeLabel(skipQuoted()));
        else if (IDENT_START.test(peek())) labels.push(readIdent());
        else advance();
        skipSpace(false);
      }
      if (peek() !== '{') continue;
      advance();
      const block: HclBlockPosition = {
        type: name,
        labels,
        line: startLine,
        column: startColumn,
        attributes: [],
        blocks: [],
      };
      body.blocks.push(block);
      readBody(block, true);
    }
  }

  const outline: HclOutline = { attributes: [], blocks: [] };
  readBody(outline, false);
  return outline;
}

function decodeLabel(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** A block as hcl2json read it, with its position when the outline's header surely is its own. */
export interface PlacedBlock {
  body: Record<string, unknown>;
  position?: HclBlockPosition;
}

/**
 * Pairs the bodies hcl2json gives for the blocks of one type and label (`policy "x"`) with the
 * headers the outline found for them. Both list such blocks in the order of the text, so the
 * n-th body is the n-th header's block; the pair is kept only when both sides agree on it: as
 * many bodies as headers, and each body setting exactly the attributes and nested blocks its
 * header's block holds. Otherwise no block of this label gets a position: a message may lose
 * its line, but never lands on another block's.
 */
export function placeBlocks(bodies: readonly unknown[], headers: readonly HclBlockPosition[]): PlacedBlock[] {
  const objects = bodies.map((body) => (isObject(body) ? body : {}));
  const agree =
    objects.length === headers.length &&
    objects.every((body, i) =>
      sameNames(Object.keys(body), [
        ...headers[i]!.attributes.map((a) => a.name),
        ...headers[i]!.blocks.map((b) => b.type),
      ]),
    );
  return objects.map((body, i) => (agree ? { body, position: headers[i]! } : { body }));
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((name) => right.has(name));
}
