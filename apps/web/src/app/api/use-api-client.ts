import { useContext } from 'react';
import type { ApiClient } from '@verzendhuis/contract/client';
import { ApiClientContext } from './api-client-context';

/** The typed API client that sends the logged-in user's access token. */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient is used outside ApiClientProvider');
  return client;
}
