/** Whether a parsed JSON, YAML or HCL value is an object (a map of names to values): not null, not a list. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
