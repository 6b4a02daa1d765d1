import {
  courierLabelMaxLength,
  platformContractChoice,
  type Courier,
  type CourierClass,
  type CourierCounters,
  type CourierPatchBody,
} from '@verzendhuis/contract/courier';
import { AppError, validationError, type FieldErrors } from '@verzendhuis/domain/errors';
import { courierServerTexts as texts } from '@verzendhuis/domain/couriers-texts';
import { carrierSettingsTexts } from '@verzendhuis/domain/carriers-texts';
import { isPublicTarget, type OutboundFetch } from '../http/outbound';
import type { CourierRules } from '@verzendhuis/domain/order-validation';
import { allCourierClassMeta, carrierClass, courierClassMeta, timedOutbound, type CarrierCallTimer, type CarrierClass } from '../carriers/registry';
import type { CourierRepository, CourierRow } from './repository';
import { mergeSettings, settingsFieldsOf, visibleSettings } from './settings-fields';
import type { SettingsCrypto } from './settings-crypto';

export function toCourierDto(row: CourierRow): Courier | null {
  const meta = courierClassMeta(row.serviceClass);
  if (!meta) return null;
  return {
    id: row.id,
    proxied_id: row.proxiedId,
    service_class: row.serviceClass,
    service_name: meta.name,
    label: row.label,
    is_active: row.isActive,
    shipment_types: meta.shipment_types,
    meta,
  };
}

export function courierRules(row: CourierRow | undefined | null): CourierRules | null {
  if (!row) return null;
  const meta = courierClassMeta(row.serviceClass);
  if (!meta) return null;
  return { is_active: row.isActive, max_packages: meta.max_packages, shipment_types: meta.shipment_types, order_fields: meta.order_fields };
}

export type CarrierSettingsResult = { ok: true; settings: Record<string, unknown> } | { ok: false; message: string };

/**
 * The settings a carrier call of this courier uses: its own contract's, or for a proxy
 * courier those of the platform contract (which must still be active).
 */
export async function settingsForCarrierCall(courier: CourierRow, deps: { couriers: CourierRepository; crypto: SettingsCrypto }): Promise<CarrierSettingsResult> {
  let sealed = courier.settings;
  if (courier.proxiedId) {
    const contract = await deps.couriers.crossOrganisation.findPlatformContract(courier.proxiedId);
    if (!contract?.isActive || contract.courierClass !== courier.serviceClass) return { ok: false, message: texts.notActive };
    sealed = contract.settings;
  }
  try {
    return { ok: true, settings: deps.crypto.open(sealed) };
  } catch {
    return { ok: false, message: texts.settingsUnreadable };
  }
}

const notFound = () => new AppError({ type: 'not_found', messageCode: 'courier_not_found', message: texts.notFound });

function settingsErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) (fields[['fields', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
  return fields;
}

export function createCourierService(deps: { repository: CourierRepository; crypto: SettingsCrypto; verifyTimeoutMs?: number; allowPrivateOutbound?: boolean; outbound?: OutboundFetch; timeCall?: CarrierCallTimer }) {
  const { repository, crypto } = deps;

  function openOrNull(sealed: Record<string, unknown>): Record<string, unknown> | null {
    try {
      return crypto.open(sealed);
    } catch {
      return null;
    }
  }

  /** Validates an own contract's settings with its class's schema; the sealed settings or the field errors. */
  function checkSettings(adapter: CarrierClass, settings: Record<string, unknown>): { sealed: Record<string, unknown> } | { errors: FieldErrors } {
    const parsed = adapter.settingsSchema.safeParse(settings);
    return parsed.success ? { sealed: crypto.seal(parsed.data) } : { errors: settingsErrors(parsed) };
  }

  /** Field errors when the carrier refuses the credentials where checking them costs nothing (DPD's login); null otherwise. */
  async function carrierRefusal(adapter: CarrierClass, settings: Record<string, unknown>): Promise<FieldErrors | null> {
    if (!adapter.verifySettings) return null;
    // Timed as the registry's adapters' calls are (verzendhuis_carrier_request_duration_seconds, call verifySettings).
    const fetch = deps.outbound && deps.timeCall ? timedOutbound(deps.outbound, deps.timeCall, adapter.meta.class)('verifySettings') : deps.outbound;
    return adapter.verifySettings(adapter.settingsSchema.parse(settings), { signal: AbortSignal.timeout(deps.verifyTimeoutMs ?? 20_000), fetch });
  }

  /** What reactivating a link checks: the platform contract is still on, or the stored settings still hold. */
  async function reactivationErrors(row: CourierRow, adapter: CarrierClass, newSettings: Record<string, unknown> | null): Promise<FieldErrors> {
    if (row.proxiedId) {
      const contract = await repository.crossOrganisation.findPlatformContract(row.proxiedId);
      if (!contract?.isActive) throw new AppError({ type: 'usage', messageCode: 'courier_not_active', message: texts.notActive });
      return {};
    }
    if (newSettings) return {};
    const stored = openOrNull(row.settings);
    if (!stored) return Object.fromEntries(settingsFieldsOf(row.serviceClass).map((f) => [`fields.${f.name}`, [texts.settingsUnreadable]]));
    const checked = checkSettings(adapter, stored);
    return 'errors' in checked ? checked.errors : {};
  }

  /** A carrier's API address a user entered must be public (docs/security.md), unless ALLOW_PRIVATE_OUTBOUND. */
  async function privateBaseUrlErrors(fields: Record<string, unknown>): Promise<FieldErrors> {
    const baseUrl = fields.base_url;
    if (deps.allowPrivateOutbound || typeof baseUrl !== 'string') return {};
    return (await isPublicTarget(baseUrl)) ? {} : { 'fields.base_url': [carrierSettingsTexts.baseUrlNotPublic] };
  }

  async function refusePrivateBaseUrl(fields: Record<string, unknown>): Promise<void> {
    const errors = await privateBaseUrlErrors(fields);
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  function dto(row: CourierRow): Courier {
    const base = toCourierDto(row);
    if (!base) throw notFound();
    const fields = row.proxiedId ? {} : visibleSettings(row.serviceClass, openOrNull(row.settings) ?? {});
    return { ...base, fields };
  }

  async function findOwn(organisationId: string, id: string): Promise<{ row: CourierRow; adapter: CarrierClass }> {
    const row = await repository.for(organisationId).find(id);
    const adapter = row ? carrierClass(row.serviceClass) : null;
    if (!row || !adapter) throw notFound();
    return { row, adapter };
  }

  return {
    dto,

    classKnown(row: CourierRow): boolean {
      return courierClassMeta(row.serviceClass) !== null;
    },

    async get(organisationId: string, id: string): Promise<Courier> {
      return dto((await findOwn(organisationId, id)).row);
    },

    /** courier/meta: every class, the form of an own contract and the platform's contracts. */
    async classes(): Promise<CourierClass[]> {
      const contracts = await repository.crossOrganisation.activePlatformContracts();
      return allCourierClassMeta().map((meta) => ({
        ...meta,
        settings_fields: settingsFieldsOf(meta.class),
        platform_contracts: contracts.filter((c) => c.courierClass === meta.class).map((c) => ({ id: c.id, name: c.name })),
      }));
    },

    /** courier/create: an own contract (fields = the class's settings) or the platform's (fields.contract = "platform"). */
    async create(organisationId: string, body: { courier_class: string; fields: Record<string, unknown> }): Promise<Courier> {
      const adapter = carrierClass(body.courier_class);
      if (!adapter) throw new AppError({ type: 'not_found', messageCode: 'courier_class_not_found', message: texts.classNotFound });
      const { contract, platform_contract_id: contractId, ...settings } = body.fields;
      if (contract === platformContractChoice) {
        const candidates = (await repository.crossOrganisation.activePlatformContracts()).filter((c) => c.courierClass === adapter.meta.class);
        const chosen = typeof contractId === 'string' ? candidates.find((c) => c.id === contractId) : candidates[0];
        if (!chosen) {
          const field = contractId === undefined ? 'fields.contract' : 'fields.platform_contract_id';
          throw new AppError({ type: 'validation', messageCode: 'courier_not_found', message: texts.probablyDeactivated, fields: { [field]: [texts.probablyDeactivated] } });
        }
        return dto(await repository.for(organisationId).create({ serviceClass: adapter.meta.class, label: chosen.name, proxiedId: chosen.id, settings: {} }));
      }
      if (contract !== undefined) throw validationError({ 'fields.contract': [texts.contractChoice] });
      const checked = checkSettings(adapter, settings);
      if ('errors' in checked) throw validationError(checked.errors);
      await refusePrivateBaseUrl(settings);
      // A carrier whose login costs nothing is asked now, so wrong credentials are said at once (DPD).
      const refused = await carrierRefusal(adapter, settings);
      if (refused) throw validationError(refused);
      return dto(await repository.for(organisationId).create({ serviceClass: adapter.meta.class, label: adapter.meta.name, settings: checked.sealed }));
    },

    /** PATCH courier/{id}: rename, (de)activate, change the settings of an own contract. */
    async update(organisationId: string, id: string, patch: CourierPatchBody): Promise<Courier> {
      const { row, adapter } = await findOwn(organisationId, id);
      const errors: FieldErrors = {};
      const values: { label?: string; isActive?: boolean; settings?: Record<string, unknown> } = {};
      if (patch.label !== undefined) {
        const label = patch.label.trim();
        if (!label) errors.label = [texts.labelRequired];
        else if (label.length > courierLabelMaxLength) errors.label = [texts.labelTooLong(courierLabelMaxLength)];
        else values.label = label;
      }
      if (patch.fields !== undefined && Object.keys(patch.fields).length > 0) {
        if (row.proxiedId) errors.fields = [texts.platformFieldsFixed];
        else {
          const merged = mergeSettings(row.serviceClass, openOrNull(row.settings) ?? {}, patch.fields);
          const checked = checkSettings(adapter, merged);
          if ('errors' in checked) Object.assign(errors, checked.errors);
          else {
            // A non-public API address is refused before the carrier is asked anything.
            const privateErrors = await privateBaseUrlErrors(patch.fields);
            const refused = Object.keys(privateErrors).length > 0 ? privateErrors : await carrierRefusal(adapter, merged);
            if (refused) Object.assign(errors, refused);
            else values.settings = checked.sealed;
          }
        }
      }
      if (patch.is_active !== undefined) {
        if (patch.is_active && !row.isActive && Object.keys(errors).length === 0) Object.assign(errors, await reactivationErrors(row, adapter, values.settings ?? null));
        values.isActive = patch.is_active;
      }
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const updated = await repository.for(organisationId).update(id, values);
      if (!updated) throw notFound();
      return dto(updated);
    },

    /**
     * courier/{id}/reset: restores a deactivated link when it can still make labels (the
     * platform contract is on, or the stored credentials still pass the class's checks).
     * Otherwise the answer names the fields to enter again (PATCH with fields and is_active).
     */
    async reset(organisationId: string, id: string): Promise<Courier> {
      const { row, adapter } = await findOwn(organisationId, id);
      if (row.isActive) return dto(row);
      const errors = await reactivationErrors(row, adapter, null);
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const updated = await repository.for(organisationId).update(id, { isActive: true });
      if (!updated) throw notFound();
      return dto(updated);
    },

    /** onboard/restore of a courier: the organisation's link of this class (a deactivated one first) is reactivated when it still works. */
    async restoreClass(organisationId: string, courierClass: string, id?: string): Promise<{ id: string; label: string }> {
      if (!carrierClass(courierClass)) throw new AppError({ type: 'not_found', messageCode: 'courier_class_not_found', message: texts.classNotFound });
      const rows = (await repository.for(organisationId).listAll()).filter((r) => r.serviceClass === courierClass && (!id || r.id === id));
      const [first] = rows.sort((a, b) => Number(a.isActive) - Number(b.isActive));
      if (!first) throw notFound();
      const restored = await this.reset(organisationId, first.id);
      return { id: restored.id, label: restored.label };
    },

    async counters(organisationId: string): Promise<CourierCounters> {
      const { own, proxy } = await repository.for(organisationId).counters();
      return { own_couriers: own, proxy_couriers: proxy };
    },
  };
}

export type CourierService = ReturnType<typeof createCourierService>;
