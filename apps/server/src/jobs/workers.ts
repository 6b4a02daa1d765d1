import type { FastifyBaseLogger } from 'fastify';
import { deleteExpiredPayloads } from '../auth/adapter';
import type { Database } from '../db/client';
import type { ImportJobData, ImportService } from '../imports/service';
import { labelJobWorkers, type LabelJobData, type LabelJobRunner } from '../labels/jobs';
import type { GdprExportJobData, GdprService } from '../gdpr/service';
import type { PaymentService } from '../payments/service';
import type { InvoiceService } from '../invoices/service';
import type { RenewalService } from '../organisation/renewals';
import { registerShopJobs } from '../shops/jobs';
import type { ShopService } from '../shops/service';
import type { ShopWriteBack, WriteBackJobData } from '../shops/write-back';
import { registerTrackingJobs } from '../tracking/jobs';
import type { TrackingService } from '../tracking/service';
import type { AccountMailJobData, RegistrationService } from '../auth/registration';
import type { TrackingMailJobData, TrackingMailService } from '../tracking-mail/service';
import { queues, type JobQueue } from './queue';

/** Every worker of the process, with the services of the composition root. */
export interface WorkerServices {
  db: Database;
  log: FastifyBaseLogger;
  labelJobs: LabelJobRunner;
  tracking: TrackingService;
  imports: ImportService;
  shopWriteBack: ShopWriteBack;
  shops: ShopService;
  shopSyncIntervalMinutes: number;
  trackingMail: TrackingMailService;
  registrations: RegistrationService;
  gdpr: GdprService;
  payments: PaymentService;
  invoices: InvoiceService;
  renewals: RenewalService;
}

/**
 * The background work (each area adds its queue and worker here; the work itself is in
 * the area's service). Every process works every queue; with `schedule` it also keeps
 * the schedules of the periodic work (one process: the server, not the tests or benches).
 */
export async function registerWorkers(queue: JobQueue, services: WorkerServices, options: { schedule: boolean }): Promise<void> {
  await queue.work<LabelJobData>(queues.labelJobs, { workers: labelJobWorkers }, services.labelJobs.handle);

  await queue.work<ImportJobData>(queues.importJobs, { workers: 1 }, (job) => services.imports.runJob(job));

  await queue.work(queues.oidcCleanup, {}, async () => {
    const removed = await deleteExpiredPayloads(services.db);
    const registrations = await services.registrations.sweep();
    services.log.info({ removed, registrations }, 'expired login sessions, tokens and pending registrations removed');
  });
  if (options.schedule) await queue.schedule(queues.oidcCleanup, '17 * * * *');

  await registerTrackingJobs(queue, services, options);
  await registerShopJobs(queue, services, options);
  await queue.work<WriteBackJobData>(queues.shopWriteBack, { workers: 2 }, (job) => services.shopWriteBack.handle(job));
  await queue.work<TrackingMailJobData>(queues.trackingMail, { workers: 2 }, (job) => services.trackingMail.handleJob(job));
  await queue.work<AccountMailJobData>(queues.accountMail, { workers: 1 }, (job) => services.registrations.handleMailJob(job));
  await queue.work<GdprExportJobData>(queues.gdprExport, { workers: 1 }, (job, signal) => services.gdpr.runExport(job, signal));
  await queue.work(queues.gdprSweep, { policy: 'stately' }, () => services.gdpr.sweep());
  if (options.schedule) await queue.schedule(queues.gdprSweep, '41 3 * * *');
  // Daily in the morning: open invoices collected on a ready mandate, each once (docs/billing.md).
  await queue.work(queues.invoiceCollection, { policy: 'stately' }, async () => {
    const started = await services.payments.collectOpenInvoices();
    services.log.info({ started }, 'open invoices collected on their mandates');
  });
  if (options.schedule) await queue.schedule(queues.invoiceCollection, '23 7 * * *');
  // Idempotent and safe beside another process: a lock per organisation and one transaction per invoice.
  await queue.work(queues.invoiceClosing, { policy: 'stately' }, async () => {
    const made = await services.invoices.closeEndedPeriods();
    if (made.length > 0) services.log.info({ invoices: made.map((i) => i.number) }, 'billing periods closed');
  });
  if (options.schedule) await queue.schedule(queues.invoiceClosing, '7 * * * *');
  // Hourly, before the closing: a row lock per organisation with the paid-through check in it, so each period is charged once.
  await queue.work(queues.subscriptionRenewal, { policy: 'stately' }, async () => {
    const charged = await services.renewals.renewDue();
    if (charged.length > 0) services.log.info({ charges: charged.length }, 'subscriptions renewed');
  });
  if (options.schedule) await queue.schedule(queues.subscriptionRenewal, '3 * * * *');
}
