import { attachmentHeaders } from '../http/security-headers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import { gdprAnonymiseResponseSchema, gdprExportResponseSchema, gdprOverviewResponseSchema, gdprSettingsBodySchema } from '@verzendhuis/contract/gdpr';
import { requireAuth, requireUser } from '../auth/guard';
import type { GdprService } from './service';

const tags = ['AVG'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** GDPR (docs/gdpr.md): the export of all data and the retention period of recipients. */
export function gdprRoutes(service: GdprService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/gdpr/',
      { schema: { tags, summary: 'De bewaartermijn, de laatste anonimisering en de exports van de laatste 30 dagen met hun voortgang', response: { 200: gdprOverviewResponseSchema, ...errors } } },
      async (request) => ({ data: await service.overview(requireAuth(request).organisationId) }),
    );

    app.patch(
      '/gdpr/',
      { schema: { tags, summary: 'Stelt de bewaartermijn in (6 tot 60 maanden, of null: nooit anonimiseren)', body: gdprSettingsBodySchema, response: { 200: gdprOverviewResponseSchema, ...errors } } },
      async (request) => ({ data: await service.saveSettings(requireAuth(request).organisationId, request.body) }),
    );

    app.post(
      '/gdpr/anonymise',
      { schema: { tags, summary: 'Anonimiseert nu de ontvangers van bestellingen en zendingen ouder dan de bewaartermijn', response: { 200: gdprAnonymiseResponseSchema, ...errors } } },
      async (request) => ({ status: 'success' as const, data: await service.anonymise(requireAuth(request).organisationId) }),
    );

    app.post(
      '/gdpr/export',
      { schema: { tags, summary: 'Start een export van alle gegevens (ZIP met JSON en CSV), gemaakt op de achtergrond (202)', response: { 202: gdprExportResponseSchema, ...errors } } },
      async (request, reply) => {
        const auth = requireUser(request);
        return reply.status(202).send({ data: await service.startExport(auth.organisationId, auth.user.id) });
      },
    );

    app.get(
      '/gdpr/export/:id',
      { schema: { tags, summary: 'Eén export: status en voortgang', params: idParamsSchema, response: { 200: gdprExportResponseSchema, ...errors } } },
      async (request) => ({ data: await service.export(requireAuth(request).organisationId, request.params.id) }),
    );

    app.get(
      '/gdpr/export/:id/download',
      { schema: { tags, summary: 'De ZIP van een klare export (zolang die niet verlopen is)', params: idParamsSchema, produces: ['application/zip'] } },
      async (request, reply) => {
        const file = await service.download(requireAuth(request).organisationId, request.params.id);
        return attachmentHeaders(reply, { filename: file.fileName, contentType: 'application/zip' })
          .header('content-length', String(file.sizeBytes))
          .header('cache-control', 'no-store')
          .send(file.stream);
      },
    );
  };
}
