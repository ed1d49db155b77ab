// The error objects of an error answer, as far as the service fills them in.

import { isObject } from '../json-object.ts';
import type { ApiErrorItem } from './errors.ts';

/** JSON:API error objects of an error answer (spec section 7; their fields are "not shown"). */
export function errorItems(json: unknown): ApiErrorItem[] {
  if (!isObject(json) || !Array.isArray(json.errors)) return [];
  const items: ApiErrorItem[] = [];
  for (const e of json.errors as unknown[]) {
    if (typeof e === 'string') {
      items.push({ detail: e });
      continue;
    }
    if (!isObject(e)) continue;
    const item: ApiErrorItem = {};
    if (typeof e.status === 'string' || typeof e.status === 'number') item.status = String(e.status);
    if (typeof e.code === 'string') item.code = e.code;
    if (typeof e.title === 'string') item.title = e.title;
    if (typeof e.detail === 'string') item.detail = e.detail;
    const source = e.source;
    if (isObject(source)) {
      item.source = {};
      if (typeof source.pointer === 'string') item.source.pointer = source.pointer;
      if (typeof source.parameter === 'string') item.source.parameter = source.parameter;
    }
    items.push(item);
  }
  return items;
}
