import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { ApiError } from '@verzendhuis/contract/client';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { labelDetailTexts as texts, printControlsTexts } from '@verzendhuis/domain/labels-texts';
import { paths } from '../../app/paths';
import { ExportPdfButton } from '../../features/documents/export-pdf-button';
import { LabelActionsMenu } from '../../features/labels/label-actions-menu';
import { LabelDetail } from '../../features/labels/label-detail';
import { LabelStatusBadge } from '../../features/labels/label-status-badge';
import { LabelStatusMessages } from '../../features/labels/label-status-messages';
import { PrintControls } from '../../features/labels/print-controls';
import { ReturnLabelButton } from '../../features/labels/return-label-button';
import { TrackingHistory } from '../../features/labels/tracking-history';
import { useLabel } from '../../features/labels/use-label';
import { labelTabOf } from '../../features/labels/label-action-rules';
import { usePrintLabels } from '../../features/labels/use-print-labels';
import { useLabelSettings } from '../../features/labels/label-settings-store';
import { useCouriers } from '../../features/orders/use-couriers';
import { FullPageMessage } from '../../ui/full-page-message';
import { LoadingScreen } from '../../ui/loading-screen';

/**
 * /dashboard/labels/:labelId: Zendingdetails (orders spec §2.7). The header has the
 * back button, the print controls (PDF of this label, documents menu), Export PDF
 * when the label is an export, Retourlabel maken and the more-actions menu; then the
 * status messages and the blocks.
 */
export function LabelPage() {
  const { labelId } = useParams();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const label = useLabel(labelId);
  const couriers = useCouriers();
  const { print, printing } = usePrintLabels();
  const settings = useLabelSettings();

  const openedFromReturns = searchParams.get('is_returned') === '1';
  const backTo = label.data ? paths.dashboardTab(labelTabOf(label.data, openedFromReturns)) : openedFromReturns ? paths.dashboardTab('return') : paths.labels;

  if (label.isPending) return <LoadingScreen inline />;
  if (label.isError) {
    const notFound = label.error instanceof ApiError && (label.error.status === 404 || label.error.status === 400);
    return (
      <FullPageMessage
        inline
        title={notFound ? texts.notFoundTitle : texts.loadFailed}
        message={notFound ? texts.notFound : undefined}
        headingTestId="label-load-failed"
        actions={
          <Group>
            {notFound ? null : <Button onClick={() => void label.refetch()}>{texts.retry}</Button>}
            <Button component={Link} to={backTo} variant="default">
              {texts.backToLabels}
            </Button>
          </Group>
        }
      />
    );
  }

  const courierClass = couriers.data?.find((c) => c.id === label.data.courier_id)?.service_class ?? null;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" align="flex-start" data-testid="label-page-header">
        <Group gap="sm">
          <Button component={Link} to={backTo} variant="subtle" leftSection={<IconArrowLeft size={16} />} data-testid="label-back">
            {texts.back}
          </Button>
          <Title order={1}>{screenTitles.label}</Title>
          <LabelStatusBadge status={label.data.status} />
        </Group>
        <Group gap="sm">
          <PrintControls
            action={{
              label: settings.mode === 'printer' ? printControlsTexts.print : printControlsTexts.downloadPdf,
              onClick: () => void print([label.data.id]),
              loading: printing,
              testId: 'label-page-print',
            }}
            documents={{ label: label.data }}
          />
          <ExportPdfButton label={label.data} />
          <ReturnLabelButton label={label.data} courierClass={courierClass} />
          <LabelActionsMenu label={label.data} variant="button" onDeleted={() => void navigate(backTo)} />
        </Group>
      </Group>
      <LabelStatusMessages labelId={label.data.id} messages={label.data.status_info} />
      <TrackingHistory labelId={label.data.id} />
      <LabelDetail label={label.data} couriers={couriers.data ?? []} />
    </Stack>
  );
}
