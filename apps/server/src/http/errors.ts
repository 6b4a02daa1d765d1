import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '@verzendhuis/domain/errors';
import { errorMessages, invalidCharacterMessage } from '@verzendhuis/domain/messages';
import type { ErrorBody } from '@verzendhuis/contract/common';

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

/** The paths (a.b.0.c) of every string in `value` that holds a NUL character; at most 20. */
export function nulCharacterPaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (found.length >= 20) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path.join('.') || '_');
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulCharacterPaths(item, [...path, String(index)], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push([...path, key].join('.'));
      else nulCharacterPaths(item, [...path, key], found);
    }
  }
  return found;
}

export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL stores no NUL character in text: refused up front, per field, before anything is written.
  app.addHook('preValidation', async (request) => {
    const fields: FieldErrors = {};
    for (const path of [...nulCharacterPaths(request.query), ...nulCharacterPaths(request.body), ...nulCharacterPaths(request.params)]) fields[path] = [invalidCharacterMessage];
    if (Object.keys(fields).length > 0) throw validationError(fields);
  });
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ err: error, code: appError.messageCode }, 'request refused');
    return reply.status(appError.status).send(errorBody(appError));
  });
}
