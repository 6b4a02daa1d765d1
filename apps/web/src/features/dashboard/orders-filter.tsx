import { useLocation, useNavigate } from 'react-router';
import { SegmentedControl } from '@mantine/core';
import { dashboardTexts } from '@verzendhuis/domain/orders-texts';
import { paths } from '../../app/paths';
import { tabSearch } from './dashboard-tabs';

/** Inside Bestellingen: all open orders, or only those with problems (the problematic view). */
export function OrdersFilter({
  value,
  counts,
}: {
  value: 'orders' | 'problematic';
  counts: { orders: string; problematic: string } | undefined;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const withCount = (label: string, count: string | undefined) => (count === undefined ? label : `${label} (${count})`);
  return (
    <SegmentedControl
      aria-label={dashboardTexts.ordersFilterLabel}
      value={value}
      onChange={(next) => void navigate(paths.dashboardTab(next) + tabSearch(new URLSearchParams(location.search)))}
      data={[
        { value: 'orders', label: withCount(dashboardTexts.allOrders, counts?.orders) },
        { value: 'problematic', label: withCount(dashboardTexts.problematicOrders, counts?.problematic) },
      ]}
      size="sm"
      data-testid="orders-filter"
    />
  );
}
