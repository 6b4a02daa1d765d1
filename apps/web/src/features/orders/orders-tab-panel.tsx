import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { OrderListItem, OrderTab } from '@verzendhuis/contract/order';
import { printControlsTexts } from '@verzendhuis/domain/labels-texts';
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
import { PrintControls } from '../labels/print-controls';
import { useCreateLabels } from '../labels/use-create-labels';
import { BulkEditDialog } from './bulk-edit-dialog';
import { orderColumns } from './order-columns';
import { OrdersBulkActions } from './orders-bulk-actions';
import { OrdersEmptyState } from './orders-empty-state';
import { useCouriers } from './use-couriers';
import { useOrderActions } from './use-order-actions';
import { defaultOrderSort, useOrdersList } from './use-orders-list';

const noRows: OrderListItem[] = [];

/** One order tab (orders, problematic, other): search, refresh banner, table, paging, bulk actions. */
export function OrdersTabPanel({ tab, filter }: { tab: OrderTab; filter?: ReactNode }) {
  const [params, setParams] = useListParams(defaultOrderSort);
  const list = useOrdersList(tab, params);
  const couriers = useCouriers();
  const actions = useOrderActions();
  const labels = useCreateLabels();
  const rows = list.data?.data ?? noRows;
  const rowIds = useMemo(() => rows.map((o) => o.id), [rows]);
  const selection = useRowSelection(rowIds, `${tab}|${params.page}|${params.pageSize}|${params.sort}|${params.search}`);
  const withActions = tab !== 'other';
  const columns = orderColumns({ couriers: couriers.data ?? [], onDelete: (id) => void actions.deleteOne(id), withActions });
  const [editing, setEditing] = useState(false);

  const selected = selection.selectedIds;
  return (
    <Stack gap="sm" data-testid={`orders-tab-${tab}`}>
      <Group justify="space-between" gap="sm">
        <DataTableSearch search={params.search} onSearch={(search) => setParams({ search })} />
        {filter}
      </Group>
      {list.hasNewData ? <NewDataBanner onShow={list.showNewData} /> : null}
      {withActions ? (
        <SelectionBar count={selected.length} onClear={selection.clear}>
          <OrdersBulkActions
            busy={actions.busy || labels.busy}
            onUpdate={() => setEditing(true)}
            onDelete={() => void actions.deleteMany(selected).then((done) => done && selection.clear())}
            onReset={() => void actions.reset(selected).then((done) => done && selection.clear())}
          />
          <PrintControls
            size="xs"
            action={{
              label: printControlsTexts.createLabels,
              onClick: () =>
                void labels
                  .create(rows.filter((o) => selected.includes(o.id)))
                  .then((done) => done && selection.clear()),
              loading: labels.busy,
              disabled: actions.busy,
              testId: 'create-labels',
            }}
            documents={{ orderIds: selected }}
          />
        </SelectionBar>
      ) : null}
      {editing && selected.length > 0 ? (
        <BulkEditDialog
          orders={rows.filter((o) => selected.includes(o.id))}
          couriers={couriers.data ?? []}
          onEdit={(values) => actions.edit(selected, values)}
          onClose={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            selection.clear();
          }}
        />
      ) : null}
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
          getRowId={(o) => o.id}
          getRowLabel={(o) => o.order_number ?? o.name ?? o.id}
          sort={params.sort}
          onSort={(key) => setParams({ sort: nextSort(params.sort, key) })}
          selection={withActions ? selection : undefined}
          busy={list.isSwitching}
          empty={<OrdersEmptyState tab={tab} searching={params.search !== ''} />}
          testId="orders-table"
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
