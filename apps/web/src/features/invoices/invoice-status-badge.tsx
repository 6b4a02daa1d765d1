import { Badge } from '@mantine/core';
import type { InvoiceSummary } from '@verzendhuis/contract/invoices';
import { invoiceStatusText } from '@verzendhuis/domain/invoices-texts';

/** Open / Betaald / Te laat, in colours with enough contrast for their text. */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<InvoiceSummary, 'status' | 'overdue'> }) {
  const color = invoice.status === 'paid' ? 'green.9' : invoice.overdue ? 'red.9' : 'blue.9';
  return (
    <Badge color={color} variant="filled" data-testid="invoice-status">
      {invoiceStatusText(invoice)}
    </Badge>
  );
}
