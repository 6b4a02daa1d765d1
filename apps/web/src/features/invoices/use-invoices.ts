import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../app/api/use-api-client';

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (page: number) => ['invoices', 'list', page] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
  labels: (id: string, page: number) => ['invoices', 'labels', id, page] as const,
};

export const invoicePageSize = 25;

/** GET invoice/: newest first, with the open amount. */
export function useInvoiceList(page: number) {
  const client = useApiClient();
  return useQuery({ queryKey: invoiceKeys.list(page), queryFn: () => client.invoices.list({ page, page_size: invoicePageSize }) });
}

/**
 * GET invoice/{id}: header and VAT lines. The provider's checkout sends the payer back here,
 * and no webhook reaches a local install: the unfinished payments are read back first
 * (GET user/organisation/payment), so a paid invoice shows as paid at once.
 */
export function useInvoice(id: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: async () => {
      await client.payments.mandate().catch(() => undefined);
      return (await client.invoices.get(id)).data;
    },
  });
}

/** GET invoice/{id}/label/: the lines per label, a page at a time. */
export function useInvoiceLabels(id: string, page: number) {
  const client = useApiClient();
  return useQuery({ queryKey: invoiceKeys.labels(id, page), queryFn: () => client.invoices.labels(id, { page, page_size: invoicePageSize }) });
}
