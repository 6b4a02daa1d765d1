import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, successResponseSchema } from '@verzendhuis/contract/common';
import { feedbackSendSchema } from '@verzendhuis/contract/feedback';
import { requireUser } from '../auth/guard';
import type { FeedbackRepository } from './repository';

export function feedbackRoutes(repository: FeedbackRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/feedback/send',
      {
        bodyLimit: 6 * 1024 * 1024,
        schema: {
          tags: ['Feedback'],
          summary: 'Feedback of een foutmelding versturen',
          body: feedbackSendSchema,
          response: { 200: successResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        const { organisationId, user } = requireUser(request);
        await repository.for(organisationId).create({
          userId: user.id,
          message: request.body.feedback,
          context: request.body.context ?? {},
        });
        return { status: 'success' as const };
      },
    );
  };
}
