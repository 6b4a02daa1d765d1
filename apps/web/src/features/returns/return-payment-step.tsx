import { useCallback, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@verzendhuis/contract/client';
import type { ReturnPaymentState } from '@verzendhuis/contract/returns';
import { formatEuroCents, returnPortalTexts as texts } from '@verzendhuis/domain/returns';
import { useApiClient } from '../../app/api/use-api-client';
import { ReturnDoneStep } from './return-portal-steps';

const failedStatuses = new Set(['failed', 'canceled', 'expired']);
/** While the payment is open or paid without a label yet, the page reads it back every few seconds. */
const pollMs = 2000;

/** Sends the browser to the provider's checkout (a full page load: the provider's own page); an object so tests can watch it. */
export const checkoutNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/**
 * /retour/:slug/betaling/:id: where the provider sends the consumer back. Reads the
 * payment back (the server makes the label once it is paid), waits while it is open,
 * offers a new payment when it failed, and shows the label as the portal's done step.
 */
export function ReturnPaymentStep({ slug, returnId }: { slug: string; returnId: string }) {
  const client = useApiClient();
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const state = useQuery({
    queryKey: ['return-payment', slug, returnId],
    queryFn: async () => (await client.returnPortal.paymentState(slug, returnId)).data,
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data as ReturnPaymentState | undefined;
      return data && (failedStatuses.has(data.status) || data.label) ? false : pollMs;
    },
  });
  const loadPdf = useCallback(() => client.returnPortal.paidLabelPdf(slug, returnId), [client, slug, returnId]);

  async function retry() {
    setRetrying(true);
    setRetryError(null);
    try {
      checkoutNavigation.go((await client.returnPortal.retryPayment(slug, returnId)).data.checkout_url);
    } catch (error) {
      setRetryError(error instanceof ApiError ? error.body.message : texts.unexpected);
      setRetrying(false);
    }
  }

  if (state.isPending) return <Loader aria-label={texts.paymentWaitingTitle} />;
  if (state.isError) {
    // The server's Dutch message (an unknown return, a label the carrier refused after payment), else the general one.
    return <Alert color="red">{state.error instanceof ApiError ? state.error.body.message : texts.unexpected}</Alert>;
  }
  const data = state.data;
  if (data.label) return <ReturnDoneStep created={data.label} loadPdf={loadPdf} />;
  if (failedStatuses.has(data.status)) {
    return (
      <Stack data-testid="return-payment-failed">
        <Title order={2} size="h3">
          {texts.paymentFailedTitle}
        </Title>
        <Text role="status">{texts.paymentFailedReasons[data.status] ?? texts.paymentFailedReasons.failed}</Text>
        <Text size="sm">{texts.paymentRetryHint}</Text>
        <Text fw={600}>{texts.consumerPrice(formatEuroCents(data.amount_cents))}</Text>
        {retryError ? <Alert color="red">{retryError}</Alert> : null}
        <Group>
          <Button onClick={() => void retry()} loading={retrying}>
            {texts.paymentRetry}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack data-testid="return-payment-waiting">
      <Title order={2} size="h3">
        {data.status === 'paid' ? texts.labelBeingMade : texts.paymentWaitingTitle}
      </Title>
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <Text size="sm" role="status">
          {texts.paymentWaitingHint}
        </Text>
      </Group>
      <Group>
        {data.checkout_url ? (
          <Button component="a" href={data.checkout_url}>
            {texts.pay}
          </Button>
        ) : null}
        <Button variant="default" onClick={() => void state.refetch()} loading={state.isFetching}>
          {texts.paymentCheckAgain}
        </Button>
      </Group>
    </Stack>
  );
}
