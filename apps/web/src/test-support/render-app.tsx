import type { ReactNode } from 'react';
import { render, renderHook, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { AppConfig } from '@verzendhuis/contract/config';
import { ApiClientProvider } from '../app/api/api-client-provider';
import { createAppApiClient } from '../app/api/app-api-client';
import { AppConfigContext } from '../app/config-context';
import { theme } from '../app/theme';
import { LocalPrintClientFetchContext } from '../features/printing/local-print-client-context';
import { fakeApi, type FakeApi } from './fake-api';

export const testConfig: AppConfig = {
  maintenance: false,
  scan_enabled: false,
  tickets_enabled: false,
  environment: 'test',
  version: 'test',
  print_client_url: 'http://127.0.0.1:41414',
  intercom_app_id: null,
  map: { tile_url: 'http://tiles.test/{z}/{x}/{y}.png', attribution: '© OpenStreetMap-bijdragers' },
  oidc: { issuer: 'http://app.test/oidc', client_id: 'verzendhuis-web', scope: 'openid', registration: true },
};

export interface AppHarnessOptions {
  /** The API behind the app's real client; a fresh fake by default. */
  api?: FakeApi;
  /** The URL the router starts on (path and query). */
  route?: string;
  config?: AppConfig;
  queryClient?: QueryClient;
}

/** Shows where the router is, for tests that check the URL query (`currentUrl()`). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="test-location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * The providers a screen finds in the app (Mantine with modals and notifications (env "test": no transitions, no portals), the
 * query cache, the one API client over a fake fetch, the local print client over the same fake
 * (its paths have no /api: GET /connected, …), the configuration, the router), for
 * component tests. No retries: a failed request fails the query at once.
 */
function appHarness({ api = fakeApi(), route = '/', config = testConfig, queryClient }: AppHarnessOptions = {}) {
  // The toasts live in a store of their own, beside React: a test starts without those of the last one.
  notifications.clean();
  const client = createAppApiClient({ baseUrl: 'http://app.test', fetch: api.fetch });
  const cache = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <QueryClientProvider client={cache}>
          <ApiClientProvider client={client}>
            <LocalPrintClientFetchContext value={api.fetch}>
              <AppConfigContext value={config}>
                <MemoryRouter initialEntries={[route]}>
                  <ModalsProvider>
                    {children}
                    <LocationProbe />
                  </ModalsProvider>
                </MemoryRouter>
              </AppConfigContext>
            </LocalPrintClientFetchContext>
          </ApiClientProvider>
        </QueryClientProvider>
      </MantineProvider>
    );
  }
  return { api, queryClient: cache, Wrapper };
}

/** Renders a component inside the app's providers. */
export function renderInApp(ui: ReactNode, options: AppHarnessOptions = {}) {
  const { Wrapper, ...harness } = appHarness(options);
  return { ...render(ui, { wrapper: Wrapper }), ...harness };
}

/** Renders a hook inside the app's providers; its dialogs and toasts show in `screen`. */
export function renderHookInApp<T>(hook: () => T, options: AppHarnessOptions = {}) {
  const { Wrapper, ...harness } = appHarness(options);
  return { ...renderHook(hook, { wrapper: Wrapper }), ...harness };
}

/** The router's current path and query. */
export function currentUrl(): string {
  return screen.getByTestId('test-location').textContent ?? '';
}
