/**
 * Building blocks of every job summary (and so of the pull request comment and the check run,
 * which carry it). Anything that comes from the service, the repository or a log is escaped
 * here, mentions and issue references neutralised (neutraliseMentions); only markup built by
 * these helpers (an `Html` value) goes in as it is. GitHub renders the summary as
 * GitHub-flavoured Markdown with a safe subset of HTML; its own `summary.addTable` does not
 * escape cell text, so tables are built here instead.
 */

import { formatKiB } from './format.ts';
import { neutraliseMentions } from './neutralise.ts';

/** Markup built by these helpers, inserted without escaping. */
export class Html {
  readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
  toString(): string {
    return this.html;
  }
}

/** Text, or markup built by these helpers. Text is escaped wherever it is placed. */
/**
 * What a part of a summary may be. `false`, `null` and `undefined` render as nothing, so that a
 * part given as `condition && text` is left out when the condition does not hold; `true` is no
 * content (a boolean printed as a word is a mistake, never a part).
 */
export type Content = string | number | false | null | undefined | Html;

/** Marks markup as trusted. Only for markup assembled from escaped parts. */
export function html(trusted: string): Html {
  return new Html(trusted);
}

/** Text for an HTML context: markup turned into entities, and no one mentioned. */
export function escapeHtml(text: string): string {
  // Before the escaping: an entity such as `&#39;` holds a `#` before digits, which is not text.
  return escapeHtmlCharacters(neutraliseMentions(text));
}

/** Only the characters HTML gives a meaning: for an attribute value and code, where GitHub looks for no mention. */
function escapeHtmlCharacters(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Text for a Markdown context (a heading, a paragraph, a list item), kept on one line: HTML
 * markup turned into entities, Markdown emphasis, code, link and table characters
 * backslash-escaped, and a leading character that would start a list or a quote escaped too.
 */
export function escapeMarkdown(text: string): string {
  const oneLine = neutraliseMentions(text.replace(/\s*[\r\n]+\s*/g, ' '));
  const escaped = oneLine
    .replace(/[\\`*_[\]|~#]/g, '\\$&')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  return escaped.replace(/^(\s*)([-+=])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** Content for an HTML context: text escaped, line breaks kept as `<br>`. */
export function renderHtml(content: Content): string {
  if (content instanceof Html) return content.html;
  if (content === null || content === undefined || content === false) return '';
  return escapeHtml(String(content)).replace(/\r\n|\r|\n/g, '<br>');
}

/** Content for a Markdown context: text escaped and kept on one line. */
export function renderMarkdown(content: Content): string {
  if (content instanceof Html) return content.html;
  if (content === null || content === undefined || content === false) return '';
  return escapeMarkdown(String(content));
}

/**
 * An HTML table, one row a line and no blank line inside, so that the whole table stays one
 * HTML block whatever the cells hold.
 */
export function table(headers: Content[], rows: Content[][]): string {
  const head = `<tr>${headers.map((h) => `<th>${renderHtml(h)}</th>`).join('')}</tr>`;
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${renderHtml(cell)}</td>`).join('')}</tr>`);
  return ['<table>', `<thead>${head}</thead>`, '<tbody>', ...body, '</tbody>', '</table>', ''].join('\n');
}

/**
 * A collapsible section. `body` is Markdown built from these helpers; the blank lines around it
 * let GitHub render Markdown (code blocks, tables) inside the HTML element.
 */
export function details(summary: Content, body: string, options: { open?: boolean } = {}): string {
  const open = options.open ? ' open' : '';
  return `<details${open}><summary>${renderHtml(summary)}</summary>\n\n${body.trimEnd()}\n\n</details>\n`;
}

export function heading(text: Content, level: 1 | 2 | 3 | 4 | 5 | 6 = 2): string {
  return `${'#'.repeat(level)} ${renderMarkdown(text)}\n`;
}

export function paragraph(...parts: Content[]): string {
  return `${parts
    .map(renderMarkdown)
    .filter((p) => p !== '')
    .join(' ')}\n`;
}

export function bulletList(items: Content[]): string {
  return items.map((item) => `- ${renderMarkdown(item)}\n`).join('');
}

/**
 * A fenced code block that content cannot break out of: the fence is one backtick longer than
 * the longest run of backticks in the content.
 */
export function codeBlock(content: string, language = ''): string {
  const longestRun = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const info = /^[\w+.-]+$/.test(language) ? language : '';
  const body = content.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  return `${fence}${info}\n${body}\n${fence}\n`;
}

export function inlineCode(text: string): Html {
  return html(`<code>${escapeHtmlCharacters(text)}</code>`);
}

export function strong(content: Content): Html {
  return html(`<strong>${renderHtml(content)}</strong>`);
}

/**
 * A link when `url` is an http(s) address; otherwise only the text, so that a `javascript:`
 * or relative address from the service never becomes a link.
 */
export function link(text: Content, url: string | null | undefined): Html {
  const label = renderHtml(text);
  const safe = httpUrl(url);
  if (!safe) return html(label);
  return html(`<a href="${escapeHtmlCharacters(safe)}">${label}</a>`);
}

function httpUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.href;
  } catch {
    return undefined;
  }
}

export function dryRunBanner(what = 'Nothing was changed: this is what would be done.'): string {
  return `> [!NOTE]\n> **Dry run.** ${escapeMarkdown(what)}\n`;
}

/**
 * `**3** created · **1** updated · **0** deleted`. A null count (the service has not given it)
 * is shown as a dash; `skipZero` leaves out zero counts.
 */
export function countsLine(
  counts: ReadonlyArray<readonly [label: string, count: number | null | undefined]>,
  options: { skipZero?: boolean } = {},
): string {
  const parts = counts
    .filter(([, count]) => !(options.skipZero && count === 0))
    .map(([label, count]) => `**${count === null || count === undefined ? '–' : count}** ${escapeMarkdown(label)}`);
  return `${parts.join(' · ')}\n`;
}

/** Blocks joined with one blank line between them; empty and false blocks are left out. */
export function joinBlocks(...blocks: Array<string | false | null | undefined>): string {
  const kept = blocks.filter((b): b is string => typeof b === 'string' && b.trim() !== '');
  return kept.map((b) => b.trimEnd()).join('\n\n') + (kept.length > 0 ? '\n' : '');
}

export interface Truncated {
  text: string;
  cut: boolean;
  /** UTF-8 bytes of the input that were left out. */
  omittedBytes: number;
}

const CLOSABLE_TAGS = new Set([
  'details',
  'summary',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'p',
  'div',
  'strong',
  'em',
  'a',
]);

/**
 * Cuts Markdown to at most `maxBytes` UTF-8 bytes at a line boundary, closes the code fence and
 * the HTML elements the cut left open (so the note is not swallowed by a `<details>`), and
 * appends `note(omittedBytes)`.
 */
export function truncateMarkdown(
  markdown: string,
  maxBytes: number,
  note: (omittedBytes: number) => string = (n) =>
    `> [!WARNING]\n> This summary was cut short: ${formatKiB(n)} more did not fit.\n`,
): Truncated {
  const bytes = Buffer.from(markdown, 'utf8');
  if (bytes.length <= maxBytes) return { text: markdown, cut: false, omittedBytes: 0 };

  // Room for the closing markup and the note.
  const reserve = Math.min(4096, Math.floor(maxBytes / 2));
  let end = Math.max(0, maxBytes - reserve);
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  let text = bytes.subarray(0, end).toString('utf8');
  const lastNewline = text.lastIndexOf('\n');
  text = lastNewline >= 0 ? text.slice(0, lastNewline + 1) : '';
  const omittedBytes = bytes.length - Buffer.byteLength(text, 'utf8');

  const closing = closeOpenMarkup(text);
  let result = `${text}${closing}\n${note(omittedBytes)}`;
  // A note or closing markup larger than the reserve is not expected; never exceed the limit.
  if (Buffer.byteLength(result, 'utf8') > maxBytes) {
    result = Buffer.from(result, 'utf8')
      .subarray(0, maxBytes)
      .toString('utf8')
      .replace(/\uFFFD$/, '');
  }
  return { text: result, cut: true, omittedBytes };
}

function closeOpenMarkup(text: string): string {
  let fence: string | undefined;
  const open: string[] = [];
  for (const line of text.split('\n')) {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence !== undefined) {
      const marker = fenceMatch?.[1];
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    for (const match of line.matchAll(/<(\/?)([a-zA-Z]+)\b[^>]*?(\/?)>/g)) {
      const name = match[2]!.toLowerCase();
      if (!CLOSABLE_TAGS.has(name) || match[3] === '/') continue;
      if (match[1] === '/') {
        const at = open.lastIndexOf(name);
        if (at >= 0) open.length = at;
      } else {
        open.push(name);
      }
    }
  }
  let closing = fence === undefined ? '' : `${fence}\n`;
  if (open.length > 0)
    closing += `${open
      .reverse()
      .map((name) => `</${name}>`)
      .join('')}\n`;
  return closing;
}
