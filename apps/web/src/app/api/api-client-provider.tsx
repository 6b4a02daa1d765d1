import { useState, type ReactNode } from 'react';
import { ApiClientContext } from './api-client-context';
import { createAppApiClient, type AppApiClient } from './app-api-client';

/** Provides the app's one API client; tests pass their own (`createAppApiClient({ fetch })`). */
export function ApiClientProvider({ client, children }: { client?: AppApiClient; children: ReactNode }) {
  const [value] = useState(() => client ?? createAppApiClient());
  return <ApiClientContext value={value}>{children}</ApiClientContext>;
}
