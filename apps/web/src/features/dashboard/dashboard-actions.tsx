import { Link } from 'react-router';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconFlask, IconPlus, IconUpload } from '@tabler/icons-react';
import { dashboardTexts } from '@verzendhuis/domain/orders-texts';
import { paths } from '../../app/paths';
import { useOrganisation } from '../account/use-current-user';
import { useGenerateTestOrders } from './use-generate-test-orders';

/** Orders spec §2.3: Nieuwe zending, and a menu with Upload CSV and (trial only) Genereer test orders. */
export function DashboardActions() {
  const organisation = useOrganisation();
  const trial = organisation.plan?.capabilities.trial ?? false;
  const generate = useGenerateTestOrders();
  return (
    <Group gap="xs">
      <Button component={Link} to={paths.orderCreate} leftSection={<IconPlus size={16} />} data-testid="new-shipment">
        {dashboardTexts.newShipment}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={16} />} loading={generate.isPending} data-testid="dashboard-more">
            {dashboardTexts.moreActions}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={paths.import} leftSection={<IconUpload size={16} />}>
            {dashboardTexts.uploadCsv}
          </Menu.Item>
          {trial ? (
            <Menu.Item leftSection={<IconFlask size={16} />} onClick={() => generate.mutate()} data-testid="generate-test-orders">
              {dashboardTexts.generateTestOrders}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
