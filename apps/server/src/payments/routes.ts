import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import {
  invoicePaymentResponseSchema,
  mandateSetupResponseSchema,
  mandateStateResponseSchema,
  paymentWebhookBodySchema,
  testCheckoutBodySchema,
  testCheckoutParamsSchema,
} from '@verzendhuis/contract/payments';
import { testCheckoutTexts as texts } from '@verzendhuis/domain/payments-texts';
import { notFound } from '@verzendhuis/domain/errors';
import { requireUser } from '../auth/guard';
import { centsToValue } from './provider';
import type { PaymentService } from './service';
import type { TestPaymentProvider } from './test-provider';

/** The mandate and paying an invoice: a person's calls (the checkout needs a browser). */
export function paymentRoutes(service: PaymentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/organisation/payment',
      {
        schema: {
          tags: ['Account'],
          summary: 'De machtiging voor automatische incasso (opnieuw gelezen bij de betaalprovider)',
          response: { 200: mandateStateResponseSchema, 401: errorBodySchema, 502: errorBodySchema },
        },
      },
      async (request) => ({ data: await service.mandate(requireUser(request).organisationId) }),
    );

    app.post(
      '/user/organisation/payment',
      {
        schema: {
          tags: ['Account'],
          summary: 'Machtiging afgeven: een eerste betaling van € 0,01; het antwoord noemt de betaalpagina (checkout_url)',
          body: z.object({}).optional(),
          response: { 200: mandateSetupResponseSchema, 401: errorBodySchema, 502: errorBodySchema },
        },
      },
      async (request) => ({ data: await service.setUpMandate(requireUser(request).organisationId) }),
    );

    app.delete(
      '/user/organisation/payment',
      {
        schema: {
          tags: ['Account'],
          summary: 'Machtiging intrekken bij de betaalprovider',
          response: { 200: mandateStateResponseSchema, 401: errorBodySchema, 404: errorBodySchema, 502: errorBodySchema },
        },
      },
      async (request) => ({ data: await service.removeMandate(requireUser(request).organisationId) }),
    );

    app.post(
      '/invoice/:id/payment',
      {
        schema: {
          tags: ['Facturen'],
          summary: 'Een openstaande factuur betalen: met een geldige machtiging automatisch (recurring), anders via een betaalpagina (checkout_url)',
          params: idParamsSchema,
          body: z.object({}).optional(),
          response: { 200: invoicePaymentResponseSchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 502: errorBodySchema },
        },
      },
      async (request) => ({ data: await service.payInvoice(requireUser(request).organisationId, request.params.id) }),
    );
  };
}

/** A form body (application/x-www-form-urlencoded) as a plain object: Mollie's webhook and the test checkout's form. */
function acceptFormBodies(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/**
 * The payment provider's webhook (public: Mollie posts `id=tr_…` as a form). The body is
 * only a hint: the payment is read back from the provider. An unknown id answers 200 too,
 * so that nobody learns which ids exist, and changes nothing.
 */
export function paymentWebhookRoutes(service: PaymentService): FastifyPluginAsyncZod {
  return async (app) => {
    acceptFormBodies(app);
    app.post(
      '/payments/webhook',
      {
        schema: {
          tags: ['Facturen'],
          summary: 'Webhook van de betaalprovider (zonder login): id=tr_… als formulier; de betaling wordt bij de provider opnieuw gelezen',
          body: paymentWebhookBodySchema,
          security: [],
          response: { 200: z.object({ status: z.literal('success') }), 400: errorBodySchema, 502: errorBodySchema },
        },
      },
      async (request) => {
        await service.webhook(request.body.id);
        return { status: 'success' as const };
      },
    );
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function checkoutPage(body: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${texts.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem;border-radius:4px;border:1px solid #1a1a1a;cursor:pointer}button:focus-visible{outline:3px solid #1c5fd1;outline-offset:2px}.paid{background:#1b6e33;color:#fff}.failed{background:#fff;color:#a11a1a;border-color:#a11a1a}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The built-in test provider's checkout page (PAYMENT_PROVIDER=test): Betaald or Mislukt, then back to the app. */
export function testCheckoutRoutes(provider: TestPaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    acceptFormBodies(app);
    app.get(
      '/public/test-payment/:id',
      { schema: { tags: ['Facturen'], summary: 'Betaalpagina van de ingebouwde testprovider', params: testCheckoutParamsSchema, security: [], response: { 200: z.any(), 404: z.any() } } },
      async (request, reply) => {
        const payment = provider.checkout(request.params.id);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (!payment) return reply.code(404).send(checkoutPage(`<h1>${texts.title}</h1><p>${texts.notFound}</p>`));
        const form =
          payment.status === 'open'
            ? `<form method="post"><button class="paid" type="submit" name="outcome" value="paid">${texts.paid}</button><button class="failed" type="submit" name="outcome" value="failed">${texts.failed}</button></form>`
            : `<p>${texts.done}</p>`;
        return reply.send(
          checkoutPage(`<h1>${texts.title}</h1><p>${texts.intro}</p><p>${texts.description}: ${escapeHtml(payment.description)}</p><p>${texts.amount(centsToValue(payment.amountCents).replace('.', ','))}</p>${form}`),
        );
      },
    );

    app.post(
      '/public/test-payment/:id',
      { schema: { tags: ['Facturen'], summary: 'De keuze op de betaalpagina van de testprovider', params: testCheckoutParamsSchema, body: testCheckoutBodySchema, security: [], response: { 303: z.any(), 404: errorBodySchema } } },
      async (request, reply) => {
        const done = provider.complete(request.params.id, request.body.outcome);
        if (!done) throw notFound('payment_not_found');
        return reply.redirect(done.redirectUrl ?? `/api/public/test-payment/${request.params.id}`, 303);
      },
    );
  };
}
