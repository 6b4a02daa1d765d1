import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '@verzendhuis/domain/errors';
import { errorMessages } from '@verzendhuis/domain/messages';
import { addressRoutes } from './address/routes';
import { apiUserRoutes } from './api-users/routes';
import { registerAuthGuard } from './auth/guard';
import { createOidcProvider } from './auth/provider';
import { registerOidcRoutes } from './auth/routes';
import { billingRoutes } from './billing/routes';
import { invoiceRoutes } from './invoices/routes';
import type { AppConfig } from './config';
import { analyticsRoutes } from './analytics/routes';
import { contactRoutes } from './contacts/routes';
import { courierRoutes } from './couriers/routes';
import type { DatabaseHandle } from './db/client';
import { documentRoutes } from './documents/routes';
import { feedbackRoutes } from './feedback/routes';
import { errorBody, frameworkErrors, registerErrorHandling } from './http/errors';
import { registerMetrics } from './http/metrics';
import { registerRequestContext, requestLoggerOptions } from './http/request-log';
import { metaRoutes } from './http/meta-routes';
import { registerSecurityHeaders } from './http/security-headers';
import { gdprRoutes } from './gdpr/routes';
import { importRoutes } from './imports/routes';
import { labelJobRoutes } from './labels/job-routes';
import { labelRoutes } from './labels/routes';
import { orderRoutes } from './orders/routes';
import { organisationRoutes, planRoutes, publicLogoRoutes } from './organisation/routes';
import { printClientRoutes, printingRoutes } from './printing/routes';
import { paymentRoutes, paymentWebhookRoutes, testCheckoutRoutes } from './payments/routes';
import { returnPortalRoutes, returnSettingsRoutes } from './returns/routes';
import { createServices, type Services } from './services';
import { shipmentLogicRoutes } from './shipment-logic/routes';
import { shopRoutes } from './shops/routes';
import { shopWriteBackRoutes } from './shops/write-back-routes';
import { ticketRoutes } from './tickets/routes';
import { trackingRoutes, trackingWebhookRoutes } from './tracking/routes';
import { publicTrackingRoutes, trackingMailRoutes } from './tracking-mail/routes';

z.config(z.locales.nl());

/** The introduction of /api/docs, with the part for shop plugins (docs/api-users.md). */
const apiDescription = (rateLimit: number) => [
  'De API van Verzendhuis. Een gebruiker logt in via OpenID Connect en stuurt het access token mee als `Authorization: Bearer <token>`.',
  '',
  '## Voor webshop-plugins en scripts',
  'Maak in Verzendhuis onder Instellingen › API-gebruikers een API-gebruiker aan. Je krijgt een sleutel-ID en een geheim; het geheim wordt maar één keer getoond.',
  'Stuur bij elke aanroep `Authorization: Basic base64(sleutel-ID:geheim)` mee (zoals plugins van verzendplatforms gewend zijn), of alleen het geheim als `Authorization: Bearer <geheim>`.',
  'Een API-gebruiker ziet en wijzigt alleen de gegevens van zijn eigen organisatie: orders aanmaken (`POST /api/order/create`), orders opvragen (`GET /api/order/`), labels maken (`POST /api/order/label/create`) en ophalen (`POST /api/label/pdf`), tracking enzovoort.',
  'API-gebruikers beheren, de organisatie-instellingen wijzigen, `GET /api/user` en feedback sturen kan alleen een ingelogde gebruiker (403).',
  `Een onjuiste of gedeactiveerde sleutel geeft 401. Per API-gebruiker mogen ${rateLimit} verzoeken per minuut; daarboven volgt 429 met \`Retry-After\` (seconden) en de gebruikelijke foutbody \`{status, message, message_code, type, fields, errors}\`.`,
].join('\n');

/**
 * The HTTP app: every route, registered with the services of the composition root
 * (services.ts). Given `services`, the caller owns them (runtime.ts starts and stops
 * them); given the configuration and the database, the app makes and starts its own,
 * without the schedules, and stops them when it closes (the API tests and their test
 * server, where label jobs run as in the server).
 */
export async function buildApp(deps: { config: AppConfig; database: DatabaseHandle; log?: FastifyBaseLogger } | { services: Services }): Promise<FastifyInstance> {
  if ('services' in deps) return createApp(deps.services);
  const services = await createServices(deps);
  try {
    await services.start({ schedule: false });
    const app = await createApp(services);
    app.addHook('onClose', () => services.stop());
    return app;
  } catch (error) {
    await services.stop().catch(() => undefined);
    throw error;
  }
}

async function createApp(services: Services): Promise<FastifyInstance> {
  const { config, database, repositories, secrets } = services;
  // TRUST_PROXY (docs/scaling.md): a hop count trusts that many proxies nearest to us, as Fastify's own number does.
  const hops = config.trustProxy;
  const trustProxy = typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  const app = Fastify({ loggerInstance: services.log, ...requestLoggerOptions, bodyLimit: 1024 * 1024, trustProxy, frameworkErrors }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against their zod schema in tests, where a mapper that drifts
  // from the contract must fail; elsewhere the mappers' objects are sent as they are.
  app.setSerializerCompiler(config.environment === 'test' ? serializerCompiler : () => (data) => JSON.stringify(data));
  registerRequestContext(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  registerMetrics(app, services.metrics, config.metricsToken, {
    notFound: () => errorBody(notFound('route_not_found')),
    unauthorized: () => errorBody(new AppError({ type: 'authentication', messageCode: 'metrics_unauthorized', message: errorMessages.metrics_unauthorized })),
  });

  if (secrets) {
    const provider = createOidcProvider({ config, db: database.db, secrets, users: repositories.organisations, log: app.log });
    await registerOidcRoutes(app, { config, provider, repository: repositories.organisations, registrations: services.registrations, attempts: services.loginAttempts });
  }

  await app.register(swagger, {
    openapi: {
      info: { title: 'Verzendhuis API', version: '0.1.0', description: apiDescription(config.apiUserRateLimit) },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Het access token van een ingelogde gebruiker (OpenID Connect), of het geheim van een API-gebruiker.' },
          apiUser: { type: 'http', scheme: 'basic', description: 'Een API-gebruiker (Instellingen › API-gebruikers): sleutel-ID als gebruikersnaam, geheim als wachtwoord.' },
        },
      },
      security: [{ bearer: [] }, { apiUser: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // The print server's websocket (printing/routes.ts): small messages from the clients.
  await app.register(websocket, { options: { maxPayload: 256 * 1024 } });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        if (config.maintenance && !request.url.startsWith('/api/config')) {
          throw new AppError({ type: 'usage', messageCode: 'maintenance', message: errorMessages.maintenance });
        }
      });
      await api.register(metaRoutes(config, { database: async () => void (await database.pool.query('SELECT 1')), queue: () => services.queue.ready() }));
      // The print client's calls: it proves itself with a pairing code or its credential, not a user token.
      await api.register(printClientRoutes({ service: services.printing, printServer: services.printServer }));
      await api.register(returnPortalRoutes(services.returns));
      // The carriers' pushed tracking events: the secret in the path names the courier, not a user token.
      await api.register(trackingWebhookRoutes(services.tracking));
      // The public tracking page of the tracking e-mails' links: a consumer has no login.
      await api.register(publicTrackingRoutes(services.trackingMail, services.publicTrackingLimit));
      // The organisation's uploaded logo, shown in tracking e-mails and on the return portal.
      await api.register(publicLogoRoutes(services.organisations));
      // The payment provider's webhook (it names a payment, read back from the provider) and the test provider's checkout page.
      await api.register(paymentWebhookRoutes(services.payments));
      if (services.testPaymentProvider) await api.register(testCheckoutRoutes(services.testPaymentProvider));
      await api.register(async (authenticated) => {
        registerAuthGuard(authenticated, { config, verify: services.verifyToken, repository: repositories.organisations, service: services.organisations, apiUsers: services.apiUsers });
        await authenticated.register(organisationRoutes(services.organisations));
        await authenticated.register(planRoutes(services.plans));
        await authenticated.register(ticketRoutes(repositories.tickets, services.tickets));
        await authenticated.register(feedbackRoutes(repositories.feedback));
        await authenticated.register(orderRoutes(services.orders, services.organisations));
        await authenticated.register(importRoutes(services.imports));
        await authenticated.register(labelRoutes(services.labels));
        await authenticated.register(labelJobRoutes(services.labelJobs));
        await authenticated.register(printingRoutes(services.printing));
        await authenticated.register(documentRoutes(services.documents));
        await authenticated.register(courierRoutes({ repository: repositories.couriers, service: services.couriers }));
        await authenticated.register(billingRoutes({ billing: repositories.billing, couriers: repositories.couriers }));
        await authenticated.register(invoiceRoutes(services.invoices));
        await authenticated.register(shopRoutes({ service: services.shops, couriers: services.couriers }));
        await authenticated.register(shopWriteBackRoutes(services.shopWriteBack));
        await authenticated.register(shipmentLogicRoutes(services.shipmentLogic));
        await authenticated.register(contactRoutes(services.contacts));
        await authenticated.register(analyticsRoutes(services.analytics));
        await authenticated.register(addressRoutes(services.addressLookup));
        await authenticated.register(trackingRoutes({ tracking: services.tracking, pickupPoints: services.pickupPoints }));
        await authenticated.register(returnSettingsRoutes(services.returns));
        await authenticated.register(trackingMailRoutes(services.trackingMail));
        await authenticated.register(gdprRoutes(services.gdpr));
        await authenticated.register(apiUserRoutes(services.apiUsers));
        await authenticated.register(paymentRoutes(services.payments));
      });
    },
    { prefix: '/api' },
  );

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDistDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api') || url.startsWith('/oidc') || request.method !== 'GET') {
      return reply.status(404).send(errorBody(notFound('route_not_found')));
    }
    // Every other path belongs to the single-page app; it shows its own not-found page.
    if (!hasWeb) return reply.status(404).type('text/plain; charset=utf-8').send('De webapp is nog niet gebouwd: voer `npm run build` uit.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
