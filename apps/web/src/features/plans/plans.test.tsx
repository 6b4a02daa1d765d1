import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import type { AddonOffer, PlanOffer } from '@verzendhuis/contract/plan';
import type { Organisation, User } from '@verzendhuis/contract/user';
import { addonTexts } from '@verzendhuis/domain/frame-texts';
import { planPageTexts as texts } from '@verzendhuis/domain/plans';
import { AuthContext } from '../../app/auth/auth-context';
import { queryKeys } from '../../app/query-keys';
import { AddonNotActivePage } from '../../routes/addon-not-active/addon-not-active-page';
import { PlansChangePage } from '../../routes/settings/plans-change-page';
import { PlansPage } from '../../routes/settings/plans-page';
import { fakeApi } from '../../test-support/fake-api';
import { testAuth, testUser } from '../../test-support/fixtures';
import { currentUrl, renderInApp } from '../../test-support/render-app';
import { RequireAddon } from '../addons/require-addon';

afterEach(() => notifications.clean());

const authenticated = testAuth();

const trialPlan: Organisation['plan'] = { id: 'trial', name: 'Proefperiode', capabilities: { trial: true }, quota: { labels: 50 }, subscription: { to: '2026-12-20T23:00:00.000Z' } };
const offers = (current: string): PlanOffer[] =>
  [
    { id: 'trial', name: 'Proefperiode', is_trial: true, quota: { labels: 50 }, monthly_price: '0.00' },
    { id: 'start', name: 'Start', is_trial: false, quota: { labels: 250 }, monthly_price: '0.00' },
    { id: 'groei', name: 'Groei', is_trial: false, quota: { labels: 2500 }, monthly_price: '29.00' },
    { id: 'zakelijk', name: 'Zakelijk', is_trial: false, quota: { labels: null }, monthly_price: '79.00' },
  ].map((p) => ({ ...p, is_current: p.id === current, renewal: p.id === current && p.monthly_price !== '0.00' ? { paid_through: '2026-12-01', amount: p.monthly_price } : null }));
const analytics = (overrides: Partial<AddonOffer> = {}): AddonOffer => ({
  id: 'ANALYTICS',
  code: 'ANALYTICS',
  name: 'Analytics',
  description: 'Inzicht in je zendingen, bezorgprestaties en retouren.',
  monthly_price: '9.95',
  yearly_price: '99.00',
  is_active: false,
  subscription: null,
  renewal: null,
  ...overrides,
});

function renderAt(route: string, user: User, api = fakeApi()) {
  api.on('GET', '/api/user', () => ({ data: user }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.user, user);
  const rendered = renderInApp(
    <AuthContext value={authenticated}>
      <Routes>
        <Route path="/settings/plans" element={<PlansPage />} />
        <Route path="/settings/plans/change" element={<PlansChangePage />} />
        <Route path="/addon-not-active/:addon?" element={<AddonNotActivePage />} />
        <Route
          path="/analytics/:tab?"
          element={
            <RequireAddon addon="ANALYTICS">
              <p>analytics-screen</p>
            </RequireAddon>
          }
        />
      </Routes>
    </AuthContext>,
    { route, api, queryClient },
  );
  return { ...rendered, api, user: userEvent.setup({ delay: null }) };
}

describe('/settings/plans', { timeout: 30_000 }, () => {
  it('shows the plan, the labels used against the quota, the trial’s end, the price and the add-ons; disables an add-on', async () => {
    const api = fakeApi();
    api.on('GET', '/api/plan/', () => ({ data: offers('trial') }));
    api.on('GET', '/api/labelcounters/', () => ({ data: { labels: 12, quota: 50 } }));
    let addon = analytics({ is_active: true, subscription: { period: 'month', to: null }, renewal: { paid_through: '2026-12-01', amount: '9.95' } });
    api.on('GET', '/api/addons', () => ({ data: [addon] }));
    const organisation = testUser({ plan: trialPlan, active_addons: [{ code: 'ANALYTICS', subscription: { period: 'month', to: null }, meta: {} }] }).organisation;
    api.on('POST', '/api/user/organisation/add-on/disable', () => {
      addon = analytics({ is_active: true, subscription: { period: 'month', to: '2026-11-30T23:00:00.000Z' } });
      return { status: 'success', data: organisation };
    });
    const { user } = renderAt('/settings/plans', testUser({ plan: trialPlan }), api);

    expect((await screen.findByTestId('plan-current-name')).textContent).toBe('Proefperiode');
    expect((await screen.findByTestId('plan-usage')).textContent).toBe(texts.usageOf(12, 50));
    expect(screen.getByRole('progressbar', { name: texts.usageOf(12, 50) }).getAttribute('aria-valuenow')).toBe('24');
    expect(screen.getByTestId('plan-trial-end').textContent).toBe(texts.trialEnds('20-12-2026'));
    expect((await screen.findByTestId('plan-price')).textContent).toBe(texts.free);
    expect(screen.getByTestId('plans-change').getAttribute('href')).toBe('/settings/plans/change');
    // The trial is free: nothing to renew.
    expect(screen.queryByTestId('plan-renewal')).toBeNull();
    expect((await screen.findByTestId('addon-ANALYTICS-renewal')).textContent).toBe(
      `${texts.paidThrough('30-11-2026')} · ${texts.nextRenewal('01-12-2026', '€ 9,95')}`,
    );

    await user.click(await screen.findByTestId('addon-ANALYTICS-disable'));
    await user.click(await screen.findByTestId('confirm-dialog-confirm'));
    await screen.findByText(texts.addonDisabled('Analytics'));
    expect(api.requestsTo('POST', '/api/user/organisation/add-on/disable')[0]?.body).toEqual({ addon_id: 'ANALYTICS' });
    expect((await screen.findByTestId('addon-ANALYTICS-ending')).textContent).toBe(texts.addonActiveUntil('30-11-2026'));
    // Disabled: it runs out, no renewal is shown any more.
    expect(screen.queryByTestId('addon-ANALYTICS-renewal')).toBeNull();
  });

  it('shows what a paid plan is paid through and its next renewal with the amount', async () => {
    const api = fakeApi();
    api.on('GET', '/api/plan/', () => ({ data: offers('groei') }));
    api.on('GET', '/api/labelcounters/', () => ({ data: { labels: 3, quota: 2500 } }));
    api.on('GET', '/api/addons', () => ({ data: [analytics()] }));
    const groei: Organisation['plan'] = { id: 'groei', name: 'Groei', capabilities: { trial: false }, quota: { labels: 2500 }, subscription: { to: null } };
    renderAt('/settings/plans', testUser({ plan: groei }), api);
    expect((await screen.findByTestId('plan-renewal')).textContent).toBe('Betaald tot en met 30-11-2026 · Volgende verlenging op 01-12-2026: € 29,00 excl. btw');
    expect(screen.queryByTestId('plan-trial-end')).toBeNull();
    expect(screen.queryByTestId('addon-ANALYTICS-renewal')).toBeNull();
  });

  it('goes to plans/change when the organisation has no plan', async () => {
    const api = fakeApi();
    api.on('GET', '/api/plan/', () => ({ data: offers('none') }));
    renderAt('/settings/plans', testUser({ plan: null }), api);
    await screen.findByTestId('plan-card-groei');
    expect(currentUrl()).toBe('/settings/plans/change');
  });
});

describe('/settings/plans/change', { timeout: 30_000 }, () => {
  it('shows the plans as cards with the current one marked; choosing one asks to confirm and changes it', async () => {
    const api = fakeApi();
    let current = 'trial';
    api.on('GET', '/api/plan/', () => ({ data: offers(current) }));
    const changed = testUser({ plan: { id: 'groei', name: 'Groei', capabilities: { trial: false }, quota: { labels: 2500 }, subscription: { to: null } } }).organisation;
    api.on('POST', '/api/user/organisation/plan', () => {
      current = 'groei';
      return { status: 'success', data: changed };
    });
    const { user, queryClient } = renderAt('/settings/plans/change', testUser({ plan: trialPlan }), api);

    const trial = await screen.findByTestId('plan-card-trial');
    expect(within(trial).getByText(texts.current)).toBeTruthy();
    const groei = screen.getByTestId('plan-card-groei');
    expect(within(groei).getByText(texts.quota(2500))).toBeTruthy();
    expect(within(groei).getByText(texts.perMonth('€ 29,00'))).toBeTruthy();
    expect(within(screen.getByTestId('plan-card-zakelijk')).getByText(texts.quota(null))).toBeTruthy();

    // Cancelled: nothing is sent.
    await user.click(within(groei).getByRole('button', { name: texts.choose('Groei') }));
    await user.click(await screen.findByTestId('confirm-dialog-cancel'));
    expect(api.requestsTo('POST', '/api/user/organisation/plan')).toHaveLength(0);

    await user.click(within(groei).getByRole('button', { name: texts.choose('Groei') }));
    expect(await screen.findByText(texts.confirmMessage('Groei'))).toBeTruthy();
    await user.click(screen.getByTestId('confirm-dialog-confirm'));
    await screen.findByText(texts.changed('Groei'));
    expect(api.requestsTo('POST', '/api/user/organisation/plan')[0]?.body).toEqual({ plan_id: 'groei' });
    await waitFor(() => expect(screen.getByTestId('plan-card-groei').getAttribute('data-current')).toBe('true'));
    expect(queryClient.getQueryData<User>(queryKeys.user)?.organisation.plan?.id).toBe('groei');
    await user.click(screen.getByTestId('plans-back'));
    await screen.findByTestId('plan-current');
  });
});

describe('/addon-not-active/{addon}', { timeout: 30_000 }, () => {
  it('explains the add-on, enables it after confirmation and goes on to the route that needed it', async () => {
    const api = fakeApi();
    api.on('GET', '/api/addons', () => ({ data: [analytics()] }));
    const enabled = testUser({ active_addons: [{ code: 'ANALYTICS', subscription: { period: 'month', to: null }, meta: {} }] }).organisation;
    api.on('POST', '/api/user/organisation/add-on/enable', () => ({ status: 'success', data: enabled }));
    const { user } = renderAt('/analytics/delivery-performance', testUser(), api);

    expect((await screen.findByTestId('addon-not-active-heading')).textContent).toBe(addonTexts.title);
    expect(currentUrl()).toBe(`/addon-not-active/ANALYTICS?from=${encodeURIComponent('/analytics/delivery-performance')}`);
    expect(screen.getByText(addonTexts.ANALYTICS)).toBeTruthy();

    await user.click(await screen.findByTestId('addon-enable'));
    expect(await screen.findByText(texts.addonConfirmMessage('Analytics', texts.perMonth('€ 9,95')))).toBeTruthy();
    await user.click(screen.getByTestId('confirm-dialog-confirm'));
    await screen.findByText('analytics-screen');
    expect(currentUrl()).toBe('/analytics/delivery-performance');
    expect(api.requestsTo('POST', '/api/user/organisation/add-on/enable')[0]?.body).toEqual({ addon_id: 'ANALYTICS', subscription_period: 'month' });
  });

  it('never goes on to another site, and sends nothing when cancelled', async () => {
    const api = fakeApi();
    api.on('GET', '/api/addons', () => ({ data: [analytics()] }));
    const { user } = renderAt('/addon-not-active/ANALYTICS?from=//evil.example', testUser(), api);
    await user.click(await screen.findByTestId('addon-enable'));
    await user.click(await screen.findByTestId('confirm-dialog-cancel'));
    expect(api.requestsTo('POST', '/api/user/organisation/add-on/enable')).toHaveLength(0);
    expect(currentUrl()).toBe('/addon-not-active/ANALYTICS?from=//evil.example');
  });
});
