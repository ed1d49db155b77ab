// Module versions and no-code version pins, one rule for every place that reads them: the
// `version-pin` input, a no-code module's `version-pin` as the service answers it, and the
// version a workspace's `source-module-id` names. A pin is what the service takes (spec 2.5:
// "Module version used"): `latest`, an exact version written with or without `v` (as Terraform
// writes them, `1.2.0`, `v1.2.0`, `1.2.0-rc.1`), or a version constraint in Terraform's own
// syntax (`~> 1.1`, `>= 1.2.0, < 2.0.0`), which the Terraform provider's own example uses.

/** An exact module version: `1.2.0`, `v1.2.0`, `1.2.0-rc.1`, `1.2.0+build.5`. */
const MODULE_VERSION = /^v?\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]{1,40})?(?:\+[0-9A-Za-z.-]{1,40})?$/;

/** One constraint of a list: an operator, then a version of one to three numbers. */
const CONSTRAINT = /^(?:=|!=|>=|<=|>|<|~>)?\s*v?\d{1,9}(?:\.\d{1,9}){0,2}(?:-[0-9A-Za-z.-]{1,40})?$/;

/** The longest pin taken: a constraint list of a few parts. */
const MAX_PIN_LENGTH = 200;

export function isModuleVersion(text: string): boolean {
  return MODULE_VERSION.test(text);
}

/** What is wrong with a version pin, in words that finish "must be ..."; undefined when it is one. */
export function versionPinProblem(text: string): string | undefined {
  if (text === 'latest' || isModuleVersion(text)) return undefined;
  const parts = text.split(',').map((part) => part.trim());
  if (text.length <= MAX_PIN_LENGTH && parts.every((part) => CONSTRAINT.test(part))) return undefined;
  return 'a module version (1.2.0 or v1.2.0), `latest`, or a version constraint such as ~> 1.1 or >= 1.2.0, < 2.0.0';
}

/**
 * A pin in one spelling, so that two spellings of the same pin compare equal: without the `v` of
 * an exact version, and a constraint's parts with one space after their operator and after each
 * comma. The service may keep `v1.2.0` as sent or as `1.2.0`; a sync sends nothing either way.
 */
export function normalVersionPin(text: string): string {
  if (isModuleVersion(text)) return text.replace(/^v/, '');
  if (versionPinProblem(text) !== undefined) return text;
  return text
    .split(',')
    .map((part) =>
      part.trim().replace(/^(=|!=|>=|<=|>|<|~>)?\s*v?/, (_, op: string | undefined) => (op ? `${op} ` : '')),
    )
    .join(', ');
}
