import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { formatInvoiceDate, formatInvoicePeriod, invoiceTexts as texts } from '@verzendhuis/domain/invoices-texts';
import { invoiceItemTypeText } from '@verzendhuis/domain/label-screens-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { paths } from '../../app/paths';
import { euros } from '../../features/invoices/amounts';
import { InvoiceStatusBadge } from '../../features/invoices/invoice-status-badge';
import { PayInvoiceButton } from '../../features/payments/pay-invoice-button';
import { invoicePageSize, useInvoice, useInvoiceLabels } from '../../features/invoices/use-invoices';
import { saveFile } from '../../features/labels/save-file';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { SimpleTable } from '../../ui/simple-table';

type Kind = 'pdf' | 'csv' | 'xlsx';

function Downloads({ id, number }: { id: string; number: string }) {
  const client = useApiClient();
  const [busy, setBusy] = useState<Kind | null>(null);
  const [failed, setFailed] = useState(false);
  const download = async (kind: Kind) => {
    setBusy(kind);
    setFailed(false);
    try {
      saveFile(await client.invoices.download(id, kind), `${number}.${kind}`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  const labels: Record<Kind, string> = { pdf: texts.downloadPdf, csv: texts.downloadCsv, xlsx: texts.downloadXlsx };
  return (
    <Stack gap="xs">
      <Group gap="xs" role="group" aria-label={texts.downloads}>
        {(['pdf', 'csv', 'xlsx'] as const).map((kind) => (
          <Button key={kind} variant={kind === 'pdf' ? 'filled' : 'default'} loading={busy === kind} onClick={() => void download(kind)} data-testid={`invoice-download-${kind}`}>
            {labels[kind]}
          </Button>
        ))}
      </Group>
      {failed ? (
        <Alert color="red" role="alert">
          {texts.downloadFailed}
        </Alert>
      ) : null}
    </Stack>
  );
}

function LabelLines({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const lines = useInvoiceLabels(id, page);
  const pages = Math.max(1, Math.ceil((lines.data?.meta.total ?? 0) / invoicePageSize));
  if (lines.isPending) return <Loader aria-label={texts.linesTitle} />;
  if (lines.isError) return <Text>{texts.loadFailed}</Text>;
  if (lines.data.data.length === 0) return <Text>{texts.noLines}</Text>;
  return (
    <>
      <SimpleTable label={texts.linesTitle} testId="invoice-lines" minWidth={640} columns={[{ label: texts.label }, { label: texts.description }, { label: texts.amount, align: 'right' }]}>
        {lines.data.data.map((line) => (
          <Table.Tr key={line.label?.id ?? 'other'} data-testid="invoice-line">
            <Table.Td valign="top">
              {line.label ? (
                <Stack gap={0}>
                  <Anchor component={Link} to={paths.label(line.label.id)}>
                    {line.label.tracking_number ?? line.label.id}
                  </Anchor>
                  {line.label.order_number ? (
                    <Text size="sm" c="gray.7">
                      {texts.reference} {line.label.order_number}
                    </Text>
                  ) : null}
                </Stack>
              ) : (
                texts.otherLines
              )}
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                {line.items.flatMap((item) =>
                  item.parts.map((part, index) => (
                    <Group key={`${item.id}-${index}`} justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="sm">
                        {invoiceItemTypeText(item.type)}: {part.description}
                      </Text>
                      <Text size="sm">{euros(part.unit_price)}</Text>
                    </Group>
                  )),
                )}
              </Stack>
            </Table.Td>
            <Table.Td ta="right" valign="top" fw={600} data-testid="invoice-line-total">
              {euros(line.total)}
            </Table.Td>
          </Table.Tr>
        ))}
      </SimpleTable>
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label={texts.linesTitle} /> : null}
    </>
  );
}

/** /settings/invoices/:invoiceId: the header, VAT lines, the lines per label and the downloads (docs/billing.md). */
export function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const invoice = useInvoice(invoiceId);

  if (invoice.isPending) return <Loader aria-label={texts.invoice} />;
  if (invoice.isError) {
    return (
      <Stack gap="md">
        <Title order={1}>{texts.invoice}</Title>
        <Text>{texts.notFound}</Text>
        <Anchor component={Link} to={paths.billing}>
          {texts.backToBilling}
        </Anchor>
      </Stack>
    );
  }
  const data = invoice.data;
  const header: [string, string][] = [
    [texts.date, formatInvoiceDate(data.invoice_date)],
    [texts.period, formatInvoicePeriod(data.period.start, data.period.end)],
    [texts.dueDate, formatInvoiceDate(data.due_date)],
  ];
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.billing} size="sm">
        {texts.backToBilling}
      </Anchor>
      <SettingsPageHeader
        title={`${texts.invoice} ${data.number}`}
        intro={texts.invoiceIntro}
        actions={
          <Group gap="sm">
            <InvoiceStatusBadge invoice={data} />
            {data.status === 'open' ? <PayInvoiceButton invoiceId={data.id} onPaid={() => void invoice.refetch()} /> : null}
          </Group>
        }
      />
      <Stack gap={4} data-testid="invoice-header">
        {header.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} w={120} style={{ flexShrink: 0 }}>
              {label}
            </Text>
            <Text>{value}</Text>
          </Group>
        ))}
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} w={120} style={{ flexShrink: 0 }}>
            {texts.billedTo}
          </Text>
          <Text>{data.billed_to.name}</Text>
        </Group>
      </Stack>
      <SimpleTable label={texts.invoice} testId="invoice-totals" minWidth={320} columns={[{ label: texts.description }, { label: texts.amount, align: 'right' }]}>
        <Table.Tr>
          <Table.Td>{texts.subtotal}</Table.Td>
          <Table.Td ta="right">{euros(data.subtotal)}</Table.Td>
        </Table.Tr>
        {data.vat_lines.map((line) => (
          <Table.Tr key={line.rate}>
            <Table.Td>
              {texts.vat(line.rate)} ({texts.vatBase.toLowerCase()} {euros(line.base)})
            </Table.Td>
            <Table.Td ta="right">{euros(line.vat)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={700}>{texts.totalInclVat}</Table.Td>
          <Table.Td ta="right" fw={700} data-testid="invoice-grand-total">
            {euros(data.total)}
          </Table.Td>
        </Table.Tr>
      </SimpleTable>
      <Title order={2} size="h4">
        {texts.downloads}
      </Title>
      <Downloads id={data.id} number={data.number} />
      <Title order={2} size="h4">
        {texts.linesTitle}
      </Title>
      <LabelLines id={data.id} />
    </Stack>
  );
}
