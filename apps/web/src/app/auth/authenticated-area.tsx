import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@mantine/core';
import { ApiError } from '@verzendhuis/contract/client';
import type { User } from '@verzendhuis/contract/user';
import { authScreenTexts, dialogTexts, globalErrorTexts } from '@verzendhuis/domain/frame-texts';
import { BlockedAccountPage } from '../../features/account/blocked-account-page';
import { useCurrentUserQuery } from '../../features/account/use-current-user-query';
import { FullPageMessage } from '../../ui/full-page-message';
import { LoadingScreen } from '../../ui/loading-screen';
import { paths } from '../paths';
import { queryKeys } from '../query-keys';

/** Loads the user; a blocked account stops here, a first login goes to the first-login page once. */
export function AuthenticatedArea() {
  const userQuery = useCurrentUserQuery();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = userQuery.data;
  const firstLoginPending = user?.is_first_login === true;

  useEffect(() => {
    if (!user?.is_first_login) return;
    // The server says "first login" only once; the cache follows, so the detour happens once.
    queryClient.setQueryData<User>(queryKeys.user, { ...user, is_first_login: false });
    if (pathname !== paths.firstLogin) void navigate(paths.firstLogin, { replace: true });
  }, [user, pathname, queryClient, navigate]);

  if (!user) {
    if (userQuery.isError && !(userQuery.error instanceof ApiError && userQuery.error.status === 401)) {
      return (
        <FullPageMessage
          title={dialogTexts.genericTitle}
          message={globalErrorTexts.userLoadFailed}
          actions={<Button onClick={() => void userQuery.refetch()}>{globalErrorTexts.retry}</Button>}
        />
      );
    }
    return <LoadingScreen label={authScreenTexts.loading} />;
  }
  if (!user.organisation.is_active) return <BlockedAccountPage />;
  if (firstLoginPending && pathname !== paths.firstLogin) return <LoadingScreen label={authScreenTexts.loading} />;
  return <Outlet />;
}
