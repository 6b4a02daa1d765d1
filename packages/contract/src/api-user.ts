import { z } from 'zod';
import { apiUserNameMaxLength, apiUserPatchEmptyText } from '@verzendhuis/domain/api-users-texts';

/**
 * API users (account spec §2 /settings/api-keys, §7; docs/api-users.md): `GET api-user`,
 * `POST api-user/create` (answers data.user with the secret, shown once), `PATCH api-user/{id}`.
 * An API user calls /api with `Authorization: Basic base64(id:secret)` or `Bearer <secret>`.
 */

export const apiUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiUser = z.infer<typeof apiUserSchema>;

export const apiUserListResponseSchema = z.object({ data: z.array(apiUserSchema) });

const name = z.string().trim().min(1).max(apiUserNameMaxLength);

export const apiUserCreateBodySchema = z.object({ name });
export type ApiUserCreateBody = z.input<typeof apiUserCreateBodySchema>;

/** The new API user with its secret: the only answer that ever holds the secret. */
export const apiUserCreatedSchema = apiUserSchema.extend({ secret: z.string() });
export type ApiUserCreated = z.infer<typeof apiUserCreatedSchema>;
export const apiUserCreateResponseSchema = z.object({ status: z.literal('success'), data: z.object({ user: apiUserCreatedSchema }) });

export const apiUserPatchBodySchema = z
  .object({ name: name.optional(), is_active: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.is_active !== undefined, { message: apiUserPatchEmptyText });
export type ApiUserPatchBody = z.input<typeof apiUserPatchBodySchema>;
export const apiUserResponseSchema = z.object({ status: z.literal('success'), data: apiUserSchema });
