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
  const outline: HclOutline = { attributes: [], blocks: [] };
  new HclScanner(text).readBody(outline, false);
  return outline;
}

/** One pass over the text: where the scan is (`#i`), on which line, and the skips and reads it is made of. */
class HclScanner {
  readonly #text: string;
  #i = 0;
  #line = 1;
  #lineStart = 0;

  constructor(text: string) {
    this.#text = text;
  }

  #more(): boolean {
    return this.#i < this.#text.length;
  }

  #peek(offset = 0): string {
    return this.#text[this.#i + offset] ?? '';
  }

  #advance(): void {
    if (this.#text[this.#i] === '\n') {
      this.#line++;
      this.#lineStart = this.#i + 1;
    }
    this.#i++;
  }

  #column(): number {
    return this.#i - this.#lineStart + 1;
  }

  #skipComment(): boolean {
    if (this.#peek() === '#' || (this.#peek() === '/' && this.#peek(1) === '/')) {
      while (this.#more() && this.#peek() !== '\n') this.#advance();
      return true;
    }
    if (this.#peek() === '/' && this.#peek(1) === '*') {
      this.#advance();
      this.#advance();
      while (this.#more() && !(this.#peek() === '*' && this.#peek(1) === '/')) this.#advance();
      this.#advance();
      this.#advance();
      return true;
    }
    return false;
  }

  /** Skips blanks and comments; newlines too when `newlines` is set. */
  #skipSpace(newlines: boolean): void {
    while (this.#more()) {
      const c = this.#peek();
      if (c === ' ' || c === '\t' || c === '\r' || (newlines && c === '\n')) this.#advance();
      else if (!this.#skipComment()) return;
    }
  }

  #readIdent(): string {
    const start = this.#i;
    while (this.#more() && IDENT_PART.test(this.#peek())) this.#advance();
    return this.#text.slice(start, this.#i);
  }

  /** Skips a quoted string (the opening quote is at the scan), templates included; returns its raw body. */
  #skipQuoted(): string {
    this.#advance();
    const start = this.#i;
    while (this.#more() && this.#peek() !== '"' && this.#peek() !== '\n') {
      if (this.#peek() === '\\') {
        this.#advance();
        this.#advance();
      } else if ((this.#peek() === '$' || this.#peek() === '%') && this.#peek(1) === '{') {
        if (this.#peek(-1) === this.#peek() && this.#peek(-2) !== this.#peek()) {
          this.#advance(); // `$${` and `%%{` are escapes, not templates
        } else {
          this.#advance();
          this.#advance();
          this.#skipExpression('}');
        }
        this.#advance();
      } else {
        this.#advance();
      }
    }
    const raw = this.#text.slice(start, this.#i);
    if (this.#peek() === '"') this.#advance();
    return raw;
  }

  /** Skips a heredoc (`<<` at the scan) through its closing marker line. */
  #skipHeredoc(): void {
    this.#advance();
    this.#advance();
    if (this.#peek() === '-') this.#advance();
    const marker = this.#readIdent();
    while (this.#more() && this.#peek() !== '\n') this.#advance();
    while (this.#more()) {
      this.#advance(); // the newline ending the previous line
      const end = this.#text.indexOf('\n', this.#i);
      const content = this.#text.slice(this.#i, end === -1 ? this.#text.length : end);
      if (content.trim() === marker) {
        while (this.#more() && this.#peek() !== '\n') this.#advance();
        return;
      }
      while (this.#more() && this.#peek() !== '\n') this.#advance();
    }
  }

  /**
   * Skips an expression up to (not over) a newline or `stop` at nesting level zero;
   * with `stop` = '}' inside a template, the closing brace is left at the scan.
   */
  #skipExpression(stop?: string): void {
    let depth = 0;
    while (this.#more()) {
      const c = this.#peek();
      if (depth === 0 && (c === '\n' || c === stop)) return;
      if (depth === 0 && c === '}') return; // the end of a one-line block
      if (this.#skipComment()) continue;
      if (c === '"') this.#skipQuoted();
      else if (c === '<' && this.#peek(1) === '<' && /[-A-Za-z_]/.test(this.#peek(2))) this.#skipHeredoc();
      else {
        if (c === '(' || c === '[' || c === '{') depth++;
        else if (c === ')' || c === ']' || c === '}') depth--;
        this.#advance();
      }
    }
  }

  readBody(body: Body, nested: boolean): void {
    while (this.#more()) {
      this.#skipSpace(true);
      if (!this.#more()) return;
      const c = this.#peek();
      if (c === '}') {
        this.#advance();
        if (nested) return;
        continue; // stray brace: the parser accepted the text, so this does not happen
      }
      if (!IDENT_START.test(c)) {
        this.#skipExpression();
        if (this.#peek() === '}' && !nested) this.#advance();
        continue;
      }
      const startLine = this.#line;
      const startColumn = this.#column();
      const name = this.#readIdent();
      this.#skipSpace(false);
      if (this.#peek() === '=' || this.#peek() === ':') {
        this.#advance();
        body.attributes.push({ name, line: startLine, column: startColumn });
        this.#skipSpace(false);
        this.#skipExpression();
        continue;
      }
      const labels = this.#readLabels();
      if (this.#peek() !== '{') continue;
      this.#advance();
      const block: HclBlockPosition = {
        type: name,
        labels,
        line: startLine,
        column: startColumn,
        attributes: [],
        blocks: [],
      };
      body.blocks.push(block);
      this.readBody(block, true);
    }
  }

  /** A block header's labels, quoted or bare, up to its `{` or the end of the line. */
  #readLabels(): string[] {
    const labels: string[] = [];
    while (this.#more() && this.#peek() !== '{' && this.#peek() !== '\n') {
      if (this.#peek() === '"') labels.push(decodeLabel(this.#skipQuoted()));
      else if (IDENT_START.test(this.#peek())) labels.push(this.#readIdent());
      else this.#advance();
      this.#skipSpace(false);
    }
    return labels;
  }
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
