import { errorMessages, generalErrorMessages, type FixedMessageCode, type MessageCode } from './messages';

/** The kinds of error of the account spec §8; every error body carries one. */
export const errorTypes = [
  'authentication',
  'authorization',
  'validation',
  'not_found',
  'usage',
  'programming',
] as const;

export type ErrorType = (typeof errorTypes)[number];

/** Per-field messages: field path (dot-separated) to Dutch messages. */
export type FieldErrors = Record<string, string[]>;

/**
 * The one error shape of the product, raised by services and routes alike. It knows no
 * HTTP: apps/server/src/http/errors.ts turns it into the status (by code, else by type)
 * and the body `{status, message, message_code, type, fields, errors}`.
 */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly messageCode: MessageCode;
  readonly fields: FieldErrors;

  constructor(options: { type: ErrorType; messageCode: MessageCode; message: string; fields?: FieldErrors }) {
    super(options.message);
    this.name = 'AppError';
    this.type = options.type;
    this.messageCode = options.messageCode;
    this.fields = options.fields ?? {};
  }
}

/** An invalid form: form_invalid, with the Dutch messages per field. */
export function validationError(fields: FieldErrors): AppError {
  return new AppError({ type: 'validation', messageCode: 'form_invalid', message: generalErrorMessages.form_invalid, fields });
}

/** Something that does not exist, with the fixed message of its code (not_found, route_not_found, order_not_found, ...). */
export function notFound(messageCode: FixedMessageCode = 'not_found'): AppError {
  return new AppError({ type: 'not_found', messageCode, message: errorMessages[messageCode] });
}
