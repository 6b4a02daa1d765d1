import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';

/**
 * The problems that no input shows: messages without a field (shipping rules,
 * for example missing_shipment_logic_rule_value with the server's text).
 */
export function OrderProblemsAlert({ messages }: { messages: readonly { message: string; status: string }[] }) {
  if (messages.length === 0) return null;
  const worst = messages.some((m) => m.status === 'error') ? 'red' : 'yellow';
  return (
    <Alert color={worst} icon={<IconAlertTriangle size={20} />} title={texts.problemsTitle} data-testid="order-problems">
      <List size="sm" spacing={2}>
        {messages.map((m, index) => (
          <List.Item key={index}>{m.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
