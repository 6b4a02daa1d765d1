import { createHash } from 'node:crypto';
import { AppError } from '@verzendhuis/domain/errors';
import type { LabelCreateResponse } from '@verzendhuis/contract/label';
import type { Organisation } from '@verzendhuis/contract/user';
import { carrierAdapter } from '../carriers/registry';
import { CarrierError, type CarrierAddress } from '../carriers/types';
import type { CourierRepository } from '../couriers/repository';
import type { OrderRepository, OrderRow } from '../orders/repository';
import type { SettingsCrypto } from '../couriers/settings-crypto';
import type { LabelRepository } from './repository';

/** How long one carrier call may take before the order is reported as failed. */
export const carrierTimeoutMs = 20_000;

const labelTexts = {
  overduePayments: 'Je hebt helaas achterstallige betalingen in je account.',
  accountManager: 'Neem contact op met de accountmanager',
  quota: (used: number, quota: number, requested: number) => `Limiet bereikt! Je hebt ${used} van de ${quota} labels van je abonnement gebruikt en vraagt er ${requested} aan.`,
  mandate: 'Geen automatische incasso',
  orderNotFound: 'Order niet gevonden.',
  notReady: 'Deze bestelling is niet compleet. Los eerst de problemen op.',
  busy: 'Voor deze bestelling wordt al een label gemaakt.',
  duplicate: 'Deze bestelling heeft al een label.',
  courierGone: 'Kies een vervoerder die niet is verwijderd',
  carrierTimeout: 'De vervoerder antwoordde niet op tijd. Probeer het opnieuw; er is geen label gemaakt.',
  carrierFailed: 'De vervoerder kon geen label maken. Controleer de adresgegevens en probeer het opnieuw.',
  keyReused: 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.',
  keyBusy: 'Dit verzoek wordt nog verwerkt. Probeer het zo opnieuw.',
} as const;

function usage(messageCode: string, message: string, status = 400): AppError {
  return new AppError({ type: 'usage', messageCode, message, status });
}

/** The account checks before any label is made (account spec §4, in this order). */
export function checkLabelPreconditions({ organisation, usedLabels, requestedPackages, production }: { organisation: Organisation; usedLabels: number; requestedPackages: number; production: boolean }): void {
  if (!organisation.can_create_labels) throw usage('overdue_payments', labelTexts.overduePayments, 403);
  if (organisation.account_manager_action_required) throw usage('account_manager_action_required', labelTexts.accountManager, 403);
  const quota = organisation.plan?.quota.labels;
  if (quota !== null && quota !== undefined && usedLabels + requestedPackages > quota) {
    throw new AppError({
      type: 'usage',
      messageCode: 'quota_exceeded',
      message: labelTexts.quota(usedLabels, quota, requestedPackages),
      status: 403,
      fields: { quota: [String(quota)], used: [String(usedLabels)], requested: [String(requestedPackages)] },
    });
  }
  if (production && organisation.payment.status !== 'ready') throw usage('direct_debit_required', labelTexts.mandate, 403);
}

function receiverOf(order: OrderRow): CarrierAddress {
  return {
    name: order.name ?? '',
    company_name: order.companyName,
    address_1: order.address1 ?? '',
    housenumber: order.housenumber,
    address_2: order.address2,
    zipcode: order.zipcode ?? '',
    city: order.city ?? '',
    country: order.country,
    email: order.email,
    phone: order.phone,
  };
}

export function createLabelService(deps: { labels: LabelRepository; orders: OrderRepository; couriers: CourierRepository; crypto: SettingsCrypto; production: boolean; timeoutMs?: number }) {
  async function createNow(organisation: Organisation, body: { order_ids: string[]; is_return: boolean; force: boolean }, usedLabels: number): Promise<LabelCreateResponse> {
    const ids = [...new Set(body.order_ids)];
    const found = await deps.orders.findMany(organisation.id, ids);
    const byId = new Map(found.map((f) => [f.order.id, f.order]));
    const result: LabelCreateResponse = { status: 'success', data: [], errors: [], warnings: [] };
    const candidates: OrderRow[] = [];
    for (const id of ids) {
      const order = byId.get(id);
      if (!order) result.errors.push({ order_id: id, order_number: null, message: labelTexts.orderNotFound });
      else if (order.status !== 'ready' && order.status !== 'warning' && order.status !== 'completed') result.errors.push({ order_id: id, order_number: order.orderNumber, message: labelTexts.notReady });
      else candidates.push(order);
    }
    if (!body.force) {
      for (const order of candidates) {
        if (order.shipmentIds.length > 0) result.warnings.push({ order_id: order.id, order_number: order.orderNumber, type: 'duplicate', message: labelTexts.duplicate });
        else if (order.status === 'warning') {
          const message = order.statusInfo.filter((i) => i.status === 'warning').map((i) => i.message).join(' ');
          result.warnings.push({ order_id: order.id, order_number: order.orderNumber, type: 'order_warning', message });
        }
      }
      if (result.warnings.length > 0) return { ...result, status: 'warning' };
    }
    const requestedPackages = candidates.reduce((sum, o) => sum + Math.max(1, o.packages.length), 0);
    checkLabelPreconditions({ organisation, usedLabels, requestedPackages, production: deps.production });

    const couriers = new Map((await deps.couriers.listAll(organisation.id)).map((c) => [c.id, c]));
    await Promise.all(
      candidates.map(async (order) => {
        const courier = order.courierId ? couriers.get(order.courierId) : undefined;
        const adapter = courier?.isActive ? carrierAdapter(courier.serviceClass) : null;
        if (!courier || !adapter || !order.shipmentType) {
          result.errors.push({ order_id: order.id, order_number: order.orderNumber, message: labelTexts.courierGone });
          return;
        }
        const claim = await deps.labels.claim(organisation.id, {
          orderId: order.id,
          courierId: courier.id,
          courierClass: courier.serviceClass,
          isReturn: body.is_return,
          shipmentType: order.shipmentType,
          courierFields: order.courierFields,
          orderSnapshot: { order_number: order.orderNumber, order_date: order.orderDate.toISOString(), order_status: order.orderStatus, ...receiverOf(order) },
        }, { force: body.force });
        if (claim === 'busy' || claim === 'duplicate') {
          result.errors.push({ order_id: order.id, order_number: order.orderNumber, message: claim === 'busy' ? labelTexts.busy : labelTexts.duplicate });
          return;
        }
        const labelId = claim.id;
        try {
          const packages = await adapter.createShipment(
            {
              reference: order.orderNumber ?? labelId,
              shipmentType: order.shipmentType,
              courierFields: order.courierFields,
              sender: { name: organisation.name, address_1: '', zipcode: '', city: '', country: 'NL', email: organisation.contact.email, phone: organisation.contact.phone },
              receiver: receiverOf(order),
              packages: order.packages.length > 0 ? order.packages : [{ weight: 0 }],
              isReturn: body.is_return,
            },
            { settings: deps.crypto.open(courier.settings), signal: AbortSignal.timeout(deps.timeoutMs ?? carrierTimeoutMs) },
          );
          await deps.labels.complete(
            organisation.id,
            { id: labelId, orderId: order.id },
            packages.map((p, i) => ({ packageNumber: i + 1, weight: order.packages[i]?.weight ?? 0, trackingNumber: p.trackingNumber, trackingUrl: p.trackingUrl, labelFile: p.labelPdf })),
          );
          result.data.push({ id: labelId, order_id: order.id, shipment_id: labelId });
        } catch (error) {
          await deps.labels.releaseClaim(organisation.id, labelId);
          const message =
            error instanceof CarrierError ? error.message : (error as { name?: string }).name === 'TimeoutError' ? labelTexts.carrierTimeout : labelTexts.carrierFailed;
          result.errors.push({ order_id: order.id, order_number: order.orderNumber, message });
        }
      }),
    );
    result.status = result.errors.length === 0 ? 'success' : result.data.length === 0 ? 'failed' : 'partial';
    return result;
  }

  return {
    /**
     * order/label/create. Exactly once: with an Idempotency-Key a repeat answers the
     * first answer; without one, an order already labelled is reported as a duplicate
     * (unless forced) and an order being labelled cannot be claimed twice.
     */
    async create(organisation: Organisation, body: { order_ids: string[]; is_return: boolean; force: boolean }, options: { idempotencyKey?: string; usedLabels: number }): Promise<LabelCreateResponse> {
      const key = options.idempotencyKey;
      if (!key) return createNow(organisation, body, options.usedLabels);
      const hash = createHash('sha256').update(JSON.stringify({ ids: [...body.order_ids].sort(), r: body.is_return, f: body.force })).digest('hex');
      const started = await deps.labels.startRequest(organisation.id, key, hash);
      if (!started.started) {
        if (started.requestHash !== hash) throw usage('idempotency_key_reused', labelTexts.keyReused, 422);
        if (!started.response) throw usage('request_in_progress', labelTexts.keyBusy, 409);
        return started.response as LabelCreateResponse;
      }
      try {
        const response = await createNow(organisation, body, options.usedLabels);
        await deps.labels.finishRequest(organisation.id, key, response);
        return response;
      } catch (error) {
        // Nothing was made (pre-checks refuse before any carrier call): the key may be used again.
        await deps.labels.forgetRequest(organisation.id, key);
        throw error;
      }
    },
  };
}

export type LabelService = ReturnType<typeof createLabelService>;
