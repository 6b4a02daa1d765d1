import type { FastifyBaseLogger } from 'fastify';
import { createPdokLookup } from './address/pdok';
import { createMollieProvider } from './payments/mollie';
import { createPaymentRepository } from './payments/repository';
import { createPaymentService } from './payments/service';
import { createLoginAttempts } from './auth/login-attempts';
import { requestLimit, sharedLimiters } from './http/shared-limiter';
import { createTestPaymentProvider } from './payments/test-provider';
import { loadProviderSecrets } from './auth/secrets';
import { createTokenVerifier } from './auth/tokens';
import { createBillingRepository } from './billing/repository';
import { createBillingService } from './billing/service';
import { allCourierClassMeta, createCarrierRegistry } from './carriers/registry';
import type { AppConfig } from './config';
import { createAnalyticsRepository } from './analytics/repository';
import { createAnalyticsService } from './analytics/service';
import { createContactRepository } from './contacts/repository';
import { createContactService } from './contacts/service';
import { createCourierRepository } from './couriers/repository';
import { createCourierService } from './couriers/service';
import { createMetrics } from './http/metrics';
import { createOutboundFetch } from './http/outbound';
import { createLogger as createJsonLogger } from './http/request-log';
import { createSettingsCrypto } from './couriers/settings-crypto';
import type { DatabaseHandle } from './db/client';
import { createLabelDrawing } from './documents/label-drawing';
import { createOrderDocumentService } from './documents/order-documents';
import { createOrderDocumentRepository } from './documents/order-documents-repository';
import { createFeedbackRepository } from './feedback/repository';
import { createGdprRepository } from './gdpr/repository';
import { createGdprService } from './gdpr/service';
import { createImportRepository } from './imports/repository';
import { createImportService } from './imports/service';
import { createInvoiceRepository } from './invoices/repository';
import { createInvoiceService } from './invoices/service';
import { createInstanceLease } from './jobs/instance';
import { createJobQueue } from './jobs/queue';
import { registerWorkers } from './jobs/workers';
import { createLabelJobRepository } from './labels/job-repository';
import { createLabelJobRunner, createLabelJobService } from './labels/jobs';
import { createLabelRecovery } from './labels/recovery';
import { createLabelRepository } from './labels/repository';
import { createCarrierBudgets } from './labels/carrier-budget';
import { createLabelService } from './labels/service';
import { createOrderIntake } from './orders/intake';
import { createOrderRepository } from './orders/repository';
import { createOrderService } from './orders/service';
import { createOrganisationRepository } from './organisation/repository';
import { createOrganisationService } from './organisation/service';
import { createPlanService } from './organisation/plan-service';
import { createRenewalService } from './organisation/renewals';
import { createShipmentLogicRepository } from './shipment-logic/repository';
import { createShipmentLogicService } from './shipment-logic/service';
import { createShopRegistry } from './shops/registry';
import { createShopifyAdapter } from './shops/shopify/adapter';
import { createShopRepository } from './shops/repository';
import { createShopService } from './shops/service';
import { createWooCommerceAdapter } from './shops/woocommerce/adapter';
import { createShopWriteBack } from './shops/write-back';
import { createShopWriteBackRepository } from './shops/write-back-repository';
import { createTicketRepository } from './tickets/repository';
import { createApiUserRepository } from './api-users/repository';
import { createApiUserService } from './api-users/service';
import { createTicketService } from './tickets/service';
import { createPrintServer } from './printing/print-server';
import { createPrintingRepository } from './printing/repository';
import { createPrintingService } from './printing/service';
import { wantedLabelFormat } from '@verzendhuis/domain/printing';
import { createReturnRepository } from './returns/repository';
import { createReturnService } from './returns/service';
import { createLocationCoordinates } from './tracking/locations';
import { createPickupPointService } from './tracking/pickup-points';
import { trackingMaxAgeDays } from './tracking/jobs';
import { createTrackingRepository } from './tracking/repository';
import { createTrackingService } from './tracking/service';
import { parseDelayAfterHours, parseTrackingBudget } from '@verzendhuis/domain/tracking-freshness';
import { createMailer } from './tracking-mail/mailer';
import { createRegistrationService } from './auth/registration';
import { createTrackingMailRepository } from './tracking-mail/repository';
import { createTrackingMailService, publicTrackingPerMinute } from './tracking-mail/service';

/** The process's logger, from LOG_LEVEL: the HTTP app logs through it too (Fastify's loggerInstance). */
export function createLogger(config: Pick<AppConfig, 'logLevel'>): FastifyBaseLogger {
  return createJsonLogger({ level: config.logLevel });
}

/**
 * The composition root: every repository, service, the one job queue and the label
 * drawing threads of a process, made here once from the configuration and the database.
 * app.ts registers the routes with these; runtime.ts starts and stops them; the queue's
 * workers (jobs/workers.ts) run with them. Nothing else makes a service or a repository.
 *
 * `start` starts the queue and its workers (with `schedule`, also the schedules of the
 * periodic work); `stop` ends the queue (running jobs stop at a safe point) and then
 * the drawing threads, once. The database is the caller's: it closes it after `stop`.
 */
export async function createServices(deps: { config: AppConfig; database: DatabaseHandle; log?: FastifyBaseLogger }) {
  const { config, database } = deps;
  const { db } = database;
  // Rate limits counted in PostgreSQL: the same for every process on this database.
  const limiters = sharedLimiters(database.pool);
  const log = deps.log ?? createLogger(config);

  const repositories = {
    organisations: createOrganisationRepository(db),
    tickets: createTicketRepository(db),
    feedback: createFeedbackRepository(db),
    couriers: createCourierRepository(db),
    shops: createShopRepository(db),
    contacts: createContactRepository(db),
    analytics: createAnalyticsRepository(db),
    orders: createOrderRepository(db),
    billing: createBillingRepository(db),
    invoices: createInvoiceRepository(db),
    labels: createLabelRepository(db),
    labelJobs: createLabelJobRepository(db),
    tracking: createTrackingRepository(db),
    orderDocuments: createOrderDocumentRepository(db),
    imports: createImportRepository(db),
    shopWriteBack: createShopWriteBackRepository(db),
    shipmentLogic: createShipmentLogicRepository(db),
    printing: createPrintingRepository(db),
    returns: createReturnRepository(db),
    trackingMails: createTrackingMailRepository(db),
    gdpr: createGdprRepository(db),
    apiUsers: createApiUserRepository(db),
    payments: createPaymentRepository(db),
  };

  const secrets = config.oidc.mode === 'embedded' ? await loadProviderSecrets(db) : null;
  const crypto = await createSettingsCrypto(db);
  // The Testvervoerder draws its labels on these threads (documents/label-drawing.ts).
  const labelDrawing = createLabelDrawing({ threads: config.labelDrawThreads });
  const outbound = createOutboundFetch({ allowPrivate: config.allowPrivateOutbound });
  const queue = createJobQueue({ pool: database.pool, log });
  // The Prometheus metrics of GET /metrics, one registry per process (docs/observability.md).
  const metrics = createMetrics({
    pool: database.pool,
    jobCounts: () => queue.counts(),
    // One indexed row per carrier class, one after the other: a scrape takes one connection at a time.
    trackingLagSeconds: async () => {
      const now = new Date();
      const createdSince = new Date(now.getTime() - trackingMaxAgeDays * 86_400_000);
      const lags: { carrier: string; seconds: number }[] = [];
      for (const { class: carrier } of allCourierClassMeta()) lags.push({ carrier, seconds: await repositories.tracking.crossOrganisation.trackingLagSeconds({ courierClass: carrier, createdSince, now }) });
      return lags;
    },
  });
  const carriers = createCarrierRegistry({ labelDrawing, outbound, timeCall: metrics.carrierCall });
  // The webshop platforms (shops/adapter.ts); each adapter is added here.
  const shopPlatforms = createShopRegistry([createWooCommerceAdapter({ callTimeoutMs: config.carrierTimeoutMs, fetch: outbound as typeof fetch }), createShopifyAdapter({ apiVersion: config.shopifyApiVersion, fetch: outbound })]);
  // This process as an instance on the database: what it claims carries its id (jobs/instance.ts).
  const instance = createInstanceLease({ db, log });

  // Invoices: the closing of periods, the files, the overdue rule (invoices/service.ts).
  const invoices = createInvoiceService({ repository: repositories.invoices, company: config.invoiceCompany, clockOffsetDays: config.billingClockOffsetDays });
  const shipmentLogic = createShipmentLogicService({ rules: repositories.shipmentLogic, couriers: repositories.couriers, orders: repositories.orders });
  const organisations = createOrganisationService({
    repository: repositories.organisations,
    intercomSecret: config.intercomSecret,
    publicUrl: config.publicUrl,
    shipmentLogic: (organisationId) => shipmentLogic.list(organisationId),
    // An overdue invoice stops label creation until it is paid (docs/billing.md "## Invoices").
    hasOverdueInvoice: (organisationId) => invoices.hasOverdueInvoice(organisationId),
  });
  const loadOrganisation = (organisationId: string) => organisations.loadOrganisationDto(organisationId);
  // Plans and add-ons: the operator's catalogue, a change charged pro rata (docs/plans.md).
  const plans = createPlanService({ repository: repositories.organisations, loadOrganisation });
  // Renewals: each next month or year of a paid plan or add-on charged once (the hourly job, docs/plans.md "Renewals").
  const renewals = createRenewalService({ repository: repositories.organisations });
  const billing = createBillingService({ repository: repositories.billing });
  // Every order comes in through one pipeline: defaults, shipping rules, checks, keyed storage (orders/intake.ts).
  const orderIntake = createOrderIntake({ orders: repositories.orders, couriers: repositories.couriers, rules: repositories.shipmentLogic });
  // Webshops: the platforms' adapters, the links and their pulls (shops/service.ts).
  const shops = createShopService({
    repository: repositories.shops,
    registry: shopPlatforms,
    crypto,
    intake: orderIntake,
    verifyTimeoutMs: config.carrierTimeoutMs,
    log,
  });

  // A label for a shop's order is told to the shop in the background (shops/write-back.ts).
  const shopWriteBack = createShopWriteBack({
    repository: repositories.shopWriteBack,
    loadShop: async (organisationId, shopId) => {
      const shop = await repositories.shops.for(organisationId).find(shopId);
      return shop ? { name: shop.label, isActive: shop.isActive, linkable: shopPlatforms.get(shop.serviceClass) !== undefined } : null;
    },
    fulfil: (organisationId, shopId, fulfilment) => shops.fulfil(organisationId, shopId, fulfilment),
    carrierName: (courierClass) => carriers.adapter(courierClass)?.meta.name ?? courierClass,
    queue,
    retryDelaySeconds: config.shopWriteBackRetryDelaySeconds,
    log,
  });
  // Large selections are made by a background job on the queue (labels/jobs.ts).
  const labelJobs = createLabelJobService({ jobs: repositories.labelJobs, queue, threshold: config.labelJobThreshold });
  // Tracking e-mails: SMTP from SMTP_URL, else the outbox; followers of the tracking service (tracking-mail/service.ts).
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, publicUrl: config.publicUrl });
  const trackingMail = createTrackingMailService({
    repository: repositories.trackingMails,
    mailer,
    queue,
    publicUrl: config.publicUrl,
    carrierName: (courierClass) => carriers.adapter(courierClass)?.meta.name ?? courierClass,
    retryLimit: 5,
    retryDelaySeconds: config.trackingMailRetryDelaySeconds,
    log,
  });
  // Registration on the built-in provider: the same answer for every address, a mail with the link or "already an account" (auth/registration.ts).
  const registrations = createRegistrationService({ repository: repositories.organisations, mailer, queue, publicUrl: config.publicUrl });
  // What a crash leaves of label creation, made right at start, every few seconds and on demand (labels/recovery.ts).
  const labelRecovery = createLabelRecovery({
    labels: repositories.labels,
    orders: repositories.orders,
    jobs: repositories.labelJobs,
    instance,
    resumeJob: (job) => labelJobs.resume(job),
    carrierTimeoutMs: config.carrierTimeoutMs,
    log,
    writeBack: shopWriteBack,
    trackingMail,
  });
  const labels = createLabelService({
    labels: repositories.labels,
    carrierBudgets: createCarrierBudgets(),
    orders: repositories.orders,
    couriers: repositories.couriers,
    crypto,
    billing,
    invoices: repositories.billing,
    carriers,
    loadOrganisation,
    production: config.environment === 'production',
    timeoutMs: config.carrierTimeoutMs,
    jobs: labelJobs,
    instance,
    recovery: labelRecovery,
    metrics,
    log,
    writeBack: shopWriteBack,
    loadReturnAddress: async (organisationId) => (await repositories.returns.for(organisationId).settings())?.address ?? null,
    trackingMailsOf: (organisationId, labelIds) => trackingMail.ofLabels(organisationId, labelIds),
    testCarrierTimeScale: config.testCarrierTimeScale,
    labelFormatOf: async (organisationId) => wantedLabelFormat(await repositories.printing.for(organisationId).listClients()),
  });
  const returns = createReturnService({
    repository: repositories.returns,
    couriers: repositories.couriers,
    labels,
    loadOrganisation,
    publicUrl: config.publicUrl,
    limiters,
    // The payment service is built below; the portal calls it only once a request needs it.
    payments: {
      startReturnPayment: (organisationId, input) => payments.startReturnPayment(organisationId, input),
      readReturnPayment: (organisationId, returnRequestId) => payments.readReturnPayment(organisationId, returnRequestId),
    },
  });
  const addressLookup = createPdokLookup({ baseUrl: config.pdokUrl, log: (m) => log.warn(m) });
  const tracking = createTrackingService({
    repository: repositories.tracking,
    couriers: repositories.couriers,
    crypto,
    carriers,
    timeoutMs: config.carrierTimeoutMs,
    timeScale: config.testCarrierTimeScale,
    delayAfterHours: parseDelayAfterHours(config.delayAfterHours),
    budgetPerMinute: parseTrackingBudget(config.trackingBudgetPerMinute),
    publicUrl: config.publicUrl,
    log,
    coordinatesOf: createLocationCoordinates({ lookup: addressLookup.coordinates, log: (m) => log.warn(m) }),
    onChange: (change) => trackingMail.onTrackingChange(change),
  });

  // The print server: the print clients' sockets held by this process, jobs announced over LISTEN/NOTIFY (printing/print-server.ts).
  // The payment provider of direct debit and invoice payments (docs/billing.md): Mollie, or the built-in test provider.
  const testPaymentProvider = config.payments.provider === 'test' ? createTestPaymentProvider({ publicUrl: config.publicUrl }) : null;
  const paymentProvider =
    config.payments.provider === 'mollie'
      ? createMollieProvider({ apiUrl: config.payments.apiUrl, apiKey: config.payments.apiKey, timeoutMs: config.paymentTimeoutMs, log: (m) => log.warn(m) })
      : testPaymentProvider ?? createTestPaymentProvider({ publicUrl: config.publicUrl });
  const payments = createPaymentService({
    repository: repositories.payments,
    provider: paymentProvider,
    publicUrl: config.publicUrl,
    log,
    markInvoicePaid: invoices.markPaid,
    onReturnPaid: (organisationId, returnRequestId, paymentId) => returns.labelPaidReturn(organisationId, returnRequestId, paymentId),
  });

  const printServer = createPrintServer({
    repository: repositories.printing,
    pool: database.pool,
    instanceId: () => instance.id(),
    markPrinted: (organisationId, labelIds) => labels.markPrinted(organisationId, labelIds),
    log,
  });
  const printing = createPrintingService({ repository: repositories.printing, labels, printServer, limiters });

  const services = {
    config,
    database,
    log,
    metrics,
    repositories,
    secrets,
    verifyToken: createTokenVerifier(config, secrets),
    labelDrawing,
    queue,
    organisations,
    plans,
    renewals,
    shipmentLogic,
    orderIntake,
    // CSV files through the same intake; large ones as a job on the queue (imports/service.ts).
    imports: createImportService({ imports: repositories.imports, intake: orderIntake, queue, jobThreshold: config.importJobThreshold, log }),
    shopPlatforms,
    orders: createOrderService({ orders: repositories.orders, couriers: repositories.couriers, shops: repositories.shops, intake: orderIntake }),
    couriers: createCourierService({ repository: repositories.couriers, crypto, verifyTimeoutMs: config.carrierTimeoutMs, allowPrivateOutbound: config.allowPrivateOutbound, outbound, timeCall: metrics.carrierCall }),
    billing,
    invoices,
    labels,
    labelJobs,
    labelRecovery,
    shopWriteBack,
    labelJobRunner: createLabelJobRunner({ jobs: repositories.labelJobs, service: labels, recovery: labelRecovery, instance, log }),
    tracking,
    trackingMail,
    registrations,
    // Investigations: in development every label may be investigated (orders spec §6; tickets/service.ts).
    tickets: createTicketService({ repository: repositories.tickets, anyLabel: config.environment === 'development' }),
    shops,
    pickupPoints: createPickupPointService({ couriers: repositories.couriers, crypto, carriers, timeoutMs: config.carrierTimeoutMs, log }),
    documents: createOrderDocumentService({
      orders: repositories.orderDocuments,
      labels: repositories.labels,
      loadOrganisation,
      loadLogo: (organisationId) => repositories.organisations.for(organisationId).logo(),
    }),
    printServer,
    printing,
    returns,
    addressLookup,
    contacts: createContactService({ repository: repositories.contacts }),
    analytics: createAnalyticsService({ repository: repositories.analytics }),
    // GDPR: exports made on the queue, the retention period applied nightly (gdpr/service.ts).
    gdpr: createGdprService({ repository: repositories.gdpr, queue, log }),
    // API users' keys, checked by the /api guard, with a rate limit per API user (docs/api-users.md).
    apiUsers: createApiUserService({ repository: repositories.apiUsers, rateLimitPerMinute: config.apiUserRateLimit, limiters }),
    loginAttempts: createLoginAttempts(limiters),
    // The public tracking page: requests per IP per minute, counted by every process together.
    publicTrackingLimit: requestLimit(limiters, { keyPrefix: 'public-tracking', points: publicTrackingPerMinute, duration: 60 }),
    payments,
    testPaymentProvider,
  };

  let stopped: Promise<void> | null = null;
  return {
    ...services,
    /**
     * Registers this process as an instance, starts the queue and its workers (`schedule`:
     * this process also keeps the periodic work's schedules), then recovers what a crash left
     * of label creation before the caller starts answering, and keeps doing so.
     */
    async start(options: { schedule: boolean }): Promise<void> {
      await instance.start();
      await queue.start(options);
      await registerWorkers(
        queue,
        { db, log, labelJobs: services.labelJobRunner, tracking, shops, shopWriteBack, shopSyncIntervalMinutes: config.shopSyncIntervalMinutes, imports: services.imports, trackingMail, registrations, gdpr: services.gdpr, payments, invoices, renewals },
        options,
      );
      await labelRecovery.start();
      await printServer.start();
    },
    /** Ends the recovery, the queue, the instance (its claims are done), then the drawing threads; a second call waits for the first. */
    stop(): Promise<void> {
      stopped ??= (async () => {
        await printServer.stop();
        await labelRecovery.stop();
        await queue.stop();
        await instance.stop();
        await labelDrawing.close();
        mailer.close();
      })();
      return stopped;
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
