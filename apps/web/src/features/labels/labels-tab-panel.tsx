import { useMemo, useState } from 'react';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import type { Label } from '@verzendhuis/contract/label';
import { labelsTableTexts as texts, printControlsTexts } from '@verzendhuis/domain/labels-texts';
import { dataTableTexts } from '@verzendhuis/domain/orders-texts';
import { DataTable } from '../../ui/data-table/data-table';
import { DataTablePagination } from '../../ui/data-table/data-table-pagination';
import { DataTableSearch } from '../../ui/data-table/data-table-search';
import { NewDataBanner } from '../../ui/data-table/new-data-banner';
import { SelectionBar } from '../../ui/data-table/selection-bar';
import { nextSort } from '../../ui/data-table/list-params';
import { useListParams } from '../../ui/data-table/use-list-params';
import { useRowSelection } from '../../ui/data-table/use-row-selection';
import { LoadingScreen } from '../../ui/loading-screen';
import { useCouriers } from '../orders/use-couriers';
import { labelColumns } from './label-columns';
import { useLabelSettings } from './label-settings-store';
import { PrintControls } from './print-controls';
import { defaultLabelSort, useLabelsList, type LabelTabFilter } from './use-labels-list';
import { usePrintLabels } from './use-print-labels';

export type LabelTab = 'labels' | 'tracking' | 'delivered';

/**
 * What each label tab lists (orders spec §2.3). The server filters one status at a
 * time, so Labels (ready, printed, canceled) shows every label that is not a return
 * for now, Verzonden shows shipped, Bezorgd completed.
 */
export const labelTabFilters: Record<LabelTab, LabelTabFilter> = {
  labels: { isReturned: false },
  tracking: { status: 'shipped', isReturned: false },
  delivered: { status: 'completed' },
};

const noRows: Label[] = [];

/** One label tab: search, print settings, refresh banner, table, paging, bulk print. */
export function LabelsTabPanel({ tab }: { tab: LabelTab }) {
  const [params, setParams] = useListParams(defaultLabelSort);
  const list = useLabelsList(labelTabFilters[tab], params);
  const couriers = useCouriers();
  const settings = useLabelSettings();
  const { print, printing } = usePrintLabels();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const rows = list.data?.data ?? noRows;
  const rowIds = useMemo(() => rows.map((l) => l.id), [rows]);
  const selection = useRowSelection(rowIds, `${tab}|${params.page}|${params.pageSize}|${params.sort}|${params.search}`);
  const selected = selection.selectedIds;

  const columns = labelColumns({
    couriers: couriers.data ?? [],
    expanded,
    onToggle: (id) =>
      setExpanded((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    onDownload: (id) => void print([id]),
    downloading: printing,
  });
  const printLabel = settings.mode === 'printer' ? printControlsTexts.print : printControlsTexts.downloadPdf;

  return (
    <Stack gap="sm" data-testid={`labels-tab-${tab}`}>
      <Group justify="space-between" gap="sm">
        <DataTableSearch search={params.search} onSearch={(search) => setParams({ search })} placeholder={texts.searchPlaceholder} />
        <PrintControls />
      </Group>
      {list.hasNewData ? <NewDataBanner onShow={list.showNewData} /> : null}
      <SelectionBar count={selected.length} onClear={selection.clear}>
        <Button
          size="xs"
          leftSection={settings.mode === 'printer' ? <IconPrinter size={14} /> : <IconDownload size={14} />}
          onClick={() => void print(selected).then((done) => done && selection.clear())}
          loading={printing}
          data-testid="labels-bulk-print"
        >
          {printLabel}
        </Button>
      </SelectionBar>
      {list.isLoading ? (
        <LoadingScreen inline label={dataTableTexts.loading} />
      ) : list.error ? (
        <Alert color="red" title={dataTableTexts.loadFailed}>
          <Button size="xs" variant="light" onClick={list.retry}>
            {dataTableTexts.retry}
          </Button>
        </Alert>
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(l) => l.id}
          getRowLabel={(l) => l.order_number ?? l.shipment.tracking_number ?? l.id}
          sort={params.sort}
          onSort={(key) => setParams({ sort: nextSort(params.sort, key) })}
          selection={selection}
          busy={list.isSwitching}
          empty={
            <Center py="xl" data-testid="labels-empty">
              <Text c="dimmed">{params.search ? dataTableTexts.noResults : texts.empty[tab]}</Text>
            </Center>
          }
          testId="labels-table"
        />
      )}
      {list.data ? (
        <DataTablePagination
          page={params.page}
          pageSize={params.pageSize}
          total={list.data.meta.total}
          onPageChange={(page) => setParams({ page })}
          onPageSizeChange={(pageSize) => setParams({ pageSize })}
        />
      ) : null}
    </Stack>
  );
}
