/**
 * Text as a RegExp that matches exactly it: RegExp.escape arrives only with Node.js 24, and the
 * bundle runs on 20 as well.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
