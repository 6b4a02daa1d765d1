import { z } from 'zod';
import { errorTypes } from '@verzendhuis/domain/errors';
import { messageCodes, type MessageCode } from '@verzendhuis/domain/messages';

/**
 * A message_code. Typed as the codes this version knows (MessageCode, listed in the OpenAPI
 * document), so a check of a code that does not exist fails the typecheck; read as any
 * string, so an error body from an older or newer server with a code this client does not
 * know keeps its message and fields instead of becoming the generic failure. Compare codes;
 * never treat the list as exhaustive.
 */
export const messageCodeSchema = z.union([z.enum(messageCodes), z.string()]) as unknown as z.ZodType<MessageCode>;

/** The error body of every failed call (account spec §7). */
export const errorBodySchema = z.object({
  status: z.number().int(),
  message: z.string(),
  message_code: messageCodeSchema,
  type: z.enum(errorTypes),
  fields: z.record(z.string(), z.array(z.string())),
  errors: z.array(z.object({ field: z.string().nullable(), message: z.string() })),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const defaultPageSize = 25;
export const maxPageSize = 250;

/** Query of every list call: page, page_size, sort (leading minus = descending), search. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  sort: z.string().max(64).optional(),
  search: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listMetaSchema = z.object({
  total: z.number().int(),
  page_size: z.number().int(),
  page: z.number().int(),
});

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}

export function dataResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

export const successResponseSchema = z.object({ status: z.literal('success') });

export const idParamsSchema = z.object({ id: z.uuid() });

/** Parses `sort` into a known key and a direction; unknown keys fall back to the default. */
export function parseSort<K extends string>(
  sort: string | undefined,
  allowed: readonly K[],
  fallback: { key: K; descending: boolean },
): { key: K; descending: boolean } {
  if (!sort) return fallback;
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort) as K;
  return allowed.includes(key) ? { key, descending } : fallback;
}
