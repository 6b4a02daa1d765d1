import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, validationError, type ErrorType, type FieldErrors } from '@verzendhuis/domain/errors';
import { errorMessages, invalidCharacterMessage, loneSurrogateMessage, type MessageCode } from '@verzendhuis/domain/messages';
import type { ErrorBody } from '@verzendhuis/contract/common';
import { invalidTextFields, jsonNestsDeeperThan, maxJsonDepth } from './input-guard';

/** The HTTP status of each kind of error. */
export const statusByType: Record<ErrorType, number> = {
  authentication: 401,
  authorization: 403,
  validation: 400,
  not_found: 404,
  usage: 400,
  programming: 500,
};

/** The codes whose HTTP status is not their type's; every other code answers with its type's. */
export const statusByCode: Partial<Record<MessageCode, number>> = {
  // Account spec §4: the pre-checks that refuse label creation.
  overdue_payments: 403,
  account_manager_action_required: 403,
  direct_debit_required: 403,
  quota_exceeded: 403,
  no_plan: 403,
  already_subscribed: 409,
  addon_already_active: 409,
  addon_not_active: 409,
  // order/label/create: the same Idempotency-Key still at work, or used for another request.
  request_in_progress: 409,
  idempotency_key_reused: 422,
  body_too_large: 413,
  // POST label/{id} {is_active: false}: the carrier refused to cancel the label, or could not be reached.
  label_cancel_refused: 409,
  label_cancel_unavailable: 503,
  // order/import: the uploaded file is over the limit, or is no CSV.
  import_file_too_large: 413,
  import_not_csv: 415,
  too_many_requests: 429,
  maintenance: 503,
  // PostgreSQL is away (restarting, unreachable): the app reconnects by itself (docs/faults.md).
  database_unavailable: 503,
  // /api/ready: the job queue (pg-boss) is not started or its schema cannot be reached (docs/observability.md).
  queue_unavailable: 503,
  // /metrics without METRICS_TOKEN as bearer token.
  metrics_unauthorized: 401,
  // GET address/lookup: the lookup service is down or did not answer in time.
  address_lookup_unavailable: 503,
  // update/{id}: a pull of this shop is already running.
  shop_sync_running: 409,
  // The print server: a credential that is wrong or revoked (the websocket upgrade).
  printer_client_unauthorized: 401,
  // The return portal: too many failed lookups from one address; a second return of the same order.
  return_too_many_attempts: 429,
  return_already_registered: 409,
  // A consumer-paid return: a retry after it was paid.
  return_payment_done: 409,
  // trackingmail/sendtest: the mail server refused or could not be reached.
  test_mail_failed: 502,
  // GDPR: an export that is not (or no longer) downloadable; a second export while one runs.
  gdpr_export_not_ready: 409,
  gdpr_export_running: 409,
  // API users (docs/api-users.md): a wrong or deactivated key; over the per-minute limit.
  api_user_invalid: 401,
  api_user_rate_limited: 429,
  // ticket/create: the label has an investigation already; ticket/{id}/reply: the investigation is closed.
  ticket_exists: 409,
  ticket_closed: 409,
  // support/ticket/*: the caller is no operator.
  ticket_operator_only: 403,
  // Payments (docs/billing.md): the provider could not be reached or refused; an invoice already paid or being collected.
  payment_provider_unavailable: 502,
  payment_provider_refused: 502,
  invoice_already_paid: 409,
  invoice_payment_running: 409,
};

/** Fastify's own refusal of a request (415 media type, 400 bad JSON, ...): it keeps its status. */
function frameworkClientStatus(error: unknown): number | null {
  if (error instanceof AppError) return null;
  const statusCode = (error as Partial<FastifyError> | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : null;
}

/**
 * The HTTP status of a failure: by its code where statusByCode names it, else by its type;
 * Fastify's own refusals (invalid_request) keep the status Fastify gave them.
 */
export function httpStatusOf(error: unknown): number {
  const appError = toAppError(error);
  const byCode = statusByCode[appError.messageCode];
  if (byCode !== undefined) return byCode;
  if (appError.messageCode === 'invalid_request') return frameworkClientStatus(error) ?? statusByType.validation;
  return statusByType[appError.type];
}

export function errorBody(error: AppError, status = httpStatusOf(error)): ErrorBody {
  const fieldErrors = Object.entries(error.fields).flatMap(([field, messages]) =>
    messages.map((message) => ({ field, message })),
  );
  return {
    status,
    message: error.message,
    message_code: error.messageCode,
    type: error.type,
    fields: error.fields,
    errors: fieldErrors.length > 0 ? fieldErrors : [{ field: null, message: error.message }],
  };
}

function pathToField(instancePath: string | undefined, missingProperty: unknown): string {
  const parts = (instancePath ?? '').split('/').filter(Boolean);
  if (typeof missingProperty === 'string') parts.push(missingProperty);
  return parts.join('.') || '_';
}

/** Connection-level failures of PostgreSQL: the server is down, restarting or unreachable (not a failing query). */
const databaseGoneCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const databaseGoneMessages = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection terminated unexpectedly)/;

/** Whether a failure (or one of its causes) is PostgreSQL being away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && databaseGoneCodes.has(code)) return true;
    if (typeof message === 'string' && databaseGoneMessages.test(message)) return true;
  }
  return false;
}

/** Maps every failure to an AppError; anything unexpected becomes the Dutch default. */
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
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError?.statusCode === 429) {
    return new AppError({ type: 'usage', messageCode: 'too_many_requests', message: errorMessages.too_many_requests });
  }
  if (fastifyError?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError({ type: 'validation', messageCode: 'body_too_large', message: errorMessages.body_too_large });
  }
  if (frameworkClientStatus(error) !== null) {
    return new AppError({ type: 'validation', messageCode: 'invalid_request', message: errorMessages.invalid_request });
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError({ type: 'usage', messageCode: 'database_unavailable', message: errorMessages.database_unavailable });
  }
  return new AppError({ type: 'programming', messageCode: 'default', message: errorMessages.default });
}

/**
 * Fastify's refusals before a route is found (a path that is no valid URL encoding, such as
 * `%FF` or a lone surrogate's bytes): the same error body as every other refusal. Given to
 * Fastify as its `frameworkErrors` option (app.ts).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = httpStatusOf(error);
  request.log.debug({ err: error }, 'request refused before routing');
  void reply.status(status).send(errorBody(toAppError(error), status));
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
    const status = httpStatusOf(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ err: error, code: appError.messageCode }, 'request refused');
    return reply.status(status).send(errorBody(appError, status));
  });
}
