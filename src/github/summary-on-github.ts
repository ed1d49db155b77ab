/**
 * The job summary as the check run shows it: the check run's title is its verdict, so a first
 * heading that restates it is left out of its summary. (What only makes sense on the runner, such
 * as the JUnit file's path, the mode leaves out of `ModeResult.publishedSummary`.)
 */

/**
 * The summary without its first heading when that heading says what `title` says (its words,
 * less a leading status sign such as ❌ and Markdown's marks), so that the check run's page
 * states its verdict once.
 */
export function withoutRestatedHeading(title: string, markdown: string): string {
  const match = /^\s*#{1,6}[ \t]+(.*)\n*/.exec(markdown);
  if (match === null) return markdown;
  const words = (text: string): string =>
    text
      .replace(/\\(.)/g, '$1')
      .replace(/[`*_]/g, '')
      .replace(/^[^\p{L}\p{N}]+/u, '')
      .trim();
  const heading = words(match[1] ?? '');
  return heading !== '' && words(title).startsWith(heading) ? markdown.slice(match[0].length) : markdown;
}
