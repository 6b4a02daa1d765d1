import { Badge, Button, Card, Group, Loader, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { gdprSettingsBodySchema, type GdprExport, type GdprOverview } from '@verzendhuis/contract/gdpr';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { gdprTexts as texts, retentionChoices } from '@verzendhuis/domain/gdpr-texts';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { SimpleTable } from '../../ui/simple-table';
import { showSuccessToast } from '../../ui/toasts';
import { formatDate, formatDateTime } from '../labels/format';
import { saveFile } from '../labels/save-file';
import { useGdprMutations, useGdprOverview } from './use-gdpr';

const statusColor: Record<GdprExport['status'], string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red', expired: 'gray' };

function formatSize(bytes: number | null): string {
  if (bytes === null) return '–';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

/**
 * /settings/gdpr (issue 15 part 6, docs/gdpr.md): the export of all of the organisation's
 * data (started here, made in the background with its progress, downloaded as a ZIP) and
 * the retention period after which recipients are anonymised (also on demand).
 */
export function GdprSettings() {
  const overview = useGdprOverview();
  return (
    <Stack gap="lg">
      <SettingsPageHeader title={screenTitles.gdpr} intro={texts.intro} actions={null} />
      {!overview.data ? (
        <Loader size="sm" aria-label={screenTitles.gdpr} />
      ) : (
        <>
          <ExportCard overview={overview.data} />
          <RetentionCard overview={overview.data} />
        </>
      )}
    </Stack>
  );
}

function ExportCard({ overview }: { overview: GdprOverview }) {
  const { startExport, download } = useGdprMutations();
  const running = overview.exports.some((e) => e.status === 'queued' || e.status === 'running');
  const start = () => startExport.mutate(undefined, { onSuccess: () => showSuccessToast(texts.exportStarted), onError: handleUnexpectedError });
  const save = (e: GdprExport) =>
    download.mutate(e.id, { onSuccess: (blob) => saveFile(blob, `verzendhuis-export-${e.created_at.slice(0, 10)}.zip`), onError: handleUnexpectedError });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="gdpr-export-title" data-testid="gdpr-export">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id="gdpr-export-title">
            {texts.exportTitle}
          </Title>
          <Button leftSection={<IconFileZip size={16} aria-hidden />} onClick={start} loading={startExport.isPending} disabled={running} data-testid="gdpr-start-export">
            {texts.startExport}
          </Button>
        </Group>
        <Text size="sm">{texts.exportIntro}</Text>
        {overview.exports.length === 0 ? (
          <Text size="sm" c="gray.7" data-testid="gdpr-no-exports">
            {texts.noExports}
          </Text>
        ) : (
          <SimpleTable
            label={screenTitles.gdpr}
            testId="gdpr-exports"
            minWidth={560}
            columns={[{ label: texts.columns.created }, { label: texts.columns.status }, { label: texts.columns.size }, { label: texts.columns.expires }, { label: texts.columns.action }]}
          >
            {overview.exports.map((e) => (
              <Table.Tr key={e.id} data-testid={`gdpr-export-${e.id}`} data-status={e.status}>
                <Table.Td>{formatDateTime(e.created_at)}</Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Badge color={statusColor[e.status]} variant="light" w="max-content" styles={{ label: { color: 'var(--mantine-color-gray-9)' } }}>
                      {texts.status[e.status]}
                    </Badge>
                    {e.status === 'running' && e.total > 0 ? (
                      <Progress value={(100 * e.processed) / e.total} size="sm" aria-label={texts.progress(e.processed, e.total)} />
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>{formatSize(e.size_bytes)}</Table.Td>
                <Table.Td>{e.status === 'done' ? formatDate(e.expires_at) : '–'}</Table.Td>
                <Table.Td>
                  {e.status === 'done' ? (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      onClick={() => save(e)}
                      loading={download.isPending && download.variables === e.id}
                      aria-label={texts.downloadLabel(formatDateTime(e.created_at))}
                      data-testid="gdpr-download"
                    >
                      {texts.download}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
      </Stack>
    </Card>
  );
}

const off = 'off';

function RetentionCard({ overview }: { overview: GdprOverview }) {
  const { saveSettings, anonymise } = useGdprMutations();
  const form = useSchemaForm({
    schema: gdprSettingsBodySchema,
    initialValues: { retention_months: overview.retention_months === null ? off : String(overview.retention_months) },
    toInput: (v) => ({ retention_months: v.retention_months === off ? null : Number(v.retention_months) }),
  });
  const submit = form.onSubmit((body) =>
    saveSettings.mutate(body, {
      onSuccess: () => showSuccessToast(texts.saved),
      onError: (error) => {
        if (!showServerErrors(form, error)) handleUnexpectedError(error);
      },
    }),
  );
  const months = overview.retention_months;
  async function runNow() {
    if (months === null) return;
    const confirmed = await openConfirmDialog({ title: texts.anonymiseConfirmTitle, message: texts.anonymiseConfirm(months), type: 'danger', confirmLabel: texts.anonymiseConfirmButton, cancelLabel: texts.cancel });
    if (!confirmed) return;
    anonymise.mutate(undefined, { onSuccess: (answer) => showSuccessToast(texts.anonymised(answer.data.orders, answer.data.labels)), onError: handleUnexpectedError });
  }
  const choices = [{ value: off, label: texts.retentionOff }, ...retentionChoices.map((m) => ({ value: String(m), label: texts.retentionMonths(m) }))];

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="gdpr-retention-title" data-testid="gdpr-retention">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="gdpr-retention-title">
            {texts.retentionTitle}
          </Title>
          <Text size="sm">{texts.retentionIntro}</Text>
          <Select label={texts.retentionLabel} data={choices} allowDeselect={false} maw={320} {...form.getInputProps('retention_months')} data-testid="gdpr-retention-select" />
          <FormErrorAlerts errors={form.errors} shown={['retention_months']} />
          {overview.last_anonymised_at ? (
            <Text size="sm" c="gray.7" data-testid="gdpr-last-run">
              {texts.lastRun(formatDateTime(overview.last_anonymised_at), overview.last_anonymised_orders, overview.last_anonymised_labels)}
            </Text>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={saveSettings.isPending} data-testid="gdpr-retention-save">
              {texts.save}
            </Button>
            <Button variant="default" color="red" onClick={() => void runNow()} disabled={months === null} loading={anonymise.isPending} data-testid="gdpr-anonymise">
              {texts.anonymiseNow}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
