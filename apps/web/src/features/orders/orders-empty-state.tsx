import { Link } from 'react-router';
import { Alert, Anchor, Center, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconPlugConnected } from '@tabler/icons-react';
import type { OrderTab } from '@verzendhuis/contract/order';
import { dataTableTexts, ordersTableTexts as texts } from '@verzendhuis/domain/orders-texts';
import { paths } from '../../app/paths';
import { useShops } from './use-shops';

/** Orders spec §2.4: no active shop asks to connect one; otherwise all orders are processed. */
export function OrdersEmptyState({ tab, searching }: { tab: OrderTab; searching: boolean }) {
  const shops = useShops();
  if (searching) return <Message text={dataTableTexts.noResults} />;
  if (tab === 'other') return <Message text={texts.noOtherOrders} />;
  if (tab === 'problematic') return <Message text={texts.noProblems} success />;
  if (shops.data && !shops.data.some((shop) => shop.is_active)) {
    return (
      <Alert color="blue" icon={<IconPlugConnected size={20} />} title={texts.noShopsTitle} data-testid="orders-no-shops">
        <Text size="sm">
          {texts.noShops}{' '}
          <Anchor component={Link} to={paths.shopServices} size="sm" fw={600}>
            {texts.noShopsLink}
          </Anchor>
        </Text>
      </Alert>
    );
  }
  return <Message text={texts.allProcessed} success />;
}

function Message({ text, success = false }: { text: string; success?: boolean }) {
  return (
    <Center py="xl" data-testid="orders-empty">
      <Stack align="center" gap="xs">
        {success ? <IconCircleCheck size={36} color="var(--mantine-color-green-6)" aria-hidden /> : null}
        {/* Green 8 and 9 text are 3.5 and 4.4:1 on white (WCAG 2.1 AA asks 4.5): the check mark is green, the text dark. */}
        <Text c={success ? undefined : 'dimmed'} fw={success ? 600 : 400}>
          {text}
        </Text>
      </Stack>
    </Center>
  );
}
