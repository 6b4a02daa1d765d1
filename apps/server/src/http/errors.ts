import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '@verzendhuis/domain/errors';
import { errorMessages, invalidCharacterMessage, loneSurrogateMessage } from '@verzendhuis/domain/messages';
import type { ErrorBody } from '@verzendhuis/contract/common';
import { invalidTextFields, jsonNestsDeeperThan, maxJsonDepth } from './input-guard';

export function errorBody(error: AppError): ErrorBody {
  const fieldErrors = Object.entries(error.fields).flatMap(([field, messages]) =>
    messages.map((message) => ({ field, message })),
  );
  return {
    status: error.status,
    message: error.message,
    message_code: error.messageCode,
    type: error.type,
    fields: error.fields,
    errors: fieldErrors.length > 0 ? fieldErrors : [{ field: null, message: error.message }],
  };
}

export function validationError(fields: FieldErrors): AppError {
  return new AppError({ type: 'validation', messageCode: 'form_invalid', message: errorMessages.form_invalid, fields });
}

export function notFound(messageCode: keyof typeof errorMessages = 'not_found'): AppError {
  return new AppError({ type: 'not_found', messageCode, message: errorMessages[messageCode] });
}

function pathToField(instancePath: string | undefined, missingProperty: unknown): string {
  const parts = (instancePath ?? '').split('/').filter(Boolean);
  if (typeof missingProperty === 'string') parts.push(missingProperty);
  return parts.join('.') || '_';
}

/** Maps every failure to the spec's error body; only programming errors are logged as errors. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: FieldErrors = {};
    for (const issue of error.validation) {
      const field = pathToField(issue.instancePath, issue.params?.missingProperty);
      (fields[field] ??= []).push(issue.message ?? errorMessages.form_invalid);
    }
    return validationError(fields);
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.statusCode === 429) {
    return new AppError({ type: 'usage', messageCode: 'too_many_requests', message: errorMessages.too_many_requests, status: 429 });
  }
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError({ type: 'validation', messageCode: 'body_too_large', message: errorMessages.body_too_large, status: 413 });
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AppError({ type: 'validation', messageCode: 'invalid_request', message: errorMessages.invalid_request, status: fastifyError.statusCode });
  }
  return new AppError({ type: 'programming', messageCode: 'default', message: errorMessages.default, status: 500 });
}

export function registerErrorHandling(app: FastifyInstance): void {
  // A JSON body nests at most maxJsonDepth levels: checked on the text, before it is parsed
  // and walked, so a body of a million brackets costs one scan (http/input-guard.ts).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, maxJsonDepth)) {
      done(new AppError({ type: 'validation', messageCode: 'body_too_deep', message: errorMessages.body_too_deep }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  // PostgreSQL stores no NUL character in text, and a lone UTF-16 surrogate is no text at all:
  // refused up front, per field, before anything is written.
  app.addHook('preValidation', async (request) => {
    const fields: FieldErrors = {};
    for (const { path, problem } of [...invalidTextFields(request.query), ...invalidTextFields(request.body), ...invalidTextFields(request.params)]) {
      fields[path] = [problem === 'nul' ? invalidCharacterMessage : loneSurrogateMessage];
    }
    if (Object.keys(fields).length > 0) throw validationError(fields);
  });
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ err: error, code: appError.messageCode }, 'request refused');
    return reply.status(appError.status).send(errorBody(appError));
  });
}
