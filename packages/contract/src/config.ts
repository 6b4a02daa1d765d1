import { z } from 'zod';
import { defaultPrintClientUrl } from './printing';

/** Public runtime configuration the web app reads before anything else. */
export const appConfigSchema = z.object({
  maintenance: z.boolean(),
  scan_enabled: z.boolean(),
  tickets_enabled: z.boolean(),
  environment: z.enum(['production', 'development', 'test']),
  version: z.string(),
  /** Where the web app finds the local print client (PRINT_CLIENT_URL; 127.0.0.1:41414 by default). */
  print_client_url: z.string().default(defaultPrintClientUrl),
  /** The tiles of the maps (MAP_TILE_URL, a Leaflet template with {z}/{x}/{y}) and the attribution shown on them. */
  map: z
    .object({ tile_url: z.string(), attribution: z.string() })
    .default({ tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap-bijdragers' }),
  /** The support chat widget's Intercom workspace (INTERCOM_APP_ID); null: no widget. */
  intercom_app_id: z.string().nullable().default(null),
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
