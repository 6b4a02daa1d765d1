import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { authScreenTexts, onboardTexts } from '@verzendhuis/domain/frame-texts';
import { useAuth } from '../../app/auth/use-auth';
import { useAppConfig } from '../../app/use-app-config';
import { FullPageMessage } from '../../ui/full-page-message';
import { showErrorToast } from '../../ui/toasts';

/** Account spec §2 Onboard page, not logged in: log in or create a free account. */
export function OnboardLogin() {
  const { login, register } = useAuth();
  const config = useAppConfig();
  const location = useLocation();
  const [starting, setStarting] = useState<'login' | 'register' | null>(null);

  function start(action: 'login' | 'register') {
    setStarting(action);
    // Back on /onboard with the same query, so the link can be restored after login.
    const returnTo = location.pathname + location.search;
    (action === 'login' ? login(returnTo) : register(returnTo)).catch((error: unknown) => {
      console.error('Starting login failed', error);
      setStarting(null);
      showErrorToast(authScreenTexts.signInFailed);
    });
  }

  return (
    <FullPageMessage
      title={onboardTexts.title}
      message={onboardTexts.intro}
      headingTestId="onboard-heading"
      actions={
        <Stack w="100%" maw={320} gap="sm">
          <Button onClick={() => start('login')} loading={starting === 'login'} data-testid="onboard-login">
            {onboardTexts.login}
          </Button>
          {config.oidc.registration ? (
            <Button
              variant="default"
              onClick={() => start('register')}
              loading={starting === 'register'}
              data-testid="onboard-register"
            >
              {onboardTexts.register}
            </Button>
          ) : null}
        </Stack>
      }
    />
  );
}
