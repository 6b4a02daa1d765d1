import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import {
  importJobListResponseSchema,
  importJobResponseSchema,
  importMappingBodySchema,
  importMappingListResponseSchema,
  importMappingResponseSchema,
  importQuerySchema,
  importResponseSchema,
  isDryRun,
} from '@verzendhuis/contract/order-import';
import { AppError } from '@verzendhuis/domain/errors';
import { importErrorMessages } from '@verzendhuis/domain/import-texts';
import { requireAuth } from '../auth/guard';
import { maxImportBytes, refuseImport, type ImportService } from './service';

const tags = ['Bestellingen'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema };

const tooLarge = () =>
  new AppError({ type: 'validation', messageCode: 'import_file_too_large', message: importErrorMessages.import_file_too_large({ maxMegabytes: maxImportBytes / 1024 / 1024 }) });

/** The CSV import (docs/import.md): the upload, its background jobs and the remembered column mappings. */
export function importRoutes(service: ImportService): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only here: the rest of the API takes JSON of at most 1 MB.
    await app.register(multipart, { limits: { fileSize: maxImportBytes, files: 1, fields: 10, parts: 20 } });

    app.post(
      '/order/import',
      {
        schema: {
          tags,
          summary: 'Bestellingen uit een CSV-bestand (multipart, veld file); dry_run=1 controleert zonder op te slaan. Een groot bestand wordt een importtaak (202).',
          consumes: ['multipart/form-data'],
          querystring: importQuerySchema,
          response: { 200: importResponseSchema, 202: importResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { organisationId } = requireAuth(request);
        if (!request.isMultipart()) throw refuseImport('import_no_file');
        let file: { name: string; bytes: Buffer } | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file' && part.fieldname === 'file' && !file) file = { name: part.filename || 'import.csv', bytes: await part.toBuffer() };
            else if (part.type === 'file') await part.toBuffer();
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') throw tooLarge();
          throw error;
        }
        if (!file) throw refuseImport('import_no_file');
        const data = await service.importFile(organisationId, file, { dryRun: isDryRun(request.query) });
        return reply.status(data.job_id ? 202 : 200).send({ data });
      },
    );

    app.get(
      '/order/import/job/',
      { schema: { tags, summary: 'De CSV-imports op de achtergrond van de laatste 24 uur, nieuwste eerst (voortgang, zonder fouten)', response: { 200: importJobListResponseSchema, ...errors } } },
      async (request) => ({ data: await service.recentJobs(requireAuth(request).organisationId) }),
    );

    app.get(
      '/order/import/job/:id',
      { schema: { tags, summary: 'Eén CSV-import op de achtergrond: voortgang, aantallen en de eerste duizend fouten', params: idParamsSchema, response: { 200: importJobResponseSchema, ...errors } } },
      async (request) => ({ data: await service.job(requireAuth(request).organisationId, request.params.id) }),
    );

    app.get(
      '/order/import/mapping',
      { schema: { tags, summary: 'De onthouden koppelingen van kolommen van eigen CSV-indelingen', response: { 200: importMappingListResponseSchema, ...errors } } },
      async (request) => ({ data: await service.mappings(requireAuth(request).organisationId) }),
    );

    app.put(
      '/order/import/mapping',
      {
        schema: {
          tags,
          summary: 'Onthoudt hoe bestanden met precies deze kolommen worden gelezen',
          body: importMappingBodySchema,
          response: { 200: importMappingResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await service.saveMapping(requireAuth(request).organisationId, request.body) }),
    );
  };
}
