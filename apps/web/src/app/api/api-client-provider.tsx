import { useMemo, type ReactNode } from 'react';
import { createApiClient } from '@verzendhuis/contract/client';
import { useAuth } from '../auth/use-auth';
import { ApiClientContext } from './api-client-context';

export function ApiClientProvider({ children }: { children: ReactNode }) {
  const { getAccessToken, restartLogin } = useAuth();

  const client = useMemo(() => {
    // Every call passes here, so a 401 from any of them (the token was revoked or
    // expired past renewal) ends the session in one place.
    const fetchWithSessionCheck: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (response.status === 401) {
        restartLogin().catch((error: unknown) => console.error('Restarting login failed', error));
      }
      return response;
    };
    return createApiClient({
      baseUrl: window.location.origin,
      getToken: getAccessToken,
      fetch: fetchWithSessionCheck,
    });
  }, [getAccessToken, restartLogin]);

  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}
