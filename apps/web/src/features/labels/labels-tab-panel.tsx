import { useMemo, useState } from 'react';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconPackage, IconPrinter, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { Label } from '@verzendhuis/contract/label';
import { labelActionTexts } from '@verzendhuis/domain/label-screens-texts';
import { documentTexts, labelsTableTexts as texts, printControlsTexts } from '@verzendhuis/domain/labels-texts';
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
import { defaultLabelSort, pdfSortOf, useLabelsList, type LabelTabFilter } from './use-labels-list';
import { usePrintLabels } from './use-print-labels';
import { usePrinterMode } from '../printing/use-printer-mode';
import { printingWebTexts } from '@verzendhuis/domain/printing-web-texts';
import { useLabelActions } from './use-label-actions';
import { TrackingFilter } from './tracking-filter';
import { delayedViewTexts } from '@verzendhuis/domain/tracking-history';
import { usePackingSlips } from '../documents/use-documents';

export type LabelTab = 'labels' | 'tracking' | 'delivered' | 'return';

/** What each label tab lists (orders spec §2.3); the server takes several statuses at once. */
export const labelTabFilters: Record<LabelTab, LabelTabFilter> = {
  labels: { status: ['ready', 'printed', 'canceled'], isReturned: false },
  tracking: { status: ['shipped', 'delayed', 'error'], isReturned: false },
  delivered: { status: ['completed'] },
  return: { isReturned: true },
};

/** The delayed view (/dashboard/delayed): Verzonden, only the delayed labels. */
export const delayedViewFilter: LabelTabFilter = { status: ['delayed'], isReturned: false };

const noRows: Label[] = [];

/** How a label is named in messages about it: its order number, else its tracking number. */
const rowName = (label: Label | undefined): string | undefined => label?.order_number ?? label?.shipment.tracking_number ?? undefined;

/**
 * One label tab: search, print settings, refresh banner, table, paging, and the bulk
 * actions of §2.5; Retouren (§2.6) has its own columns and, in bulk, packing slips,
 * tracking refresh and delete. Verzonden shows all its labels or, as the delayed view
 * (`delayed`), only the delayed ones, with a switch between the two.
 */
export function LabelsTabPanel({ tab, delayed = false }: { tab: LabelTab; delayed?: boolean }) {
  const returns = tab === 'return';
  const delayedView = tab === 'tracking' && delayed;
  const [params, setParams] = useListParams(defaultLabelSort);
  const list = useLabelsList(delayedView ? delayedViewFilter : labelTabFilters[tab], params);
  const couriers = useCouriers();
  const settings = useLabelSettings();
  const { print, printing } = usePrintLabels();
  const printer = usePrinterMode();
  const actions = useLabelActions();
  const packingSlips = usePackingSlips();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const rows = list.data?.data ?? noRows;
  const rowIds = useMemo(() => rows.map((l) => l.id), [rows]);
  const selection = useRowSelection(rowIds, `${tab}|${delayedView}|${params.page}|${params.pageSize}|${params.sort}|${params.search}`);
  const selected = selection.selectedIds;

  const columns = labelColumns({
    returns,
    couriers: couriers.data ?? [],
    expanded,
    onToggle: (id) =>
      setExpanded((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    onDownload: (id) => void print([id], { mode: 'pdf' }),
    downloading: printing,
    onPrint: printer.printer ? { print: (id) => void print([id]), ready: printer.ready } : undefined,
  });
  const printLabel = settings.mode === 'printer' ? printControlsTexts.print : printControlsTexts.downloadPdf;
  // §2.5 "track labels (refresh)": on every label tab, Retouren included (return labels are followed too).
  const trackButton = (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconRefresh size={14} />}
      onClick={() => void actions.refreshTracking(selected, (id) => rowName(rows.find((l) => l.id === id)) ?? id)}
      disabled={actions.busy}
      data-testid="labels-bulk-track"
    >
      {labelActionTexts.refreshTracking}
    </Button>
  );

  return (
    <Stack gap="sm" data-testid={`labels-tab-${tab}`}>
      {tab === 'tracking' ? <TrackingFilter value={delayedView ? 'delayed' : 'tracking'} allStatuses={labelTabFilters.tracking.status ?? []} /> : null}
      <Group justify="space-between" gap="sm">
        <DataTableSearch search={params.search} onSearch={(search) => setParams({ search })} placeholder={texts.searchPlaceholder} />
        <PrintControls documents={{ labelIds: selected }} />
      </Group>
      {list.hasNewData ? <NewDataBanner onShow={list.showNewData} /> : null}
      <SelectionBar count={selected.length} onClear={selection.clear}>
        {returns ? (
          <>
            <Button
              size="xs"
              leftSection={<IconPackage size={14} />}
              onClick={() => void packingSlips.generate({ labelIds: selected })}
              loading={packingSlips.generating}
              data-testid="labels-bulk-packing-slips"
            >
              {documentTexts.downloadPackingSlips}
            </Button>
            {trackButton}
          </>
        ) : (
          <>
            <Button
              size="xs"
              leftSection={settings.mode === 'printer' ? <IconPrinter size={14} /> : <IconDownload size={14} />}
              onClick={() => void print(selected, { sort: pdfSortOf(params.sort) }).then((done) => done && selection.clear())}
              loading={printing}
              disabled={printer.blocked}
              title={printer.blocked ? printingWebTexts.printerNotReady : undefined}
              data-testid="labels-bulk-print"
            >
              {printLabel}
            </Button>
            {trackButton}
          </>
        )}
        {tab === 'delivered' || returns ? null : (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCircleCheck size={14} />}
            onClick={() => void actions.deliverMany(selected).then((done) => done && selection.clear())}
            disabled={actions.busy}
            data-testid="labels-bulk-deliver"
          >
            {labelActionTexts.markDelivered}
          </Button>
        )}
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconTrash size={14} />}
          onClick={() => void actions.deleteMany(selected).then((done) => done && selection.clear())}
          disabled={actions.busy}
          data-testid="labels-bulk-delete"
        >
          {labelActionTexts.delete}
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
          getRowLabel={(l) => rowName(l) ?? l.id}
          sort={params.sort}
          onSort={(key) => setParams({ sort: nextSort(params.sort, key) })}
          selection={selection}
          busy={list.isSwitching}
          empty={
            <Center py="xl" data-testid="labels-empty">
              <Text c="dimmed">{params.search ? dataTableTexts.noResults : delayedView ? delayedViewTexts.empty : texts.empty[tab]}</Text>
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
          totalIsLowerBound={list.data.meta.total_is_lower_bound}
          onPageChange={(page) => setParams({ page })}
          onPageSizeChange={(pageSize) => setParams({ pageSize })}
        />
      ) : null}
    </Stack>
  );
}
