// Words, the same in every layer: a message of the service client and a line of a report count
// things alike.

/** A sentence or label with its first letter upper case. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `path` or `paths`: the noun for a count, plural unless the count is 1. */
export function nounFor(count: number, noun: string, nouns = `${noun}s`): string {
  return count === 1 ? noun : nouns;
}

/** `1 path`, `3 paths`: the count and its noun, plural unless the count is 1. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${nounFor(count, noun, nouns)}`;
}
