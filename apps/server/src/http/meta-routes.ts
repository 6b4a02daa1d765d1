import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigSchema, type AppConfig as PublicConfig } from '@verzendhuis/contract/config';
import { z } from 'zod';
import { AppError } from '@verzendhuis/domain/errors';
import { errorMessages } from '@verzendhuis/domain/messages';
import { errorBodySchema } from '@verzendhuis/contract/common';
import { oidcScope, type AppConfig } from '../config';

export function publicConfig(config: AppConfig): PublicConfig {
  return {
    maintenance: config.maintenance,
    scan_enabled: config.scanEnabled,
    tickets_enabled: config.ticketsEnabled,
    environment: config.environment,
    version: process.env.npm_package_version ?? '0.1.0',
    print_client_url: config.printClientUrl,
    intercom_app_id: config.intercomAppId,
    map: { tile_url: config.map.tileUrl, attribution: config.map.attribution },
    oidc: {
      issuer: config.oidc.issuer,
      client_id: config.oidc.clientId,
      scope: config.oidc.mode === 'embedded' ? oidcScope : 'openid email profile offline_access',
      registration: config.oidc.mode === 'embedded',
    },
  };
}

/** How long /api/health waits for the database's answer. */
const healthTimeoutMs = 3000;

/** Calls that need no login: the web app's runtime configuration and a health check. */
export function metaRoutes(config: AppConfig, checkDatabase: () => Promise<void>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/config',
      { schema: { tags: ['Algemeen'], summary: 'Instellingen voor de webapp', response: { 200: appConfigSchema } } },
      async () => publicConfig(config),
    );
    app.get(
      '/health',
      { schema: { tags: ['Algemeen'], summary: 'Gezondheid van de server (503 zolang de database weg is)', response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema } } },
      async () => {
        // A database that does not answer within the bound counts as away, as one that refuses (docs/faults.md).
        let timer: NodeJS.Timeout | undefined;
        const bound = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), healthTimeoutMs)));
        try {
          await Promise.race([checkDatabase(), bound]);
        } catch {
          throw new AppError({ type: 'usage', messageCode: 'database_unavailable', message: errorMessages.database_unavailable });
        } finally {
          clearTimeout(timer);
        }
        return { status: 'ok' as const };
      },
    );
  };
}
