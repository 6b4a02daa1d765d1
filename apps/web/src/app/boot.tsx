import { useQuery } from '@tanstack/react-query';
import { Button } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { dialogTexts, globalErrorTexts } from '@verzendhuis/domain/frame-texts';
import { FullPageMessage } from '../ui/full-page-message';
import { LoadingScreen } from '../ui/loading-screen';
import { useApiClient } from './api/use-api-client';
import { AppRouter } from './app-router';
import { AuthProvider } from './auth/auth-provider';
import { AppConfigContext } from './config-context';
import { GlobalErrorHandling } from './errors/global-error-handling';
import { queryKeys } from './query-keys';

/** Loads GET /api/config (public), then sets up login (which connects to the API client) and the routes. */
export function Boot() {
  const client = useApiClient();
  const configQuery = useQuery({
    queryKey: queryKeys.config,
    queryFn: () => client.config(),
    staleTime: Infinity,
  });
  const config = configQuery.data;

  if (!config) {
    if (configQuery.isError) {
      return (
        <FullPageMessage
          title={globalErrorTexts.unreachableTitle}
          message={globalErrorTexts.unreachableMessage}
          actions={
            <Button onClick={() => void configQuery.refetch()} loading={configQuery.isFetching}>
              {globalErrorTexts.retry}
            </Button>
          }
        />
      );
    }
    return <LoadingScreen />;
  }

  return (
    <AppConfigContext value={config}>
      <AuthProvider oidc={config.oidc}>
        <ModalsProvider labels={{ confirm: dialogTexts.confirm, cancel: dialogTexts.cancel }}>
          <GlobalErrorHandling />
          <AppRouter />
        </ModalsProvider>
      </AuthProvider>
    </AppConfigContext>
  );
}
