/** Whether a parsed JSON, YAML or HCL value is an object (a map of names to values): not null, not a list. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value of a JSON text, or undefined when it is empty or not JSON: for answers read as they come. */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The object a JSON text holds; undefined when the text is not JSON or holds anything else (a list, a string). */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const value = parseJsonOrUndefined(text);
  return isObject(value) ? value : undefined;
}
