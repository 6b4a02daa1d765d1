import { describe, expect, it } from 'vitest';
import type { Organisation } from '@verzendhuis/contract/user';
import { dashboardNoticeTexts } from '@verzendhuis/domain/frame-texts';
import { mandateNoticeTexts } from '@verzendhuis/domain/payments-texts';
import { testOrganisation, testShop } from '../../test-support/fixtures';
import { dashboardNotices } from './dashboard-notices';

const now = new Date('2025-03-10T12:00:00Z');

const organisation = testOrganisation;

function trialPlan(to: string): Organisation['plan'] {
  return { id: 'trial', name: 'Proef', capabilities: { trial: true }, quota: { labels: 50 }, subscription: { to } };
}

describe('dashboardNotices', () => {
  it('shows nothing for an organisation in order', () => {
    expect(dashboardNotices({ organisation: organisation(), now })).toEqual([]);
  });

  it('lists incomplete data, missing plan, overdue payments and account manager action with their links', () => {
    const notices = dashboardNotices({
      organisation: organisation({
        status: 'incomplete',
        plan: null,
        can_create_labels: false,
        account_manager_action_required: true,
      }),
      now,
    });
    expect(notices.map((n) => [n.id, n.link?.to])).toEqual([
      ['incomplete', '/onboard/first-login'],
      ['no-plan', '/settings/plans'],
      ['overdue-payments', '/settings/billing'],
      ['account-manager', undefined],
    ]);
  });

  it('names errors in shipping rules with the link to /settings/shipmentlogic, only for an active rule', () => {
    const rule = (is_active: boolean) => ({ id: '6f1c2b9e-6f3c-4c57-9a55-0d6a4b8f6b11', name: 'België', is_active, errors: [{ field: 'actions.courier_id', message: 'x' }] });
    expect(dashboardNotices({ organisation: organisation({ shipment_logic: [rule(false)] }), now })).toEqual([]);
    const notices = dashboardNotices({ organisation: organisation({ status: 'incomplete', plan: null, shipment_logic: [rule(true)] }), now });
    expect(notices.map((n) => [n.id, n.message, n.link?.to])).toEqual([
      ['incomplete', dashboardNoticeTexts.incomplete, '/onboard/first-login'],
      ['shipment-logic', dashboardNoticeTexts.shipmentLogicErrors, '/settings/shipmentlogic'],
      ['no-plan', dashboardNoticeTexts.noPlan, '/settings/plans'],
    ]);
  });

  it('shows the mandate: missing only where direct debit is required, validating and failed anywhere, each to the billing tab', () => {
    const at = (payment: Organisation['payment'], directDebitRequired: boolean) =>
      dashboardNotices({ organisation: organisation({ payment }), now, directDebitRequired }).map((n) => [n.id, n.level, n.message, n.link?.to]);
    expect(at({ status: null, mandate_error: false }, false)).toEqual([]);
    expect(at({ status: null, mandate_error: false }, true)).toEqual([['direct-debit-missing', 'error', mandateNoticeTexts.missing, '/settings/account/billing-and-payment']]);
    expect(at({ status: 'validating', mandate_error: false }, true)).toEqual([['mandate-validating', 'info', mandateNoticeTexts.validating, '/settings/account/billing-and-payment']]);
    expect(at({ status: 'validating' }, false)).toEqual([['mandate-validating', 'info', mandateNoticeTexts.validating, '/settings/account/billing-and-payment']]);
    expect(at({ status: null, mandate_error: true }, false)).toEqual([['mandate-error', 'error', mandateNoticeTexts.error, '/settings/account/billing-and-payment']]);
    expect(at({ status: null, mandate_error: true }, true)).toEqual([['mandate-error', 'error', mandateNoticeTexts.error, '/settings/account/billing-and-payment']]);
    expect(at({ status: 'ready', mandate_error: false }, true)).toEqual([]);
  });

  it('warns about a trial from 3 days left, with a last-day message on day 0', () => {
    const at = (to: string) => dashboardNotices({ organisation: organisation({ plan: trialPlan(to) }), now });
    expect(at('2025-03-14T10:00:00Z')).toEqual([]);
    expect(at('2025-03-13T10:00:00Z')[0]?.message).toBe(dashboardNoticeTexts.trialEnding(3));
    expect(at('2025-03-11T10:00:00Z')[0]?.message).toContain('over 1 dag.');
    expect(at('2025-03-10T23:00:00Z')[0]?.message).toBe(dashboardNoticeTexts.trialLastDay);
  });

  it('asks to refresh each active shop whose credentials the shop refuses, with a link to the shop settings', () => {
    const shops = [
      testShop({ id: 'a', label: 'Winkel A', needs_refresh: true }),
      testShop({ id: 'b', label: 'Winkel B' }),
      testShop({ id: 'c', label: 'Winkel C', needs_refresh: true, is_active: false }),
    ];
    const notices = dashboardNotices({ organisation: organisation(), now, shops });
    expect(notices).toEqual([
      {
        id: 'shop-refresh',
        key: 'shop-refresh-a',
        level: 'warning',
        message: 'De koppeling met je WooCommerce-webwinkel Winkel A moet worden vernieuwd: de webwinkel weigert onze sleutels.',
        link: { to: '/settings/services/shop', label: 'Koppeling vernieuwen' },
      },
    ]);
  });
});
