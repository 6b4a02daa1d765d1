import { randomUUID } from 'node:crypto';
import type { LimiterFactory } from '../http/shared-limiter';
import { AppError, validationError, type FieldErrors } from '@verzendhuis/domain/errors';
import type { MessageCode } from '@verzendhuis/domain/messages';
import { normaliseOrganisationAddress } from '@verzendhuis/domain/organisation';
import { returnLabelAllowed, returnLabelRefusedText } from '@verzendhuis/domain/return-labels';
import {
  normaliseSlug,
  returnErrorMessages,
  returnLimits,
  returnPortalTexts,
  returnSettingsFieldTexts,
  returnWindowOpen,
  samePostcode,
  slugFromName,
  type ReturnPaymentMethod,
} from '@verzendhuis/domain/returns';
import type { ReturnCreated, ReturnLookup, ReturnPaymentStarted, ReturnPaymentState, ReturnPortal, ReturnSettings, ReturnSettingsPatch } from '@verzendhuis/contract/returns';
import type { Organisation, OrganisationAddress } from '@verzendhuis/contract/user';
import { courierClassMeta } from '../carriers/registry';
import type { CourierRepository, CourierRow } from '../couriers/repository';
import type { createLabelService } from '../labels/service';
import type { PaymentService } from '../payments/service';
import type { ReturnableOrder, ReturnRepository, ReturnRequestRow, ReturnSettingsRow } from './repository';

type ReturnItem = { item_id: string; reason: string; comment?: string | null };

type LabelService = Pick<ReturnType<typeof createLabelService>, 'create' | 'get' | 'sheet' | 'assertCanLabel'>;

const defaults = { paymentMethods: ['organisation_paid'] as string[], consumerPriceCents: 0, portalEnabled: false, introText: null, courierIds: [] as string[], returnDays: 30 };

function returnError(type: 'usage' | 'not_found' | 'validation', messageCode: MessageCode & keyof typeof returnErrorMessages, fields?: FieldErrors): AppError {
  return new AppError({ type, messageCode, message: returnErrorMessages[messageCode], fields });
}

/** Couriers that can make return labels for the portal: active, of a class that makes returns. */
const makesReturns = (c: CourierRow) => c.isActive && Boolean(courierClassMeta(c.serviceClass)?.supports_returns);

/**
 * Returns (docs/returns.md): the settings of /settings/return (GET/PATCH return-settings)
 * and the public return portal (/api/public/return/{slug}/...). The portal's return label
 * is made by the label service, exactly once per Idempotency-Key.
 */
export function createReturnService(deps: {
  repository: ReturnRepository;
  couriers: CourierRepository;
  labels: LabelService;
  loadOrganisation: (organisationId: string) => Promise<Organisation>;
  publicUrl: string;
  /** The payments area's return payments (payments/service.ts); called only once a request needs them. */
  payments: Pick<PaymentService, 'startReturnPayment' | 'readReturnPayment'>;
  limiters: LimiterFactory;
}) {
  const { repository } = deps;
  // Failed lookups per client address: a wrong order number or postcode costs a point (every process counts together).
  const lookupFailures = deps.limiters({ keyPrefix: 'return-lookup', points: returnLimits.lookupFailuresAllowed, duration: returnLimits.lookupFailureWindowSeconds });

  function dto(row: ReturnSettingsRow | undefined, organisation: Organisation): ReturnSettings {
    const slug = row?.slug ?? slugFromName(organisation.name);
    return {
      address: row?.address ?? null,
      payment_methods: (row?.paymentMethods ?? defaults.paymentMethods) as ReturnPaymentMethod[],
      consumer_price_cents: row?.consumerPriceCents ?? defaults.consumerPriceCents,
      portal: {
        enabled: row?.portalEnabled ?? defaults.portalEnabled,
        slug,
        url: `${deps.publicUrl}/retour/${slug}`,
        intro_text: row?.introText ?? defaults.introText,
        courier_ids: row?.courierIds ?? defaults.courierIds,
        return_days: row?.returnDays ?? defaults.returnDays,
      },
    };
  }

  /** A slug free for this organisation: the suggestion from its name, else with a part of its id. */
  async function freeSlug(organisation: Organisation): Promise<string> {
    const suggested = slugFromName(organisation.name);
    const owner = await repository.crossOrganisation.slugOwner(suggested);
    return owner === null || owner === organisation.id ? suggested : `${suggested}-${organisation.id.slice(0, 6)}`;
  }

  /** The portal of a slug when it is on; otherwise the one not-found answer. */
  async function openPortal(slug: string) {
    const portal = await repository.crossOrganisation.portalBySlug(normaliseSlug(slug));
    if (!portal?.settings.portalEnabled) throw returnError('not_found', 'return_portal_not_found');
    return portal;
  }

  /**
   * The consumer's order: the order number and the postcode must both match an order with
   * an active outgoing label. A failure says nothing of which one was wrong and costs a
   * point of the address's allowance; with none left, every lookup is refused for a while.
   */
  async function findOrder(organisationId: string, address: string, body: { order_number: string; postcode: string }): Promise<ReturnableOrder> {
    const used = (await lookupFailures.get(address))?.consumedPoints ?? 0;
    if (used >= returnLimits.lookupFailuresAllowed) throw returnError('usage', 'return_too_many_attempts');
    const order = await repository.for(organisationId).returnableOrder(body.order_number.trim());
    if (!order || !samePostcode(order.zipcode, body.postcode)) {
      await lookupFailures.penalty(address).catch(() => undefined);
      throw returnError('not_found', 'return_order_not_found');
    }
    return order;
  }

  async function offeredCouriers(organisationId: string, settings: ReturnSettingsRow): Promise<CourierRow[]> {
    const all = await deps.couriers.for(organisationId).listAll();
    return settings.courierIds.map((id) => all.find((c) => c.id === id)).filter((c): c is CourierRow => Boolean(c && makesReturns(c)));
  }

  /** A consumer-paid return of this portal; another portal's or an unknown id is the one not-found answer. */
  async function openReturnRequest(slug: string, id: string) {
    const { settings } = await openPortal(slug);
    const request = await repository.for(settings.organisationId).returnRequest(id);
    if (!request) throw returnError('not_found', 'return_payment_not_found');
    return { organisationId: settings.organisationId, request };
  }

  /** A payment at the provider for a pending return; the consumer comes back to the portal's page of this return. */
  async function startPayment(slug: string, organisationId: string, request: ReturnRequestRow, orderNumber: string): Promise<string> {
    const { checkoutUrl } = await deps.payments.startReturnPayment(organisationId, {
      returnRequestId: request.id,
      amountCents: request.amountCents,
      description: returnPortalTexts.paymentDescription(orderNumber),
      redirectUrl: `${deps.publicUrl}/retour/${encodeURIComponent(slug)}/betaling/${request.id}`,
    });
    return checkoutUrl;
  }

  /** The return label by the label service (`is_return` with `return_details`), exactly once per key; answers its id. */
  async function makeLabel(organisationId: string, input: { orderId: string; courierId: string; paymentMethod: ReturnPaymentMethod; items: ReturnItem[] }, idempotencyKey: string): Promise<string> {
    const answer = await deps.labels.create(
      organisationId,
      {
        order_ids: [input.orderId],
        is_return: true,
        force: false,
        return_details: { courier_id: input.courierId, payment_method: input.paymentMethod, reason_retour: input.items.map((i) => ({ item_id: i.item_id, reason: i.reason, comment: i.comment?.trim() || null })) },
      },
      { idempotencyKey },
    );
    const made = answer.data[0];
    if (!made) {
      if (answer.warnings.some((w) => w.type === 'duplicate')) throw returnError('usage', 'return_already_registered');
      throw returnError('usage', 'return_label_failed');
    }
    return made.id;
  }

  async function labelAnswer(organisationId: string, labelId: string): Promise<ReturnCreated> {
    const label = await deps.labels.get(organisationId, labelId);
    return { label_id: label.id, tracking_number: label.shipment.tracking_number ?? '', tracking_url: label.shipment.tracking_url };
  }

  return {
    /** GET return-settings. */
    async settings(organisationId: string): Promise<ReturnSettings> {
      const [row, organisation] = await Promise.all([repository.for(organisationId).settings(), deps.loadOrganisation(organisationId)]);
      return dto(row, organisation);
    },

    /** PATCH return-settings: checks what the contract cannot (slug free, couriers linked, a company name to go live), then stores. */
    async updateSettings(organisationId: string, patch: ReturnSettingsPatch): Promise<ReturnSettings> {
      const scoped = repository.for(organisationId);
      const [row, organisation] = await Promise.all([scoped.settings(), deps.loadOrganisation(organisationId)]);
      const current = dto(row, organisation);
      const portal = patch.portal ?? {};
      const errors: FieldErrors = {};
      const slug = portal.slug !== undefined ? normaliseSlug(portal.slug) : (row?.slug ?? (await freeSlug(organisation)));
      if (portal.slug !== undefined) {
        const owner = await repository.crossOrganisation.slugOwner(slug);
        if (owner !== null && owner !== organisationId) errors['portal.slug'] = [returnErrorMessages.return_slug_taken];
      }
      if (portal.courier_ids !== undefined) {
        const linked = new Map((await deps.couriers.for(organisationId).listAll()).map((c) => [c.id, c]));
        if (portal.courier_ids.some((id) => { const c = linked.get(id); return !c || !makesReturns(c); })) errors['portal.courier_ids'] = [returnSettingsFieldTexts.courierUnknown];
      }
      const enabled = portal.enabled ?? current.portal.enabled;
      const courierIds = [...new Set(portal.courier_ids ?? current.portal.courier_ids)];
      if (enabled && courierIds.length === 0 && !errors['portal.courier_ids']) errors['portal.courier_ids'] = [returnSettingsFieldTexts.couriersRequired];
      if (Object.keys(errors).length > 0) {
        if (errors['portal.slug']) throw returnError('validation', 'return_slug_taken', errors);
        throw validationError(errors);
      }
      // Account spec §8: no portal without a company name (the name on the labels and in the portal).
      if (enabled && portal.enabled && !organisation.address?.company_name?.trim()) throw returnError('usage', 'return_company_name_required');
      const address = patch.address === undefined ? undefined : patch.address === null ? null : (normaliseOrganisationAddress(patch.address) as OrganisationAddress);
      const saved = await scoped.save({
        ...(address !== undefined ? { address } : {}),
        ...(patch.payment_methods !== undefined ? { paymentMethods: [...new Set(patch.payment_methods)] } : {}),
        ...(patch.consumer_price_cents !== undefined ? { consumerPriceCents: patch.consumer_price_cents } : {}),
        portalEnabled: enabled,
        slug,
        ...(portal.intro_text !== undefined ? { introText: portal.intro_text?.trim() || null } : {}),
        courierIds,
        ...(portal.return_days !== undefined ? { returnDays: portal.return_days } : {}),
      });
      if (saved === 'slug_taken') throw returnError('validation', 'return_slug_taken', { 'portal.slug': [returnErrorMessages.return_slug_taken] });
      return dto(await scoped.settings(), organisation);
    },

    /** Where the organisation's returns go: the /settings/return address, or null for its own. */
    async returnAddress(organisationId: string): Promise<OrganisationAddress | null> {
      return (await repository.for(organisationId).settings())?.address ?? null;
    },

    /** GET public/return/{slug}. */
    async portal(slug: string): Promise<ReturnPortal> {
      const { settings, name, logoUrl, companyName } = await openPortal(slug);
      return {
        organisation: { name: companyName ?? name, logo_url: logoUrl },
        intro_text: settings.introText,
        payment_methods: settings.paymentMethods as ReturnPaymentMethod[],
        consumer_price_cents: settings.consumerPriceCents,
        return_days: settings.returnDays,
      };
    },

    /** POST public/return/{slug}/lookup: the order's items and the couriers it may go back with. */
    async lookup(slug: string, address: string, body: { order_number: string; postcode: string }): Promise<ReturnLookup> {
      const { settings } = await openPortal(slug);
      const order = await findOrder(settings.organisationId, address, body);
      const couriers = await offeredCouriers(settings.organisationId, settings);
      return {
        order_number: order.orderNumber,
        items: order.items,
        couriers: couriers.map((c) => ({
          id: c.id,
          label: c.label,
          service_class: c.serviceClass,
          service_name: courierClassMeta(c.serviceClass)?.name ?? c.serviceClass,
          allowed: returnLabelAllowed({ courierClass: c.serviceClass, country: order.country }),
        })),
      };
    },

    /**
     * POST public/return/{slug}/create: the return label, made once per Idempotency-Key;
     * consumer_paid: a pending return and its payment's checkout instead (the label follows the payment).
     */
    async create(
      slug: string,
      address: string,
      body: { order_number: string; postcode: string; items: ReturnItem[]; courier_id: string; payment_method: ReturnPaymentMethod },
      options: { idempotencyKey?: string },
    ): Promise<ReturnCreated | ReturnPaymentStarted> {
      const { settings } = await openPortal(slug);
      const organisationId = settings.organisationId;
      const order = await findOrder(organisationId, address, body);
      if (!returnWindowOpen({ orderDate: order.orderDate, days: settings.returnDays, now: new Date() })) throw returnError('usage', 'return_period_expired');
      const itemIds = new Set(order.items.map((i) => i.id));
      if (body.items.some((i) => !itemIds.has(i.item_id))) throw validationError({ items: [returnErrorMessages.return_order_not_found] });
      const courier = (await offeredCouriers(organisationId, settings)).find((c) => c.id === body.courier_id);
      if (!courier) throw returnError('validation', 'return_courier_not_offered', { courier_id: [returnErrorMessages.return_courier_not_offered] });
      // Orders spec §5: some carriers make no return labels from some countries.
      if (!returnLabelAllowed({ courierClass: courier.serviceClass, country: order.country })) {
        throw new AppError({ type: 'validation', messageCode: 'return_courier_refused', message: returnLabelRefusedText, fields: { courier_id: [returnLabelRefusedText] } });
      }
      if (!settings.paymentMethods.includes(body.payment_method)) throw returnError('validation', 'return_payment_not_offered', { payment_method: [returnErrorMessages.return_payment_not_offered] });
      const items = body.items.map((i) => ({ item_id: i.item_id, reason: i.reason, comment: i.comment?.trim() || null }));
      // A price of € 0,00 has nothing to pay (no provider takes it): the label is made at once.
      if (body.payment_method === 'consumer_paid' && settings.consumerPriceCents > 0) {
        const scoped = repository.for(organisationId);
        // No payment for a return the label service would refuse: one return label per order, and the account's pre-checks.
        if (await scoped.hasReturnLabel(order.id)) throw returnError('usage', 'return_already_registered');
        await deps.labels.assertCanLabel(organisationId);
        const request = await scoped.insertReturnRequest({
          orderId: order.id,
          // The portal's keys are the portal's own; without one every call is a new return.
          idempotencyKey: `retour-portal:${options.idempotencyKey ?? randomUUID()}`,
          courierId: courier.id,
          items,
          // The price is the settings', never the request's.
          amountCents: settings.consumerPriceCents,
        });
        if (request.labelId) throw returnError('usage', 'return_already_registered');
        const state = await deps.payments.readReturnPayment(organisationId, request.id);
        if (state?.status === 'paid') throw returnError('usage', 'return_payment_done');
        if (state?.checkoutUrl) return { return_id: request.id, checkout_url: state.checkoutUrl };
        return { return_id: request.id, checkout_url: await startPayment(slug, organisationId, request, order.orderNumber) };
      }
      const label = await makeLabel(organisationId, { orderId: order.id, courierId: courier.id, paymentMethod: body.payment_method, items }, `retour-portal:${options.idempotencyKey ?? randomUUID()}`);
      return labelAnswer(organisationId, label);
    },

    /**
     * A paid payment of a consumer-paid return (the webhook or the portal's read-back):
     * makes its return label once. The label service's Idempotency-Key is the payment's,
     * so a webhook and the portal at the same moment make one label; the one still
     * running answers nothing and the next read finds the label.
     */
    async labelPaidReturn(organisationId: string, returnRequestId: string, paymentId: string): Promise<void> {
      const scoped = repository.for(organisationId);
      const request = await scoped.returnRequest(returnRequestId);
      if (!request || request.labelId) return;
      try {
        const labelId = await makeLabel(
          organisationId,
          { orderId: request.orderId, courierId: request.courierId, paymentMethod: 'consumer_paid', items: request.items },
          `retour-betaling:${paymentId}`,
        );
        await scoped.keepReturnLabel(request.id, labelId);
      } catch (error) {
        if (error instanceof AppError && error.messageCode === 'request_in_progress') return;
        throw error;
      }
    },

    /** GET public/return/{slug}/payment/{id}: the payment read back from the provider; the label once it is paid. */
    async paymentState(slug: string, returnRequestId: string): Promise<ReturnPaymentState> {
      const { organisationId, request } = await openReturnRequest(slug, returnRequestId);
      const state = await deps.payments.readReturnPayment(organisationId, request.id);
      const after = (await repository.for(organisationId).returnRequest(request.id)) ?? request;
      return {
        status: (state?.status ?? 'failed') as ReturnPaymentState['status'],
        amount_cents: after.amountCents,
        checkout_url: state?.checkoutUrl ?? null,
        label: after.labelId ? await labelAnswer(organisationId, after.labelId) : null,
      };
    },

    /** POST public/return/{slug}/payment/{id}/retry: a new payment for the same pending return (the open one while it is open). */
    async retryPayment(slug: string, returnRequestId: string): Promise<ReturnPaymentStarted> {
      const { organisationId, request } = await openReturnRequest(slug, returnRequestId);
      const state = await deps.payments.readReturnPayment(organisationId, request.id);
      if (state?.status === 'paid' || request.labelId) throw returnError('usage', 'return_payment_done');
      if (state?.checkoutUrl) return { return_id: request.id, checkout_url: state.checkoutUrl };
      const order = await repository.for(organisationId).orderNumberOf(request.orderId);
      return { return_id: request.id, checkout_url: await startPayment(slug, organisationId, request, order ?? '') };
    },

    /** GET public/return/{slug}/payment/{id}/label: the paid return's label PDF (the return's id proves it). */
    async paidLabelPdf(slug: string, returnRequestId: string): Promise<Uint8Array> {
      const { organisationId, request } = await openReturnRequest(slug, returnRequestId);
      if (!request.labelId) throw returnError('not_found', 'return_payment_not_found');
      const { pdf } = await deps.labels.sheet(organisationId, { label_ids: [request.labelId], format: 'a6' } as Parameters<LabelService['sheet']>[1], {});
      return pdf;
    },

    /** POST public/return/{slug}/label: the return label's PDF, for the same order number and postcode. */
    async labelPdf(slug: string, address: string, body: { order_number: string; postcode: string; label_id: string }): Promise<Uint8Array> {
      const { settings } = await openPortal(slug);
      const order = await findOrder(settings.organisationId, address, body);
      if (!(await repository.for(settings.organisationId).isReturnLabelOf(body.label_id, order.id))) throw returnError('not_found', 'return_order_not_found');
      const { pdf } = await deps.labels.sheet(settings.organisationId, { label_ids: [body.label_id], format: 'a6' } as Parameters<LabelService['sheet']>[1], {});
      return pdf;
    },
  };
}

export type ReturnService = ReturnType<typeof createReturnService>;
