import type { RequestContext } from './context.ts';

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

export interface Page<T> {
  items: T[];
  meta: { pagination: Record<string, number | null> };
  links: Record<string, string | null>;
}

/** One page of a list: `page[number]` and `page[size]` (default 20, at most 100), with
 *  `meta.pagination` and absolute `links` whose query keys are percent-encoded, as the
 *  service writes them. Bracket keys arrive decoded by URLSearchParams whichever way the
 *  client sent them; the raw form is kept in the request log. */
export function paginate<T>(ctx: RequestContext, items: T[]): Page<T> {
  const size = Math.min(MAX_PAGE_SIZE, positiveInteger(ctx.query.get('page[size]')) ?? DEFAULT_PAGE_SIZE);
  const number = positiveInteger(ctx.query.get('page[number]')) ?? 1;
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const link = (page: number): string => pageUrl(ctx, page, size);
  return {
    items: items.slice((number - 1) * size, number * size),
    meta: {
      pagination: {
        'current-page': number,
        'page-size': size,
        'prev-page': number > 1 ? Math.min(number - 1, totalPages) : null,
        'next-page': number < totalPages ? number + 1 : null,
        'total-pages': totalPages,
        'total-count': items.length,
      },
    },
    links: {
      self: link(number),
      first: link(1),
      prev: number > 1 ? link(Math.min(number - 1, totalPages)) : null,
      next: number < totalPages ? link(number + 1) : null,
      last: link(totalPages),
    },
  };
}

function positiveInteger(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

function pageUrl(ctx: RequestContext, page: number, size: number): string {
  const pairs: Array<[string, string]> = [
    ['page[number]', String(page)],
    ['page[size]', String(size)],
  ];
  for (const [key, value] of ctx.query) if (!key.startsWith('page[')) pairs.push([key, value]);
  const query = pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  return `${ctx.service.apiOrigin}${ctx.path}?${query}`;
}
