import { useMemo } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';
import { useAppConfig } from './use-app-config';

export function AppRouter() {
  const { scan_enabled: scanEnabled } = useAppConfig();
  const router = useMemo(() => createAppRouter({ scanEnabled }), [scanEnabled]);
  return <RouterProvider router={router} />;
}
