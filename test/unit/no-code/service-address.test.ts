// The service's links as a report shows them: made absolute against base-url's origin, and a page
// (self-html) linked only where it is on the service's own origin.
import { describe, expect, it } from 'vitest';
import { absoluteServiceUrl, servicePageUrl } from '../../../src/modes/no-code/service-address.ts';

const BASE = 'https://svc.example.com/api/v2';

describe('servicePageUrl', () => {
  it('makes a relative page absolute on the service origin', () => {
    expect(servicePageUrl('/app/acme/workspaces/prod', BASE)).toBe('https://svc.example.com/app/acme/workspaces/prod');
    expect(servicePageUrl('https://svc.example.com/app/acme/workspaces/prod', BASE)).toBe(
      'https://svc.example.com/app/acme/workspaces/prod',
    );
  });

  it('links no page on another host, another scheme or none at all', () => {
    expect(servicePageUrl('https://evil.example/app/acme/workspaces/prod', BASE)).toBeNull();
    expect(servicePageUrl('//evil.example/login', BASE)).toBeNull();
    expect(servicePageUrl('http://svc.example.com/app', BASE)).toBeNull();
    expect(servicePageUrl('javascript:alert(1)', BASE)).toBeNull();
    expect(servicePageUrl(undefined, BASE)).toBeNull();
    // An API link may stay absolute on its own host (the plan-url's rule is its output shape).
    expect(absoluteServiceUrl('https://other.example/x', BASE)).toBe('https://other.example/x');
  });
});
