import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { OrganisationPatch, User } from '@verzendhuis/contract/user';
import { companyTabTexts as texts } from '@verzendhuis/domain/account-settings-texts';
import { companyIdentifierTexts } from '@verzendhuis/domain/company-identifiers';
import { queryKeys } from '../../app/query-keys';
import { fakeApi, validationRefusal } from '../../test-support/fake-api';
import { fieldError } from '../../test-support/field-error';
import { testUser } from '../../test-support/fixtures';
import { renderInApp } from '../../test-support/render-app';
import { CompanyForm } from './company-settings';

afterEach(() => notifications.clean());

function renderForm(user: User, answer: (body: OrganisationPatch) => unknown) {
  const api = fakeApi();
  api.on('PATCH', '/api/user/organisation', (request) => answer(request.body as OrganisationPatch));
  api.on('POST', '/api/order/update', () => ({ status: 'success', data: { affected: 3 } }));
  const rendered = renderInApp(<CompanyForm user={user} />, { api, route: '/settings/account/company' });
  rendered.queryClient.setQueryData(queryKeys.user, user);
  const input = (label: string) => screen.getByRole('textbox', { name: label });
  return { api, input, user: userEvent.setup({ delay: null }) };
}

describe('the company tab', { timeout: 30_000 }, () => {
  it('shows the format problems in Dutch at the fields before sending anything', async () => {
    const { api, input, user } = renderForm(testUser(), () => ({}));
    await user.type(input(texts.eoriNumber), 'NL12');
    await user.type(input(texts.vatNumber), 'NL123456789B01');
    await user.click(screen.getByRole('button', { name: texts.save }));
    expect(fieldError(input(texts.eoriNumber))).toBe(companyIdentifierTexts.eoriInvalid);
    expect(fieldError(input(texts.vatNumber))).toBe(companyIdentifierTexts.vatChecksum);
    expect(api.requestsTo('PATCH', '/api/user/organisation')).toEqual([]);
  });

  it('sends the identifiers and validates the orders again when the server asks', async () => {
    const base = testUser();
    const { api, input, user } = renderForm(base, (body) => ({ status: 'success', should_validate_orders: true, data: { ...base.organisation, company: { ...base.organisation.company, ...body.company } } }));
    await user.type(input(texts.eoriNumber), 'NL123456789');
    await user.type(input(texts.vatNumber), 'NL004495445B01');
    await user.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/order/update')).toHaveLength(1));
    expect(api.requestsTo('PATCH', '/api/user/organisation').map((r) => r.body)).toEqual([
      { company: { characteristics: null, eori_number: 'NL123456789', eori_number_gb: null, vat_number: 'NL004495445B01', national_phone: null, hmrc_code: null } },
    ]);
  });

  it('does not validate the orders when the server does not ask, and shows the server’s field errors', async () => {
    const { api, input, user } = renderForm(testUser(), () => validationRefusal({ 'company.national_phone': [companyIdentifierTexts.nationalPhoneInvalid] }));
    await user.type(input(texts.nationalPhone), '02 123 45 67');
    await user.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() => expect(fieldError(input(texts.nationalPhone))).toBe(companyIdentifierTexts.nationalPhoneInvalid));
    expect(api.requestsTo('POST', '/api/order/update')).toEqual([]);
  });
});
