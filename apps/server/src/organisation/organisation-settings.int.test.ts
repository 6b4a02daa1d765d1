import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyIdentifierTexts } from '@verzendhuis/domain/company-identifiers';
import { logoTexts } from '@verzendhuis/domain/organisation-logo';
import { request } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { organisationLogos, organisations } from '../db/schema';

const { server, first, second } = testServerForFile();

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png')]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('rest of a jpeg')]);

const patch = (token: string, body: unknown) => request(server, { method: 'PATCH', path: '/api/user/organisation', token, body });
const upload = (token: string, bytes: Buffer) =>
  request(server, { method: 'PUT', path: '/api/user/organisation/logo', token, body: { file: { filename: 'logo.png', base_64: bytes.toString('base64') } } });

describe('the company tab through PATCH user/organisation', () => {
  it('stores valid identifiers, normalised, and asks for order validation only when they change', async () => {
    const company = { characteristics: 'webshop', eori_number: 'nl 123456789', eori_number_gb: 'gb123456789000', vat_number: 'nl004495445b01', hmrc_code: 'GB123456789', national_phone: '020 123 45 67' };
    const first_ = await first.api.user.patchOrganisation({ company });
    expect(first_.should_validate_orders).toBe(true);
    expect(first_.data.company).toEqual({
      characteristics: 'webshop',
      eori_number: 'NL123456789',
      eori_number_gb: 'GB123456789000',
      vat_number: 'NL004495445B01',
      hmrc_code: 'GB123456789',
      national_phone: '020 123 45 67',
    });
    const again = await first.api.user.patchOrganisation({ company });
    expect(again.should_validate_orders).toBe(false);
    const characteristics = await first.api.user.patchOrganisation({ company: { characteristics: 'wholesale' } });
    expect(characteristics.should_validate_orders).toBe(false);
  });

  it('refuses wrong identifiers with a Dutch message per field and stores nothing', async () => {
    const response = await patch(first.token, {
      company: { eori_number: 'NL12', eori_number_gb: 'GB12', vat_number: 'NL123456789B01', hmrc_code: 'XX', national_phone: '+31201234567' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, type: 'validation', message_code: 'form_invalid' });
    expect(response.body.fields).toEqual({
      'company.eori_number': [companyIdentifierTexts.eoriInvalid],
      'company.eori_number_gb': [companyIdentifierTexts.eoriGbInvalid],
      'company.vat_number': [companyIdentifierTexts.vatChecksum],
      'company.hmrc_code': [companyIdentifierTexts.hmrcInvalid],
      'company.national_phone': [companyIdentifierTexts.nationalPhoneInvalid],
    });
    expect((await first.api.user.get()).data.organisation.company.vat_number).toBe('NL004495445B01');
  });

  it('checks the national phone by the country of the stored address', async () => {
    // The factories' organisations have a Dutch address: a Belgian 9-digit number is not Dutch.
    const response = await patch(first.token, { company: { national_phone: '02 123 45 67' } });
    expect(response.body.fields['company.national_phone']).toEqual([companyIdentifierTexts.nationalPhoneInvalid]);
  });

  it('changes nothing of another organisation', async () => {
    await second.api.user.patchOrganisation({ company: { vat_number: 'DE136695976' } });
    expect((await first.api.user.get()).data.organisation.company.vat_number).toBe('NL004495445B01');
    expect((await second.api.user.get()).data.organisation.company.vat_number).toBe('DE136695976');
  });
});

describe('the logo', () => {
  it('is uploaded, answered as company_logo_url and served at that address without a login', async () => {
    const response = await upload(first.token, png);
    expect(response.status).toBe(200);
    const url = response.body.data.company_logo_url as string;
    expect(url).toMatch(/\/api\/public\/logo\/[0-9a-f-]{36}$/);
    expect((await first.api.user.get()).data.organisation.company_logo_url).toBe(url);
    const image = await request(server, { path: new URL(url).pathname });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.compare(image.body as Buffer, png)).toBe(0);
  });

  it('is replaced by a new upload under a new address; the old address is gone', async () => {
    const before = (await first.api.user.get()).data.organisation.company_logo_url!;
    const response = await upload(first.token, jpeg);
    const after = response.body.data.company_logo_url as string;
    expect(after).not.toBe(before);
    expect((await request(server, { path: new URL(before).pathname })).status).toBe(404);
    expect((await request(server, { path: new URL(after).pathname })).headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses what is not a PNG or JPEG by its bytes, and files over 1 MB, in Dutch, storing nothing', async () => {
    const before = (await first.api.user.get()).data.organisation.company_logo_url;
    const html = await upload(first.token, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(400);
    expect(html.body).toMatchObject({ type: 'validation', fields: { file: [logoTexts.wrongType] } });
    const big = Buffer.alloc(1024 * 1024 + 1);
    png.copy(big);
    const tooBig = await upload(first.token, big);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.fields).toEqual({ file: [logoTexts.tooLarge] });
    expect((await first.api.user.get()).data.organisation.company_logo_url).toBe(before);
  });

  it('is the caller’s own: another organisation’s upload and removal leave it alone', async () => {
    const mine = (await first.api.user.get()).data.organisation.company_logo_url!;
    const theirs = await upload(second.token, png);
    expect(theirs.body.data.company_logo_url).not.toBe(mine);
    const removed = await request(server, { method: 'DELETE', path: '/api/user/organisation/logo', token: second.token });
    expect(removed.body.data.company_logo_url).toBeNull();
    expect((await first.api.user.get()).data.organisation.company_logo_url).toBe(mine);
    expect((await request(server, { path: new URL(mine).pathname })).status).toBe(200);
    const rows = await server.database.db.select({ organisationId: organisationLogos.organisationId }).from(organisationLogos);
    expect(rows.map((r) => r.organisationId)).toEqual([first.organisationId]);
  });

  it('needs a login to upload or remove, and answers 404 for an unknown address', async () => {
    expect((await request(server, { method: 'PUT', path: '/api/user/organisation/logo', body: { file: { base_64: png.toString('base64') } } })).status).toBe(401);
    expect((await request(server, { method: 'DELETE', path: '/api/user/organisation/logo' })).status).toBe(401);
    const unknown = await request(server, { path: '/api/public/logo/00000000-0000-0000-0000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 404, type: 'not_found' });
    expect((await request(server, { path: '/api/public/logo/geen-id' })).status).toBe(404);
  });

  it('is removed with DELETE: company_logo_url is null again', async () => {
    const removed = await first.api.user.deleteLogo();
    expect(removed.data.company_logo_url).toBeNull();
    const [row] = await server.database.db.select({ url: organisations.companyLogoUrl }).from(organisations).where(eq(organisations.id, first.organisationId));
    expect(row?.url).toBeNull();
  });
});
