import { z } from 'zod';
import { carrierClass } from '../carriers/registry';
import { testCourierMeta } from '../carriers/test/meta';
import type { CourierRepository } from './repository';
import type { SettingsCrypto } from './settings-crypto';

/** The reference contract every installation has: labels of the Testvervoerder, invoiced per label. */
export const testPlatformContractName = 'Testvervoerder via Verzendhuis';

const platformContractsSchema = z.array(
  z.object({
    courier_class: z.string().min(1),
    name: z.string().trim().min(1).max(100),
    fields: z.record(z.string(), z.unknown()).default({}),
    is_active: z.boolean().default(true),
  }),
);

export interface PlatformContractInput {
  courierClass: string;
  name: string;
  fields: Record<string, unknown>;
  isActive: boolean;
}

/**
 * PLATFORM_CONTRACTS (JSON): the operator's contracts with carriers, e.g.
 * `[{"courier_class":"postnl","name":"PostNL via Verzendhuis","fields":{"api_key":"…",…}}]`.
 * A contract whose fields its class refuses stops the start with the reason.
 */
export function parsePlatformContracts(json: string | null | undefined): PlatformContractInput[] {
  if (!json?.trim()) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('PLATFORM_CONTRACTS is no valid JSON');
  }
  const parsed = platformContractsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`PLATFORM_CONTRACTS: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data.map((c) => {
    const adapter = carrierClass(c.courier_class);
    if (!adapter) throw new Error(`PLATFORM_CONTRACTS: unknown courier class ${c.courier_class}`);
    const settings = adapter.settingsSchema.safeParse(c.fields);
    if (!settings.success) {
      throw new Error(`PLATFORM_CONTRACTS ${c.name}: ${settings.error.issues.map((i) => `fields.${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    return { courierClass: c.courier_class, name: c.name, fields: settings.data, isActive: c.is_active };
  });
}

/** At every start: the reference Testvervoerder contract, then the operator's (which may also switch it off). */
export async function ensurePlatformContracts(deps: { repository: CourierRepository; crypto: SettingsCrypto }, operatorContracts: readonly PlatformContractInput[]): Promise<void> {
  const reference: PlatformContractInput = { courierClass: testCourierMeta.class, name: testPlatformContractName, fields: {}, isActive: true };
  const operatorSetsReference = operatorContracts.some((c) => c.courierClass === reference.courierClass && c.name === reference.name);
  for (const contract of operatorSetsReference ? operatorContracts : [reference, ...operatorContracts]) {
    await deps.repository.crossOrganisation.upsertPlatformContract({ courierClass: contract.courierClass, name: contract.name, settings: deps.crypto.seal(contract.fields), isActive: contract.isActive });
  }
}
