// Renders a job summary (Markdown with the HTML GitHub accepts: tables, details, code) as plain
// text for a terminal: the command line prints it so (unless --summary-file asks for the
// Markdown), and the demo shows with it what GitHub would show on the run's page.

import stringWidth from 'string-width';
import { escapeControls } from './neutralise.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** What a summary's text may hold of the control characters: its lines and the tabs of its code. */
const TEXT_LAYOUT = { lineBreaks: true, tabs: true } as const;

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    // A character an entity names is text like any other: a control one is shown escaped.
    const character = (code: number): string => escapeControls(String.fromCodePoint(code), TEXT_LAYOUT);
    if (name.startsWith('#x')) return character(parseInt(name.slice(2), 16));
    if (name.startsWith('#') && name !== '#39') return character(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function inline(html: string, style: Style): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<(strong|b)>([\s\S]*?)<\/\1>/gi, (_, _t, inner: string) => style.bold(inner))
      .replace(/<code>([\s\S]*?)<\/code>/gi, (_, inner: string) => style.code(inner))
      .replace(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, text: string) =>
        text === href ? text : `${text} (${href})`,
      )
      .replace(/<[^>]+>/g, '')
      .replace(/\*\*([^*]+)\*\*/g, (_, inner: string) => style.bold(inner))
      .replace(/`([^`\n]+)`/g, (_, inner: string) => style.code(inner))
      .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1'),
  );
}

interface Style {
  bold: (text: string) => string;
  code: (text: string) => string;
  dim: (text: string) => string;
  added: (text: string) => string;
  removed: (text: string) => string;
}

const PLAIN: Style = { bold: (t) => t, code: (t) => t, dim: (t) => t, added: (t) => t, removed: (t) => t };
const ANSI: Style = {
  bold: (t) => `\x1b[1m${t}\x1b[22m`,
  code: (t) => `\x1b[36m${t}\x1b[39m`,
  dim: (t) => `\x1b[2m${t}\x1b[22m`,
  added: (t) => `\x1b[32m${t}\x1b[39m`,
  removed: (t) => `\x1b[31m${t}\x1b[39m`,
};

// eslint-disable-next-line no-control-regex
const COLOURS = /\x1b\[[0-9;]*m/g;

const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `text` padded or cut to `width` terminal columns. Width is counted as a terminal shows it (an
 * emoji such as `✅` or `⚠️` takes two), so the border after a cell stands where the others do;
 * a cut keeps whole characters (never half an emoji) and ends with `…`, without its colours.
 */
function cut(text: string, width: number): string {
  const shown = stringWidth(text);
  if (shown <= width) return text + ' '.repeat(width - shown);
  let kept = '';
  for (const { segment } of GRAPHEMES.segment(text.replace(COLOURS, ''))) {
    if (stringWidth(kept + segment) > width - 1) break;
    kept += segment;
  }
  return `${kept}…${' '.repeat(Math.max(0, width - 1 - stringWidth(kept)))}`;
}

/**
 * A cell's lines: where GitHub breaks the line (`<br>`), the terminal does too, so that two
 * things a cell holds (a name and its id, a message's title and its text) do not run together
 * as one; other white space is one space, as in HTML. Blank lines are left out.
 */
function cellLines(html: string, style: Style): string[] {
  return html
    .split(/<br\s*\/?>/i)
    .map((part) => inline(part, style).replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

function renderTable(html: string, style: Style, width: number | undefined): string {
  const rows = [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/gi)].map((row) =>
    [...row[1]!.matchAll(/<t([hd])[^>]*>([\s\S]*?)<\/t\1>/gi)].map((cell) => ({
      header: cell[1] === 'h',
      lines: cellLines(cell[2]!, style),
    })),
  );
  if (rows.length === 0) return '';
  const columns = Math.max(...rows.map((r) => r.length));
  const natural = Array.from({ length: columns }, (_, i) =>
    Math.max(1, ...rows.flatMap((r) => (r[i]?.lines ?? []).map((line) => stringWidth(line)))),
  );
  // Each column takes ` text ` and a border: the table is as wide as its cells plus 3 a column and 1.
  const widths = width === undefined ? natural : fitColumns(natural, width - (3 * columns + 1));
  const line = (left: string, mid: string, right: string): string =>
    style.dim(left + widths.map((w) => '─'.repeat(w + 2)).join(mid) + right);
  const out = [line('┌', '┬', '┐')];
  rows.forEach((row, index) => {
    const height = Math.max(1, ...row.map((cell) => cell.lines.length));
    for (let l = 0; l < height; l++) {
      const cells = widths.map((w, i) => {
        const cell = row[i];
        const text = cut(cell?.lines[l] ?? '', w);
        return ` ${cell?.header ? style.bold(text) : text} `;
      });
      out.push(style.dim('│') + cells.join(style.dim('│')) + style.dim('│'));
    }
    if (index === 0 && row.every((c) => c.header)) out.push(line('├', '┼', '┤'));
  });
  out.push(line('└', '┴', '┘'));
  return out.join('\n');
}

/** Narrowest a column is cut to, however little room the terminal has: a word stays readable. */
const MIN_COLUMN = 8;

/**
 * Column widths within `room` characters of cells: the widest columns are cut first, each to the
 * same limit, so that short columns keep all they hold; none below MIN_COLUMN (or its own width).
 */
function fitColumns(natural: readonly number[], room: number): number[] {
  if (natural.reduce((a, b) => a + b, 0) <= room) return [...natural];
  const floor = (w: number): number => Math.min(w, MIN_COLUMN);
  // The largest limit at which the cut columns fit.
  let limit = Math.max(...natural);
  while (limit > MIN_COLUMN && natural.reduce((sum, w) => sum + Math.max(floor(w), Math.min(w, limit)), 0) > room)
    limit--;
  return natural.map((w) => Math.max(floor(w), Math.min(w, limit)));
}

/**
 * How wide the terminal is, for the tables of the summary: `COLUMNS` when set, else the width of
 * stdout when it is a terminal; undefined (nothing cut) when the text goes to a file or a pipe,
 * a CI system's log among them, where any line may be long.
 */
export function terminalWidth(
  env: Readonly<Record<string, string | undefined>>,
  stdout: { isTTY?: boolean; columns?: number },
): number | undefined {
  const columns = Number(env.COLUMNS);
  if (env.COLUMNS !== undefined && Number.isInteger(columns) && columns > 0) return columns;
  return stdout.isTTY === true && stdout.columns !== undefined && stdout.columns > 0 ? stdout.columns : undefined;
}

/**
 * `width`: the terminal's (terminalWidth); tables are fitted to it. Undefined: nothing is cut.
 * Every control character of the Markdown (text of the service's, a log's, a file's among it)
 * is shown escaped before the colours are added, so that the only escape sequences in what this
 * returns are its own colours.
 */
export function renderSummaryForTerminal(markdown: string, options: { color?: boolean; width?: number } = {}): string {
  const style = options.color ? ANSI : PLAIN;
  const blocks: string[] = [];
  let text = escapeControls(markdown, TEXT_LAYOUT)
    .replace(/<table>[\s\S]*?<\/table>/gi, (table) => {
      blocks.push(renderTable(table, style, options.width));
      return `\n\u0000${blocks.length - 1}\u0000\n`;
    })
    .replace(
      /<details[^>]*>\s*<summary>([\s\S]*?)<\/summary>/gi,
      (_, summary: string) => `\n▸ ${inline(summary, style)}\n`,
    )
    .replace(/<\/details>/gi, '\n');
  const lines: string[] = [];
  // The open fence and its language; a fence closes only with its own marker, at least as long.
  let fence: { marker: string; language: string } | undefined;
  for (const raw of text.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})\s*([\w+.-]*)\s*$/.exec(raw);
    if (fence === undefined && marker) {
      fence = { marker: marker[1]!, language: marker[2] ?? '' };
      continue;
    }
    if (
      fence !== undefined &&
      marker &&
      marker[2] === '' &&
      marker[1]![0] === fence.marker[0] &&
      marker[1]!.length >= fence.marker.length
    ) {
      fence = undefined;
      continue;
    }
    if (fence !== undefined) {
      const paint =
        fence.language !== 'diff'
          ? style.dim
          : raw.startsWith('+')
            ? style.added
            : raw.startsWith('-')
              ? style.removed
              : style.dim;
      lines.push(`    ${paint(raw)}`);
      continue;
    }
    // eslint-disable-next-line no-control-regex -- NUL marks where a rendered block goes back
    const block = /^\u0000(\d+)\u0000$/.exec(raw);
    if (block) {
      lines.push(blocks[Number(block[1])]!);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(raw);
    if (heading) {
      const title = inline(heading[2]!, PLAIN);
      lines.push('', style.bold(heading[1]!.length <= 2 ? title.toUpperCase() : title));
      continue;
    }
    if (/^\s*> ?\[!(NOTE|WARNING|IMPORTANT|TIP|CAUTION)\]/i.test(raw)) {
      lines.push(style.bold(raw.replace(/^\s*> ?\[!(\w+)\]/i, (_, kind: string) => `${kind.toUpperCase()}:`)));
      continue;
    }
    lines.push(inline(raw.replace(/^\s*> ?/, '  '), style));
  }
  text = lines.join('\n').replace(/\n{3,}/g, '\n\n');
  return text.trim() + '\n';
}
