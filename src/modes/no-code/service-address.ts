/**
 * A link from the service made absolute. Links carry the `/api/v2` prefix and are relative to
 * the service's origin (spec "Conventions"); `self-html` links are relative paths too, so both
 * are resolved against the origin of the base URL. Anything that is not an http(s) address
 * afterwards is dropped, so it never becomes a link in a report.
 */
export function absoluteServiceUrl(link: string | null | undefined, baseUrl: string): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, new URL(baseUrl).origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A page of the service (`self-html`) as a link for a report: only on the service's own origin,
 * since a report links it as the service's page, and an answer naming another host is not one.
 */
export function servicePageUrl(link: string | null | undefined, baseUrl: string): string | null {
  const url = absoluteServiceUrl(link, baseUrl);
  return url !== null && new URL(url).origin === new URL(baseUrl).origin ? url : null;
}
