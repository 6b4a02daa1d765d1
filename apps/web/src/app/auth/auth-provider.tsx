import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppConfig } from '@verzendhuis/contract/config';
import { useApiSession } from '../api/use-api-client';
import { queryKeys } from '../query-keys';
import { createAuthController } from './auth-controller';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';
import { isUsableUser } from './user-manager';

export function AuthProvider({ oidc, children }: { oidc: AppConfig['oidc']; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [controller] = useState(() => createAuthController(oidc));
  const [status, setStatus] = useState<AuthStatus>('loading');
  const { userManager, session } = controller;

  const completeLogin = useCallback(async () => {
    const returnTo = await controller.completeLogin();
    setStatus('authenticated');
    return returnTo;
  }, [controller]);

  // A 401 of any API call: the session is over, log in again (back to this page).
  const onUnauthorized = useCallback(() => {
    controller.restartLogin().catch((error: unknown) => console.error('Restarting login failed', error));
  }, [controller]);
  useApiSession(session.getAccessToken, onUnauthorized);

  const logout = useCallback(async () => {
    setStatus('signing-out');
    // Account spec §4: user and organisation leave the cache before the provider is left.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.config[0] });
    await controller.logout();
  }, [controller, queryClient]);

  useEffect(() => {
    let active = true;
    userManager
      .getUser()
      .then((user) => {
        if (!active) return;
        const initial = isUsableUser(user) ? 'authenticated' : 'anonymous';
        setStatus((previous) => (previous === 'loading' ? initial : previous));
      })
      .catch((error: unknown) => {
        console.error('Reading the stored login failed', error);
        if (active) setStatus('anonymous');
      });
    const onLoaded = () => {
      setStatus('authenticated');
    };
    const onUnloaded = () => {
      setStatus((previous) => (previous === 'signing-out' ? previous : 'anonymous'));
    };
    userManager.events.addUserLoaded(onLoaded);
    userManager.events.addUserUnloaded(onUnloaded);
    return () => {
      active = false;
      userManager.events.removeUserLoaded(onLoaded);
      userManager.events.removeUserUnloaded(onUnloaded);
    };
  }, [userManager]);

  // The 6-second session loop runs while someone is logged in.
  useEffect(() => {
    if (status !== 'authenticated') return undefined;
    return session.start();
  }, [status, session]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      login: (returnTo) => controller.login(returnTo),
      register: (returnTo) => controller.login(returnTo, 'register'),
      completeLogin,
      logout,
      restartLogin: controller.restartLogin,
      getAccessToken: session.getAccessToken,
    }),
    [status, controller, completeLogin, logout, session],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
