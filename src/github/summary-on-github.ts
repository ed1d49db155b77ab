/**
 * The job summary as the check run and the pull request comment show it. Both carry the summary
 * the step wrote, less what only makes sense on the runner, and each says a thing once: the check
 * run's title is its verdict, so a first heading that restates it is left out of its summary.
 */

/**
 * Sentences that speak of the runner's own files: where the step wrote its JUnit report is a
 * path on a machine that is gone by the time anyone reads the pull request or the check run.
 */
const RUNNER_NOTES: readonly RegExp[] = [/^The results are written as JUnit XML to .*$/];

/** The summary without the lines that speak of the runner's files. */
export function withoutRunnerNotes(markdown: string): string {
  const lines = markdown.split('\n');
  const kept = lines.filter((line) => !RUNNER_NOTES.some((note) => note.test(line.trim())));
  return kept.length === lines.length ? markdown : kept.join('\n').replace(/\n{3,}/g, '\n\n');
}

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
