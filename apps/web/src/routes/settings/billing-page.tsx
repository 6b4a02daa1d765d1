import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatInvoiceDate, formatInvoicePeriod, invoiceTexts as texts } from '@verzendhuis/domain/invoices-texts';
import { paths } from '../../app/paths';
import { euros } from '../../features/invoices/amounts';
import { InvoiceStatusBadge } from '../../features/invoices/invoice-status-badge';
import { invoicePageSize, useInvoiceList } from '../../features/invoices/use-invoices';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { PagedList } from '../../ui/paged-list';
import { SimpleTable } from '../../ui/simple-table';
import { screenTitles } from '@verzendhuis/domain/frame-texts';

/** /settings/billing: the open amount, the invoices with a link to each, and where the mandate is managed (docs/billing.md). */
export function BillingPage() {
  const [page, setPage] = useState(1);
  const list = useInvoiceList(page);

  return (
    <Stack gap="md">
      <SettingsPageHeader title={texts.invoicesTitle} intro={texts.billingIntro} actions={null} />
      <Group align="stretch" gap="md">
        <Card withBorder padding="md" miw={220}>
          <Text size="sm" c="gray.7">
            {texts.openAmount}
          </Text>
          <Text fw={700} size="xl" data-testid="invoice-open-amount">
            {list.data ? euros(list.data.summary.open_amount) : '–'}
          </Text>
        </Card>
        {/* The direct-debit mandate lives in the account's billing-and-payment tab. */}
        <Card withBorder padding="md" miw={220} data-testid="billing-mandate">
          <Title order={2} size="h5">
            {texts.mandateTitle}
          </Title>
          <Text size="sm" c="gray.7">
            {texts.mandateHint}
          </Text>
          <Anchor component={Link} to={paths.billingAndPayment} size="sm">
            {texts.mandateLink}
          </Anchor>
        </Card>
      </Group>
      <PagedList query={list} page={page} pageSize={invoicePageSize} onPageChange={setPage} label={texts.invoicesTitle} empty={texts.noInvoices} emptyTestId="invoices-empty" texts={texts}>
        {(rows) => (
          <SimpleTable
            label={screenTitles.billing}
            testId="invoices-table"
            minWidth={640}
            columns={[{ label: texts.number }, { label: texts.date }, { label: texts.period }, { label: texts.totalInclVat }, { label: texts.status }]}
          >
            {rows.map((invoice) => (
              <Table.Tr key={invoice.id} data-testid="invoice-row">
                <Table.Td>
                  <Anchor component={Link} to={paths.invoice(invoice.id)} aria-label={texts.view(invoice.number)}>
                    {invoice.number}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatInvoiceDate(invoice.invoice_date)}</Table.Td>
                <Table.Td>{formatInvoicePeriod(invoice.period.start, invoice.period.end)}</Table.Td>
                <Table.Td data-testid="invoice-total">{euros(invoice.total)}</Table.Td>
                <Table.Td>
                  <InvoiceStatusBadge invoice={invoice} />
                </Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
      </PagedList>
    </Stack>
  );
}
