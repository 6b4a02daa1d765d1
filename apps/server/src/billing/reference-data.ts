import type { Database } from '../db/client';
import { ensurePlatformContracts, parsePlatformContracts } from '../couriers/platform-contracts';
import { createCourierRepository } from '../couriers/repository';
import { createSettingsCrypto } from '../couriers/settings-crypto';
import { referencePriceRows } from './price-table';
import { createBillingRepository } from './repository';

/**
 * At every start, like the plans: the price table of proxy labels and the platform's
 * contracts (the reference Testvervoerder one, then PLATFORM_CONTRACTS).
 */
export async function ensureBillingReferenceData(db: Database, options: { platformContracts?: string | null } = {}): Promise<void> {
  const operatorContracts = parsePlatformContracts(options.platformContracts);
  await createBillingRepository(db).crossOrganisation.syncPriceTable(referencePriceRows());
  await ensurePlatformContracts({ repository: createCourierRepository(db), crypto: await createSettingsCrypto(db) }, operatorContracts);
}
