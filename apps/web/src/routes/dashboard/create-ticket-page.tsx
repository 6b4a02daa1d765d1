import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ApiError } from '@verzendhuis/contract/client';
import { ticketTexts as texts } from '@verzendhuis/domain/tickets';
import { paths } from '../../app/paths';
import { investigationPaths } from '../../features/labels/label-action-rules';
import { LabelDetail } from '../../features/labels/label-detail';
import { TrackingHistory } from '../../features/labels/tracking-history';
import { useLabel } from '../../features/labels/use-label';
import { useCouriers } from '../../features/orders/use-couriers';
import { TicketForm } from '../../features/tickets/ticket-form';
import { FullPageMessage } from '../../ui/full-page-message';
import { LoadingScreen } from '../../ui/loading-screen';

type Stage = 'overview' | 'details';

/**
 * /dashboard/labels/:labelId/create-ticket?stage=overview|details (account spec §2, §4):
 * the overview (tracking history, receiver, shipment, order; Annuleren / Doorgaan), then
 * the form (Terug / Onderzoek aanvragen). Terug is offered only when the label has both
 * the consignee's e-mail and phone; otherwise the form's left button is Annuleren.
 * A request that succeeds goes to the ticket list; a label that has an investigation
 * already goes to it.
 */
export function CreateTicketPage() {
  const { labelId } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const label = useLabel(labelId);
  const couriers = useCouriers();
  const stage: Stage = searchParams.get('stage') === 'details' ? 'details' : 'overview';
  const toStage = (next: Stage) => setSearchParams({ stage: next });
  const cancel = () => void navigate(labelId ? paths.label(labelId) : paths.labels);
  // Set once this page made the investigation: the label, refetched with its new ticket,
  // must not send the user to that ticket instead of the list (account spec §4).
  const [created, setCreated] = useState(false);

  if (label.isPending) return <LoadingScreen inline />;
  if (label.isError) {
    const missing = label.error instanceof ApiError && (label.error.status === 404 || label.error.status === 400);
    return (
      <FullPageMessage
        inline
        title={texts.createTitle}
        message={missing ? texts.labelNotFound : undefined}
        actions={
          <Button component={Link} to={paths.labels} variant="default">
            {texts.cancel}
          </Button>
        }
      />
    );
  }

  // One investigation per label: a label that has one goes to it (orders spec §2.7).
  if (created) return <LoadingScreen inline />;
  if (label.data.ticket) return <Navigate to={investigationPaths.ticket(label.data.ticket.id)} replace />;
  const canGoBack = !!label.data.email && !!label.data.phone;
  return (
    <Stack gap="md" data-testid="create-ticket-page" data-stage={stage}>
      <Stack gap={4}>
        <Title order={1}>{texts.createTitle}</Title>
        <Text size="sm" c="gray.7">
          {stage === 'overview' ? texts.overviewStep : texts.detailsStep}
          {label.data.order_number ? ` · ${label.data.order_number}` : ''}
        </Text>
      </Stack>
      <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="create-ticket-header">
        {texts.createHeader}
      </Alert>
      {stage === 'overview' ? (
        <>
          <TrackingHistory labelId={label.data.id} />
          <LabelDetail label={label.data} couriers={couriers.data ?? []} />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              {texts.cancel}
            </Button>
            <Button onClick={() => toStage('details')} data-testid="ticket-next">
              {texts.next}
            </Button>
          </Group>
        </>
      ) : (
        <TicketForm label={label.data} onBack={canGoBack ? () => toStage('overview') : null} onCancel={cancel} onCreated={() => {
            setCreated(true);
            void navigate(paths.tickets);
          }} />
      )}
    </Stack>
  );
}
