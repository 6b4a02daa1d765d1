import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { LimiterFactory } from '../http/shared-limiter';
import type { z } from 'zod';
import type { labelPrintBodySchema, PrinterClient, PrintJob } from '@verzendhuis/contract/printing';
import { AppError, notFound } from '@verzendhuis/domain/errors';
import { generalErrorMessages } from '@verzendhuis/domain/messages';
import { printContentFormat } from '@verzendhuis/domain/printing';
import {
  normalisePairingCode,
  pairingCodeAlphabet,
  pairingCodeLength,
  pairingCodeMinutes,
  printingErrorMessages,
  printingTexts,
} from '@verzendhuis/domain/printing-texts';
import type { LabelService } from '../labels/service';
import { credentialHash, type PrintServer } from './print-server';
import type { PrinterClientRow, PrintingRepository, PrintJobRow } from './repository';

type PrintBody = z.output<typeof labelPrintBodySchema>;

/** Wrong codes one address may try in the window before it must wait (the code has 32^8 values and lives 10 minutes). */
const claimFailuresAllowed = 10;
const claimFailureWindowSeconds = 10 * 60;

const codeHash = (code: string) => createHash('sha256').update(`pairing:${normalisePairingCode(code)}`).digest('hex');

function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < pairingCodeLength; i++) code += pairingCodeAlphabet[randomInt(pairingCodeAlphabet.length)];
  return code;
}

function clientDto(row: PrinterClientRow): PrinterClient {
  return {
    id: row.id,
    name: row.name,
    connected: row.connected,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    printers: row.printers.map((p) => ({ name: p.name, kind: p.kind, selected: p.name === row.selectedPrinter })),
  };
}

function jobDto(row: PrintJobRow): PrintJob {
  return {
    id: row.id,
    status: row.status,
    message: row.message,
    printer_client_id: row.printerClientId,
    label_ids: row.labelIds,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const clientNotFound = () => notFound('printer_client_not_found');

/**
 * Printing (docs/printing.md): pairing a local print client with a one-time code, the
 * organisation's clients, label/print (label/pdf's sheet, stored as a job and sent by the
 * print server to the client's socket, wherever it is held) and the jobs' results.
 */
export function createPrintingService(deps: {
  repository: PrintingRepository;
  labels: Pick<LabelService, 'sheet' | 'zplFiles'>;
  printServer: PrintServer;
  limiters: LimiterFactory;
}) {
  const { repository, printServer } = deps;
  const claimFailures = deps.limiters({ keyPrefix: 'print-claim', points: claimFailuresAllowed, duration: claimFailureWindowSeconds });

  return {
    /** printer-client/pair: a new one-time code, valid for 10 minutes. */
    async pair(organisationId: string): Promise<{ code: string; expires_at: string }> {
      const code = newPairingCode();
      const expiresAt = new Date(Date.now() + pairingCodeMinutes * 60_000);
      await repository.for(organisationId).createPairingCode(codeHash(code), expiresAt);
      return { code, expires_at: expiresAt.toISOString() };
    },

    /** printer-client/claim: the code (once, in time) pairs a new client; the credential is shown only here. */
    async claim(address: string, body: { code: string; name?: string }): Promise<{ printer_client_id: string; credential: string }> {
      const blocked = (await claimFailures.get(address))?.consumedPoints ?? 0;
      if (blocked >= claimFailuresAllowed) throw new AppError({ type: 'usage', messageCode: 'too_many_requests', message: generalErrorMessages.too_many_requests });
      const credential = randomBytes(32).toString('base64url');
      const client = await repository.crossOrganisation.claimPairingCode(codeHash(body.code), {
        name: body.name?.trim() || printingTexts.defaultClientName,
        credentialHash: credentialHash(credential),
      });
      if (!client) {
        await claimFailures.penalty(address).catch(() => undefined);
        throw new AppError({ type: 'usage', messageCode: 'pairing_code_invalid', message: printingErrorMessages.pairing_code_invalid });
      }
      return { printer_client_id: client.id, credential };
    },

    async list(organisationId: string): Promise<PrinterClient[]> {
      return (await repository.for(organisationId).listClients()).map(clientDto);
    },

    async rename(organisationId: string, id: string, name: string): Promise<PrinterClient> {
      const scoped = repository.for(organisationId);
      if (!(await scoped.renameClient(id, name))) throw clientNotFound();
      const row = await scoped.findClient(id);
      if (!row) throw clientNotFound();
      return clientDto(row);
    },

    /** Unpairs: the credential is revoked, its socket closed (on whichever process holds it), its waiting jobs fail. */
    async unpair(organisationId: string, id: string): Promise<void> {
      if (!(await repository.for(organisationId).revokeClient(id, printingErrorMessages.printer_client_not_found))) throw clientNotFound();
      await printServer.signal(organisationId, id, 'close');
    },

    /**
     * label/print: label/pdf's sheet for the same body and sort, stored as a job of the
     * client and sent to it now when it is connected (to this process or another), else
     * queued until it connects. The labels become printed when the client reports so.
     */
    async print(organisationId: string, body: PrintBody, query: { sort?: string }): Promise<{ print_job_id: string; status: 'sent' | 'queued' }> {
      const scoped = repository.for(organisationId);
      const client = await scoped.findClient(body.printer_client_id);
      if (!client) throw clientNotFound();
      const sheet = await deps.labels.sheet(organisationId, body, query);
      const selected = client.printers.find((p) => p.name === client.selectedPrinter);
      // Raw ZPL only when every package of the job has its ZPL and the printer takes it: domain/printing.ts decides.
      const zpl = selected?.kind === 'zpl' ? await deps.labels.zplFiles(organisationId, sheet.labelIds) : [];
      const contentFormat = printContentFormat(
        zpl.map((file) => (file ? 'zpl' : 'pdf')),
        selected?.kind ?? null,
      );
      const job = await scoped.createJob({
        printerClientId: client.id,
        labelIds: sheet.labelIds,
        format: body.format,
        positions: body.positions ?? null,
        sort: query.sort ?? null,
        contentFormat,
        // ZPL: the packages' documents one after another, each ^XA…^XZ, as a Zebra takes them in one stream.
        content: contentFormat === 'zpl' ? Buffer.concat(zpl.filter((file): file is Buffer => file !== null)) : Buffer.from(sheet.pdf),
      });
      await printServer.signal(organisationId, client.id, 'deliver');
      return { print_job_id: job.id, status: client.connected ? 'sent' : 'queued' };
    },

    async job(organisationId: string, id: string): Promise<PrintJob> {
      const row = await repository.for(organisationId).findJob(id);
      if (!row) throw notFound('print_job_not_found');
      return jobDto(row);
    },
  };
}

export type PrintingService = ReturnType<typeof createPrintingService>;
