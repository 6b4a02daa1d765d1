import type { PickupPointGroup } from '@verzendhuis/contract/pickup-point';
import { AppError } from '@verzendhuis/domain/errors';
import { pickupPointQuery, pickupPointTexts, type PickupPointSearchInput } from '@verzendhuis/domain/pickup-points';
import type { CarrierRegistry } from '../carriers/registry';
import { CarrierError } from '../carriers/types';
import type { CourierRepository, CourierRow } from '../couriers/repository';
import { settingsForCarrierCall, toCourierDto } from '../couriers/service';
import type { SettingsCrypto } from '../couriers/settings-crypto';

/**
 * GET pickup-points/: asks every active courier of the organisation that delivers at
 * pickup points (or the one asked for) at once; a carrier that fails gives an empty
 * group with a Dutch error, never a failed call.
 */
export function createPickupPointService(deps: {
  couriers: CourierRepository;
  crypto: SettingsCrypto;
  carriers: CarrierRegistry;
  timeoutMs: number;
  log?: { error: (details: object, message: string) => void };
}) {
  const supportsPickupPoints = (row: CourierRow) => {
    const adapter = deps.carriers.adapter(row.serviceClass);
    return adapter?.meta.supports_pickup_points === true && adapter.pickupPoints !== undefined ? adapter : null;
  };

  async function couriersToAsk(organisationId: string, courierId: string | undefined): Promise<CourierRow[]> {
    if (!courierId) return (await deps.couriers.for(organisationId).listAll()).filter((c) => c.isActive && supportsPickupPoints(c));
    const courier = await deps.couriers.for(organisationId).find(courierId);
    if (!courier) throw new AppError({ type: 'not_found', messageCode: 'courier_not_found', message: pickupPointTexts.courierNotFound });
    if (!courier.isActive) throw new AppError({ type: 'usage', messageCode: 'courier_not_active', message: pickupPointTexts.courierInactive, fields: { courier_id: [pickupPointTexts.courierInactive] } });
    if (!supportsPickupPoints(courier)) throw new AppError({ type: 'usage', messageCode: 'pickup_points_not_supported', message: pickupPointTexts.notSupported, fields: { courier_id: [pickupPointTexts.notSupported] } });
    return [courier];
  }

  async function ask(courier: CourierRow, query: NonNullable<ReturnType<typeof pickupPointQuery>>, limit: number): Promise<PickupPointGroup | null> {
    const dto = toCourierDto(courier);
    const adapter = supportsPickupPoints(courier);
    if (!dto || !adapter?.pickupPoints) return null;
    try {
      const settings = await settingsForCarrierCall(courier, { couriers: deps.couriers, crypto: deps.crypto });
      if (!settings.ok) return { courier: dto, locations: [], error: settings.message };
      const locations = await adapter.pickupPoints({ ...query, limit }, { settings: settings.settings, signal: AbortSignal.timeout(deps.timeoutMs) });
      return { courier: dto, locations, error: null };
    } catch (error) {
      if (!(error instanceof CarrierError)) deps.log?.error({ err: error, courierId: courier.id }, 'pickup point search failed');
      return { courier: dto, locations: [], error: error instanceof CarrierError ? error.message : pickupPointTexts.failed(dto.service_name) };
    }
  }

  return {
    async search(organisationId: string, input: PickupPointSearchInput & { courier_id?: string; limit: number }): Promise<PickupPointGroup[]> {
      const query = pickupPointQuery(input);
      if (!query) {
        throw new AppError({ type: 'validation', messageCode: 'pickup_point_parameters_required', message: pickupPointTexts.parametersRequired, fields: { search: [pickupPointTexts.parametersRequired] } });
      }
      const couriers = await couriersToAsk(organisationId, input.courier_id);
      const groups = await Promise.all(couriers.map((c) => ask(c, query, input.limit)));
      return groups.filter((g) => g !== null);
    },
  };
}

export type PickupPointService = ReturnType<typeof createPickupPointService>;
