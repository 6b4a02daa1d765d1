import { Badge, Group, List, Tooltip, VisuallyHidden } from '@mantine/core';
import type { OrderListItem } from '@verzendhuis/contract/order';
import { orderStatusDisplay, type StatusTone } from '@verzendhuis/domain/order';
import { ordersTableTexts as texts } from '@verzendhuis/domain/orders-texts';

export const colorByTone: Record<StatusTone, string> = { error: 'red', success: 'green', warning: 'yellow', neutral: 'gray' };

/** The order's status coloured as spec §4 says, its messages in a tooltip, and how many there are. */
export function OrderStatusBadge({ order }: { order: Pick<OrderListItem, 'status' | 'error_status' | 'status_info'> }) {
  const display = orderStatusDisplay({ status: order.status, errorStatus: order.error_status });
  const count = order.status_info.length;
  const tooltip =
    count === 0 ? (
      texts.noStatusInfo
    ) : (
      <List size="xs" spacing={2} c="inherit">
        {order.status_info.map((info, index) => (
          <List.Item key={`${info.field ?? ''}-${index}`}>{info.message}</List.Item>
        ))}
      </List>
    );
  return (
    <Tooltip label={tooltip} multiline maw={360} withArrow openDelay={150}>
      <Group gap={4} wrap="nowrap" w="fit-content" data-testid="order-status" tabIndex={0}>
        <Badge color={colorByTone[display.tone]} variant="light">
          {display.label}
        </Badge>
        {count > 0 ? (
          <>
            <Badge color={colorByTone[display.tone]} variant="outline" circle size="sm" aria-hidden data-testid="status-info-count">
              {count}
            </Badge>
            <VisuallyHidden>{texts.statusInfoCount(count)}</VisuallyHidden>
          </>
        ) : null}
      </Group>
    </Tooltip>
  );
}
