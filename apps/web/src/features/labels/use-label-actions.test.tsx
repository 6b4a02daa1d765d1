import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { labelActionTexts as texts, labelUpdateErrorTexts } from '@verzendhuis/domain/label-screens-texts';
import { errorResponse, fakeApi } from '../../test-support/fake-api';
import { testLabel } from '../../test-support/fixtures';
import { renderHookInApp } from '../../test-support/render-app';
import { useLabelActions } from './use-label-actions';

const labelA = '00000000-0000-4000-8000-0000000000a1';
const labelB = '00000000-0000-4000-8000-0000000000b1';
const orderA = '00000000-0000-4000-8000-00000000000a';

function setup() {
  const api = fakeApi();
  return renderHookInApp(() => useLabelActions(), { api, route: '/dashboard/labels' });
}

afterEach(() => {
  vi.restoreAllMocks();
});

const confirm = async () => userEvent.click(await screen.findByTestId('confirm-dialog-confirm'));

describe('deleting labels whose carrier is asked to cancel them', () => {
  it('says so when the carrier was not informed (no cancel call)', async () => {
    const { api, result } = setup();
    const notice = labelUpdateErrorTexts.carrierNotInformed('PostNL');
    api.on('POST', `/api/label/${labelA}`, () => ({ status: 'success', data: testLabel({ id: labelA, orderId: orderA, is_active: false }), notice }));
    const done = result.current.deleteOne(labelA);
    await confirm();
    await expect(done).resolves.toBe(true);
    expect(await screen.findByText(notice)).toBeTruthy();
  });

  it('shows the carrier refusal in Dutch, and the kept labels of a selection each with their reason', async () => {
    // The refusal goes through the one error handler, which logs it as well.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api, result } = setup();
    const refusal = labelUpdateErrorTexts.cancelRefused('GLS kon het label niet annuleren: het pakket is al onderweg of het label bestaat niet meer.');
    api.on('POST', `/api/label/${labelA}`, () => errorResponse(409, { message: refusal, message_code: 'label_cancel_refused', type: 'usage' }));
    const one = result.current.deleteOne(labelA);
    await confirm();
    await expect(one).resolves.toBe(false);
    expect(await screen.findByText(refusal)).toBeTruthy();

    api.on('POST', '/api/label/updatebulklabels', () => ({ status: 'success', data: { affected: 1, errors: [{ label_id: labelA, message: refusal }] } }));
    const many = result.current.deleteMany([labelA, labelB]);
    await confirm();
    await expect(many).resolves.toBe(true);
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    expect(await screen.findByText(texts.labelDeleted)).toBeTruthy();
  });
});
