import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiUserErrorMessages, apiUserPatchEmptyText } from '@verzendhuis/domain/api-users-texts';
import { authErrorMessages } from '@verzendhuis/domain/auth-texts';
import { createOrders, orderInput, request, testCourierId, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { organisations } from '../db/schema';

const rateLimit = 8;
const { server, first, second } = testServerForFile({ config: { apiUserRateLimit: rateLimit } });

const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });

async function newApiUser(org: TestOrganisation, name = 'Webshop-plugin') {
  return (await org.api.apiUsers.create({ name })).data.user;
}

/** A call as an API user (its own headers, no user token). */
function asApiUser(headers: Record<string, string>, options: { method?: 'GET' | 'POST' | 'PATCH'; path: string; body?: unknown; query?: Record<string, string | number> }) {
  return request(server, { ...options, headers });
}

describe('managing API users', () => {
  it('creates one with a secret shown once, lists it without the secret, renames and deactivates it', async () => {
    const created = await request(server, { method: 'POST', path: '/api/api-user/create', token: first.token, body: { name: '  WooCommerce  ' } });
    expect(created.status).toBe(200);
    const user = created.body.data.user;
    expect(user).toMatchObject({ name: 'WooCommerce', is_active: true, last_used_at: null });
    expect(user.secret).toMatch(/^vhs_[\w-]{43}$/);

    const listed = await first.api.apiUsers.list();
    const row = listed.data.find((u) => u.id === user.id);
    expect(row).toEqual({ id: user.id, name: 'WooCommerce', is_active: true, created_at: user.created_at, last_used_at: null });
    expect(JSON.stringify(listed)).not.toContain(user.secret);

    expect((await first.api.apiUsers.update(user.id, { name: 'Shopware' })).data).toMatchObject({ name: 'Shopware', is_active: true });
    expect((await first.api.apiUsers.update(user.id, { is_active: false })).data).toMatchObject({ name: 'Shopware', is_active: false });
    expect((await first.api.apiUsers.update(user.id, { is_active: true })).data.is_active).toBe(true);
  });

  it('refuses an empty name with a Dutch message and writes nothing', async () => {
    const before = (await first.api.apiUsers.list()).data.length;
    const refused = await request(server, { method: 'POST', path: '/api/api-user/create', token: first.token, body: { name: '   ' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 400, type: 'validation', message_code: 'form_invalid' });
    expect(refused.body.fields.name).toHaveLength(1);
    expect((await first.api.apiUsers.list()).data).toHaveLength(before);

    const user = await newApiUser(first, 'Blijft');
    const nothing = await request(server, { method: 'PATCH', path: `/api/api-user/${user.id}`, token: first.token, body: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors.map((e: { message: string }) => e.message)).toContain(apiUserPatchEmptyText);
    const empty = await request(server, { method: 'PATCH', path: `/api/api-user/${user.id}`, token: first.token, body: { name: '', is_active: false } });
    expect(empty.status).toBe(400);
    expect((await first.api.apiUsers.list()).data.find((u) => u.id === user.id)).toMatchObject({ name: 'Blijft', is_active: true });
  });

  it('shows a second organisation nothing of the first’s API users and lets it change nothing', async () => {
    const user = await newApiUser(first, 'Van de eerste');
    expect((await second.api.apiUsers.list()).data.map((u) => u.id)).not.toContain(user.id);
    const renamed = await request(server, { method: 'PATCH', path: `/api/api-user/${user.id}`, token: second.token, body: { name: 'Gekaapt', is_active: false } });
    expect(renamed.status).toBe(404);
    expect(renamed.body).toMatchObject({ message_code: 'api_user_not_found', message: apiUserErrorMessages.api_user_not_found });
    expect((await first.api.apiUsers.list()).data.find((u) => u.id === user.id)).toMatchObject({ name: 'Van de eerste', is_active: true });
  });
});

describe('calling the API as an API user', () => {
  it('lists only its organisation’s orders and creates an order and a label (Basic)', async () => {
    const user = await newApiUser(first);
    const auth = basic(user.id, user.secret);
    const [theirs] = await createOrders(second, 1);
    const courierId = await testCourierId(first);

    const created = await asApiUser(auth, { method: 'POST', path: '/api/order/create', body: orderInput({ courier_id: courierId, order_number: 'PLUGIN-1' }) });
    expect(created.status).toBe(200);
    const orderId: string = created.body.data.id;

    const listed = await asApiUser(auth, { path: '/api/order/', query: { page_size: 250 } });
    expect(listed.status).toBe(200);
    const ids = listed.body.data.map((o: { id: string }) => o.id);
    expect(ids).toContain(orderId);
    expect(ids).not.toContain(theirs);
    const mine = new Set((await first.api.orders.list({ page_size: 250 })).data.map((o) => o.id));
    expect(ids.every((id: string) => mine.has(id))).toBe(true);

    const label = await asApiUser(auth, { method: 'POST', path: '/api/order/label/create', body: { order_ids: [orderId] } });
    expect(label.status).toBe(200);
    expect(label.body).toMatchObject({ status: 'success', data: [{ order_id: orderId }] });
    const labelId: string = label.body.data[0].id;
    expect((await first.api.labels.get(labelId)).data.id).toBe(labelId);
    expect((await request(server, { path: `/api/label/${labelId}`, token: second.token })).status).toBe(404);

    expect((await first.api.apiUsers.list()).data.find((u) => u.id === user.id)?.last_used_at).not.toBeNull();
  });

  it('accepts the secret alone as a Bearer token, and cannot reach another organisation’s order', async () => {
    const user = await newApiUser(first);
    const [theirs] = await createOrders(second, 1);
    const headers = { authorization: `Bearer ${user.secret}` };
    expect((await asApiUser(headers, { path: '/api/order/', query: { page_size: 1 } })).status).toBe(200);
    expect((await asApiUser(headers, { path: `/api/order/${theirs}` })).status).toBe(404);
  });

  it('refuses a wrong secret, a wrong key id and a deactivated API user with 401', async () => {
    const user = await newApiUser(first);
    const other = await newApiUser(first, 'Ander');
    const wrongSecret = await asApiUser(basic(user.id, `${user.secret}x`), { path: '/api/order/' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body).toMatchObject({ status: 401, type: 'authentication', message_code: 'api_user_invalid', message: apiUserErrorMessages.api_user_invalid });
    expect((await asApiUser(basic(other.id, user.secret), { path: '/api/order/' })).status).toBe(401);
    expect((await asApiUser({ authorization: 'Bearer vhs_onzin' }, { path: '/api/order/' })).status).toBe(401);
    expect((await asApiUser(basic(user.id, user.secret), { path: '/api/order/' })).status).toBe(200);

    await first.api.apiUsers.update(user.id, { is_active: false });
    const deactivated = await asApiUser(basic(user.id, user.secret), { path: '/api/order/' });
    expect(deactivated.status).toBe(401);
    expect(deactivated.body.message_code).toBe('api_user_invalid');
    expect((await asApiUser({ authorization: `Bearer ${user.secret}` }, { path: '/api/order/' })).status).toBe(401);
  });

  it('may not manage API users, change the organisation or read GET user (403)', async () => {
    const user = await newApiUser(first);
    const auth = basic(user.id, user.secret);
    for (const call of [
      { path: '/api/api-user' },
      { method: 'POST' as const, path: '/api/api-user/create', body: { name: 'Nog een' } },
      { method: 'PATCH' as const, path: `/api/api-user/${user.id}`, body: { is_active: false } },
      { path: '/api/user' },
      { method: 'PATCH' as const, path: '/api/user/organisation', body: { name: 'Overgenomen' } },
    ]) {
      const answer = await asApiUser(auth, call);
      expect(answer.status, call.path).toBe(403);
      expect(answer.body).toMatchObject({ type: 'authorization', message_code: 'api_user_not_allowed', message: apiUserErrorMessages.api_user_not_allowed });
    }
    expect((await first.api.apiUsers.list()).data.find((u) => u.id === user.id)?.is_active).toBe(true);
    expect((await first.api.user.get()).data.organisation.name).not.toBe('Overgenomen');
  });

  it('limits each API user per minute: 429 with the error body, a Dutch message and Retry-After', async () => {
    const user = await newApiUser(first);
    const neighbour = await newApiUser(first, 'Buurman');
    const auth = basic(user.id, user.secret);
    for (let i = 0; i < rateLimit; i++) expect((await asApiUser(auth, { path: '/api/order/', query: { page_size: 1 } })).status).toBe(200);
    const limited = await asApiUser(auth, { path: '/api/order/', query: { page_size: 1 } });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body).toEqual({
      status: 429,
      message: apiUserErrorMessages.api_user_rate_limited(rateLimit, retryAfter),
      message_code: 'api_user_rate_limited',
      type: 'usage',
      fields: {},
      errors: [{ field: null, message: apiUserErrorMessages.api_user_rate_limited(rateLimit, retryAfter) }],
    });
    // Another API user and the organisation's people are not limited by it.
    expect((await asApiUser(basic(neighbour.id, neighbour.secret), { path: '/api/order/', query: { page_size: 1 } })).status).toBe(200);
    expect((await request(server, { path: '/api/order/', token: first.token, query: { page_size: 1 } })).status).toBe(200);
  });

  it('is blocked with its organisation (403 account_blocked)', async () => {
    const blocked = await server.createOrganisation();
    const user = await newApiUser(blocked);
    expect((await asApiUser(basic(user.id, user.secret), { path: '/api/order/' })).status).toBe(200);
    // Raw SQL: the operator blocks an organisation, no call of the API.
    await server.database.db.update(organisations).set({ isActive: false }).where(eq(organisations.id, blocked.organisationId));
    const refused = await asApiUser(basic(user.id, user.secret), { path: '/api/order/' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: 'authorization', message_code: 'account_blocked', message: authErrorMessages.account_blocked });
  });

  it('still refuses a call without any credentials in Dutch', async () => {
    const answer = await request(server, { path: '/api/order/' });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(authErrorMessages.not_authenticated);
  });
});

describe('/api/docs', () => {
  it('documents both ways in (bearer JWT, Basic API user) and the API users’ calls', async () => {
    const { status, body } = await request(server, { path: '/api/docs/json' });
    expect(status).toBe(200);
    expect(body.components.securitySchemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, apiUser: { type: 'http', scheme: 'basic' } });
    expect(body.security).toEqual([{ bearer: [] }, { apiUser: [] }]);
    expect(body.info.description).toContain('Voor webshop-plugins');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/api-user', '/api/api-user/create', '/api/api-user/{id}']));
  });
});
