import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '@mantine/core';
import { authScreenTexts } from '@verzendhuis/domain/frame-texts';
import { FullPageMessage } from '../../ui/full-page-message';
import { LoadingScreen } from '../../ui/loading-screen';
import { paths } from '../paths';
import { AuthenticatedArea } from './authenticated-area';
import { useAuth } from './use-auth';

/**
 * Account spec §2, authentication guard: without login, `referer=redirect` goes to
 * the onboard page; otherwise the provider's login starts and brings the user back
 * to this path afterwards.
 */
export function RequireAuth() {
  const { status, login } = useAuth();
  const location = useLocation();
  const [loginFailed, setLoginFailed] = useState(false);
  const toOnboard = status === 'anonymous' && new URLSearchParams(location.search).get('referer') === 'redirect';
  const returnTo = location.pathname + location.search;

  useEffect(() => {
    if (status !== 'anonymous' || toOnboard || loginFailed) return;
    login(returnTo).catch((error: unknown) => {
      console.error('Starting login failed', error);
      setLoginFailed(true);
    });
  }, [status, toOnboard, loginFailed, login, returnTo]);

  if (toOnboard) return <Navigate to={{ pathname: paths.onboard, search: location.search }} replace />;
  if (loginFailed) {
    return (
      <FullPageMessage
        title={authScreenTexts.signInFailed}
        actions={<Button onClick={() => setLoginFailed(false)}>{authScreenTexts.signInAgain}</Button>}
      />
    );
  }
  if (status === 'signing-out') return <LoadingScreen label={authScreenTexts.signingOut} />;
  if (status !== 'authenticated') return <LoadingScreen label={authScreenTexts.signingIn} />;
  return <AuthenticatedArea />;
}
