import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ApiClientProvider } from './api/api-client-provider';
import { Boot } from './boot';
import { AppErrorBoundary } from './errors/app-error-boundary';
import { OfflineWatcher } from './errors/offline-watcher';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" limit={5} />
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <OfflineWatcher />
          <ApiClientProvider>
            <Boot />
          </ApiClientProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
