import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema, successResponseSchema } from '@verzendhuis/contract/common';
import {
  labelPrintBodySchema,
  labelPrintQuerySchema,
  labelPrintResponseSchema,
  printerClientClaimBodySchema,
  printerClientClaimResponseSchema,
  printerClientListResponseSchema,
  printerClientPairResponseSchema,
  printerClientPatchBodySchema,
  printerClientResponseSchema,
  printJobResponseSchema,
} from '@verzendhuis/contract/printing';
import { AppError } from '@verzendhuis/domain/errors';
import { printingErrorMessages } from '@verzendhuis/domain/printing-texts';
import { z } from 'zod';
import { requireAuth } from '../auth/guard';
import type { PrintServer } from './print-server';
import type { PrintingService } from './service';

const tags = ['Printen'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The calls of a logged-in user: pairing codes, the organisation's clients, label/print and its jobs. */
export function printingRoutes(service: PrintingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/printer-client/pair',
      {
        schema: {
          tags,
          summary: 'Een koppelcode voor de lokale printerclient: 8 tekens, eenmalig, 10 minuten geldig',
          body: z.object({}).optional(),
          response: { 200: printerClientPairResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await service.pair(requireAuth(request).organisationId) }),
    );

    app.get(
      '/printer-client/',
      { schema: { tags, summary: 'De gekoppelde printerclients: verbonden of niet, laatst gezien, hun printers met de gekozen labelprinter', response: { 200: printerClientListResponseSchema, ...errors } } },
      async (request) => ({ data: await service.list(requireAuth(request).organisationId) }),
    );

    app.patch(
      '/printer-client/:id',
      { schema: { tags, summary: 'Een printerclient hernoemen', params: idParamsSchema, body: printerClientPatchBodySchema, response: { 200: printerClientResponseSchema, ...errors } } },
      async (request) => ({ status: 'success' as const, data: await service.rename(requireAuth(request).organisationId, request.params.id, request.body.name) }),
    );

    app.delete(
      '/printer-client/:id',
      { schema: { tags, summary: 'Een printerclient ontkoppelen: zijn sleutel werkt niet meer, zijn verbinding wordt gesloten', params: idParamsSchema, response: { 200: successResponseSchema, ...errors } } },
      async (request) => {
        await service.unpair(requireAuth(request).organisationId, request.params.id);
        return { status: 'success' as const };
      },
    );

    app.post(
      '/label/print',
      {
        schema: {
          tags,
          summary: 'De labels afdrukken op de labelprinter van een printerclient: dezelfde PDF als label/pdf; queued als de client offline is (bezorgd zodra hij verbindt)',
          querystring: labelPrintQuerySchema,
          body: labelPrintBodySchema,
          response: { 200: labelPrintResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.print(requireAuth(request).organisationId, request.body, request.query) }),
    );

    app.get(
      '/print-job/:id',
      { schema: { tags, summary: 'Een printopdracht: queued, sent, printed of failed (met de melding van de client)', params: idParamsSchema, response: { 200: printJobResponseSchema, ...errors } } },
      async (request) => ({ data: await service.job(requireAuth(request).organisationId, request.params.id) }),
    );
  };
}

type AuthenticatedClient = NonNullable<Awaited<ReturnType<PrintServer['authenticate']>>>;

/** The print client's own calls (no user token): claiming a pairing code, and the print server's websocket. */
export function printClientRoutes(deps: { service: PrintingService; printServer: PrintServer }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/printer-client/claim',
      {
        schema: {
          tags,
          summary: 'Door de printerclient: een koppelcode inwisselen voor een client-id en een geheime sleutel (geen gebruikerstoken: de code is het bewijs)',
          body: printerClientClaimBodySchema,
          response: { 200: printerClientClaimResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request) => ({ data: await deps.service.claim(request.ip, request.body) }),
    );

    const clients = new WeakMap<FastifyRequest, AuthenticatedClient>();
    app.get(
      '/print-server',
      {
        websocket: true,
        schema: { tags, summary: 'De printserver (websocket): `Authorization: PrintClient <sleutel>`; berichten in docs/printing.md', hide: true },
        preValidation: async (request) => {
          const header = request.headers.authorization ?? '';
          const match = /^PrintClient\s+(\S+)$/i.exec(header);
          const client = match?.[1] ? await deps.printServer.authenticate(match[1]) : null;
          if (!client) throw new AppError({ type: 'authentication', messageCode: 'printer_client_unauthorized', message: printingErrorMessages.printer_client_unauthorized });
          clients.set(request, client);
        },
      },
      (socket, request) => {
        const client = clients.get(request);
        if (!client) return socket.close(4401, printingErrorMessages.printer_client_unauthorized);
        deps.printServer.attach(socket, client);
      },
    );
  };
}
