import { useContext, useLayoutEffect } from 'react';
import type { ApiClient } from '@verzendhuis/contract/client';
import { ApiClientContext } from './api-client-context';
import type { AppApiClient, ApiSession } from './app-api-client';

function useAppApiClient(): AppApiClient {
  const app = useContext(ApiClientContext);
  if (!app) throw new Error('useApiClient is used outside ApiClientProvider');
  return app;
}

/** The app's typed API client: with the logged-in user's access token once there is a login. */
export function useApiClient(): ApiClient {
  return useAppApiClient().client;
}

/**
 * Connects the login to the API client while the caller is mounted (the AuthProvider).
 * A layout effect, so that it is connected before any screen below starts a query.
 */
export function useApiSession(getAccessToken: ApiSession['getAccessToken'], onUnauthorized: ApiSession['onUnauthorized']): void {
  const app = useAppApiClient();
  useLayoutEffect(() => app.attachSession({ getAccessToken, onUnauthorized }), [app, getAccessToken, onUnauthorized]);
}
