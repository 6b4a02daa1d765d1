import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { ensureBillingReferenceData } from '../billing/reference-data';
import { couriers, platformContracts } from '../db/schema';
import { testPlatformContractName } from './platform-contracts';
import { createCourierRepository } from './repository';
import { settingsForCarrierCall } from './service';
import { createSettingsCrypto, type SettingsCrypto } from './settings-crypto';

const { server, first, second } = testServerForFile();
let crypto: SettingsCrypto;

const postnlFields = { api_key: 'eigen-sleutel', customer_code: 'DEVC', customer_number: '11223344' };

async function storedSettings(id: string): Promise<Record<string, unknown>> {
  const [row] = await server.database.db.select().from(couriers).where(eq(couriers.id, id));
  return crypto.open(row?.settings ?? {});
}

async function linkPostnl(who = first): Promise<string> {
  const linked = await request(server, { method: 'POST', path: '/api/courier/create', token: who.token, body: { courier_class: 'postnl', fields: postnlFields } });
  expect(linked.status).toBe(200);
  return linked.body.data.id;
}

beforeAll(async () => {
  crypto = await createSettingsCrypto(server.database.db);
});

describe('courier/meta', () => {
  it('gives each class the form of an own contract and the platform’s contracts', async () => {
    const { status, body } = await request(server, { path: '/api/courier/meta', token: first.token });
    expect(status).toBe(200);
    const byClass = new Map(body.data.map((c: { class: string }) => [c.class, c]));
    expect(byClass.get('test')).toMatchObject({ settings_fields: [], platform_contracts: [{ name: testPlatformContractName }] });
    expect(byClass.get('postnl')).toMatchObject({ platform_contracts: [] });
    const postnlForm = (byClass.get('postnl') as { settings_fields: { name: string; secret: boolean; required: boolean }[] }).settings_fields;
    expect(postnlForm.find((f) => f.name === 'api_key')).toMatchObject({ secret: true, required: true });
    expect(postnlForm.find((f) => f.name === 'base_url')).toMatchObject({ secret: false, required: false });
  });
});

describe('courier/create', () => {
  it('links an own contract, shows its settings without the secret and stores them sealed', async () => {
    const before = (await first.api.couriers.list()).data.length;
    const bad = await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'postnl', fields: { ...postnlFields, customer_code: 'abc1' } } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['fields.customer_code']);
    expect((await first.api.couriers.list()).data.length).toBe(before);

    const id = await linkPostnl();
    const shown = await first.api.couriers.get(id);
    expect(shown.data).toMatchObject({ label: 'PostNL', proxied_id: null, is_active: true, fields: { customer_code: 'DEVC', customer_number: '11223344', base_url: 'https://api.postnl.nl' } });
    expect(shown.data.fields).not.toHaveProperty('api_key');
    const raw = await server.database.pool.query('SELECT settings::text AS s FROM couriers WHERE id = $1', [id]);
    expect(raw.rows[0].s).not.toContain('eigen-sleutel');
    expect((await storedSettings(id)).api_key).toBe('eigen-sleutel');
  });

  it('links the platform’s contract as a proxy courier without any credentials', async () => {
    const meta = await first.api.couriers.meta();
    const contract = meta.data.find((c) => c.class === 'test')?.platform_contracts[0];
    const linked = await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'test', fields: { contract: 'platform' } } });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({ proxied_id: contract?.id, label: testPlatformContractName, service_class: 'test', is_active: true, fields: {} });
    const chosen = await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'test', fields: { contract: 'platform', platform_contract_id: contract?.id } } });
    expect(chosen.body.data.proxied_id).toBe(contract?.id);
  });

  it('refuses the platform contract of a class that has none, and an unknown contract choice', async () => {
    const none = await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'postnl', fields: { contract: 'platform' } } });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ type: 'validation', message_code: 'courier_not_found', message: 'Vervoerder niet gevonden (waarschijnlijk gedeactiveerd).', fields: { 'fields.contract': ['Vervoerder niet gevonden (waarschijnlijk gedeactiveerd).'] } });
    const wrongId = await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'test', fields: { contract: 'platform', platform_contract_id: '00000000-0000-4000-8000-000000000000' } } });
    expect(wrongId.body.fields).toHaveProperty(['fields.platform_contract_id']);
    const odd = await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'test', fields: { contract: 'eigen' } } });
    expect(odd.status).toBe(400);
    expect(odd.body.fields).toHaveProperty(['fields.contract']);
  });
});

describe('PATCH courier/{id}', () => {
  it('renames, and refuses an empty or too long name without changing anything', async () => {
    const id = await linkPostnl();
    const renamed = await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: first.token, body: { label: '  PostNL winkel Utrecht ' } });
    expect(renamed.body.data.label).toBe('PostNL winkel Utrecht');
    const empty = await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: first.token, body: { label: ' ', is_active: false } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ label: ['Vul een naam in.'] });
    expect(await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: first.token, body: { label: 'x'.repeat(101) } })).toMatchObject({ status: 400, body: { fields: { label: ['Een naam heeft hoogstens 100 tekens.'] } } });
    expect((await first.api.couriers.get(id)).data).toMatchObject({ label: 'PostNL winkel Utrecht', is_active: true });
  });

  it('re-validates changed settings; a secret left empty keeps the stored one', async () => {
    const id = await linkPostnl();
    const changed = await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: first.token, body: { fields: { api_key: '', customer_code: 'WXYZ', customer_number: '99' } } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.fields).toMatchObject({ customer_code: 'WXYZ', customer_number: '99' });
    expect(await storedSettings(id)).toMatchObject({ api_key: 'eigen-sleutel', customer_code: 'WXYZ', customer_number: '99' });

    const bad = await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: first.token, body: { label: 'Nieuw', fields: { customer_number: 'twaalf', api_key: 'nieuwe-sleutel' } } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['fields.customer_number']);
    expect(await storedSettings(id)).toMatchObject({ api_key: 'eigen-sleutel', customer_number: '99' });
    expect((await first.api.couriers.get(id)).data.label).toBe('PostNL');

    await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: first.token, body: { fields: { api_key: 'nieuwe-sleutel' } } });
    expect((await storedSettings(id)).api_key).toBe('nieuwe-sleutel');
  });

  it('keeps the platform’s settings out of reach of a proxy courier', async () => {
    const linked = await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'test', fields: { contract: 'platform' } } });
    const refused = await request(server, { method: 'PATCH', path: `/api/courier/${linked.body.data.id}`, token: first.token, body: { fields: { api_key: 'x' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ fields: ['De gegevens van een contract van Verzendhuis kun je niet wijzigen.'] });
    expect((await request(server, { method: 'PATCH', path: `/api/courier/${linked.body.data.id}`, token: first.token, body: { label: 'Test via platform', fields: {} } })).body.data.label).toBe('Test via platform');
  });
});

describe('deactivating, reset and couriercounters/', () => {
  it('counts the active own and proxy couriers; deactivating and reset move them', async () => {
    const org = await server.createOrganisation();
    // The built-in Testvervoerder every organisation starts with is an own courier.
    expect(await org.api.couriers.counters()).toEqual({ data: { own_couriers: 1, proxy_couriers: 0 } });
    const own = await linkPostnl(org);
    const proxy = (await request(server, { method: 'POST', path: '/api/courier/create', token: org.token, body: { courier_class: 'test', fields: { contract: 'platform' } } })).body.data.id;
    expect((await org.api.couriers.counters()).data).toEqual({ own_couriers: 2, proxy_couriers: 1 });

    expect((await request(server, { method: 'PATCH', path: `/api/courier/${own}`, token: org.token, body: { is_active: false } })).body.data.is_active).toBe(false);
    expect((await request(server, { method: 'PATCH', path: `/api/courier/${proxy}`, token: org.token, body: { is_active: false } })).body.data.is_active).toBe(false);
    expect((await org.api.couriers.counters()).data).toEqual({ own_couriers: 1, proxy_couriers: 0 });
    // Deactivated couriers stay in the list, marked inactive.
    expect((await org.api.couriers.list()).data.filter((c) => !c.is_active).map((c) => c.id).sort()).toEqual([own, proxy].sort());

    expect((await request(server, { method: 'POST', path: `/api/courier/${own}/reset`, token: org.token })).body.data.is_active).toBe(true);
    expect((await request(server, { method: 'POST', path: `/api/courier/${proxy}/reset`, token: org.token })).body.data.is_active).toBe(true);
    expect((await request(server, { method: 'POST', path: `/api/courier/${proxy}/reset`, token: org.token })).body.data.is_active).toBe(true);
    expect((await org.api.couriers.counters()).data).toEqual({ own_couriers: 2, proxy_couriers: 1 });
  });

  it('restores an own contract only while its stored credentials still pass; else names the fields to enter again', async () => {
    const id = await linkPostnl();
    // Raw SQL: stored credentials that no longer pass (an older rule), and below unreadable ones; the API stores neither.
    await server.database.db.update(couriers).set({ isActive: false, settings: crypto.seal({ ...postnlFields, customer_code: 'fout1' }) }).where(eq(couriers.id, id));
    const refused = await request(server, { method: 'POST', path: `/api/courier/${id}/reset`, token: first.token });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields)).toEqual(['fields.customer_code']);
    expect((await first.api.couriers.get(id)).data.is_active).toBe(false);
    // Reactivating through PATCH checks the same; with corrected fields it works.
    expect((await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: first.token, body: { is_active: true } })).status).toBe(400);
    const fixed = await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: first.token, body: { is_active: true, fields: { customer_code: 'ABCD' } } });
    expect(fixed.body.data).toMatchObject({ is_active: true, fields: { customer_code: 'ABCD' } });

    await server.database.db.update(couriers).set({ isActive: false, settings: { v: 1, iv: 'AAAA', tag: 'AAAA', data: 'AAAA' } }).where(eq(couriers.id, id));
    const unreadable = await request(server, { method: 'POST', path: `/api/courier/${id}/reset`, token: first.token });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.fields['fields.api_key']).toEqual(['De opgeslagen gegevens van deze koppeling zijn niet meer leesbaar. Vul ze opnieuw in.']);
  });

  it('does not restore a proxy courier whose platform contract was switched off', async () => {
    const proxy = (await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'test', fields: { contract: 'platform' } } })).body.data;
    await request(server, { method: 'PATCH', path: `/api/courier/${proxy.id}`, token: first.token, body: { is_active: false } });
    // Raw SQL: the operator switches a platform contract off (PLATFORM_CONTRACTS), no call of the API.
    await server.database.db.update(platformContracts).set({ isActive: false }).where(eq(platformContracts.id, proxy.proxied_id));
    try {
      const refused = await request(server, { method: 'POST', path: `/api/courier/${proxy.id}/reset`, token: first.token });
      expect(refused).toMatchObject({ status: 400, body: { type: 'usage', message_code: 'courier_not_active', message: 'Deze vervoerder is niet actief!' } });
      expect((await request(server, { method: 'PATCH', path: `/api/courier/${proxy.id}`, token: first.token, body: { is_active: true } })).status).toBe(400);
      expect((await first.api.couriers.meta()).data.find((c) => c.class === 'test')?.platform_contracts).toEqual([]);
    } finally {
      await server.database.db.update(platformContracts).set({ isActive: true }).where(eq(platformContracts.id, proxy.proxied_id));
    }
  });
});

describe('another organisation', () => {
  it('gets 404 on every call with the first one’s courier and sees none of them', async () => {
    const id = await linkPostnl();
    expect((await request(server, { path: `/api/courier/${id}`, token: second.token })).status).toBe(404);
    expect((await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: second.token, body: { label: 'Van mij', is_active: false } })).status).toBe(404);
    expect((await request(server, { method: 'POST', path: `/api/courier/${id}/reset`, token: second.token })).status).toBe(404);
    expect((await first.api.couriers.get(id)).data).toMatchObject({ label: 'PostNL', is_active: true });
    expect((await second.api.couriers.list()).data.map((c) => c.id)).not.toContain(id);
    expect((await second.api.couriers.counters()).data).toEqual({ own_couriers: 1, proxy_couriers: 0 });
    expect((await request(server, { path: '/api/couriercounters/' })).status).toBe(401);
  });
});

describe('platform contracts of the operator (PLATFORM_CONTRACTS)', () => {
  it('are upserted by class and name, checked by the class, and used for a proxy courier’s carrier calls', async () => {
    const contract = { courier_class: 'postnl', name: 'PostNL via Verzendhuis', fields: { api_key: 'platform-sleutel', customer_code: 'VZHS', customer_number: '555' } };
    await ensureBillingReferenceData(server.database.db, { platformContracts: JSON.stringify([contract]) });
    await ensureBillingReferenceData(server.database.db, { platformContracts: JSON.stringify([{ ...contract, fields: { ...contract.fields, customer_number: '556' } }]) });
    const rows = await server.database.db.select().from(platformContracts).where(eq(platformContracts.courierClass, 'postnl'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]?.settings)).not.toContain('platform-sleutel');

    const linked = await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'postnl', fields: { contract: 'platform' } } });
    expect(linked.body.data).toMatchObject({ label: 'PostNL via Verzendhuis', proxied_id: rows[0]?.id, fields: {} });
    const repository = createCourierRepository(server.database.db);
    const row = await repository.for(first.organisationId).find(linked.body.data.id);
    expect(row).toBeDefined();
    if (!row) return;
    expect(await settingsForCarrierCall(row, { couriers: repository, crypto })).toEqual({ ok: true, settings: { ...contract.fields, customer_number: '556', base_url: 'https://api.postnl.nl' } });

    // Switched off by the operator: linked proxies can no longer call the carrier.
    await ensureBillingReferenceData(server.database.db, { platformContracts: JSON.stringify([{ ...contract, is_active: false }]) });
    expect(await settingsForCarrierCall(row, { couriers: repository, crypto })).toEqual({ ok: false, message: 'Deze vervoerder is niet actief!' });
    expect((await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'postnl', fields: { contract: 'platform' } } })).status).toBe(400);
  });

  it('stop the start with the reason when they are wrong', async () => {
    await expect(ensureBillingReferenceData(server.database.db, { platformContracts: '[{' })).rejects.toThrow('PLATFORM_CONTRACTS is no valid JSON');
    await expect(ensureBillingReferenceData(server.database.db, { platformContracts: JSON.stringify([{ courier_class: 'fedex', name: 'FedEx' }]) })).rejects.toThrow('unknown courier class fedex');
    await expect(
      ensureBillingReferenceData(server.database.db, { platformContracts: JSON.stringify([{ courier_class: 'postnl', name: 'PostNL', fields: { api_key: 'k', customer_code: 'x1', customer_number: '1' } }]) }),
    ).rejects.toThrow(/fields\.customer_code/);
  });
});
