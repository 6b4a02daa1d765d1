import { parseEuroCents } from '@verzendhuis/domain/invoices';
import { formatEuros } from '@verzendhuis/domain/invoices-texts';

/** "12.34" (the API's exact amount) as "€ 12,34". */
export function euros(amount: string): string {
  return formatEuros(parseEuroCents(amount) ?? 0);
}
