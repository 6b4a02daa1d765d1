import type { BillingRepository } from './repository';
import { priceLabel, type PriceInput, type PriceResult } from './pricing';

export function createBillingService(deps: { repository: BillingRepository }) {
  return {
    /** The price of one proxy label from the price table, or which input has no price. */
    async quoteLabel(input: PriceInput): Promise<PriceResult> {
      return priceLabel(await deps.repository.crossOrganisation.pricesOfClass(input.courierClass), input);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
