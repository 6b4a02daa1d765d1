import { z } from 'zod';

/** Public runtime configuration the web app reads before anything else. */
export const appConfigSchema = z.object({
  maintenance: z.boolean(),
  scan_enabled: z.boolean(),
  tickets_enabled: z.boolean(),
  environment: z.enum(['production', 'development', 'test']),
  version: z.string(),
  oidc: z.object({
    issuer: z.string(),
    client_id: z.string(),
    scope: z.string(),
    /**
     * The built-in provider shows its registration page when the authorization
     * request carries `screen=register`; an external provider registers on its own.
     */
    registration: z.boolean(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
