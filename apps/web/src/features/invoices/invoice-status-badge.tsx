import { Badge } from '@mantine/core';
import type { InvoiceSummary } from '@verzendhuis/contract/invoices';
import { invoiceStatusText } from '@verzendhuis/domain/invoices-texts';

/** Open / Betaald / Te laat, in colours with enough contrast for their white text (teal 9 5.0:1; green 9 is 4.4:1). */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<InvoiceSummary, 'status' | 'overdue'> }) {
  const color = invoice.status === 'paid' ? 'teal.9' : invoice.overdue ? 'red.9' : 'blue.9';
  return (
    <Badge color={color} variant="filled" data-testid="invoice-status">
      {invoiceStatusText(invoice)}
    </Badge>
  );
}
