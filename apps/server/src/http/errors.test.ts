import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError, errorTypes, notFound, validationError } from '@verzendhuis/domain/errors';
import { errorMessages, type MessageCode } from '@verzendhuis/domain/messages';
import { errorBody, httpStatusOf, statusByType, toAppError } from './errors';

describe('error bodies', () => {
  it('flattens field errors into errors', () => {
    expect(errorBody(validationError({ name: ['a', 'b'], 'contact.email': ['c'] }))).toEqual({
      status: 400,
      message: 'Het formulier is ongeldig of niet volledig ingevuld.',
      message_code: 'form_invalid',
      type: 'validation',
      fields: { name: ['a', 'b'], 'contact.email': ['c'] },
      errors: [
        { field: 'name', message: 'a' },
        { field: 'name', message: 'b' },
        { field: 'contact.email', message: 'c' },
      ],
    });
  });

  it('hides unexpected errors behind the Dutch default', () => {
    const error = toAppError(new TypeError('x is undefined'));
    expect(error).toBeInstanceOf(AppError);
    expect(errorBody(error)).toMatchObject({ status: 500, type: 'programming', message_code: 'default' });
    expect(error.message).toMatch(/^Er is een onbekende fout opgetreden/);
  });

  it('answers PostgreSQL being away (refused, terminated, shutting down; also as a cause) with 503 database_unavailable, and a failing query as before', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    for (const error of [refused, shutdown, new Error('Connection terminated unexpectedly'), new Error('Failed query: select 1', { cause: refused })]) {
      expect(toAppError(error).messageCode).toBe('database_unavailable');
      expect(httpStatusOf(error)).toBe(503);
      expect(errorBody(toAppError(error)).message).toBe(errorMessages.database_unavailable);
    }
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect(toAppError(duplicate).messageCode).toBe('default');
    expect(httpStatusOf(duplicate)).toBe(500);
  });

  it('maps rate limits and oversized bodies', () => {
    expect(httpStatusOf({ statusCode: 429 })).toBe(429);
    expect(toAppError({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }).messageCode).toBe('body_too_large');
  });
});

describe('the HTTP status of an error', () => {
  const usage = (messageCode: MessageCode) => new AppError({ type: 'usage', messageCode, message: 'x' });

  it('answers the statuses the calls answered before the status left AppError', () => {
    expect(httpStatusOf(usage('overdue_payments'))).toBe(403);
    expect(httpStatusOf(usage('account_manager_action_required'))).toBe(403);
    expect(httpStatusOf(usage('direct_debit_required'))).toBe(403);
    expect(httpStatusOf(usage('quota_exceeded'))).toBe(403);
    expect(httpStatusOf(usage('request_in_progress'))).toBe(409);
    expect(httpStatusOf(usage('idempotency_key_reused'))).toBe(422);
    expect(httpStatusOf(usage('maintenance'))).toBe(503);
    expect(httpStatusOf({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })).toBe(413);
    expect(errorBody(usage('quota_exceeded'))).toMatchObject({ status: 403, message_code: 'quota_exceeded', type: 'usage' });
  });

  it('answers every other code with the status of its type', () => {
    expect(httpStatusOf(usage('courier_not_active'))).toBe(400);
    expect(httpStatusOf(notFound('route_not_found'))).toBe(404);
    expect(httpStatusOf(new AppError({ type: 'authentication', messageCode: 'token_expired', message: 'x' }))).toBe(401);
    expect(httpStatusOf(new AppError({ type: 'authorization', messageCode: 'account_blocked', message: 'x' }))).toBe(403);
    expect(httpStatusOf(new AppError({ type: 'validation', messageCode: 'courier_not_found', message: 'x' }))).toBe(400);
    for (const type of errorTypes) expect(httpStatusOf(new AppError({ type, messageCode: 'default', message: 'x' }))).toBe(statusByType[type]);
  });

  it("keeps the status of Fastify's own refusals (invalid_request) and hides server failures", () => {
    const unsupported = { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 };
    expect(toAppError(unsupported)).toMatchObject({ type: 'validation', messageCode: 'invalid_request', message: errorMessages.invalid_request });
    expect(httpStatusOf(unsupported)).toBe(415);
    expect(errorBody(toAppError(unsupported), httpStatusOf(unsupported)).status).toBe(415);
    expect(httpStatusOf({ statusCode: 503 })).toBe(500);
    expect(httpStatusOf(null)).toBe(500);
  });
});

describe('errors without HTTP', () => {
  it('lets no module but app.ts import the HTTP error layer (services raise AppError from the domain)', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const importers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !file.startsWith(path.join(root, 'http'))) {
          if (/from '(\.\.?\/)+http\/errors'/.test(readFileSync(file, 'utf8'))) importers.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(importers).toEqual(['app.ts']);
  });
});
