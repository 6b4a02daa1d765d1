import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Label } from '@verzendhuis/contract/label';
import { labelScreenTexts as texts } from '@verzendhuis/domain/label-screens-texts';
import { shopWriteBackTexts } from '@verzendhuis/domain/shops-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { queryKeys } from '../../app/query-keys';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';

const colorOf = { error: 'red', warning: 'yellow', info: 'blue', success: 'green' } as const;

/** The warning the write-back leaves when the shop could not be told of the label (orders spec §2.7). */
export const orderUpdateFailedType = 'order_update_failed';

/**
 * Orders spec §2.7: the label's status messages (status_info). A warning of type
 * order_update_failed gets the retry button: POST order/retry-update for this label,
 * then the label reloads (a success has cleared the warning).
 */
export function LabelStatusMessages({ labelId, messages }: { labelId: string; messages: Label['status_info'] }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  if (messages.length === 0) return null;

  const retry = async () => {
    setRetrying(true);
    try {
      const answer = await client.orders.retryUpdate([labelId]);
      const failure = answer.errors.find((e) => e.label_id === labelId);
      if (failure) showErrorToast(failure.message, shopWriteBackTexts.retryFailed);
      else showSuccessToast(shopWriteBackTexts.retried);
    } catch (error) {
      handleUnexpectedError(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.label(labelId) });
      setRetrying(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="label-status-messages" aria-label={texts.statusMessages}>
      {messages.map((m, index) => (
        <Alert key={`${m.type}-${index}`} color={colorOf[m.status]} variant="light" data-testid="label-status-message" data-type={m.type}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dark.9" style={{ flex: '1 1 16rem' }}>
              {m.message}
            </Text>
            {m.type === orderUpdateFailedType ? (
              <Button size="xs" variant="default" loading={retrying} onClick={() => void retry()} data-testid="label-retry-update">
                {shopWriteBackTexts.retry}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
