import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@verzendhuis/contract/client';
import { request, testSenderAddress } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { organisations } from '../db/schema';

const { server, first, second } = testServerForFile({ organisations: [{ name: 'Eerste Webwinkel' }, { name: 'Tweede Webwinkel' }] });

describe('GET user', () => {
  it('answers the user with the fields of the organisation', async () => {
    const { data } = await first.api.user.get();
    expect(data.id).toBe(first.userId);
    expect(data.organisation).toMatchObject({
      id: first.organisationId,
      name: 'Eerste Webwinkel',
      is_active: true,
      can_create_labels: true,
      account_manager_action_required: false,
      payment: { status: null },
      contact: { email: first.email, phone: null },
      status: 'incomplete',
      active_addons: [],
      shipment_logic: [],
      tracking: { mail_settings: {} },
    });
    expect(data.organisation.plan).toMatchObject({ id: 'trial', name: 'Proefperiode', capabilities: { trial: true }, quota: { labels: 50 } });
    expect(data.organisation.plans.map((p) => p.id)).toContain('trial');
  });

  it('shows each user only their own organisation', async () => {
    const a = await first.api.user.get();
    const b = await second.api.user.get();
    expect(a.data.organisation.id).toBe(first.organisationId);
    expect(b.data.organisation.id).toBe(second.organisationId);
    expect(b.data.organisation.name).toBe('Tweede Webwinkel');
  });
});

describe('PATCH user/organisation', () => {
  it('stores valid changes and answers status, data and should_validate_orders', async () => {
    const result = await first.api.user.patchOrganisation({
      name: '  Eerste Webwinkel BV ',
      contact: { email: 'info@eerste.nl', phone: '020 - 123 45 67' },
    });
    expect(result.status).toBe('success');
    expect(result.should_validate_orders).toBe(false);
    expect(result.data.name).toBe('Eerste Webwinkel BV');
    expect(result.data.contact).toEqual({ email: 'info@eerste.nl', phone: '0201234567' });
    expect(result.data.status).toBeNull();
  });

  it('asks for order re-validation when the customs identity changes', async () => {
    const result = await first.api.user.patchOrganisation({ company: { eori_number: 'nl123456789', vat_number: 'NL004495445B01' } });
    expect(result.should_validate_orders).toBe(true);
    expect(result.data.company.eori_number).toBe('NL123456789');
  });

  it('refuses invalid input with Dutch field errors and stores nothing', async () => {
    const response = await request(server, {
      method: 'PATCH',
      path: '/api/user/organisation',
      token: first.token,
      body: { name: 'Wordt niet opgeslagen', contact: { email: 'geen-email', phone: 'abc' }, company: { eori_number_gb: 'GB123' } },
    });
    expect(response.status).toBe(400);
    const body = response.body;
    expect(body).toMatchObject({ status: 400, type: 'validation', message_code: 'form_invalid' });
    expect(body.fields['contact.email']).toEqual(['Vul een geldig e-mailadres in.']);
    expect(body.fields['contact.phone'][0]).toContain('Vul een geldig telefoonnummer in');
    expect(body.fields['company.eori_number_gb'][0]).toContain('Brits EORI-nummer');
    expect(body.errors.length).toBe(3);
    const [row] = await server.database.db.select().from(organisations).where(eq(organisations.id, first.organisationId));
    expect(row?.name).toBe('Eerste Webwinkel BV');
  });

  it('refuses unknown fields and malformed JSON with the error body', async () => {
    const unknown = await request(server, { method: 'PATCH', path: '/api/user/organisation', token: first.token, body: { plan_id: 'zakelijk' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.type).toBe('validation');
    const malformed = await request(server, { method: 'PATCH', path: '/api/user/organisation', token: first.token, rawBody: '{"name":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ type: 'validation', message: 'Ongeldig verzoek.' });
  });

  it('takes tracking.mail_settings only in the shape of the tracking settings: 900 KB of nested JSON is refused in Dutch and nothing is stored', async () => {
    const settings = async () => (await first.api.user.get()).data.organisation.tracking.mail_settings;
    const before = await settings();
    const nested = { blob: Array.from({ length: 300 }, (_, i) => ({ [`k${i}`]: { deeper: 'x'.repeat(3000) } })) };
    const bodies = [
      { tracking: { mail_settings: nested } },
      { tracking: { mail_settings: { brand_color: '#112233', mails: { shipped: { enabled: true, body: 'x'.repeat(5001) } } } } },
      { tracking: { mail_settings: { brand_color: 'rood' } } },
      { tracking: { mail_settings: { mails: { verzonden: { enabled: true } } } } },
    ];
    for (const body of bodies) {
      const answer = await request(server, { method: 'PATCH', path: '/api/user/organisation', token: first.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: 400, type: 'validation', message_code: 'form_invalid' });
      for (const message of Object.values(answer.body.fields as Record<string, string[]>).flat()) expect(message).not.toMatch(/^(Invalid|Unrecognized|Expected)/);
    }
    expect(await settings()).toEqual(before);

    const valid = { brand_color: '#112233', mails: { shipped: { enabled: true, subject: 'Onderweg: {ordernummer}' } } };
    await first.api.user.patchOrganisation({ tracking: { mail_settings: valid } });
    expect(await settings()).toEqual(valid);
    expect((await first.api.trackingMail.settings()).data).toMatchObject({ brand_color: '#112233', mails: { shipped: { enabled: true, subject: 'Onderweg: {ordernummer}' } } });
  });

  it('changes only the caller’s organisation', async () => {
    await second.api.user.patchOrganisation({ name: 'Tweede Webwinkel VOF' });
    expect((await first.api.user.get()).data.organisation.name).toBe('Eerste Webwinkel BV');
    expect((await second.api.user.get()).data.organisation.name).toBe('Tweede Webwinkel VOF');
  });

  it('lets a blocked organisation read its user but change nothing', async () => {
    const blocked = await server.createOrganisation();
    // Raw SQL: the operator blocks an organisation, no call of the API.
    await server.database.db.update(organisations).set({ isActive: false }).where(eq(organisations.id, blocked.organisationId));
    expect((await blocked.api.user.get()).data.organisation.is_active).toBe(false);
    const error = await blocked.api.user.patchOrganisation({ name: 'Nieuw' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toMatchObject({ status: 403, type: 'authorization', message_code: 'account_blocked' });
  });
});

describe('the organisation address (the sender of every label)', () => {
  const address = { company_name: 'Eerste Webwinkel BV', address_1: 'Keizersgracht', housenumber: '123', housenumber_addition: 'b', zipcode: '1015cj', city: 'Amsterdam', country: 'NL' };

  it('is stored by PATCH user/organisation, normalised, and answered in GET user; the other organisation keeps its own', async () => {
    const other = await server.createOrganisation({ address: null });
    expect((await other.api.user.get()).data.organisation.address).toBeNull();
    const result = await other.api.user.patchOrganisation({ address });
    expect(result.data.address).toEqual({ ...address, housenumber_addition: 'B', zipcode: '1015 CJ' });
    expect((await other.api.user.get()).data.organisation.address).toEqual({ ...address, housenumber_addition: 'B', zipcode: '1015 CJ' });
    for (const untouched of [first, second]) {
      expect((await untouched.api.user.get()).data.organisation.address).toEqual(testSenderAddress);
    }
  });

  it('keeps the organisation incomplete, with a message at address, while it is missing', async () => {
    const other = await server.createOrganisation({ address: null });
    await other.api.user.patchOrganisation({ contact: { phone: '0201234567' } });
    const missing = (await other.api.user.get()).data.organisation;
    expect(missing.status).toBe('incomplete');
    expect(missing.status_info.map((i) => i.field)).toEqual(['address']);
    const complete = (await other.api.user.patchOrganisation({ address })).data;
    expect(complete.status).toBeNull();
    expect(complete.status_info).toEqual([]);
  });

  it('refuses an incomplete or wrong address with Dutch messages per field (the order rules) and stores nothing', async () => {
    const other = await server.createOrganisation({ address: null });
    const response = await request(server, {
      method: 'PATCH',
      path: '/api/user/organisation',
      token: other.token,
      body: { name: 'Wordt niet opgeslagen', address: { company_name: ' ', address_1: '', housenumber: '', zipcode: '1234', city: 'Utrecht', country: 'NL' } },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, type: 'validation', message_code: 'form_invalid' });
    expect(response.body.fields).toEqual({
      'address.company_name': ['Bedrijfsnaam is verplicht.'],
      'address.address_1': ['Adres is verplicht.'],
      'address.housenumber': ['Huisnummer is verplicht.'],
      'address.zipcode': ['Deze postcode klopt niet voor het gekozen land, bijvoorbeeld 1234 AB.'],
    });
    const unknownCountry = await request(server, { method: 'PATCH', path: '/api/user/organisation', token: other.token, body: { address: { ...address, country: 'XX' } } });
    expect(unknownCountry.status).toBe(400);
    expect(unknownCountry.body.fields['address.country']).toEqual(['Kies een land uit de lijst.']);
    const noAddress = await request(server, { method: 'PATCH', path: '/api/user/organisation', token: other.token, body: { address: null } });
    expect(noAddress.status).toBe(400);
    const after = (await other.api.user.get()).data.organisation;
    expect(after.address).toBeNull();
    expect(after.name).not.toBe('Wordt niet opgeslagen');
  });

  it('takes a Belgian address without the Dutch postcode rule, and a country without postcodes without one', async () => {
    const other = await server.createOrganisation({ address: null });
    const belgian = await other.api.user.patchOrganisation({ address: { company_name: 'Winkel BV', address_1: 'Grote Markt', housenumber: '1', zipcode: '1000', city: 'Brussel', country: 'be' } });
    expect(belgian.data.address).toMatchObject({ zipcode: '1000', country: 'BE', housenumber_addition: null });
    const irish = await other.api.user.patchOrganisation({ address: { company_name: 'Shop Ltd', address_1: 'O’Connell Street', housenumber: null, zipcode: '', city: 'Dublin', country: 'IE' } });
    expect(irish.data.address).toMatchObject({ housenumber: null, zipcode: null, country: 'IE' });
  });
});
