import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import { measure } from './measure';

/** The cost of the foundation on every call: token check, user and organisation load. */
export async function api({ baseUrl }: { baseUrl: string }): Promise<void> {
  const tokens = await loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' });
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const get = (path: string) => async () => {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    await response.arrayBuffer();
  };
  await measure('GET /api/config (no token)', 2000, async () => void (await (await fetch(`${baseUrl}/api/config`)).arrayBuffer()));
  await measure('GET /api/user', 2000, get('/api/user'));
  await measure('GET /api/ticket/?status=open&is_replied=true', 2000, get('/api/ticket/?status=open&is_replied=true&page_size=1'));
  await measure('login (code + PKCE, scrypt)', 30, async () => void (await loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' })));
}
