import { createHash, randomBytes } from 'node:crypto';

/** A tiny cookie jar: enough for the provider's interaction and session cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  token_type: string;
}

export interface LoginOptions {
  baseUrl: string;
  email: string;
  password: string;
  clientId?: string;
  scope?: string;
}

/**
 * Logs in the way the web app does, over real HTTP: authorization code with PKCE
 * through the provider's login page, then the code for tokens.
 */
export async function loginWithPassword(options: LoginOptions): Promise<TokenSet> {
  const result = await startLogin(options);
  const page = await result.submit({ email: options.email, password: options.password });
  if (!page.code) throw new Error(`login failed with status ${page.status}: ${page.body.slice(0, 200)}`);
  return result.exchange(page.code);
}

/**
 * A login in steps: the login page, then `submit` (or `register`), `exchange` and `logout`.
 * `headers` go with every request of the browser side (e.g. X-Forwarded-For, as a proxy adds it).
 */
export async function startLogin(options: Omit<LoginOptions, 'email' | 'password'> & { screen?: string; headers?: Record<string, string> }) {
  const jar = new CookieJar();
  const clientId = options.clientId ?? 'verzendhuis-web';
  const redirectUri = `${options.baseUrl}/authentication`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const auth = new URL(`${options.baseUrl}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid email profile offline_access api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    ...(options.screen ? { screen: options.screen } : {}),
  }).toString();

  const get = async (url: string) => {
    const response = await fetch(url, { redirect: 'manual', headers: { ...options.headers, cookie: jar.header() } });
    jar.store(response);
    return response;
  };

  const first = await get(auth.toString());
  const interactionPath = first.headers.get('location');
  if (!interactionPath) throw new Error(`authorization request answered ${first.status}: ${(await first.text()).slice(0, 500)}`);
  const interactionUrl = new URL(interactionPath, options.baseUrl).toString();
  const loginPage = await get(interactionUrl);
  const loginHtml = await loginPage.text();

  /** Follows redirects until the app's redirect URI carries the code. */
  const follow = async (response: Response) => {
    let current = response;
    for (let i = 0; i < 10; i++) {
      const location = current.headers.get('location');
      if (!location) break;
      const next = new URL(location, options.baseUrl);
      if (next.toString().startsWith(redirectUri)) {
        if (next.searchParams.get('state') !== state) throw new Error('state mismatch');
        return { status: current.status, code: next.searchParams.get('code'), body: '', headers: current.headers };
      }
      current = await get(next.toString());
    }
    return { status: current.status, code: null, body: await current.text(), headers: current.headers };
  };

  const post = async (path: string, form: Record<string, string>) => {
    const response = await fetch(new URL(path, options.baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { ...options.headers, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    jar.store(response);
    return follow(response);
  };

  return {
    interactionUrl,
    loginHtml,
    /** Posts the login form; `via` posts it to another process of the same app (behind one load balancer) instead. */
    submit: (form: { email: string; password: string }, via?: string) => post(via ? new URL(new URL(interactionUrl).pathname, via).toString() + '/login' : `${interactionUrl}/login`, form),
    register: (form: Record<string, string>) => post(`${interactionUrl}/registreren`, form),
    /** Opens a link (a registration's confirmation link) in this browser, following redirects to the code. */
    open: async (url: string) => follow(await get(url)),
    /**
     * Logs out as the web app does (RP-initiated logout with the ID token): the provider's
     * page posts its form with logout=yes, which ends the session. Answers the final status.
     */
    logout: async (idToken: string): Promise<number> => {
      const end = new URL(`${options.baseUrl}/oidc/session/end`);
      end.search = new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: `${options.baseUrl}/`, client_id: clientId }).toString();
      const page = await get(end.toString());
      const html = await page.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !xsrf) throw new Error(`no logout form (${page.status}): ${html.slice(0, 300)}`);
      const response = await fetch(new URL(action.replaceAll('&amp;', '&'), options.baseUrl), {
        method: 'POST',
        redirect: 'manual',
        headers: { ...options.headers, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
      });
      jar.store(response);
      return response.status;
    },
    exchange: async (code: string): Promise<TokenSet> => {
      const response = await fetch(`${options.baseUrl}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier }).toString(),
      });
      const body = (await response.json()) as TokenSet & { error?: string };
      if (!response.ok) throw new Error(`token request failed: ${JSON.stringify(body)}`);
      return body;
    },
  };
}

/** Revokes a token at the provider's revocation endpoint (RFC 7009), as a client ending its grant does. */
export async function revokeToken(baseUrl: string, token: string, clientId = 'verzendhuis-web'): Promise<Response> {
  return fetch(`${baseUrl}/oidc/token/revocation`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: clientId }).toString(),
  });
}

export async function refreshTokens(baseUrl: string, refreshToken: string, clientId = 'verzendhuis-web'): Promise<Response> {
  return fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }).toString(),
  });
}
