import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@mantine/core';
import { authScreenTexts } from '@verzendhuis/domain/frame-texts';
import { useAuth } from '../../app/auth/use-auth';
import { paths } from '../../app/paths';
import { FullPageMessage } from '../../ui/full-page-message';
import { LoadingScreen } from '../../ui/loading-screen';

function isProviderCallback(): boolean {
  const params = new URLSearchParams(window.location.search);
  return params.has('code') || params.has('error');
}

/** /authentication: the loading screen while the provider's answer is handled. */
export function AuthenticationPage() {
  const { status, completeLogin, login } = useAuth();
  const navigate = useNavigate();
  const [callback] = useState(isProviderCallback);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!callback) return undefined;
    let active = true;
    completeLogin()
      .then((returnTo) => {
        if (active) void navigate(returnTo, { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Completing login failed', error);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [callback, completeLogin, navigate]);

  // Opened without an answer from the provider (a bookmark, the back button).
  useEffect(() => {
    if (callback) return;
    if (status === 'authenticated') void navigate(paths.home, { replace: true });
    if (status === 'anonymous') {
      login(paths.home).catch((error: unknown) => {
        console.error('Starting login failed', error);
        setFailed(true);
      });
    }
  }, [callback, status, login, navigate]);

  if (failed) {
    return (
      <FullPageMessage
        title={authScreenTexts.signInFailed}
        actions={
          <Button
            onClick={() => {
              login(paths.home).catch((error: unknown) => console.error('Starting login failed', error));
            }}
          >
            {authScreenTexts.signInAgain}
          </Button>
        }
      />
    );
  }
  return <LoadingScreen label={authScreenTexts.signingIn} />;
}
