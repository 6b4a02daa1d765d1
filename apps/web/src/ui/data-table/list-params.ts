/** Orders spec §2.3 and §9: every list pages on the server, 25 rows by default. */
export const defaultPageSize = 25;
export const pageSizeOptions = [25, 50, 100] as const;

/** What a list shows: kept in the URL query so that a reload or a shared link shows the same. */
export interface ListParams {
  page: number;
  pageSize: number;
  /** A sort key; a leading minus means descending (orders spec §2.3). */
  sort: string;
  search: string;
}

export interface ListDefaults {
  sort: string;
}

function positiveInt(value: string | null, fallback: number): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 ? n : fallback;
}

export function readListParams(params: URLSearchParams, defaults: ListDefaults): ListParams {
  const pageSize = positiveInt(params.get('page_size'), defaultPageSize);
  return {
    page: positiveInt(params.get('page'), 1),
    pageSize: (pageSizeOptions as readonly number[]).includes(pageSize) ? pageSize : defaultPageSize,
    sort: params.get('sort') || defaults.sort,
    search: params.get('search') ?? '',
  };
}

/**
 * The query after a change. A new sort, search or page size starts again at page 1;
 * default values are left out so that the plain URL stays plain.
 */
export function writeListParams(
  params: URLSearchParams,
  change: Partial<ListParams>,
  defaults: ListDefaults,
): URLSearchParams {
  const current = readListParams(params, defaults);
  const next: ListParams = { ...current, ...change };
  const restart =
    (change.sort !== undefined && change.sort !== current.sort) ||
    (change.search !== undefined && change.search !== current.search) ||
    (change.pageSize !== undefined && change.pageSize !== current.pageSize);
  if (restart && change.page === undefined) next.page = 1;
  const out = new URLSearchParams(params);
  const set = (key: string, value: string, isDefault: boolean) => (isDefault ? out.delete(key) : out.set(key, value));
  set('page', String(next.page), next.page === 1);
  set('page_size', String(next.pageSize), next.pageSize === defaultPageSize);
  set('sort', next.sort, next.sort === defaults.sort);
  set('search', next.search, next.search.trim() === '');
  return out;
}

export function parseSort(sort: string): { key: string; descending: boolean } {
  return sort.startsWith('-') ? { key: sort.slice(1), descending: true } : { key: sort, descending: false };
}

/** A click on a column header: a new column sorts ascending, the same column flips. */
export function nextSort(current: string, key: string): string {
  const { key: currentKey, descending } = parseSort(current);
  if (currentKey !== key) return key;
  return descending ? key : `-${key}`;
}
