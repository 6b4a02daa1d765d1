import { Suspense } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LoadingScreen } from '../ui/loading-screen';
import { paths } from './paths';
import { useAppConfig } from './use-app-config';

/** While the application is flagged down, every route leads to /down. */
export function RootLayout() {
  const config = useAppConfig();
  const { pathname } = useLocation();
  if (config.maintenance && pathname !== paths.down) return <Navigate to={paths.down} replace />;
  return (
    <>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
