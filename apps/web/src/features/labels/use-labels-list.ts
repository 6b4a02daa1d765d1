import type { ApiClient } from '@verzendhuis/contract/client';
import { labelSortKeys, type LabelStatus } from '@verzendhuis/contract/label';
import { useApiClient } from '../../app/api/use-api-client';
import type { ListParams } from '../../ui/data-table/list-params';
import { useRefreshingList } from '../../ui/data-table/use-refreshing-list';
import { queryKeys } from '../../app/query-keys';

type LabelListResponse = Awaited<ReturnType<ApiClient['labels']['list']>>;

/** The scope of markOwnChange() for everything that lists labels. */
export const labelsScope = 'labels';

/** Orders spec §2.3: the labels tab sorts by creation, newest first. */
export const defaultLabelSort = '-created_at';

/**
 * The list's sort as label/pdf takes it, so that printed labels come out in the order
 * shown. A sort the server does not know (typed into the URL; the list falls back on
 * its default) gives none: the labels keep the order they are shown in.
 */
export function pdfSortOf(sort: string): string | undefined {
  return (labelSortKeys as readonly string[]).includes(sort.replace(/^-/, '')) ? sort : undefined;
}

/** What a label tab asks GET /api/label/ for, besides page, sort and search. */
export interface LabelTabFilter {
  /** One or more statuses (sent as a comma list); none means every status. */
  status?: readonly LabelStatus[];
  isReturned?: boolean;
}

/** GET /api/label/ for one label tab, refreshed in the background like the order tabs. */
export function useLabelsList(filter: LabelTabFilter, params: ListParams) {
  const client = useApiClient();
  const status = filter.status?.join(',') ?? '';
  const query = {
    status,
    is_returned: filter.isReturned === undefined ? '' : String(filter.isReturned),
    page: params.page,
    page_size: params.pageSize,
    sort: params.sort,
    search: params.search,
  };
  return useRefreshingList<LabelListResponse>({
    queryKey: queryKeys.labelList(query),
    queryFn: () =>
      client.labels.list({
        page: params.page,
        page_size: params.pageSize,
        sort: params.sort,
        search: params.search || undefined,
        status: status || undefined,
        is_returned: filter.isReturned,
      }),
    scope: labelsScope,
  });
}
