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

/** How long /api/health and /api/ready wait for the database's (and the queue's) answer. */
const healthTimeoutMs = 3000;

/** Runs `check` within the bound; a check that fails or does not answer in time throws `error`. */
async function within(check: () => Promise<void>, error: () => AppError): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), healthTimeoutMs)));
  try {
    await Promise.race([check(), bound]);
  } catch {
    throw error();
  } finally {
    clearTimeout(timer);
  }
}

const databaseUnavailable = () => new AppError({ type: 'usage', messageCode: 'database_unavailable', message: errorMessages.database_unavailable });
const queueUnavailable = () => new AppError({ type: 'usage', messageCode: 'queue_unavailable', message: errorMessages.queue_unavailable });

/**
 * Calls that need no login: the web app's runtime configuration, the health check (the
 * process answers and reaches its database) and the readiness check (the database and the
 * job queue both answer), docs/observability.md.
 */
export function metaRoutes(config: AppConfig, checks: { database: () => Promise<void>; queue: () => Promise<void> }): FastifyPluginAsyncZod {
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
        await within(checks.database, databaseUnavailable);
        return { status: 'ok' as const };
      },
    );
    app.get(
      '/ready',
      { schema: { tags: ['Algemeen'], summary: 'Klaar voor verkeer: database en achtergrondtaken bereikbaar (anders 503)', response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema } } },
      async () => {
        await within(checks.database, databaseUnavailable);
        await within(checks.queue, queueUnavailable);
        return { status: 'ok' as const };
      },
    );
  };
}
