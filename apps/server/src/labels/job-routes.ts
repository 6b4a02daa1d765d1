import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import { labelJobListResponseSchema, labelJobResponseSchema } from '@verzendhuis/contract/label-job';
import { AppError } from '@verzendhuis/domain/errors';
import { labelJobMessages } from '@verzendhuis/domain/label-job-texts';
import { requireAuth } from '../auth/guard';
import type { LabelJobRepository } from './job-repository';
import { summaryOf, toLabelJobDto } from './jobs';

const tags = ['Labels'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** How far back GET label/job/ looks: long enough to come back to a job's result the same day. */
const recentMs = 24 * 60 * 60 * 1000;
const recentLimit = 20;

/** The background jobs of large label selections (labels/jobs.ts); an organisation sees only its own. */
export function labelJobRoutes(deps: { jobs: LabelJobRepository }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/label/job/',
      {
        schema: {
          tags,
          summary: 'De labeltaken van de laatste 24 uur, nieuwste eerst (voortgang, zonder resultaat)',
          response: { 200: labelJobListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { organisationId } = requireAuth(request);
        const jobs = await deps.jobs.listSince(organisationId, new Date(Date.now() - recentMs), recentLimit);
        return { data: jobs.map((job) => toLabelJobDto(job, null)) };
      },
    );

    app.get(
      '/label/job/:id',
      {
        schema: {
          tags,
          summary: 'Eén labeltaak: voortgang en, als hij klaar is, per bestelling de uitkomst',
          params: idParamsSchema,
          response: { 200: labelJobResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { organisationId } = requireAuth(request);
        const notFound = () => new AppError({ type: 'not_found', messageCode: 'label_job_not_found', message: labelJobMessages.notFound });
        // While it runs, the progress only: a poll does not read the job's order list and outcomes.
        const job = await deps.jobs.summary(organisationId, request.params.id);
        if (!job) throw notFound();
        if (job.status === 'queued' || job.status === 'running') return { data: toLabelJobDto(job, null) };
        const row = await deps.jobs.get(organisationId, request.params.id);
        if (!row) throw notFound();
        return { data: toLabelJobDto(summaryOf(row), row.result) };
      },
    );
  };
}
