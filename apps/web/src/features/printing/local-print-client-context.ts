import { createContext, useContext, useMemo } from 'react';
import { useAppConfig } from '../../app/use-app-config';
import { createLocalPrintClient, type LocalPrintClient } from './local-print-client';

/** The fetch the local print client uses; tests give their fake (render-app.tsx), the app the browser's. */
export const LocalPrintClientFetchContext = createContext<typeof fetch | null>(null);

/** The local print client at the configured address (GET /api/config print_client_url). */
export function useLocalPrintClient(): LocalPrintClient {
  const injected = useContext(LocalPrintClientFetchContext);
  const { print_client_url: baseUrl } = useAppConfig();
  return useMemo(() => createLocalPrintClient({ baseUrl, fetch: injected ?? undefined }), [baseUrl, injected]);
}
