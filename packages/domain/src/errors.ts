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

const statusByType: Record<ErrorType, number> = {
  authentication: 401,
  authorization: 403,
  validation: 400,
  not_found: 404,
  usage: 400,
  programming: 500,
};

/**
 * The one error shape of the product. The HTTP layer turns it into
 * `{status, message, message_code, type, fields, errors}`.
 */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly messageCode: string;
  readonly fields: FieldErrors;
  readonly status: number;

  constructor(options: {
    type: ErrorType;
    messageCode: string;
    message: string;
    fields?: FieldErrors;
    status?: number;
  }) {
    super(options.message);
    this.name = 'AppError';
    this.type = options.type;
    this.messageCode = options.messageCode;
    this.fields = options.fields ?? {};
    this.status = options.status ?? statusByType[options.type];
  }
}
