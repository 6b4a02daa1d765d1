import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import { measure } from './measure';

/**
 * Hostile bodies at the size limit (1 MB): how long their refusal takes, and how fast
 * /api/health answers while they keep arriving (issue 11, point 10).
 */
export async function hostileInput({ baseUrl }: { baseUrl: string }): Promise<void> {
  const tokens = await loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' });
  const limit = 1024 * 1024 - 64;
  const bodies: Record<string, string> = {
    'nested arrays': '['.repeat(limit / 2) + ']'.repeat(limit / 2),
    'nested objects': '{"a":'.repeat(Math.floor(limit / 6)) + '1' + '}'.repeat(Math.floor(limit / 6)),
    'wide: 100k strings with NUL': JSON.stringify({ order_number: 'X', tags: Array.from({ length: 100_000 }, () => 'a\u0000') }).slice(0, limit),
    'wide: 60k small objects': JSON.stringify({ orders: Array.from({ length: 60_000 }, (_, i) => ({ n: String(i) })) }),
  };
  const post = (path: string, body: string, token?: string) => async () => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });
    await response.arrayBuffer();
    if (response.status !== 400) throw new Error(`${path} answered ${response.status}, not 400`);
  };
  for (const [name, body] of Object.entries(bodies)) {
    console.log(`${name}: ${(body.length / 1024).toFixed(0)} KB`);
    await measure(`  POST /api/order/bulk (private)`, 40, post('/api/order/bulk', body, tokens.access_token));
    await measure(`  POST /oidc/interaction/…/login (public)`, 40, post('/oidc/interaction/onbekend/login', body));
  }

  // /api/health while four clients keep sending nested bodies.
  let running = true;
  const hostile = Array.from({ length: 4 }, async () => {
    while (running) await post('/api/order/bulk', bodies['nested arrays'] ?? '', tokens.access_token)();
  });
  await measure('GET /api/health under 4 hostile clients', 200, async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`health answered ${response.status}`);
  });
  running = false;
  await Promise.all(hostile);
}
