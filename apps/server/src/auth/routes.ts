import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { AppError } from '@verzendhuis/domain/errors';
import { authTexts } from '@verzendhuis/domain/auth-texts';
import { normaliseEmail } from '@verzendhuis/domain/registration';
import type { AppConfig } from '../config';
import type { OrganisationRepository } from '../organisation/repository';
import type { LoginAttempts } from './login-attempts';
import type { RegistrationService } from './registration';
import { autoSubmitScript, autoSubmitScriptPath, checkEmailPage, loginPage, messagePage, registerPage } from './pages';
import { dummyHashPromise, verifyPassword } from './passwords';

type Form = Record<string, string | undefined>;

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/**
 * Mounts the provider under /oidc and serves its Dutch login and registration pages.
 */
export async function registerOidcRoutes(
  app: FastifyInstance,
  deps: { config: AppConfig; provider: Provider; repository: OrganisationRepository; registrations: RegistrationService; attempts: LoginAttempts },
): Promise<void> {
  const { provider, config } = deps;
  const callback = provider.callback();

  app.get(autoSubmitScriptPath, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(autoSubmitScript),
  );

  // The provider reads its own request bodies: no parsing in this scope.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '').slice('/oidc'.length) || '/';
      callback(raw, reply.raw);
    };
    scope.all('/oidc', handler);
    scope.all('/oidc/*', handler);
  });

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 10_000 });

    scope.setErrorHandler((error: unknown, request, reply) => {
      // A body refused before the page saw it (too deep, invalid text): thrown on to the app's
      // error handler (http/errors.ts), which answers with the API's error body.
      if (error instanceof AppError) throw error;
      const name = (error as { name?: string }).name;
      if (name === 'SessionNotFound' || name === 'InvalidRequest') {
        return html(reply, 400, messagePage(authTexts.errorTitle, authTexts.sessionExpired, { href: config.publicUrl, label: authTexts.backToApp }));
      }
      request.log.error({ err: error }, 'login page failed');
      return html(reply, 500, messagePage(authTexts.errorTitle, authTexts.sessionExpired, { href: config.publicUrl, label: authTexts.backToApp }));
    });

    const { attempts } = deps;
    const loginUrl = (uid: string) => `/oidc/interaction/${uid}`;
    const registerUrl = (uid: string) => `/oidc/interaction/${uid}/registreren`;
    const confirmUrl = (uid: string, token: string) => `/oidc/interaction/${uid}/bevestigen/${token}`;

    scope.get<{ Params: { uid: string } }>('/oidc/interaction/:uid', async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.prompt.name === 'login') {
        if (details.params.screen === 'register') return html(reply, 200, registerPage({ action: registerUrl(details.uid), loginUrl: loginUrl(details.uid) }));
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
        return html(reply, 200, loginPage({ action: `${loginUrl(details.uid)}/login`, registerUrl: registerUrl(details.uid), values: { email: hint } }));
      }
      // First-party app: consent is implied (the grant is made in loadExistingGrant).
      const grant = new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      if (config.oidc.mode === 'embedded') grant.addResourceScope(config.oidc.audience, 'api');
      const grantId = await grant.save();
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    });

    scope.post<{ Params: { uid: string }; Body: Form }>(
      '/oidc/interaction/:uid/login',
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const email = normaliseEmail(String(request.body?.email ?? ''));
        const password = String(request.body?.password ?? '');
        const page = (status: number, error: string) =>
          html(reply, status, loginPage({ action: `${loginUrl(details.uid)}/login`, registerUrl: registerUrl(details.uid), values: { email }, error }));
        const locked = (seconds: number) => {
          reply.header('retry-after', String(seconds));
          return page(429, authTexts.tooManyAttemptsFor(seconds));
        };
        // Per IP over all accounts, against trying many accounts; per account, from any IP.
        const ipWait = await attempts.takeLoginPost(request.ip);
        if (ipWait !== null) return locked(ipWait);
        const accountWait = await attempts.lockedFor(email);
        if (accountWait !== null) return locked(accountWait);
        const user = email ? await deps.repository.crossOrganisation.findUserByEmail(email) : undefined;
        const valid = user?.passwordHash
          ? await verifyPassword(password, user.passwordHash)
          : (await verifyPassword(password, await dummyHashPromise)) && false;
        if (!user || !valid) {
          await attempts.recordFailure(email);
          return page(401, authTexts.loginFailed);
        }
        await attempts.recordSuccess(email);
        reply.hijack();
        await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
      },
    );

    scope.get<{ Params: { uid: string } }>('/oidc/interaction/:uid/registreren', async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return html(reply, 200, registerPage({ action: registerUrl(details.uid), loginUrl: loginUrl(details.uid) }));
    });

    scope.post<{ Params: { uid: string }; Body: Form }>(
      '/oidc/interaction/:uid/registreren',
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const wait = await attempts.takeRegistration(request.ip);
        if (wait !== null) {
          reply.header('retry-after', String(wait));
          return html(reply, 429, messagePage(authTexts.errorTitle, authTexts.tooManyRegistrationsFor(wait), { href: config.publicUrl, label: authTexts.backToApp }));
        }
        const values = {
          organisation_name: String(request.body?.organisation_name ?? ''),
          name: String(request.body?.name ?? ''),
          email: String(request.body?.email ?? ''),
          password: String(request.body?.password ?? ''),
          password_repeat: String(request.body?.password_repeat ?? ''),
        };
        try {
          // The same page for a new address and a known one (docs/auth.md): the difference is only in the mail.
          const { email } = await deps.registrations.request(values, (token) => `${config.publicUrl}${confirmUrl(details.uid, token)}`);
          return html(reply, 200, checkEmailPage(email));
        } catch (error) {
          if (!(error instanceof AppError) || error.type !== 'validation') throw error;
          return html(reply, 400, registerPage({ action: registerUrl(details.uid), loginUrl: loginUrl(details.uid), values, errors: error.fields }));
        }
      },
    );

    /**
     * The link of the confirmation mail: the organisation and user are made once. Opened in the
     * browser that registered, while its login (an hour) lasts, the login continues into the
     * app; otherwise a page says the account is there and links to logging in.
     */
    scope.get<{ Params: { uid: string; token: string } }>('/oidc/interaction/:uid/bevestigen/:token', async (request, reply) => {
      const result = await deps.registrations.confirm(request.params.token);
      const toLogin = { href: config.publicUrl, label: authTexts.toLogin };
      if (result.state === 'expired') return html(reply, 410, messagePage(authTexts.confirmFailedTitle, authTexts.confirmExpired, toLogin));
      if (result.state === 'unknown') return html(reply, 404, messagePage(authTexts.confirmFailedTitle, authTexts.confirmUnknown, toLogin));
      if (result.state !== 'created') return html(reply, 200, messagePage(authTexts.alreadyConfirmedTitle, authTexts.alreadyConfirmed, toLogin));
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== request.params.uid || details.prompt.name !== 'login') {
        return html(reply, 200, messagePage(authTexts.confirmedTitle, authTexts.confirmedLogIn, toLogin));
      }
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: result.user.id } }, { mergeWithLastSubmission: false });
    });
  });
}
