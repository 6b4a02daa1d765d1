import { Badge, Tabs } from '@mantine/core';
import { dashboardTabTitles } from '@verzendhuis/domain/frame-texts';
import { visibleTabs } from './dashboard-tabs';

/** The tab headers; Bestellingen and Overige bestellingen show their counters. */
export function DashboardTabList({ counts }: { counts: { orders: string; other: string } | undefined }) {
  const counter = (value: string | undefined) =>
    value === undefined ? null : (
      <Badge size="sm" variant="light" color="gray" data-testid="tab-count">
        {value}
      </Badge>
    );
  return (
    <Tabs.List>
      {visibleTabs.map((tab) => (
        <Tabs.Tab
          key={tab}
          value={tab}
          rightSection={tab === 'orders' ? counter(counts?.orders) : tab === 'other' ? counter(counts?.other) : null}
          data-testid={`tab-${tab}`}
        >
          {dashboardTabTitles[tab]}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
}
