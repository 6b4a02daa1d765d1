import { createHash } from 'node:crypto';
import type { LabelTrackingMail } from '@verzendhuis/contract/tracking-mail';
import { AppError } from '@verzendhuis/domain/errors';
import { labelErrorMessages } from '@verzendhuis/domain/label-errors';
import type { MessageCode } from '@verzendhuis/domain/messages';
import { returnLabelRefusal } from '@verzendhuis/domain/return-labels';
import type { z } from 'zod';
import { parseSort } from '@verzendhuis/contract/common';
import { labelSortKeys, type Label, type LabelCreateResponse, type labelListQuerySchema, type labelPdfBodySchema } from '@verzendhuis/contract/label';
import type { Organisation, OrganisationAddress } from '@verzendhuis/contract/user';
import { canLabelOrder, type LabelBulkAction, type LabelChange } from '@verzendhuis/domain/label-rules';
import { labelPreconditionFailure, requestedPackagesOf } from '@verzendhuis/domain/label-preconditions';
import { labelUpdateErrorTexts } from '@verzendhuis/domain/label-screens-texts';
import { labelServerTexts as labelTexts } from '@verzendhuis/domain/labels-texts';
import { errorMessages } from '@verzendhuis/domain/messages';
import type { CarrierRegistry } from '../carriers/registry';
import { CarrierError, type CarrierLabelFormat } from '../carriers/types';
import { carrierLabelTexts } from '@verzendhuis/domain/carriers-texts';
import type { CourierRepository } from '../couriers/repository';
import { settingsForCarrierCall } from '../couriers/service';
import { courierClassMeta } from '../carriers/registry';
import type { LabelCharge } from '../billing/pricing';
import type { BillingRepository } from '../billing/repository';
import type { BillingService } from '../billing/service';
import { composeLabelSheet, labelSheetChunks, type StartPosition } from '../documents/label-sheet';
import type { OrderRepository, OrderRow } from '../orders/repository';
import type { SettingsCrypto } from '../couriers/settings-crypto';
import { toLabelDto } from './mapper';
import { recheckedStatus } from '../orders/service';
import type { LabelRepository, LabelRow, OrderRecheck } from './repository';
import type { LabelRecovery } from './recovery';
import type { CarrierBudgets } from './carrier-budget';
import { runBounded } from './run-bounded';
import { createCarrierCancel } from './carrier-cancel';
import { customerParty, shipmentParties } from './shipment-parties';

/**
 * The labels' use cases: each API call of labels/routes.ts is one function here, which
 * loads what it needs (the organisation, the quota used), applies the rules (the
 * domain's label-preconditions and label-rules) and answers in the contract's shapes.
 * The background job (labels/jobs.ts) labels its orders through the same functions.
 */

/** The start of this calendar month (UTC): the plan's label quota counts from here. */
export function startOfMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** How long one carrier call may take before the order is reported as failed. */
export const carrierTimeoutMs = 20_000;

/**
 * Orders of one request or job labelled at the same time. Each carrier's calls are held
 * to its own budget (`labelBudget`, labels/carrier-budget.ts) on top of this, shared by
 * every request and job of the process; this is the most any carrier class takes.
 */
export const labelConcurrency = 16;

/** A PDF starts with its header, `%PDF-`. */
const isPdf = (bytes: Uint8Array): boolean => bytes.length > 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
/** A ZPL II document: ^XA (start of format) first, after any white space, and ^XZ somewhere after it. */
const isZpl = (bytes: Uint8Array): boolean => {
  const text = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 64))).toString('latin1').trimStart();
  return text.startsWith('^XA') && Buffer.from(bytes).includes('^XZ');
};

/**
 * A return label made through the return portal (returns/service.ts): the courier the
 * consumer chose (not the order's), who pays and the consumer's reasons, stored on the label.
 */
export type ReturnDetails = {
  courier_id: string;
  payment_method: string;
  reason_retour: { reason: string; comment?: string | null; item_id?: string | null }[];
};

type CreateBody = { order_ids: string[]; is_return: boolean; force: boolean; return_details?: ReturnDetails };

/** A selection's fingerprint: the same orders (in any order) and options give the same hash. */
export function labelRequestHash(body: CreateBody): string {
  const details = body.return_details ? { d: body.return_details } : {};
  return createHash('sha256').update(JSON.stringify({ ids: [...body.order_ids].sort(), r: body.is_return, f: body.force, ...details })).digest('hex');
}

/** What the service needs of the background jobs for large selections (labels/jobs.ts). */
export interface LabelJobStarter {
  /** A request for more orders than this makes a background job. */
  threshold: number;
  /** The queued or running job of this selection, as the create answer; null when there is none. */
  findActive: (organisationId: string, requestHash: string) => Promise<LabelCreateResponse | null>;
  start: (
    organisationId: string,
    job: { orderIds: string[]; isReturn: boolean; force: boolean; requestHash: string; total: number; errors: LabelCreateResponse['errors'] },
  ) => Promise<LabelCreateResponse>;
}

function usage(messageCode: MessageCode, message: string): AppError {
  return new AppError({ type: 'usage', messageCode, message });
}

/** The account checks before any label is made (account spec §4, in this order; the rule is the domain's). */
export function checkLabelPreconditions({ organisation, usedLabels, requestedPackages, production }: { organisation: Organisation; usedLabels: number; requestedPackages: number; production: boolean }): void {
  const failure = labelPreconditionFailure({
    canCreateLabels: organisation.can_create_labels,
    accountManagerActionRequired: organisation.account_manager_action_required,
    hasPlan: organisation.plan !== null,
    quota: organisation.plan?.quota.labels ?? null,
    usedLabels,
    requestedPackages,
    paymentReady: organisation.payment.status === 'ready',
    production,
  });
  if (!failure) return;
  if (failure.code === 'overdue_payments') throw usage('overdue_payments', labelErrorMessages.overdue_payments);
  if (failure.code === 'account_manager_action_required') throw usage('account_manager_action_required', labelErrorMessages.account_manager_action_required);
  if (failure.code === 'no_plan') throw usage('no_plan', labelErrorMessages.no_plan);
  if (failure.code === 'direct_debit_required') throw usage('direct_debit_required', labelErrorMessages.direct_debit_required);
  const { used, quota, requested } = failure;
  throw new AppError({
    type: 'usage',
    messageCode: 'quota_exceeded',
    message: labelErrorMessages.quota_exceeded(used, quota, requested),
    fields: { quota: [String(quota)], used: [String(used)], requested: [String(requested)] },
  });
}

/**
 * The organisation's address is the sender of every label and the recipient of its
 * returns: without it no label is made, and nothing is claimed.
 */
export function requireSenderAddress(organisation: Organisation): OrganisationAddress {
  if (!organisation.address) throw usage('sender_address_missing', labelErrorMessages.sender_address_missing);
  return organisation.address;
}

type ListQuery = z.output<typeof labelListQuerySchema>;
type PdfBody = z.output<typeof labelPdfBodySchema>;

const labelNotFound = () => new AppError({ type: 'not_found', messageCode: 'label_not_found', message: errorMessages.label_not_found });

function refused(field: 'status' | 'marker', messageCode: MessageCode, message: string): AppError {
  return new AppError({ type: 'validation', messageCode, message, fields: { [field]: [message] } });
}

export function createLabelService(deps: {
  labels: LabelRepository;
  orders: OrderRepository;
  couriers: CourierRepository;
  crypto: SettingsCrypto;
  billing: BillingService;
  /** The labels' invoice items (billing's query), for the label answers. */
  invoices: BillingRepository;
  /** The adapters that call the carriers (carriers/registry.ts). */
  carriers: CarrierRegistry;
  /** The process's budgets of carrier calls (one per process, labels/carrier-budget.ts). */
  carrierBudgets: CarrierBudgets;
  /** The organisation as the API shows it: its plan (quota), payment and account flags. */
  loadOrganisation: (organisationId: string) => Promise<Organisation>;
  production: boolean;
  timeoutMs?: number;
  jobs?: LabelJobStarter;
  /** This process's instance (jobs/instance.ts): its id goes on each claim and request, so a crash can be told apart. */
  instance?: { id: () => number | null };
  /** What a crash left behind, recovered on demand: a key asked again, an order found busy (labels/recovery.ts). */
  recovery?: Pick<LabelRecovery, 'answerInterrupted' | 'recoverOrders'>;
  /** Counts each label asked of a carrier, made or refused, once (http/metrics.ts). */
  metrics?: { label: (carrier: string, outcome: 'made' | 'refused') => void };
  /** Where an order's unexpected failure (not the carrier's answer) is logged. */
  log?: { error: (details: object, message: string) => void };
  /** Tells the shop of an order that came from one about its new label, in the background (shops/write-back.ts). */
  writeBack?: { labelMade: (organisationId: string, labelId: string) => Promise<void> };
  /** Where the organisation's returns go (/settings/return); null or absent: its own address. */
  loadReturnAddress?: (organisationId: string) => Promise<OrganisationAddress | null>;
  /** The tracking e-mails of labels (tracking-mail/service.ts), for shipment.tracking_mails. */
  trackingMailsOf?: (organisationId: string, labelIds: readonly string[]) => Promise<Map<string, LabelTrackingMail[]>>;
  /** The label file the organisation prints (domain/printing wantedLabelFormat over its print clients); absent: pdf. */
  labelFormatOf?: (organisationId: string) => Promise<CarrierLabelFormat>;
  /** TEST_CARRIER_TIME_SCALE, for the Testvervoerder's cancel (it refuses once it picked the parcel up). */
  testCarrierTimeScale?: number;
}) {
  const cancelAtCarriers = createCarrierCancel({ ...deps, timeoutMs: deps.timeoutMs ?? carrierTimeoutMs, timeScale: deps.testCarrierTimeScale ?? 1 });

  /** The orders of a selection that can be labelled; each other one gets its reason in `errors`. */
  async function sortSelection(organisationId: string, ids: string[], errors: LabelCreateResponse['errors']): Promise<OrderRow[]> {
    const found = await deps.orders.for(organisationId).findMany(ids);
    const byId = new Map(found.map((f) => [f.order.id, f.order]));
    const candidates: OrderRow[] = [];
    for (const id of ids) {
      const order = byId.get(id);
      if (!order) errors.push({ order_id: id, order_number: null, message: labelTexts.orderNotFound });
      else if (!canLabelOrder(order.status)) errors.push({ order_id: id, order_number: order.orderNumber, message: labelTexts.notReady });
      else candidates.push(order);
    }
    return candidates;
  }

  async function createNow(organisation: Organisation, body: CreateBody, usedLabels: number, requestKey?: string): Promise<LabelCreateResponse> {
    const ids = [...new Set(body.order_ids)];
    const large = deps.jobs && ids.length > deps.jobs.threshold ? deps.jobs : null;
    // A repeat of a large selection while its job runs (a double click, a retry without a key) answers that job.
    const running = large ? await large.findActive(organisation.id, labelRequestHash(body)) : null;
    if (running) return running;
    const result: LabelCreateResponse = { status: 'success', data: [], errors: [], warnings: [] };
    const candidates = await sortSelection(organisation.id, ids, result.errors);
    // Orders spec §4 step 1: the pre-checks come before the questions about duplicates and warnings.
    const requestedPackages = requestedPackagesOf(candidates.map((o) => ({ packages: o.packages.length })));
    checkLabelPreconditions({ organisation, usedLabels, requestedPackages, production: deps.production });
    requireSenderAddress(organisation);
    if (!body.force) {
      // A return label's duplicate is an active return label of the order, not its outgoing label.
      const returnLabelled = body.is_return ? await deps.labels.for(organisation.id).ordersWithReturnLabel(candidates.map((o) => o.id)) : null;
      for (const order of candidates) {
        if (returnLabelled ? returnLabelled.has(order.id) : order.shipmentIds.length > 0) {
          result.warnings.push({ order_id: order.id, order_number: order.orderNumber, type: 'duplicate', message: returnLabelled ? labelTexts.returnDuplicate : labelTexts.duplicate });
        } else if (order.status === 'warning') {
          const message = order.statusInfo.filter((i) => i.status === 'warning').map((i) => i.message).join(' ');
          result.warnings.push({ order_id: order.id, order_number: order.orderNumber, type: 'order_warning', message });
        }
      }
      if (result.warnings.length > 0) return { ...result, status: 'warning' };
    }
    if (large) {
      // Warnings and pre-checks were answered above; the labels are made in the background.
      return large.start(organisation.id, { orderIds: candidates.map((o) => o.id), isReturn: body.is_return, force: body.force, requestHash: labelRequestHash(body), total: ids.length, errors: result.errors });
    }
    await labelCandidates(organisation, candidates, body, result, requestKey);
    result.status = result.errors.length === 0 ? 'success' : result.data.length === 0 ? 'failed' : 'partial';
    return result;
  }

  /**
   * Makes the labels of orders that passed the checks, `labelConcurrency` at a time; each
   * order's outcome goes into `result`. Each label is a claim (status creating, with this
   * process's instance and the request's key), the carrier's call, the carrier's answer
   * stored at once, and the finish; a crash between any two is recovered (labels/recovery.ts).
   */
  async function labelCandidates(organisation: Organisation, candidates: OrderRow[], body: CreateBody, result: Pick<LabelCreateResponse, 'data' | 'errors'>, requestKey?: string): Promise<void> {
    const labels = deps.labels.for(organisation.id);
    const couriers = new Map((await deps.couriers.for(organisation.id).listAll()).map((c) => [c.id, c]));
    // The request's pre-check counted before any label was made; each claim counts again, so
    // that requests at the same moment (or a job and a request) cannot pass the quota together.
    const quota = organisation.plan?.quota.labels ?? null;
    // The request checked it before; a job's step finds it there too (an address cannot be removed).
    const organisationAddress = organisation.address;
    // The /settings/return address; without one, returns go to the organisation's address.
    const returnAddress: OrganisationAddress | null = body.is_return ? ((await deps.loadReturnAddress?.(organisation.id)) ?? null) : null;
    const details = body.is_return ? body.return_details : undefined;
    // An order found busy may hold a claim a crash left behind: recovered, and then claimed again.
    // A ZPL printer: the carriers that can are asked for ZPL too (docs/printing.md, "ZPL").
    const labelFormat = (await deps.labelFormatOf?.(organisation.id)) ?? 'pdf';
    const recoverBusy = async (orderId: string) => ((await deps.recovery?.recoverOrders(organisation.id, [orderId])) ?? 0) > 0;
    await runBounded(
      candidates,
      labelConcurrency,
      async (order) => {
        const fail = (message: string): void => void result.errors.push({ order_id: order.id, order_number: order.orderNumber, message });
        let claimedLabelId: string | null = null;
        let atCarrier = false;
        // The carrier class once its call starts: a failure from then on is a refused label (verzendhuis_labels_total).
        let askedCarrier: string | null = null;
        let releaseBudget: (() => void) | null = null;
        try {
          if (!organisationAddress) return fail(labelErrorMessages.sender_address_missing);
          const parties = shipmentParties({ order, organisation, organisationAddress, returnAddress, isReturn: body.is_return });
          // A portal return goes with the courier the consumer chose; any other label with the order's.
          const courierId = details ? details.courier_id : order.courierId;
          const courier = courierId ? couriers.get(courierId) : undefined;
          const adapter = courier?.isActive ? deps.carriers.adapter(courier.serviceClass) : null;
          if (!courier || !adapter) return fail(labelTexts.courierGone);
          // Another courier than the order's: the order's shipment type when it has it, else its first; its own defaults for the fields.
          const sameCourier = courier.id === order.courierId;
          const courierTypes = courierClassMeta(courier.serviceClass)?.shipment_types ?? [];
          const shipmentType = sameCourier ? order.shipmentType : (courierTypes.find((t) => t.id === order.shipmentType)?.id ?? courierTypes[0]?.id ?? null);
          const courierFields = sameCourier ? order.courierFields : {};
          if (!shipmentType) return fail(labelTexts.courierGone);
          // Orders spec §5: some carriers make no return labels to some countries (return_fallback does not change that).
          const returnRefused = body.is_return ? returnLabelRefusal({ courierClass: courier.serviceClass, country: order.country }) : null;
          if (returnRefused) return fail(returnRefused);
          // A proxy courier calls the carrier with the platform contract and is invoiced: its price is known before anything is claimed.
          const carrierSettings = await settingsForCarrierCall(courier, deps);
          if (!carrierSettings.ok) return fail(carrierSettings.message);
          let charge: LabelCharge | undefined;
          if (courier.proxiedId) {
            const quote = await deps.billing.quoteLabel({ courierClass: courier.serviceClass, shipmentType, country: order.country, weights: order.packages.map((p) => p.weight), courierFields });
            if (!quote.ok) return fail(quote.message);
            charge = quote.charge;
          }
          // The carrier's budget first: the order is claimed only when its call can start.
          releaseBudget = await deps.carrierBudgets.acquire(courier.serviceClass, adapter.labelBudget);
          const claim = await labels.claim(
            {
              orderId: order.id,
              courierId: courier.id,
              courierClass: courier.serviceClass,
              isReturn: body.is_return,
              shipmentType,
              courierFields,
              ...(details ? { paymentMethod: details.payment_method, reasonRetour: details.reason_retour } : {}),
              orderSnapshot: {
                order_number: order.orderNumber,
                order_date: order.orderDate.toISOString(),
                order_status: order.orderStatus,
                ...customerParty(order),
                // Where the parcel goes (a return: to the organisation); tracking keys its lookups on it.
                shipment_receiver: { zipcode: parties.receiver.zipcode, country: parties.receiver.country },
                // The pickup point the carrier is asked to deliver at (below), shown on the label page.
                ...(order.pickupPoint && !body.is_return ? { pickup_point: order.pickupPoint } : {}),
              },
              claimedBy: deps.instance?.id() ?? null,
              requestKey: requestKey ?? null,
            },
            { force: body.force, quota: quota === null ? undefined : { limit: quota, since: startOfMonth(), packages: Math.max(1, order.packages.length) }, recoverBusy: () => recoverBusy(order.id) },
          );
          if (claim === 'busy') return fail(labelTexts.busy);
          if (claim === 'quota') return fail(labelTexts.quotaReached(quota ?? 0));
          if (claim === 'duplicate') return fail(body.is_return ? labelTexts.returnDuplicate : labelTexts.duplicate);
          const labelId = claim.id;
          claimedLabelId = labelId;
          atCarrier = true;
          askedCarrier = courier.serviceClass;
          const packages = await adapter.createShipment(
            {
              reference: order.orderNumber ?? labelId,
              shipmentType,
              courierFields,
              sender: parties.sender,
              receiver: parties.receiver,
              packages: order.packages.length > 0 ? order.packages : [{ weight: 0 }],
              isReturn: body.is_return,
              // A return goes back from the customer: the outgoing parcel's pickup point is no part of it.
              ...(order.pickupPoint && !body.is_return ? { pickupPoint: order.pickupPoint } : {}),
              labelFormat,
            },
            { settings: carrierSettings.settings, signal: AbortSignal.timeout(deps.timeoutMs ?? carrierTimeoutMs) },
          );
          atCarrier = false;
          releaseBudget();
          // A label that is no PDF (a carrier's error page, broken bytes) is refused, never stored: it could not be printed.
          if (packages.some((p) => !isPdf(p.labelPdf))) {
            throw new CarrierError('refused', carrierLabelTexts.refused(courierClassMeta(courier.serviceClass)?.name ?? courier.serviceClass, carrierLabelTexts.labelNotPdf));
          }
          const recorded = await labels.recordCarrierLabel(
            labelId,
            packages.map((p, i) => ({
              packageNumber: i + 1,
              weight: order.packages[i]?.weight ?? 0,
              trackingNumber: p.trackingNumber,
              trackingUrl: p.trackingUrl,
              labelFile: p.labelPdf,
              // A ZPL answer that is no ZPL document is dropped: the label prints from its PDF.
              labelZpl: p.labelZpl && isZpl(p.labelZpl) ? p.labelZpl : null,
              carrierReference: p.carrierReference ?? null,
            })),
            charge,
          );
          // From here the carrier's label is stored: it is finished, now or by the recovery, never released.
          claimedLabelId = null;
          if (!recorded) {
            // The claim was released as abandoned while the carrier answered (this process was taken for dead).
            deps.log?.error({ orderId: order.id, labelId }, 'label claim released before the carrier answered');
            return fail(labelTexts.interrupted);
          }
          // The carrier's label is stored: made, whether it finishes now or by the recovery.
          askedCarrier = null;
          deps.metrics?.label(courier.serviceClass, 'made');
          try {
            await labels.finish({ id: labelId, orderId: order.id });
          } catch (error) {
            deps.log?.error({ err: error, orderId: order.id, labelId }, 'label stored but not finished; the recovery finishes it');
            return fail(labelTexts.finishPending);
          }
          result.data.push({ id: labelId, order_id: order.id, shipment_id: labelId });
          // The shop hears of it through the queue; labelMade never throws, and a return tells the shop nothing.
          if (order.shopId && !body.is_return) await deps.writeBack?.labelMade(organisation.id, labelId);
        } catch (error) {
          // One order's failure is that order's answer: the claim goes, the other orders go on.
          if (claimedLabelId) await labels.releaseClaim(claimedLabelId).catch(() => undefined);
          if (askedCarrier) deps.metrics?.label(askedCarrier, 'refused');
          const timedOut = (error as { name?: string }).name === 'TimeoutError';
          if (!(error instanceof CarrierError) && !timedOut) deps.log?.error({ err: error, orderId: order.id }, 'label creation failed for one order');
          fail(error instanceof CarrierError ? error.message : timedOut ? labelTexts.carrierTimeout : atCarrier ? labelTexts.carrierFailed : labelTexts.unexpected);
        } finally {
          // Idempotent: released already when the carrier answered; here for every other way out.
          releaseBudget?.();
        }
      },
    );
  }

  /** The answers of label/, label/{id} and the changes: each label with its packages, order lines, invoice items and ticket. */
  async function labelDtos(organisationId: string, rows: LabelRow[]): Promise<Label[]> {
    const labels = deps.labels.for(organisationId);
    const ids = rows.map((r) => r.id);
    const [packages, orders, invoiceItems, tickets, trackingMails] = await Promise.all([
      labels.packagesOf(ids),
      labels.orderDetailsOf(rows.map((r) => r.orderId)),
      deps.invoices.for(organisationId).invoiceItemsOf(ids),
      labels.ticketsOf(ids),
      deps.trackingMailsOf?.(organisationId, ids) ?? new Map<string, LabelTrackingMail[]>(),
    ]);
    return rows.map((r) =>
      toLabelDto(r, {
        packages: packages.get(r.id) ?? [],
        order: orders.get(r.orderId),
        invoiceItems: invoiceItems.get(r.id) ?? [],
        ticketId: tickets.get(r.id),
        trackingMails: trackingMails.get(r.id) ?? [],
      }),
    );
  }

  async function labelDto(organisationId: string, row: LabelRow): Promise<Label> {
    const [dto] = await labelDtos(organisationId, [row]);
    return dto as Label;
  }

  /**
   * A deleted label gives its order back (docs/labels.md): an order left without a shipment
   * is re-checked with the domain's rules against the organisation's couriers of today.
   */
  async function orderRecheck(organisationId: string): Promise<OrderRecheck> {
    const couriers = new Map((await deps.couriers.for(organisationId).listAll()).map((c) => [c.id, c]));
    return (found) => found.map((f) => recheckedStatus(f, f.order.courierId ? couriers.get(f.order.courierId) : undefined));
  }

  /** Packages labelled this calendar month: what the plan's quota counts. */
  const usedThisMonth = (organisationId: string) => deps.labels.for(organisationId).packagesSince(startOfMonth());

  /**
   * The sheet of label/pdf without marking anything printed (label/print renders it
   * once and marks the labels when the print client reports them printed): the PDF and
   * the label ids in the sheet's order.
   */
  const sheet = async (organisationId: string, body: PdfBody, query: { sort?: string }): Promise<{ pdf: Uint8Array; labelIds: string[] }> => {
    const labels = deps.labels.for(organisationId);
    const { label_ids: labelIds, format } = body;
    const unique = [...new Set(labelIds)];
    const sort = query.sort ? parseSort(query.sort, labelSortKeys, { key: 'created_at', descending: true }) : null;
    const order = await labels.visibleIdsInOrder(unique, sort);
    if (order.length !== unique.length) throw labelNotFound();
    const files = await labels.files(order);
    return { pdf: await composeLabelSheet({ labels: files, format, ...firstSheetOf(body) }), labelIds: order };
  };

  /** The first A4 sheet's positions of a body (label/pdf, label/print). */
  const firstSheetOf = ({ format, positions }: PdfBody) =>
    format !== 'a4' || positions === undefined ? {} : Array.isArray(positions) ? { positions: positions as StartPosition[] } : { startPosition: positions as StartPosition };

  /** Printed labels (label/pdf, a print job reported printed): ready becomes printed. */
  const markPrinted = async (organisationId: string, labelIds: readonly string[]): Promise<void> => {
    await deps.labels.for(organisationId).markPrinted(labelIds);
  };

  /**
   * label/pdf as it is made (documents/label-sheet.ts `labelSheetChunks`): the labels'
   * files read in batches and their pages written out as they are placed, so memory
   * stays flat however many labels there are. The checks (an unknown or another
   * organisation's label) come before the first byte; the labels count as printed once
   * the last byte is made. A stored file that is no PDF ends the stream with an error.
   */
  const pdfStream = async (organisationId: string, body: PdfBody, query: { sort?: string }): Promise<AsyncIterable<Uint8Array>> => {
    const labels = deps.labels.for(organisationId);
    const unique = [...new Set(body.label_ids)];
    const sort = query.sort ? parseSort(query.sort, labelSortKeys, { key: 'created_at', descending: true }) : null;
    const order = await labels.visibleIdsInOrder(unique, sort);
    if (order.length !== unique.length) throw labelNotFound();
    const chunks = labelSheetChunks({ labels: labels.filesInBatches(order), format: body.format, ...firstSheetOf(body) });
    return (async function* () {
      yield* chunks;
      // The PDF is the print of these labels: ready becomes printed.
      await markPrinted(organisationId, order);
    })();
  };

  return {
    /**
     * The account's pre-checks alone (account spec §4), for a caller that must know a label
     * can be made before it asks for money (the return portal's consumer_paid).
     */
    async assertCanLabel(organisationId: string, requestedPackages = 1): Promise<void> {
      const [organisation, usedLabels] = await Promise.all([deps.loadOrganisation(organisationId), usedThisMonth(organisationId)]);
      checkLabelPreconditions({ organisation, usedLabels, requestedPackages, production: deps.production });
      requireSenderAddress(organisation);
    },

    /**
     * order/label/create. Exactly once: with an Idempotency-Key a repeat answers the
     * first answer; without one, an order already labelled is reported as a duplicate
     * (unless forced) and an order being labelled cannot be claimed twice.
     */
    async create(organisationId: string, body: CreateBody, options: { idempotencyKey?: string } = {}): Promise<LabelCreateResponse> {
      const [organisation, usedLabels] = await Promise.all([deps.loadOrganisation(organisationId), usedThisMonth(organisationId)]);
      const key = options.idempotencyKey;
      if (!key) return createNow(organisation, body, usedLabels);
      const labels = deps.labels.for(organisationId);
      const hash = labelRequestHash(body);
      const started = await labels.startRequest(key, { requestHash: hash, orderIds: [...new Set(body.order_ids)], claimedBy: deps.instance?.id() ?? null });
      if (!started.started) {
        if (started.requestHash !== hash) throw usage('idempotency_key_reused', labelErrorMessages.idempotency_key_reused);
        if (started.response) return started.response as LabelCreateResponse;
        // No answer yet: still being made, or cut off by a crash (then answered from what it made).
        const recovered = await deps.recovery?.answerInterrupted(organisationId, key);
        if (recovered) return recovered;
        throw usage('request_in_progress', labelErrorMessages.request_in_progress);
      }
      try {
        const response = await createNow(organisation, body, usedLabels, key);
        await labels.finishRequest(key, response);
        return response;
      } catch (error) {
        // Nothing was made (pre-checks refuse before any carrier call): the key may be used again.
        await labels.forgetRequest(key);
        throw error;
      }
    },

    /**
     * The background job's step (labels/jobs.ts): labels these orders now. The request
     * that made the job already answered the warnings and ran the pre-checks; each claim
     * still counts the quota.
     */
    async labelOrders(organisationId: string, orderIds: string[], options: { is_return: boolean; force: boolean }): Promise<Pick<LabelCreateResponse, 'data' | 'errors'>> {
      const organisation = await deps.loadOrganisation(organisationId);
      const result: Pick<LabelCreateResponse, 'data' | 'errors'> = { data: [], errors: [] };
      const candidates = await sortSelection(organisationId, orderIds, result.errors);
      await labelCandidates(organisation, candidates, { ...options, order_ids: orderIds }, result);
      return result;
    },

    /** label/: a page of labels, newest first unless sorted otherwise. */
    async list(organisationId: string, query: ListQuery) {
      const sort = parseSort(query.sort, labelSortKeys, { key: 'created_at', descending: true });
      const { rows, total, totalIsLowerBound } = await deps.labels.for(organisationId).list({ ...query, isReturn: query.is_returned, sort });
      return { data: await labelDtos(organisationId, rows), meta: { total, page: query.page, page_size: query.page_size, total_is_lower_bound: totalIsLowerBound } };
    },

    async count(organisationId: string, query: { status?: readonly string[]; is_returned?: boolean }): Promise<number> {
      return deps.labels.for(organisationId).count({ status: query.status, isReturn: query.is_returned });
    },

    /** labelcounters/: the packages labelled this month against the plan's quota. */
    async counters(organisationId: string): Promise<{ labels: number; quota: number | null }> {
      const organisation = await deps.loadOrganisation(organisationId);
      return { labels: await usedThisMonth(organisationId), quota: organisation.plan?.quota.labels ?? null };
    },

    async get(organisationId: string, id: string): Promise<Label> {
      const [row] = await deps.labels.for(organisationId).findMany([id]);
      if (!row) throw labelNotFound();
      return labelDto(organisationId, row);
    },

    /**
     * POST label/{id} and return/{id}: one label's change, by the rules of label-rules (final
     * states stay final). A delete asks the label's carrier to cancel it first: a refusal
     * keeps the label (409, the carrier's reason); a carrier without a cancel call is not
     * informed, and `notice` says so.
     */
    async change(organisationId: string, id: string, change: LabelChange): Promise<{ label: Label; notice: string | null }> {
      const cancelled = change.isActive === false ? await cancelAtCarriers(organisationId, [id]) : null;
      const refusal = cancelled?.refusals[0];
      if (refusal) {
        throw new AppError({
          type: 'usage',
          messageCode: refusal.kind === 'refused' ? 'label_cancel_refused' : 'label_cancel_unavailable',
          message: refusal.message,
        });
      }
      const result = await deps.labels.for(organisationId).update(id, change, await orderRecheck(organisationId));
      if (result === 'not_found') throw labelNotFound();
      if (result === 'canceled_not_delivered') throw refused('status', 'label_canceled', labelUpdateErrorTexts.canceledNotDelivered);
      if (result === 'marker_only_return') throw refused('marker', 'label_not_return', labelUpdateErrorTexts.markerOnlyReturn);
      const carrier = cancelled?.notInformed.length ? (courierClassMeta(result.courierClass)?.name ?? result.courierClass) : null;
      return { label: await labelDto(organisationId, result), notice: carrier ? labelUpdateErrorTexts.carrierNotInformed(carrier) : null };
    },

    /**
     * label/updatebulklabels: delete (each order is given back, as by change), or mark as
     * delivered; how many labels changed. A delete asks the carriers to cancel first: the
     * labels a carrier refused stay, each with its reason in `errors`.
     */
    async bulkUpdate(organisationId: string, ids: string[], action: LabelBulkAction): Promise<{ affected: number; errors: { label_id: string; message: string }[]; notice: string | null }> {
      const cancelled = action === 'deactivate' ? await cancelAtCarriers(organisationId, ids) : null;
      const kept = new Set(cancelled?.refusals.map((r) => r.labelId));
      const changing = ids.filter((id) => !kept.has(id));
      const affected = changing.length === 0 ? 0 : await deps.labels.for(organisationId).bulkUpdate(changing, action, await orderRecheck(organisationId));
      return {
        affected,
        errors: (cancelled?.refusals ?? []).map((r) => ({ label_id: r.labelId, message: r.message })),
        notice: cancelled?.notInformed.length ? labelUpdateErrorTexts.carriersNotInformed(cancelled.notInformed.length) : null,
      };
    },

    /**
     * label/pdf: the labels' files on A6 pages or four to an A4, in the order asked (or
     * sorted); the labels count as printed. Another organisation's, a deleted or an
     * unknown label refuses the whole file.
     */
    async pdf(organisationId: string, body: PdfBody, query: { sort?: string }): Promise<Uint8Array> {
      const chunks: Uint8Array[] = [];
      for await (const chunk of await pdfStream(organisationId, body, query)) chunks.push(chunk);
      return Buffer.concat(chunks);
    },


    /** The ZPL files of labels the sheet listed (`sheet.labelIds`, already checked), in its order; null where a package has none. */
    zplFiles: (organisationId: string, labelIds: string[]): Promise<(Buffer | null)[]> => deps.labels.for(organisationId).zplFiles(labelIds),
    pdfStream,
    sheet,
    markPrinted,
  };
}

export type LabelService = ReturnType<typeof createLabelService>;
