import type { ListOrder } from './api.ts';

/**
 * A list in the order a personality answers it. `items` are in creation order (the store's);
 * `createdAt` decides first, so that runs seeded with an old time sort as their time says.
 * `by-id` is stable between requests (pages stay consistent) but unrelated to creation.
 */
export function inListOrder<T extends { id: string; createdAt: string }>(items: T[], order: ListOrder): T[] {
  const oldestFirst = [...items].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  switch (order) {
    case 'creation':
      return oldestFirst;
    case 'newest-first':
      return oldestFirst.reverse();
    case 'by-id':
      return [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
