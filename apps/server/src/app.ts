import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '@verzendhuis/domain/errors';
import { errorMessages } from '@verzendhuis/domain/messages';
import { registerAuthGuard } from './auth/guard';
import { createOidcProvider } from './auth/provider';
import { registerOidcRoutes } from './auth/routes';
import { loadProviderSecrets } from './auth/secrets';
import { createTokenVerifier } from './auth/tokens';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { createFeedbackRepository } from './feedback/repository';
import { feedbackRoutes } from './feedback/routes';
import { errorBody, registerErrorHandling } from './http/errors';
import { metaRoutes } from './http/meta-routes';
import { createOrganisationRepository } from './organisation/repository';
import { organisationRoutes } from './organisation/routes';
import { createOrganisationService } from './organisation/service';
import { addressRoutes } from './address/routes';
import { createPdokLookup } from './address/pdok';
import { createContactRepository } from './contacts/repository';
import { contactRoutes } from './contacts/routes';
import { createCourierRepository } from './couriers/repository';
import { courierRoutes } from './couriers/routes';
import { createSettingsCrypto } from './couriers/settings-crypto';
import { createCourierService } from './couriers/service';
import { createBillingRepository } from './billing/repository';
import { billingRoutes } from './billing/routes';
import { createBillingService } from './billing/service';
import { createLabelRepository } from './labels/repository';
import { labelRoutes } from './labels/routes';
import { documentRoutes } from './documents/routes';
import { createLabelService } from './labels/service';
import { createLabelJobRepository } from './labels/job-repository';
import { labelJobRoutes } from './labels/job-routes';
import { createLabelJobRunner, createLabelJobStarter, labelJobWorkers } from './labels/jobs';
import { startAppQueue } from './jobs/app-queue';
import { queues } from './jobs/queue';
import { createOrderRepository } from './orders/repository';
import { orderRoutes } from './orders/routes';
import { createOrderService } from './orders/service';
import { createShopRepository } from './shops/repository';
import { shopRoutes } from './shops/routes';
import { createTicketRepository } from './tickets/repository';
import { ticketRoutes } from './tickets/routes';
import { trackingRoutes } from './tracking/routes';
import { closeLabelDrawing, setLabelDrawThreads } from './documents/label-drawing';

z.config(z.locales.nl());

export async function buildApp(deps: { config: AppConfig; database: DatabaseHandle }): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}) },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against their zod schema in tests, where a mapper that drifts
  // from the contract must fail; elsewhere the mappers' objects are sent as they are.
  app.setSerializerCompiler(config.environment === 'test' ? serializerCompiler : () => (data) => JSON.stringify(data));
  registerErrorHandling(app);

  const organisationRepository = createOrganisationRepository(database.db);
  const organisationService = createOrganisationService({ repository: organisationRepository, intercomSecret: config.intercomSecret });
  const secrets = config.oidc.mode === 'embedded' ? await loadProviderSecrets(database.db) : null;

  if (secrets) {
    const provider = createOidcProvider({ config, db: database.db, secrets, users: organisationRepository });
    await registerOidcRoutes(app, { config, provider, repository: organisationRepository, service: organisationService });
  }

  await app.register(swagger, {
    openapi: {
      info: { title: 'Verzendhuis API', version: '0.1.0', description: 'De API van Verzendhuis. Log in via OpenID Connect en stuur het access token mee als `Authorization: Bearer`.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        if (config.maintenance && !request.url.startsWith('/api/config')) {
          throw new AppError({ type: 'usage', messageCode: 'maintenance', message: errorMessages.maintenance });
        }
      });
      await api.register(metaRoutes(config, async () => void (await database.pool.query('SELECT 1'))));
      await api.register(async (authenticated) => {
        registerAuthGuard(authenticated, {
          config,
          verify: createTokenVerifier(config, secrets),
          repository: organisationRepository,
          service: organisationService,
        });
        await authenticated.register(organisationRoutes(organisationService));
        await authenticated.register(ticketRoutes(createTicketRepository(database.db)));
        await authenticated.register(feedbackRoutes(createFeedbackRepository(database.db)));
        const couriers = createCourierRepository(database.db);
        const shops = createShopRepository(database.db);
        const settingsCrypto = await createSettingsCrypto(database.db);
        const orderRepository = createOrderRepository(database.db);
        const orders = createOrderService({ orders: orderRepository, couriers, shops });
        await authenticated.register(orderRoutes(orders, organisationService));
        const labelRepository = createLabelRepository(database.db);
        // The Testvervoerder draws its labels on worker threads (documents/label-drawing.ts).
        setLabelDrawThreads(config.labelDrawThreads);
        authenticated.addHook('onClose', closeLabelDrawing);
        const billingRepository = createBillingRepository(database.db);
        // Large selections are made by a background job on the app's own queue (labels/jobs.ts).
        const appQueue = await startAppQueue({ pool: database.pool, log: app.log });
        authenticated.addHook('onClose', async () => appQueue.stop());
        const labelJobRepository = createLabelJobRepository(database.db);
        const labels = createLabelService({
          labels: labelRepository,
          orders: orderRepository,
          couriers,
          crypto: settingsCrypto,
          billing: createBillingService({ repository: billingRepository }),
          production: config.environment === 'production',
          timeoutMs: config.carrierTimeoutMs,
          jobs: createLabelJobStarter({ jobs: labelJobRepository, queue: appQueue, threshold: config.labelJobThreshold }),
          log: app.log,
        });
        const labelJobRunner = createLabelJobRunner({ jobs: labelJobRepository, service: labels, organisations: organisationService, log: app.log, carrierTimeoutMs: config.carrierTimeoutMs });
        await appQueue.work(queues.labelJobs, labelJobWorkers, labelJobRunner.handle);
        await authenticated.register(labelRoutes({ service: labels, labels: labelRepository, organisations: organisationService }));
        await authenticated.register(labelJobRoutes({ jobs: labelJobRepository }));
        await authenticated.register(documentRoutes({ db: database.db, labels: labelRepository, organisations: organisationService }));
        await authenticated.register(courierRoutes({ repository: couriers, service: createCourierService({ repository: couriers, crypto: settingsCrypto }) }));
        await authenticated.register(billingRoutes({ billing: billingRepository, couriers }));
        await authenticated.register(shopRoutes(shops));
        await authenticated.register(contactRoutes(createContactRepository(database.db)));
        await authenticated.register(addressRoutes(createPdokLookup({ baseUrl: config.pdokUrl, log: (m) => app.log.warn(m) })));
        await authenticated.register(trackingRoutes({ db: database.db, crypto: settingsCrypto, config }));
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
