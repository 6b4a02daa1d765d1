import { Navigate, useSearchParams } from 'react-router';
import { Container } from '@mantine/core';
import { onboardTexts } from '@verzendhuis/domain/frame-texts';
import { useAuth } from '../../app/auth/use-auth';
import { paths } from '../../app/paths';
import { OnboardLogin } from '../../features/onboard/onboard-login';
import { LoadingScreen } from '../../ui/loading-screen';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /onboard: restores a shop or courier link; without login it offers login or registration. */
export function OnboardPage() {
  const { status } = useAuth();
  const [searchParams] = useSearchParams();
  if (status === 'loading' || status === 'signing-out') return <LoadingScreen />;
  if (status === 'anonymous') return <OnboardLogin />;
  // Logged in without a link to restore (e.g. right after registering): on to the app.
  if (!searchParams.has('service')) return <Navigate to={paths.dashboard} replace />;
  return (
    <Container size="sm" py="xl" component="main">
      <PlaceholderPage title={onboardTexts.restoreTitle} />
    </Container>
  );
}
