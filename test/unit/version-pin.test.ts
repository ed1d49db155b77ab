// One rule for a version pin and a module version, wherever the action reads one.
import { describe, expect, it } from 'vitest';
import { parseVersionPin } from '../../src/inputs/parsers.ts';
import { moduleVersionIn } from '../../src/service/no-code.ts';
import { normalVersionPin, versionPinProblem } from '../../src/version-pin.ts';

describe('version pins, as the service takes them', () => {
  it.each([
    '1.2.0',
    'v1.2.0',
    '1.2.0-rc.1',
    '1.2.0+build.5',
    'latest',
    '~> 1.1',
    '~>1.1.0',
    '>= 1.2.0, < 2.0.0',
    '= 1.2.0',
    '!= 1.3.0',
  ])('takes %s', (pin) => {
    expect(versionPinProblem(pin)).toBeUndefined();
    expect(parseVersionPin('version-pin', pin)).toBe(pin);
  });

  it.each(['one', '~> ', '>= 1.2.0,', '1.2.0; rm -rf /', 'v', `~> ${'1.'.repeat(120)}1`])(
    'refuses %j, saying what a pin is',
    (pin) => {
      expect(() => parseVersionPin('version-pin', pin)).toThrow(
        /^Input "version-pin" must be a module version \(1\.2\.0 or v1\.2\.0\), `latest`, or a version constraint such as ~> 1\.1/,
      );
    },
  );

  it('one spelling of each pin: v1.2.0 is 1.2.0, spaces in a constraint do not count', () => {
    expect(normalVersionPin('v1.2.0')).toBe(normalVersionPin('1.2.0'));
    expect(normalVersionPin('~>1.1')).toBe(normalVersionPin('~> 1.1'));
    expect(normalVersionPin('>=1.2.0,<2.0.0')).toBe('>= 1.2.0, < 2.0.0');
    expect(normalVersionPin('~> 1.1')).not.toBe(normalVersionPin('~> 1.2'));
  });

  it("a workspace's module version is read by the same rule, with or without v", () => {
    expect(moduleVersionIn('private/acme/bucket/aws/v1.2.0')).toBe('v1.2.0');
    expect(moduleVersionIn('private/acme/bucket/aws/1.2.0-rc.1')).toBe('1.2.0-rc.1');
    expect(moduleVersionIn('private/acme/bucket/aws/~> 1.1')).toBeNull();
  });
});
