import { Alert, Stack } from '@mantine/core';
import type { Label } from '@verzendhuis/contract/label';
import { labelScreenTexts as texts } from '@verzendhuis/domain/label-screens-texts';

const colorOf = { error: 'red', warning: 'yellow', info: 'blue', success: 'green' } as const;

/**
 * Orders spec §2.7: the label's status messages (status_info). The retry button for a
 * warning of type order_update_failed needs POST order/retry-update, which the API
 * does not have yet; until then the message shows without it.
 */
export function LabelStatusMessages({ messages }: { messages: Label['status_info'] }) {
  if (messages.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="label-status-messages" aria-label={texts.statusMessages}>
      {messages.map((m, index) => (
        <Alert key={`${m.type}-${index}`} color={colorOf[m.status]} variant="light" data-testid="label-status-message">
          {m.message}
        </Alert>
      ))}
    </Stack>
  );
}
