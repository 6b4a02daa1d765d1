import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@verzendhuis/contract/client';
import { trackingWebhookTexts as texts } from '@verzendhuis/domain/tracking-freshness';
import { useApiClient } from '../../app/api/use-api-client';

/**
 * "Trackingberichten (webhook)" in a courier's settings: makes the URL the carrier pushes its
 * tracking events to (POST courier/{id}/webhook) and shows it once; a new one replaces it.
 */
export function CourierWebhook({ courierId }: { courierId: string }) {
  const client = useApiClient();
  const create = useMutation({ mutationFn: async () => (await client.tracking.createWebhook(courierId)).data });
  const url = create.data?.url;
  return (
    <Stack gap="xs" data-testid="courier-webhook">
      <Title order={3} size="h5">
        {texts.title}
      </Title>
      <Text size="sm">{texts.intro}</Text>
      {url ? <TextInput label={texts.urlLabel} description={texts.shownOnce} value={url} readOnly onFocus={(event) => event.currentTarget.select()} data-testid="courier-webhook-url" /> : null}
      {create.isError ? (
        <Alert color="red" role="alert" data-testid="courier-webhook-error">
          {create.error instanceof ApiError ? create.error.message : texts.failed}
        </Alert>
      ) : null}
      <div>
        <Button variant="default" onClick={() => create.mutate()} loading={create.isPending} data-testid="courier-webhook-create">
          {url ? texts.recreate : texts.create}
        </Button>
      </div>
    </Stack>
  );
}
