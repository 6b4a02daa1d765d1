import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListParams, writeListParams, type ListParams } from './list-params';

/** The list's page, page size, sort and search, read from and written to the URL query. */
export function useListParams(defaultSort: string): [ListParams, (change: Partial<ListParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(searchParams, { sort: defaultSort }), [searchParams, defaultSort]);
  const update = useCallback(
    (change: Partial<ListParams>) =>
      // Typing a search replaces the history entry; paging and sorting can be gone back.
      setSearchParams((prev) => writeListParams(prev, change, { sort: defaultSort }), {
        replace: change.search !== undefined,
      }),
    [setSearchParams, defaultSort],
  );
  return [params, update];
}
