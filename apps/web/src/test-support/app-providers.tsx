import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createApiClient } from '@verzendhuis/contract/client';
import type { AppConfig } from '@verzendhuis/contract/config';
import { ApiClientContext } from '../app/api/api-client-context';
import { AuthContext, type AuthContextValue } from '../app/auth/auth-context';
import { AppConfigContext } from '../app/config-context';
import { theme } from '../app/theme';

export const testConfig: AppConfig = {
  maintenance: false,
  scan_enabled: false,
  tickets_enabled: false,
  environment: 'test',
  version: 'test',
  oidc: { issuer: 'http://localhost/oidc', client_id: 'verzendhuis-web', scope: 'openid', registration: true },
};

const loggedIn: AuthContextValue = {
  status: 'authenticated',
  login: async () => undefined,
  register: async () => undefined,
  completeLogin: async () => '/',
  logout: async () => undefined,
  restartLogin: async () => undefined,
  getAccessToken: async () => 'test-token',
};

/**
 * What a screen of the app renders inside, for component tests: Mantine (env "test":
 * no transitions, no portals), toasts, a router at `path`, a query client, a logged-in
 * user and the API client, whose requests go to `fetch` (test-support/fake-api.ts).
 */
export function AppProviders({ fetch, path = '/', children }: { fetch: typeof globalThis.fetch; path?: string; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }));
  const [client] = useState(() => createApiClient({ baseUrl: window.location.origin, getToken: loggedIn.getAccessToken, fetch }));
  return (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <AppConfigContext value={testConfig}>
        <AuthContext value={loggedIn}>
          <QueryClientProvider client={queryClient}>
            <ApiClientContext value={client}>
              <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
            </ApiClientContext>
          </QueryClientProvider>
        </AuthContext>
      </AppConfigContext>
    </MantineProvider>
  );
}
