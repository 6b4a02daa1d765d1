import { describe, expect, it } from 'vitest';
import { ApiError } from '@verzendhuis/contract/client';
import type { ContactInput } from '@verzendhuis/contract/contact';
import { contactFieldLabels, contactValidationTexts } from '@verzendhuis/domain/contacts-texts';
import { request, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';

/** GET, POST, PATCH and DELETE /api/contacts: the address book (docs/address-book.md). */

const { server, first, second } = testServerForFile();

function contact(overrides: Partial<ContactInput> = {}): ContactInput {
  return { name: 'Jan Jansen', country: 'NL', zipcode: '1012 LG', housenumber: '1', address_1: 'Damrak', city: 'Amsterdam', ...overrides };
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error('expected a refusal');
  return error;
}

async function all(who: TestOrganisation, search?: string) {
  return (await who.api.contacts.list({ search, page_size: 250 })).data;
}

async function clear(who: TestOrganisation) {
  const ids = (await all(who)).map((c) => c.id);
  if (ids.length > 0) await who.api.contacts.remove(ids);
}

describe('the address book', () => {
  it('creates contacts, lists them by name, searches, pages, changes and deletes them', async () => {
    await clear(first);
    const zoe = (await first.api.contacts.create(contact({ name: 'Zoë de Vries', company_name: ' Theehuis ', email: '', city: 'Utrecht', zipcode: '3511 AA' }))).data;
    expect(zoe).toMatchObject({ name: 'Zoë de Vries', company_name: 'Theehuis', email: null, country: 'NL', is_active: true });
    const anna = (await first.api.contacts.create(contact({ name: 'Anna Bakker' }))).data;
    await first.api.contacts.create(contact({ name: 'Bram Smit', country: 'us', state_province_code: 'NY', zipcode: '10001', address_1: '5th Avenue 1', city: 'New York' }));

    expect((await all(first)).map((c) => c.name)).toEqual(['Anna Bakker', 'Bram Smit', 'Zoë de Vries']);
    expect((await all(first, 'utrecht')).map((c) => c.name)).toEqual(['Zoë de Vries']);
    expect((await all(first, 'THEEHUIS')).map((c) => c.name)).toEqual(['Zoë de Vries']);
    expect((await all(first, '100%')).length).toBe(0);
    const page2 = await first.api.contacts.list({ page: 2, page_size: 2 });
    expect(page2.data.map((c) => c.name)).toEqual(['Zoë de Vries']);
    expect(page2.meta).toEqual({ total: 3, page: 2, page_size: 2 });

    const changed = (await first.api.contacts.update({ ...contact({ name: 'Anna Bakker-Smit', country: 'IC', zipcode: '35001', address_1: 'Calle Mayor 1', city: 'Las Palmas' }), id: anna.id })).data;
    expect(changed).toMatchObject({ id: anna.id, name: 'Anna Bakker-Smit', country: 'IC', housenumber: '1' });
    expect((await first.api.contacts.get(anna.id)).data).toEqual(changed);

    expect((await first.api.contacts.remove([anna.id, zoe.id])).deleted).toBe(2);
    expect((await all(first)).map((c) => c.name)).toEqual(['Bram Smit']);
    // Deleted is gone: changing it again is not found.
    const gone = await refusal(first.api.contacts.update({ ...contact(), id: anna.id }));
    expect(gone.status).toBe(404);
    expect(gone.body.message_code).toBe('contact_not_found');
  });

  it('refuses an incomplete or wrong contact with Dutch messages per field and stores nothing', async () => {
    await clear(first);
    const missing = await request(server, { method: 'POST', path: '/api/contacts', token: first.token, body: { country: 'NL', name: '  ' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ type: 'validation', message_code: 'form_invalid' });
    expect(missing.body.fields).toEqual({
      name: [contactValidationTexts.required(contactFieldLabels.name)],
      zipcode: [contactValidationTexts.required(contactFieldLabels.zipcode)],
      address_1: [contactValidationTexts.required(contactFieldLabels.address_1)],
    });

    const wrong = await refusal(first.api.contacts.create(contact({ country: 'XX', email: 'geen-adres' })));
    expect(wrong.body.fields).toEqual({ country: [contactValidationTexts.countryInvalid], email: [contactValidationTexts.emailInvalid] });

    const state = await refusal(first.api.contacts.create(contact({ state_province_code: 'NY' })));
    expect(state.body.fields).toEqual({ state_province_code: [contactValidationTexts.stateNotAllowed] });
    const unknownState = await refusal(first.api.contacts.create(contact({ country: 'CA', state_province_code: 'NY', zipcode: 'K1A 0B1' })));
    expect(unknownState.body.fields).toEqual({ state_province_code: [contactValidationTexts.stateInvalid] });

    const noIds = await request(server, { method: 'DELETE', path: '/api/contacts', token: first.token, body: { ids: [] } });
    expect(noIds.status).toBe(400);
    expect(typeof noIds.body.message).toBe('string');
    expect(await all(first)).toEqual([]);
  });

  it('shows a second organisation nothing of the first, and lets it change or delete nothing of it', async () => {
    await clear(first);
    await clear(second);
    const own = (await first.api.contacts.create(contact({ name: 'Alleen van de eerste' }))).data;

    expect(await all(second)).toEqual([]);
    expect(await all(second, 'eerste')).toEqual([]);
    expect((await refusal(second.api.contacts.get(own.id))).status).toBe(404);

    const patch = await refusal(second.api.contacts.update({ ...contact({ name: 'Overgenomen' }), id: own.id }));
    expect(patch.status).toBe(404);
    expect((await second.api.contacts.remove([own.id])).deleted).toBe(0);

    expect(await all(first)).toEqual([own]);
  });

  it('answers 401 without a login', async () => {
    const answer = await request(server, { method: 'GET', path: '/api/contacts' });
    expect(answer.status).toBe(401);
  });
});
